// End to end: the Wix-style demo store (demo/public/wix/) runs the widget with data-store="wix"
// behind the shop's own cookie bar (data-consent="required"): the display call names the platform
// and reads no Shopify-style cart, and the product pages seen are kept in local storage
// (poptin_wix_recent_product_id, newest first; its limit of 3: test/components/widget/store.test.ts) only once the shopper accepted.
// Its cart is watched as a Shopify-style one is: the shop's own add-to-cart calls (carts,
// carts/{id}/add-to-cart) are noticed, carts/current is read until it settles, and the cart-value
// pop-up (demo/poptins/wix-free-shipping.json) comes when it goes over €50; back on the catalogue
// after a product page, the abandoned-browse pop-up (wix-abandoned-browse.json).
// Needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { openArmed, PHONE, poptinHeading, serverAndBrowser, waitFor, WIDE } from './harness.ts';
import { axeViolations } from './axe.ts';
import { acceptedWixShopCookies } from './wix-shop.ts';
import { WIX_DEMO_CLIENT_ID } from '../../demo/server/constants.ts';
import { WIX_CATALOGUE } from '../../demo/server/catalogue.ts';
import { STORE_PATH } from '../../shared/constants/products.ts';
import { CART_WATCH, STORE_STORAGE } from '../../shared/constants/store.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

const ADMIN_TOKEN = 'e2e-admin-token-wix-store-012345';
const demoRecord = (name: string) => JSON.parse(readFileSync(new URL(`../../demo/poptins/${name}.json`, import.meta.url), 'utf8')) as PoptinRecord;
/** A pop-up for the store's pages, so the widget runs its store integration there. */
const RECOMMENDATIONS = demoRecord('wix-recommendations');
const FREE_SHIPPING = demoRecord('wix-free-shipping');
const ABANDONED_BROWSE = demoRecord('wix-abandoned-browse');

const e2e = serverAndBrowser('wix-store', ADMIN_TOKEN, async (setup) => {
  for (const record of [RECOMMENDATIONS, FREE_SHIPPING, ABANDONED_BROWSE]) await setup.putPoptin(WIX_DEMO_CLIENT_ID, record);
});

const productOf = (handle: string) => String(WIX_CATALOGUE.find((product) => product.handle === handle)!.product_id);
const ROKKAKU = productOf('rokkaku-fighter-kite');
const DIAMOND = productOf('classic-diamond-kite');

const recentList = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORE_STORAGE.RECENT_WIX_KEY);
/** The pages' display calls, as sent. */
function displayCalls(page: Page): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/display/${WIX_DEMO_CLIENT_ID}`) bodies.push(request.postDataJSON());
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


/** Opens `path` and waits until the widget has armed its pop-ups (the cart watch loads beside them). */
const open = (page: Page, path: string) => openArmed(page, e2e.at(path));

/** Chromium's console line for the shop's own carts/current read before the cart exists. */
const NO_CART_YET = /the server responded with a status of 404/;

/** The shop's status line says the add went through (demo/public/wix/store.js). */
const added = (page: Page) => page.locator('#add-status').filter({ hasText: 'Added to your cart.' }).waitFor();

describe('cart triggers and browse abandonment on the Wix-style demo store', () => {
  it('mouse: the first Diamond kite (€29) shows nothing; the second takes the cart over €50 and shows "Free shipping unlocked"', () =>
    e2e.asVisitor(
      WIDE,
      async ({ context, page }) => {
        await acceptedWixShopCookies(context);
        const cartReads: number[] = [];
        page.on('response', (response) => new URL(response.url()).pathname === `${STORE_PATH.WIX_CARTS}/current` && cartReads.push(response.status()));
        assert.ok((await open(page, 'wix/diamond')).includes(FREE_SHIPPING.poptin_id));
        assert.deepEqual(cartReads, [], 'the display answer told the widget the cart (none yet): no read at start');
        const addToCart = page.getByRole('button', { name: 'Add to cart' });
        await addToCart.click();
        await added(page);
        // The widget read the settled cart (€29) after the shop's call, and no pop-up came.
        await waitFor(() => cartReads.filter((status) => status === 200).length >= CART_WATCH.SETTLED_READS, "the widget's reads of the €29 cart");
        assert.equal(await poptinHeading(page, 'Free shipping unlocked').count(), 0);

        await addToCart.click();
        await poptinHeading(page, 'Free shipping unlocked').waitFor();
        assert.equal(await page.locator('kite-poptin').filter({ has: page.getByRole('heading', { name: 'Free shipping unlocked' }) }).getAttribute('trigger'), 'cart');
        // The store page with its pop-up up, as a screen-reader user meets it.
        await page.locator('kite-poptin [role="dialog"]').evaluate((dialog) => Promise.all(dialog.getAnimations().map((animation) => animation.finished)));
        assert.deepEqual(await axeViolations(page), []);
      },
      // The shop's own script asks carts/current before its first add, and Chromium logs the 404 (no cart yet).
      [NO_CART_YET],
    ));

  it('keyboard and touch: the second add pressed with Enter, or tapped on a phone, shows it too', async () => {
    for (const [options, press] of [
      [WIDE, (button: ReturnType<Page['getByRole']>) => button.press('Enter')],
      [PHONE, (button: ReturnType<Page['getByRole']>) => button.tap()],
    ] as const) {
      await e2e.asVisitor(options, async ({ context, page }) => {
        await acceptedWixShopCookies(context);
        // One Diamond kite already in the cart, added in another tab.
        const first = await context.request.post(e2e.at(STORE_PATH.WIX_CARTS), {
          data: { lineItems: [{ catalogReference: { appId: STORE_PATH.WIX_STORES_APP_ID, catalogItemId: DIAMOND }, quantity: 1 }] },
        });
        assert.equal(first.status(), 200);
        await open(page, 'wix/diamond');
        assert.equal(await poptinHeading(page, 'Free shipping unlocked').count(), 0, '€29: not yet');
        await press(page.getByRole('button', { name: 'Add to cart' }));
        await poptinHeading(page, 'Free shipping unlocked').waitFor();
      });
    }
  });

  it('back on the catalogue after a product page: "Still thinking it over?"; not before any product page', () =>
    e2e.asVisitor(WIDE, async ({ context, page }) => {
      await acceptedWixShopCookies(context);
      assert.equal((await open(page, 'wix/')).includes(ABANDONED_BROWSE.poptin_id), false, 'no product seen yet: ruled out');
      await open(page, 'wix/rokkaku');
      // The store's code keeps the product once it has loaded, which can come after the pop-ups were armed.
      await waitFor(async () => (await recentList(page)) === ROKKAKU, 'the Rokkaku kite kept');
      assert.ok((await open(page, 'wix/')).includes(ABANDONED_BROWSE.poptin_id));
      await poptinHeading(page, 'Still thinking it over?').waitFor();
    }));
});
