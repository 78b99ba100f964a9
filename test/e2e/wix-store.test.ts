// End to end: the Wix-style demo store (demo/public/wix/) runs the widget with data-store="wix"
// behind the shop's own cookie bar (data-consent="required"): the display call names the platform
// and reads no Shopify-style cart, and the product pages seen are kept in local storage
// (poptin_wix_recent_product_id, newest first; its limit of 3: test/components/widget/store.test.ts) only once the shopper accepted.
// Needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { serverAndBrowser, waitFor, WIDE } from './harness.ts';
import { DEMO_CLIENT_ID } from '../../demo/server/constants.ts';
import { WIX_CATALOGUE } from '../../demo/server/catalogue.ts';
import { STORE_PATH } from '../../shared/constants/products.ts';
import { STORE_STORAGE } from '../../shared/constants/store.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

const ADMIN_TOKEN = 'e2e-admin-token-wix-store-012345';
/** A pop-up for the store's pages, so the widget runs its store integration there. */
const RECOMMENDATIONS = JSON.parse(readFileSync(new URL('../../demo/poptins/wix-recommendations.json', import.meta.url), 'utf8')) as PoptinRecord;

const e2e = serverAndBrowser('wix-store', ADMIN_TOKEN, (setup) => setup.putPoptin(DEMO_CLIENT_ID, RECOMMENDATIONS));

const productOf = (handle: string) => String(WIX_CATALOGUE.find((product) => product.handle === handle)!.product_id);
const ROKKAKU = productOf('rokkaku-fighter-kite');
const DIAMOND = productOf('classic-diamond-kite');

const recentList = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORE_STORAGE.RECENT_WIX_KEY);
/** The pages' display calls, as sent. */
function displayCalls(page: Page): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/display/${DEMO_CLIENT_ID}`) bodies.push(request.postDataJSON());
  });
  return bodies;
}

describe('the Wix-style demo store runs the widget as a Wix-style store', () => {
  it('keeps the product pages seen in local storage only after the shopper accepts cookies, newest first', () =>
    e2e.asVisitor(WIDE, async ({ page }) => {
      const calls = displayCalls(page);
      const cartReads: string[] = [];
      page.on('request', (request) => new URL(request.url()).pathname === STORE_PATH.SHOPIFY_CART && cartReads.push(request.url()));

      await page.goto(e2e.at('wix/rokkaku'));
      const bar = page.getByRole('region', { name: 'Cookies' });
      await bar.waitFor();
      await page.goto(e2e.at('wix/diamond'));
      await bar.waitFor();
      // Held: no display call, and nothing kept.
      assert.equal(calls.length, 0, 'no display call before consent');
      assert.equal(await recentList(page), null);

      await bar.getByRole('button', { name: 'Accept cookies' }).click();
      await waitFor(async () => (await recentList(page)) === DIAMOND, 'the Diamond kite kept after consent');
      assert.equal(calls[0]?.store_integration, 'wix');
      assert.equal('cart' in calls[0]!, false, 'a Wix-style store sends no Shopify-style cart');

      await page.goto(e2e.at('wix/rokkaku'));
      await waitFor(async () => (await recentList(page)) === [ROKKAKU, DIAMOND].join(','), 'the Rokkaku kite first, then the Diamond kite');
      assert.deepEqual(cartReads, [], 'no /cart.js read on a Wix-style store');
      assert.equal(await bar.isHidden(), true, 'the choice is remembered on the next page');
    }));

  it('keeps nothing for a shopper who declines (by keyboard: focus moves on to the page, not to <body>)', () =>
    e2e.asVisitor(WIDE, async ({ page }) => {
      const calls = displayCalls(page);
      await page.goto(e2e.at('wix/diamond'));
      await page.getByRole('button', { name: 'Decline' }).focus();
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => document.activeElement?.matches('main h1')), true, 'focus on the page heading');
      await page.goto(e2e.at('wix/rokkaku'));
      // The page is done loading and its scripts have run; the widget still waits.
      await page.waitForLoadState('load');
      await page.locator('main kite-product-recommendations [part~="product-card"]').first().waitFor();
      assert.equal(calls.length, 0);
      assert.equal(await recentList(page), null);
      assert.deepEqual(await page.evaluate(() => document.cookie.split('; ').filter((cookie) => cookie.startsWith('poptin_'))), []);
    }));
});
