/**
 * A pop-up's first frame is complete: the views that are files of their own (the block view, a
 * countdown's, a ticker's, a coupon's, the credit badge) are in the dialog from the commit that
 * puts it on the page, not a few frames later with its height jumping (issue 22, item 1: the
 * record step fetches them while the record is checked). A file of its own, so none of those
 * views has rendered in this page before: React.lazy suspends on its first render only.
 */
import { expect } from '@open-wc/testing';
import '../../../components/poptin/poptin.element.ts';
import type { KitePoptin } from '../../../components/poptin/poptin.element.ts';
import { cleanUp, cleanups, dialogOf, newPoptinId, sizedRecord, waitForDialog } from './kit.ts';

afterEach(cleanUp);

/** The parts in the shadow root of `el` at the first moment its dialog is there (before any paint). */
function partsWithFirstDialog(el: KitePoptin): Promise<string[]> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!dialogOf(el)) return;
      observer.disconnect();
      resolve([...el.shadowRoot!.querySelectorAll('[part]')].flatMap((node) => node.getAttribute('part')!.split(' ')));
    });
    observer.observe(el.shadowRoot!, { childList: true, subtree: true });
  });
}

describe('kite-poptin: the first frame', () => {
  it("has the content blocks whose views are files of their own, and the credit badge, when the dialog first shows", async () => {
    const record = sizedRecord(newPoptinId('kitefirst'), {
      blocks: [
        { type: 'title', text: 'Last chance' },
        { type: 'countdown', timer: { kind: 'from_now', minutes: 5, seconds: 0 }, timer_ver: 0 },
        { type: 'ticker', text: 'Free returns on every order' },
        { type: 'coupon', code: 'SAVE10' },
      ],
      extra: { if_poptin_credit: true },
    });
    const el = document.createElement('kite-poptin');
    el.poptin = record;
    el.toggleAttribute('open', true);
    document.body.append(el);
    cleanups.push(() => el.remove());
    const firstParts = partsWithFirstDialog(el);
    await waitForDialog(el);
    expect(await firstParts).to.include.members(['title', 'countdown', 'ticker', 'coupon', 'credit']);
  });
});
