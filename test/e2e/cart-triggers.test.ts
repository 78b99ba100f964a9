// End to end: the Shopify-style demo store (demo/public/shop/) with its cart pop-ups
// (demo/poptins/shop-*.json), as a shopper uses it by mouse, keyboard and touch. The store's own
// theme script calls /cart/add.js, update.js, change.js (fetch) and clear.js (XMLHttpRequest); the
// widget notices those calls, reads /cart.js until it settles, and the cart triggers fire.
// Needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { newVisitor, openArmed, PHONE, poptinHeading, serverAndBrowser, waitFor, WIDE } from './harness.ts';
import { axeViolations } from './axe.ts';
import { BROWSE_ABANDONMENT_SOURCE, CART_READ_ERROR, STORE_STORAGE } from '../../shared/constants/store.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

const ADMIN_TOKEN = 'e2e-admin-token-cart-0123456789ab';
/** The demo store's own client (migration 008): its pages' script tag names it. */
const SHOP_CLIENT_ID = 'demo-shop';
const demoRecord = (name: string) => JSON.parse(readFileSync(new URL(`../../demo/poptins/${name}.json`, import.meta.url), 'utf8')) as PoptinRecord;
const FREE_SHIPPING = demoRecord('shop-free-shipping');
const REMOVED = demoRecord('shop-removed');
const ABANDONED_BROWSE = demoRecord('shop-abandoned-browse');
const RECOMMENDATIONS = demoRecord('shop-recommendations');
/** Ours, for this file: a bar when the shopper empties the cart. */
const EMPTIED: PoptinRecord = {
  ...REMOVED,
  poptin_id: 'kiteshopempt1',
  viewer_id: 'viewer-kiteshopempt1',
  shopify_cart_trigger_action: 'removed_product',
  shopify_cart_trigger_products: 'empty_cart',
  design: { ...REMOVED.design!, blocks: [{ type: 'title', text: 'Your cart is empty' }] },
} as PoptinRecord;

const e2e = serverAndBrowser('cart', ADMIN_TOKEN, async (setup) => {
  for (const record of [FREE_SHIPPING, REMOVED, ABANDONED_BROWSE]) await setup.putPoptin(SHOP_CLIENT_ID, record);
});

/** Delta Stunt Kite, Blue: $59, over the $50 of the free-shipping pop-up. */
const OVER_FIFTY = '/shop/products/delta-stunt-kite';
/** Flying Line: $9. */
const UNDER_FIFTY = '/shop/products/flying-line-50m';

/** The kite-poptin element showing `title`. */
const poptinWith = (page: Page, title: string) => page.locator('kite-poptin').filter({ has: page.getByRole('heading', { name: title }) });

/** Opens `path` and waits until the widget has armed its pop-ups (the cart watch loads beside them). */
const open = (page: Page, path: string) => openArmed(page, e2e.at(path));

/** The status line of the theme says the add went through. */
const added = (page: Page) => page.locator('[data-shop-status]').filter({ hasText: /^Added / }).waitFor();

describe('cart triggers on the Shopify-style demo store', () => {
  it('mouse: an add under $50 shows nothing; the add that takes the cart over $50 shows "Free shipping unlocked"', () =>
    e2e.asVisitor(WIDE, async ({ page }) => {
      // The abandoned-browse pop-up is for the catalogue page only (its js_filter): ruled out here.
      assert.deepEqual((await open(page, UNDER_FIFTY)).sort(), [FREE_SHIPPING.poptin_id, REMOVED.poptin_id].sort());
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await added(page);
      // The settled cart ($9) was read: the widget's cart reads have gone quiet, the pop-up did not come.
      await waitFor(async () => (await page.locator('[data-cart-count]').innerText()) === '1', 'the cart count');
      assert.equal(await page.locator('kite-poptin').count(), 0);

      await open(page, OVER_FIFTY);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await poptinHeading(page, 'Free shipping unlocked').waitFor();
      assert.equal(await poptinWith(page, 'Free shipping unlocked').getAttribute('trigger'), 'cart');
      // The store page with its pop-up up, as a screen-reader user meets it.
      await page.locator('kite-poptin [role="dialog"]').evaluate((dialog) => Promise.all(dialog.getAnimations().map((animation) => animation.finished)));
      assert.deepEqual(await axeViolations(page), []);
    }));

  it('keyboard: the add-to-cart button pressed with Enter shows it too', () =>
    e2e.asVisitor(WIDE, async ({ page }) => {
      await open(page, OVER_FIFTY);
      await page.getByRole('button', { name: 'Add to cart' }).focus();
      await page.keyboard.press('Enter');
      await poptinHeading(page, 'Free shipping unlocked').waitFor();
    }));

  it('touch: a tap on a phone shows it too', () =>
    e2e.asVisitor(PHONE, async ({ page }) => {
      await open(page, OVER_FIFTY);
      await page.getByRole('button', { name: 'Add to cart' }).tap();
      await poptinHeading(page, 'Free shipping unlocked').waitFor();
    }));

  it('a shopper who arrives with a cart over $50 sees the cart-value pop-up at once, from the first cart read', () =>
    e2e.asVisitor(WIDE, async ({ context, page }) => {
      // Added elsewhere (another tab): the page's own read at start finds it.
      const response = await context.request.post(e2e.at('/cart/add.js'), { data: { id: 41002, quantity: 1 } });
      assert.equal(response.status(), 200);
      const cartReads: string[] = [];
      page.on('request', (request) => new URL(request.url()).pathname === '/cart.js' && cartReads.push(request.url()));
      assert.deepEqual((await open(page, '/shop/')).sort(), [FREE_SHIPPING.poptin_id, REMOVED.poptin_id].sort(), 'no product viewed: no abandoned-browse pop-up');
      await poptinHeading(page, 'Free shipping unlocked').waitFor();
      // The theme's own read (its cart count) and the widget's one: the start's read for the display
      // call is the cart watch's first read too.
      assert.equal(cartReads.length, 2, JSON.stringify(cartReads));
    }));

  it('a product removed on the cart page (/cart/change.js) shows the removed_product bar; a raised quantity (/cart/update.js) does not', () =>
    e2e.asVisitor(WIDE, async ({ page }) => {
      await open(page, UNDER_FIFTY);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await added(page);
      await open(page, '/shop/cart');
      await page.getByRole('button', { name: 'One more Flying Line, 50 m' }).click();
      await waitFor(async () => (await page.locator('[data-cart-count]').innerText()) === '2', 'the quantity raised through /cart/update.js');
      assert.equal(await page.locator('kite-poptin').count(), 0, 'an add is no removal');
      await page.getByRole('button', { name: 'Remove Flying Line, 50 m' }).click();
      await poptinHeading(page, 'Changed your mind?').waitFor();
      assert.equal(await poptinWith(page, 'Changed your mind?').getAttribute('trigger'), 'cart');
    }));

  it('the cart emptied through XMLHttpRequest (/cart/clear.js) fires an empty_cart trigger', async () => {
    await e2e.putPoptin(SHOP_CLIENT_ID, EMPTIED);
    try {
      await e2e.asVisitor(WIDE, async ({ page }) => {
        await open(page, UNDER_FIFTY);
        await page.getByRole('button', { name: 'Add to cart' }).click();
        await added(page);
        await open(page, '/shop/cart');
        await page.getByRole('button', { name: 'Empty the cart' }).click();
        await poptinHeading(page, 'Your cart is empty').waitFor();
      });
    } finally {
      await e2e.putPoptin(SHOP_CLIENT_ID, EMPTIED, false);
    }
  });

  it("a cart read that fails logs 'Cart Error' and nothing else; the page keeps working", async () => {
    const { context, page, problems } = await newVisitor(e2e.browser, WIDE);
    try {
      const warnings: string[] = [];
      page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
      await open(page, OVER_FIFTY);
      await page.route('**/cart.js', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }));
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await waitFor(() => warnings.includes(CART_READ_ERROR), `the console line ${CART_READ_ERROR}`);
      assert.equal(await page.locator('kite-poptin').count(), 0);
      // Only the browser's own lines about the failed loads are errors; no script error.
      assert.deepEqual(problems.filter((problem) => !problem.includes('500')), []);
    } finally {
      await context.close();
    }
  });
});

describe('what the store remembers about the shopper', () => {
  /** The page's cookies whose names start with poptin_ or pop_. */
  const widgetCookies = async (page: Page) => (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('pop'));

  it('the recent-products cookie is written only after consent: nothing at all before it', () =>
    e2e.asVisitor(WIDE, async ({ page }) => {
      // The site asks for consent first: its script tag says data-consent="required".
      await page.route('**/shop/products/*', async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('data-store="shopify"', 'data-store="shopify" data-consent="required"');
        await route.fulfill({ response, body: html });
      });
      await page.goto(e2e.at(OVER_FIFTY));
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await added(page);
      assert.deepEqual(await widgetCookies(page), [], 'no cookie before consent');
      assert.deepEqual(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('poptin'))), [], 'no storage before consent');

      await page.evaluate(() => (window as { kite?: { consent?: (granted: boolean) => void } }).kite!.consent!(true));
      await waitFor(async () => (await widgetCookies(page)).some((cookie) => cookie.name === STORE_STORAGE.RECENT_SHOPIFY_COOKIE), 'the recent-products cookie');
      const cookies = await widgetCookies(page);
      assert.equal(cookies.find((cookie) => cookie.name === STORE_STORAGE.RECENT_SHOPIFY_COOKIE)!.value, '41002');
    }));

  it('browsed products are saved at the next page off the product pages; a failed save is kept and saved at the page after', async () => {
    const { context, page, problems } = await newVisitor(e2e.browser, WIDE);
    const savedRows = () =>
      e2e.server.sql.prepare('SELECT product_id, product_name FROM ordered_products WHERE source_table = ? ORDER BY rowid').all(BROWSE_ABANDONMENT_SOURCE) as Array<{ product_id: string; product_name: string }>;
    const before = savedRows().length;
    try {
      await open(page, OVER_FIFTY);
      await waitFor(() => page.evaluate((key) => localStorage.getItem(key) !== null, STORE_STORAGE.BROWSE_ABANDONMENT_KEY), 'the first product kept');
      await open(page, UNDER_FIFTY);
      await waitFor(async () => (await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, STORE_STORAGE.BROWSE_ABANDONMENT_KEY)) === 2, 'both products kept');

      // The catalogue page saves them; the save fails once.
      let failures = 0;
      await page.route('**/api/display/wix/save-ordered-products', (route) => (failures++ === 0 ? route.fulfill({ status: 503, body: '{}' }) : route.continue()));
      await open(page, '/shop/');
      await waitFor(() => failures > 0, 'the save tried');
      assert.equal(savedRows().length, before, 'nothing saved');
      assert.equal(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, STORE_STORAGE.BROWSE_ABANDONMENT_KEY), 2, 'kept');

      // Back on the catalogue after viewing products: the abandoned-browse pop-up (recent-products cookie) showed.
      await poptinHeading(page, 'Still thinking it over?').waitFor();

      await open(page, '/shop/cart');
      await waitFor(() => savedRows().length === before + 2, 'the products saved');
      assert.deepEqual(savedRows().slice(before).map((row) => row.product_name), ['Delta Stunt Kite', 'Flying Line, 50 m']);
      await waitFor(() => page.evaluate((key) => localStorage.getItem(key) === null, STORE_STORAGE.BROWSE_ABANDONMENT_KEY), 'the list cleared');
      assert.deepEqual(problems.filter((problem) => !problem.includes('503')), []);
    } finally {
      await context.close();
    }
  });

  // Last: once it is on, the side pop-up comes 2 s into every store page.
  it("the store's recommendations pop-up shows the cart's products as cards, on the store's own client", () =>
    e2e.asVisitor(WIDE, async ({ context, page }) => {
      await e2e.putPoptin(SHOP_CLIENT_ID, RECOMMENDATIONS);
      assert.equal((await context.request.post(e2e.at('/cart/add.js'), { data: { id: 41002, quantity: 1 } })).status(), 200);
      assert.ok((await open(page, '/shop/cart')).includes(RECOMMENDATIONS.poptin_id), 'armed on /shop/ pages');
      const card = poptinWith(page, 'You may also like').locator('[part~="product-card"]');
      await card.first().waitFor();
      assert.deepEqual(await card.getByRole('heading').allInnerTexts(), ['Delta Stunt Kite']);
    }));
});
