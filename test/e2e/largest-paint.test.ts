// End to end: a pop-up on load does not become the host page's largest contentful paint (issue 22,
// item 7). Chromium counts text and image paints as LCP candidates until the first input, so a
// pop-up larger than the page's own content, painted after it, would replace the page's LCP
// element and move its LCP to the pop-up's arrival. The page's own LCP entries are recorded from
// its start; after the pop-up has shown, its entry effect has ended and a later paint has been
// reported (an Element Timing sentinel, so every earlier paint's entries are in), the page's last
// LCP entry must still name the page's own element, while the pop-up is visible and in the
// accessibility tree. Needs a build.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { leadLightbox, PHONE, poptinIdOf, serverAndBrowser, STATE_DEADLINE_MS, STRICT_CSP, WIDE } from './harness.ts';
import type { Effect } from '../../shared/effects/effects.ts';

/** A title far larger on screen than the page's own heading, as a pop-up's offer is. */
const TITLE = 'Get ten percent off your first order when you join our list of trail runners today';
const PAGE_HEADING = 'Kite Outfitters';
/** The demo store's welcome pop-up (demo/poptins/), a lightbox with a lead form on page load. */
const STORE_POPUP_TITLE = 'Get 10% off your first order';

const e2e = serverAndBrowser('largest-paint', 'largest-paint-admin-token-0123456789', undefined, { demoPoptins: true });

/**
 * Page script, installed before the page's own: keeps every LCP entry as the element it names
 * (an element inside a shadow root, such as a pop-up's, is named by none: `element` is null).
 */
const RECORD_LCP = `
window.lcpElements = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.lcpElements.push(entry.element ? entry.element.localName : null);
}).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** A host page of the server's origin with a small heading and the widget for `clientId`. */
async function openHostPage(page: Page, clientId: string): Promise<void> {
  await page.route(e2e.at('largest-paint-host'), (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': STRICT_CSP },
      body:
        `<!doctype html><html lang="en"><head><title>Host page</title><link rel="icon" href="data:,">` +
        `<script src="/kite/widget.js" data-client-id="${clientId}" async></script></head>` +
        `<body><main><h1>${PAGE_HEADING}</h1></main></body></html>`,
    }),
  );
  await page.goto(e2e.at('largest-paint-host'));
}

/**
 * Waits until the pop-up named `title` is shown and visible to the visitor (opacity included)
 * with every animation on it ended or held, then until a paint made after that is reported:
 * entries of earlier paints are then all in. Returns the page's LCP entries so far.
 */
async function lcpAfterPopup(page: Page, title: string): Promise<Array<string | null>> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ state: 'visible', timeout: STATE_DEADLINE_MS });
  await page.waitForFunction(
    () => {
      const host = document.querySelector('kite-poptin');
      const box = host?.shadowRoot?.querySelector<HTMLElement>('[role="dialog"][data-state="shown"]');
      if (!host || !box) return false;
      const settled = [host, ...host.shadowRoot!.querySelectorAll('*')].every((element) => element.getAnimations().every((animation) => animation.playState !== 'running'));
      return settled && box.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    },
    null,
    { timeout: STATE_DEADLINE_MS },
  );
  // A block: Element Timing reports the text of the block that holds it.
  await page.evaluate(() => {
    new PerformanceObserver(() => document.documentElement.setAttribute('data-sentinel-painted', '')).observe({ type: 'element' });
    const sentinel = document.createElement('p');
    sentinel.setAttribute('elementtiming', 'sentinel');
    sentinel.textContent = '.';
    document.body.append(sentinel);
  });
  await page.waitForSelector('html[data-sentinel-painted]', { state: 'attached', timeout: STATE_DEADLINE_MS });
  return page.evaluate(() => (window as unknown as { lcpElements: Array<string | null> }).lcpElements);
}

/** Runs `body` as a fresh visitor in `options` with the LCP recorder installed. */
function visit(options: BrowserContextOptions, body: (page: Page) => Promise<void>): Promise<void> {
  return e2e.asVisitor(options, async ({ page }) => {
    await page.addInitScript(RECORD_LCP);
    await body(page);
  });
}

describe('a pop-up on load is not the host page\'s largest contentful paint', () => {
  // The default entry effect fades; `none` and `clip` start visible or uncovered by opacity, and reduced motion plays no effect.
  const cases: Array<[Effect, string, BrowserContextOptions]> = [
    ['fade', 'its default entry effect, fading in', WIDE],
    ['none', 'no entry effect', WIDE],
    ['clip', 'an entry effect that clips instead of fading', PHONE],
    ['fade', 'reduced motion', { ...WIDE, reducedMotion: 'reduce' }],
  ];
  for (const [serial, [effect, what, options]] of cases.entries()) {
    it(`with ${what}: the page's heading stays its LCP element, the pop-up is visible and announced as a dialog`, async () => {
      const record = leadLightbox(poptinIdOf('lcp', serial), { poptin_design_entry_effect: effect });
      record.design!.blocks[0] = { type: 'title', text: TITLE };
      // A client per test: its one pop-up on load.
      const clientId = e2e.addClient(`largest-paint-${serial}`);
      await e2e.putPoptin(clientId, record);
      await visit(options, async (page) => {
        await openHostPage(page, clientId);
        const entries = await lcpAfterPopup(page, TITLE);
        assert.equal(entries.at(-1), 'h1', `LCP entries (null: inside a shadow root): ${JSON.stringify(entries)}`);
        assert.ok(!entries.includes(null), `no LCP entry from the pop-up: ${JSON.stringify(entries)}`);
        assert.ok(await page.getByRole('heading', { name: TITLE }).isVisible(), 'the pop-up\'s title is visible');
      });
    });
  }

  // Chromium may paint an image before its `load` event is handled: only CSS makes its first paint hidden.
  for (const [serial, [what, options]] of ([
    ['a desktop window', WIDE],
    ['reduced motion, on a phone', { ...PHONE, reducedMotion: 'reduce' }],
  ] as const).entries()) {
    it(`with an image that arrives after the pop-up shows (a product's, an image block's), in ${what}: still the page's heading`, async () => {
      const image = '/media/poster.webp';
      const title = 'Our new kite';
      const record = leadLightbox(poptinIdOf('lcp', 10 + serial), {});
      record.design!.blocks[0] = { type: 'title', text: title };
      record.design!.blocks.splice(1, 0, { type: 'image', src: image, alt: 'The Aero 2 in the air' });
      const clientId = e2e.addClient(`largest-paint-image-${serial}`);
      await e2e.putPoptin(clientId, record);
      await visit(options, async (page) => {
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(e2e.at(image.slice(1)), async (route) => {
          await held;
          await route.continue();
        });
        await openHostPage(page, clientId);
        await page.getByRole('dialog', { name: title }).waitFor({ state: 'visible', timeout: STATE_DEADLINE_MS });
        release();
        // Loaded, and shown to the visitor once its own hidden frame is over.
        await page.waitForFunction(
          () => {
            const shown = document.querySelector('kite-poptin')?.shadowRoot?.querySelector<HTMLImageElement>('img[part="image"]');
            return shown?.complete && shown.naturalWidth > 0 && shown.checkVisibility({ opacityProperty: true }) && shown.getAnimations().every((animation) => animation.playState !== 'running');
          },
          null,
          { timeout: STATE_DEADLINE_MS },
        );
        const entries = await lcpAfterPopup(page, title);
        assert.equal(entries.at(-1), 'h1', `LCP entries (null: inside a shadow root): ${JSON.stringify(entries)}`);
        assert.ok(!entries.includes(null), `no LCP entry from the pop-up: ${JSON.stringify(entries)}`);
      });
    });
  }

  for (const [where, options] of [
    ['a desktop window', WIDE],
    ['a phone', PHONE],
  ] as const) {
    it(`on the demo store, in ${where}: its own LCP element stays, under the welcome pop-up`, () =>
      visit(options, async (page) => {
        await page.goto(e2e.at('store'));
        const entries = await lcpAfterPopup(page, STORE_POPUP_TITLE);
        // The store's own content has no shadow root: every entry names one of its elements.
        assert.ok(entries.length > 0 && !entries.includes(null), `LCP entries (null: inside a shadow root): ${JSON.stringify(entries)}`);
      }));
  }
});
