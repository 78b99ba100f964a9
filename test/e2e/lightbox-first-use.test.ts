// End to end: kite-lightbox costs nothing until used (issue 22, item 5). The demo gallery page,
// served by the reference server under its strict Content-Security-Policy, as a new visitor: the
// page starts with the lightbox's first chunk only (no React), a pointer over a photo fetches the
// rest, and a click that comes before the rest has arrived shows the photo at once in a stand-in
// dialog, which the rest takes over with the keys pressed meanwhile. The React chunk's answer is
// held by a route, so each step waits on a state, never on time. Needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Request, Route } from 'playwright-core';
import { serverAndBrowser, STATE_DEADLINE_MS as SLACK_MS, waitFor, WIDE } from './harness.ts';

const e2e = serverAndBrowser('lightbox-first-use', 'e2e-lbfu-admin-token-0123456789abcdef');
const { asVisitor } = e2e;

/** React's chunk (rollup.config.mjs names it `react`): React, react-dom, r2wc and @xstate/react. */
const REACT_CHUNK = /\/kite\/chunks\/react-[^/]*\.js$/;
const photo = (n: number) => `/media/gallery/aero-${String(n).padStart(2, '0')}.svg`;
const link = (page: Page, n: number) => page.locator(`kite-lightbox a[href="${photo(n)}"]`).first();

/** The requests `page` makes for React's chunk, from now on. */
function reactRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (REACT_CHUNK.test(request.url())) seen.push(request);
  });
  return seen;
}

/** Holds React's chunk until `release` is called: the page waits for it as on a slow network. */
async function holdReact(page: Page): Promise<{ asked: () => boolean; release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route(REACT_CHUNK, (route) => (released ? route.continue() : void held.push(route)));
  return {
    asked: () => held.length > 0,
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Opens the gallery page and waits until the lightbox's first chunk has started (its links marked). */
async function openGallery(page: Page): Promise<void> {
  await page.goto(e2e.at('/gallery'));
  await page.locator('kite-lightbox a[aria-haspopup="dialog"]').first().waitFor({ state: 'attached', timeout: SLACK_MS });
}

/** What the open dialog shows, read in the page. */
const openDialog = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('kite-lightbox')!.shadowRoot!;
    const dialog = root.querySelector<HTMLDialogElement>('dialog[open]');
    const image = dialog?.querySelector<HTMLImageElement>('[part~="image"]');
    return {
      open: Boolean(dialog),
      phase: dialog?.dataset.phase ?? null,
      src: image?.src ?? null,
      painted: Boolean(image?.complete && image.naturalWidth > 0 && image.checkVisibility({ opacityProperty: true, visibilityProperty: true })),
      focus: root.activeElement?.getAttribute('part') ?? null,
      counter: dialog?.querySelector('[part~="counter"]')?.textContent ?? null,
      scrollLocked: document.documentElement.style.overflow === 'hidden',
    };
  });

/** `kite-lightbox-*` events reaching the document, by type, from now on. */
async function noteEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { lightboxEvents: string[] }).lightboxEvents = seen;
    for (const type of ['kite-lightbox-open', 'kite-lightbox-change', 'kite-lightbox-close']) document.addEventListener(type, () => seen.push(type));
  });
}
const eventsSeen = (page: Page) => page.evaluate(() => (window as unknown as { lightboxEvents: string[] }).lightboxEvents);

/** The link that has focus in the page, by its address. */
const focusedLink = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('href') ?? null);

describe('kite-lightbox costs nothing until used', () => {
  it('a gallery page fetches no React until a pointer comes over a photo', async () => {
    await asVisitor(WIDE, async ({ page }) => {
      const requests = reactRequests(page);
      await openGallery(page);
      // Everything the page starts fetches is in: nothing more comes without the visitor.
      await page.waitForLoadState('networkidle');
      assert.deepEqual(requests.map((request) => request.url()), [], 'React fetched before any intent');
      await link(page, 3).hover();
      await waitFor(() => requests.length > 0, 'React fetched on the pointer over a photo');
      assert.equal(requests.length, 1);
    });
  });

  it('a click before React arrives shows the photo at once in a modal dialog; the arrow pressed meanwhile is honoured once React has taken over, and Esc gives focus back', async () => {
    await asVisitor(WIDE, async ({ page }) => {
      const react = await holdReact(page);
      await openGallery(page);
      await noteEvents(page);
      await link(page, 1).click();
      await waitFor(react.asked, 'the pointer over the photo asking for the rest');
      await page.waitForFunction(() => document.querySelector('kite-lightbox')!.shadowRoot!.querySelector('dialog[open]'), null, { timeout: SLACK_MS });
      const first = await openDialog(page);
      assert.deepEqual(
        first,
        { open: true, phase: 'closed', src: e2e.at(photo(1)), painted: true, focus: 'figure', counter: null, scrollLocked: true },
        'the photo on show, focus in the dialog, while React is still held',
      );
      assert.deepEqual(await eventsSeen(page), [], 'React still held: the machine has not opened');
      await page.keyboard.press('ArrowRight');
      await react.release();
      await page.waitForFunction(
        (src) => document.querySelector('kite-lightbox')!.shadowRoot!.querySelector<HTMLImageElement>('dialog[open] [part~="image"]')?.src === src,
        e2e.at(photo(2)),
        { timeout: SLACK_MS },
      );
      await page.waitForFunction(() => document.querySelector('kite-lightbox')!.shadowRoot!.querySelector('dialog[open]')?.getAttribute('data-phase') === 'shown', null, { timeout: SLACK_MS });
      assert.equal((await openDialog(page)).counter, '2 / 20');
      assert.deepEqual(await eventsSeen(page), ['kite-lightbox-open', 'kite-lightbox-change']);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('kite-lightbox')!.shadowRoot!.querySelector('dialog[open]'), null, { timeout: SLACK_MS });
      assert.equal(await focusedLink(page), photo(1), 'focus back on the photo that opened it');
      assert.equal((await openDialog(page)).scrollLocked, false);
    });
  });

  it('Esc pressed before React arrives closes the lightbox once React has taken over, and focus returns to the photo', async () => {
    await asVisitor(WIDE, async ({ page }) => {
      const react = await holdReact(page);
      await openGallery(page);
      await noteEvents(page);
      // From the keyboard: Tab to the photo (focus is the intent), Enter opens it.
      await link(page, 4).focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('kite-lightbox')!.shadowRoot!.querySelector('dialog[open]'), null, { timeout: SLACK_MS });
      assert.equal((await openDialog(page)).phase, 'closed', 'shown by the stand-in, React still held');
      // Tab stays in the dialog from its first frame.
      await page.keyboard.press('Tab');
      assert.equal((await openDialog(page)).focus, 'close');
      await page.keyboard.press('Escape');
      await react.release();
      await page.waitForFunction(() => !document.querySelector('kite-lightbox')!.shadowRoot!.querySelector('dialog[open]'), null, { timeout: SLACK_MS });
      assert.deepEqual(await eventsSeen(page), ['kite-lightbox-open', 'kite-lightbox-close']);
      assert.equal(await focusedLink(page), photo(4));
      assert.equal((await openDialog(page)).scrollLocked, false);
    });
  });
});
