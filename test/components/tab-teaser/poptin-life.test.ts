/**
 * poptin-life.ts in real Chromium: a pop-up's life heard from the `kite-poptin-*` events on window,
 * and `poptinShows`, which an `after_close` tab teaser's code waits on before it is fetched.
 */
import { expect } from '@open-wc/testing';
import { poptinLog, poptinShows } from '../../../components/tab-teaser/poptin-life.ts';
import { emit } from '../../../shared/dom/events.ts';
import { newPoptinId as freshPoptinId } from '../poptin/kit.ts';

const newPoptinId = () => freshPoptinId('kitelif');
const show = (poptinId: string) => emit(window, 'kite-poptin-show', { poptinId, trigger: 'page_load' });
const skip = (poptinId: string) => emit(window, 'kite-poptin-skip', { poptinId, reason: 'load-failed' });
/** Whether `promise` has settled, and with what, after the tasks already queued have run. */
const settledYet = async <T>(promise: Promise<T>): Promise<{ value: T } | 'pending'> =>
  Promise.race([promise.then((value) => ({ value })), new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending')))]);

describe('poptin-life: poptinShows', () => {
  it('waits for the show: pending while the pop-up is not on screen, true once it shows', async () => {
    const poptinId = newPoptinId();
    const shows = poptinShows(poptinId);
    emit(window, 'kite-poptin-close', { poptinId: newPoptinId(), closeTrigger: 'x_click', submitted: false });
    show(newPoptinId());
    expect(await settledYet(shows)).to.equal('pending');
    show(poptinId);
    expect(await settledYet(shows)).to.deep.equal({ value: true });
  });

  it('is true at once for a pop-up that already showed on this page', async () => {
    const poptinId = newPoptinId();
    show(poptinId);
    expect(poptinLog(poptinId)).to.deep.equal([{ type: 'POPTIN.SHOWN' }]);
    expect(await settledYet(poptinShows(poptinId))).to.deep.equal({ value: true });
  });

  it('is false for a pop-up skipped before it showed, whether the skip came before or after the call', async () => {
    const skippedEarlier = newPoptinId();
    skip(skippedEarlier);
    expect(await settledYet(poptinShows(skippedEarlier))).to.deep.equal({ value: false });
    const skippedLater = newPoptinId();
    const shows = poptinShows(skippedLater);
    skip(skippedLater);
    expect(await settledYet(shows)).to.deep.equal({ value: false });
  });
});
