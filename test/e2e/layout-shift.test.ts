// End to end: no demo page moves as its Kite elements upgrade (issue 22, item 8). Every page the
// demo server serves is loaded as a fresh visitor under the strict CSP, in a desktop window and on
// a phone, with Kite's code held back until the page has painted: the upgrade then always comes
// after the first frame, as it does on a slow network, instead of racing it. The layout shifts the
// page reports (Layout Instability API, none after input) up to the elements upgraded and a frame
// later must sum to 0. The browser reports shifts only inside the window, so each page is loaded
// again in a window taller than its Kite elements reach: what a visitor who scrolls (or follows a
// link to a section) before the upgrade would see moves no more. Needs a build.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContextOptions } from 'playwright-core';
import { cumulativeShift, demoPages, kiteElementsReach, layoutShiftsOf } from '../../scripts/bench/lib/layout-shift.mjs';
import { PHONE, serverAndBrowser, STATE_DEADLINE_MS, WIDE } from './harness.ts';

const e2e = serverAndBrowser('layout-shift', 'e2e-layout-shift-admin-token-0123456789');

/**
 * What a page logs as an error on this server, by design: the React app's and the theme page's
 * pop-up records are files of the demo's pop-up folder, which this server does not have (no
 * pop-up is under test here); the Wix-style shop's pages ask for the current cart, which a new
 * visitor does not have yet (404).
 */
const NOT_FOUND = /the server responded with a status of 404/;
const EXPECTED_ERRORS: Record<string, RegExp[]> = {
  '/react.html': [NOT_FOUND, /\/poptins\/lightbox\.json: HTTP 404/],
  '/theme.html': [NOT_FOUND],
};
for (const page of ['cart-page', 'diamond', 'index', 'rokkaku']) EXPECTED_ERRORS[`/wix/${page}.html`] = [NOT_FOUND];

const VIEWPORTS: Array<[string, BrowserContextOptions]> = [
  ['a desktop window', WIDE],
  ['a phone', PHONE],
];

/**
 * Windows taller than every demo page's Kite elements reach (the test checks it): a page's sections
 * sized in `vh` grow with the window, so the phone, whose column is narrow, needs the taller one.
 */
const TALL_VIEWPORTS: Array<[string, BrowserContextOptions]> = [
  ['a desktop window', { ...WIDE, viewport: { width: WIDE.viewport!.width, height: 16_000 } }],
  ['a phone', { ...PHONE, viewport: { width: PHONE.viewport!.width, height: 20_000 } }],
];

for (const [where, viewport] of VIEWPORTS) {
  describe(`no demo page moves as Kite upgrades it, in ${where}`, () => {
    for (const path of demoPages()) {
      it(path, async () => {
        await e2e.asVisitor(
          viewport,
          async ({ page }) => {
            const shifts = await layoutShiftsOf(page, e2e.at(path), { timeout: STATE_DEADLINE_MS });
            assert.equal(cumulativeShift(shifts), 0, `layout shifts: ${JSON.stringify(shifts)}`);
          },
          EXPECTED_ERRORS[path],
        );
      });
    }
  });
}

// Counted from the page's first Kite element defined: before it, the page is the theme's alone
// (media.html's native audio controls, for one, re-lay their time as the file's length arrives).
for (const [where, viewport] of TALL_VIEWPORTS) {
  describe(`no demo page moves as Kite upgrades it, below the first screen too, in ${where} as tall as its elements reach`, () => {
    for (const path of demoPages()) {
      it(path, async () => {
        await e2e.asVisitor(
          viewport,
          async ({ page }) => {
            const shifts = await layoutShiftsOf(page, e2e.at(path), { sinceKite: true, timeout: STATE_DEADLINE_MS });
            assert.ok((await kiteElementsReach(page)) <= viewport.viewport!.height, 'a Kite element lies below the window: make it taller');
            assert.equal(cumulativeShift(shifts), 0, `layout shifts: ${JSON.stringify(shifts)}`);
          },
          EXPECTED_ERRORS[path],
        );
      });
    }
  });
}
