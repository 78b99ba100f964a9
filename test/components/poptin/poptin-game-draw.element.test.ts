/**
 * The game's draw when the display API has no play call (issue 16 item 7): the game asks (the test
 * runner's own server answers the call 404, as a display API without it does), then plays on its
 * own `pickPrize` draw: the visitor's page never breaks. The server's draw itself is proven end
 * to end against the reference server (test/e2e/play.test.ts).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../components/poptin/poptin.element.ts';
import type { Block } from '../../../shared/schema/poptin-record.ts';
import type { Prize } from '../../../shared/schema/prize.ts';
import { click, waitUntil } from '../helpers.ts';
import { en } from '../../messages.ts';
import { cleanUp, cleanups, deleteCookie, newPoptinId, sizedRecord, waitForDialog } from './kit.ts';

const WIN: Prize = { label: '20% off', code: 'KITE20', chances: 100, loosing_option: 0, prize_id: 'twenty' };
/** A display API on the test runner's server, which has no /api/ routes: every call is a 404. */
const API_WITHOUT_PLAY = `${location.origin}/no-display-api`;
const PLAY_PATH = '/no-display-api/api/display/play/';

afterEach(cleanUp);

describe('gamified: a display API without the play call', () => {
  it("asks for the draw, gets a 404, and the Spin plays on the game's own draw", async () => {
    const id = newPoptinId('draw');
    cleanups.push(() => deleteCookie(`poptin_conversion_${id}`));
    const record = sizedRecord(id, {
      type: 'gamified',
      format: 'gamified_format_3',
      blocks: [{ type: 'title', text: 'Try your luck' }, { type: 'game', prizes: [WIN] } as Block],
      design: { width: 420, height: 620 },
    });
    const el = await fixture(html`<kite-poptin .poptin=${record} api=${API_WITHOUT_PLAY} client-id="client" visitor-id="visitor-1" open></kite-poptin>`);
    const dialog = await waitForDialog(el);
    const asked = () => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === PLAY_PATH + id);
    await waitUntil(asked, 'the game did not ask the display API for its draw');
    const played = new Promise<CustomEvent>((resolve) => el.addEventListener('kite-poptin-play', (event) => resolve(event as CustomEvent), { once: true }));
    const spin = [...dialog.querySelectorAll<HTMLButtonElement>('[part~="game-play"]')].find((button) => button.textContent === en.gameSpin)!;
    await click(spin);
    expect((await played).detail.prize).to.deep.equal(WIN);
    await waitUntil(() => dialog.querySelector('[part~="game"][data-phase="playing"]'), 'the wheel did not spin');
  });
});
