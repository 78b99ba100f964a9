// End to end: a new shopper on the Wix-style demo store (demo/public/wix/) against the reference
// server: the recommendations block's 3 cards (hidden and sold-out products left out, euro prices),
// adding by mouse, keyboard and tap, the out-of-stock answer, a failed add and its retry, the cart
// page, the recommendations pop-up (demo/poptins/wix-recommendations.json), a failed products call
// keeping that pop-up from showing, and axe on each state. Needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { leadLightbox, newVisitor, PHONE, serverAndBrowser, WIDE } from './harness.ts';
import { WIX_DEMO_CLIENT_ID } from '../../demo/server/constants.ts';
import { WIX_CATALOGUE } from '../../demo/server/catalogue.ts';
import { PRODUCT_CARDS, STORE_LOG, STORE_PATH, WIX_ADD_TO_CART } from '../../shared/constants/products.ts';
import { products as en } from '../../shared/i18n/languages/en.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { acceptedWixShopCookies } from './wix-shop.ts';
import { axeViolations } from './axe.ts';

const ADMIN_TOKEN = 'e2e-admin-token-recommend-0123456';
const RECORD = JSON.parse(readFileSync(new URL('../../demo/poptins/wix-recommendations.json', import.meta.url), 'utf8')) as PoptinRecord;

/** The line the lead pop-up's submit adds: the store's 50 m line (product and variant), two of them, no redirect. */
const LINE = WIX_CATALOGUE.find((p) => p.handle === 'flying-line-50m')!;
const LINE_QUANTITY = 2;
/** A lead pop-up on the Diamond kite's page whose submit also adds `LINE` to the Wix-style cart (`wix_add_to_cart`). */
const LEAD_WITH_CART = {
  ...leadLightbox('kitewixleadc1', {
    wix_add_to_cart: [LINE.variants[0]!.variant_id, LINE_QUANTITY, 0, LINE.product_id].join(WIX_ADD_TO_CART.SEPARATOR),
  }),
  js_filter: { display_if_specific_js_active: true, js_name_pair: ['location.pathname'], js_value_pair: ['/wix/diamond'], js_show_pair: ['show@contains'] },
} as PoptinRecord;

const e2e = serverAndBrowser('recommendations', ADMIN_TOKEN, async (setup) => {
  await setup.putPoptin(WIX_DEMO_CLIENT_ID, RECORD);
  await setup.putPoptin(WIX_DEMO_CLIENT_ID, LEAD_WITH_CART);
});

/** The in-stock, visible products the store lists, in its order: the first 3 are the cards. */
const SHOWN = WIX_CATALOGUE.filter((p) => p.visible && p.variants.some((v) => v.inventory_quantity > 0)).slice(0, PRODUCT_CARDS.MAX);
/** The product whose only in-stock variant has one left. */
const LAST_ONE = WIX_CATALOGUE.find((p) => p.visible && p.variants.some((v) => v.inventory_quantity === 1))!;

/** The block on the store's home page (not the pop-up's). */
const pageBlock = (page: Page) => page.locator('main > kite-product-recommendations');
const cards = (block: Locator) => block.locator('[part~="product-card"]');
const cardOf = (block: Locator, productId: number) => block.locator(`[part~="product-card"][data-product-id="${productId}"]`);
const outcomeOf = (card: Locator) => card.locator('[part~="product-outcome"]');

/**
 * A new shopper's visit (who accepted the shop's cookies): `body` runs with a fresh visitor, and every console error and page error
 * must be expected. A Wix-style store answers 404 while the shopper has no cart ("404 on current
 * cart means no cart"), which the browser always logs: those are expected, and `expected` adds more.
 */
async function asShopper(options: BrowserContextOptions, body: (visit: { context: BrowserContext; page: Page }) => Promise<void>, expected: RegExp[] = []) {
  const { context, page } = await newVisitor(e2e.browser, options);
  await acceptedWixShopCookies(context);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    const noCartYet = url.endsWith(`${STORE_PATH.WIX_CARTS}/current`) && message.text().includes('404');
    if (!noCartYet) problems.push(`${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  try {
    await body({ context, page });
    assert.deepEqual(problems.filter((line) => !expected.some((pattern) => pattern.test(line))), []);
  } finally {
    await context.close();
  }
}

async function openStore(page: Page): Promise<Locator> {
  await page.goto(e2e.at('wix/'));
  const block = pageBlock(page);
  await cards(block).first().waitFor({ state: 'visible' });
  return block;
}

describe('the Wix-style demo store, as a new shopper tries it', () => {
  it('shows 3 cards: hidden and sold-out products left out, short titles, euro prices, the old price crossed out', () =>
    asShopper(WIDE, async ({ page }) => {
      const block = await openStore(page);
      assert.equal(await cards(block).count(), PRODUCT_CARDS.MAX);
      const ids = await cards(block).evaluateAll((nodes) => nodes.map((node) => Number((node as HTMLElement).dataset.productId)));
      assert.deepEqual(ids, SHOWN.map((p) => p.product_id));
      const first = cards(block).first();
      const title = await first.locator('[part~="product-title"]').innerText();
      assert.ok([...title].length <= PRODUCT_CARDS.WIX_TITLE_MAX_CHARS, title);
      assert.match(await first.locator('[part~="product-price-now"]').innerText(), /€/);
      assert.match(await first.locator('[part~="product-compare-at-price"]').innerText(), /€/);
      assert.equal(await first.locator('strong').count(), 0, 'the description is text, its markup stripped');
      assert.deepEqual(await axeViolations(page), []);
    }));

  it('adds by mouse, by keyboard and by tap; the cart page lists what was added', async () => {
    await asShopper(WIDE, async ({ page }) => {
      const block = await openStore(page);
      const byMouse = cardOf(block, SHOWN[1]!.product_id);
      await byMouse.getByRole('button', { name: new RegExp(en.productsAdd) }).click();
      await byMouse.locator('[part~="product-outcome"]', { hasText: en.productsAdded }).waitFor();
      assert.match(await block.locator('[part~="product-announcement"]').innerText(), new RegExp(en.productsAddedNamed.replace('{name}', SHOWN[1]!.title)));

      const byKeyboard = cardOf(block, SHOWN[2]!.product_id).getByRole('button');
      await byKeyboard.focus();
      await page.keyboard.press('Enter');
      await outcomeOf(cardOf(block, SHOWN[2]!.product_id)).filter({ hasText: en.productsAdded }).waitFor();
      assert.deepEqual(await axeViolations(page), []);

      await page.goto(e2e.at('wix/cart-page'));
      const lines = page.locator('#cart-lines li');
      await lines.nth(1).waitFor();
      const text = await lines.allInnerTexts();
      assert.ok(text.some((line) => line.startsWith(SHOWN[1]!.title)), text.join(' | '));
      assert.ok(text.some((line) => line.startsWith(SHOWN[2]!.title)), text.join(' | '));
    });
    await asShopper(PHONE, async ({ page }) => {
      const block = await openStore(page);
      const card = cardOf(block, SHOWN[0]!.product_id);
      await card.getByRole('button').tap();
      await outcomeOf(card).filter({ hasText: en.productsAdded }).waitFor();
    });
  });

  it('the last one in stock adds once; the second add is out of stock, announced', () =>
    asShopper(WIDE, async ({ page }) => {
      const block = await openStore(page);
      const card = cardOf(block, LAST_ONE.product_id);
      await card.getByRole('button').click();
      await outcomeOf(card).filter({ hasText: en.productsAdded }).waitFor();
      await card.getByRole('button').click();
      await outcomeOf(card).filter({ hasText: en.productsOutOfStock }).waitFor();
      assert.match(await block.locator('[part~="product-announcement"]').innerText(), new RegExp(en.productsOutOfStockNamed.replace('{name}', '.+')));
      assert.deepEqual(await axeViolations(page), []);
    }, [/status of 422/]));

  it('a failed add says so, logs add to cart error, and the retry adds', () =>
    asShopper(
      WIDE,
      async ({ context, page }) => {
        let failures = 1;
        // One fault at the network edge: the store's first cart write fails.
        await context.route(`**${STORE_PATH.WIX_CARTS}`, (route) => (failures-- > 0 ? route.fulfill({ status: 503, body: 'down' }) : route.continue()));
        const block = await openStore(page);
        const card = cardOf(block, SHOWN[1]!.product_id);
        const logged = page.waitForEvent('console', { predicate: (message) => message.text() === `${STORE_LOG.ADD_TO_CART_ERROR} HTTP 503` });
        await card.getByRole('button').click();
        await outcomeOf(card).filter({ hasText: en.productsFailed }).waitFor();
        await logged;
        assert.match(await card.getByRole('button').innerText(), new RegExp(en.productsRetry));
        await card.getByRole('button').click();
        await outcomeOf(card).filter({ hasText: en.productsAdded }).waitFor();
      },
      [new RegExp(`^${STORE_LOG.ADD_TO_CART_ERROR} HTTP 503`), /status of 503/],
    ));

  it('the recommendations pop-up shows its cards after its trigger, and adds from inside the pop-up', () =>
    asShopper(WIDE, async ({ page }) => {
      await page.goto(e2e.at('wix/'));
      const dialog = page.locator('kite-poptin [role="dialog"]');
      await dialog.locator('[part~="product-card"]').first().waitFor({ state: 'visible' });
      assert.equal(await dialog.locator('[part~="product-card"]').count(), PRODUCT_CARDS.MAX);
      const card = dialog.locator('[part~="product-card"]').first();
      await card.getByRole('button').click();
      await card.locator('[part~="product-outcome"]', { hasText: en.productsAdded }).waitFor();
      assert.deepEqual(await axeViolations(page), []);
    }));

  it("a lead pop-up's wix_add_to_cart adds its line to the cart on submit", () =>
    asShopper(WIDE, async ({ page }) => {
      await page.goto(e2e.at('wix/diamond'));
      // The lead lightbox is the modal dialog (the recommendations side pop-up may show beside it).
      const dialog = page.locator('kite-poptin [role="dialog"][aria-modal="true"]');
      await dialog.getByLabel('Email', { exact: true }).fill('ada@example.com');
      await dialog.getByRole('button', { name: 'Join' }).click();
      await dialog.getByText('Thanks for joining').waitFor();
      await page.goto(e2e.at('wix/cart-page'));
      await page.locator('#cart-lines li').first().waitFor();
      const lines = await page.locator('#cart-lines li').allInnerTexts();
      assert.ok(lines.some((line) => line.startsWith(LINE.title) && line.includes(`× ${LINE_QUANTITY}`)), lines.join(' | '));
    }));

  it(`a failed products call keeps the pop-up from showing and logs '${STORE_LOG.FETCH_FAILED.wix}'`, () =>
    asShopper(
      WIDE,
      async ({ context, page }) => {
        const lines: string[] = [];
        page.on('console', (message) => void lines.push(message.text()));
        await context.route('**/api/display/wix/product-recommendation/**', (route) => route.fulfill({ status: 500, body: 'down' }));
        const refused = page.waitForEvent('console', { predicate: (message) => message.text().includes(`${RECORD.poptin_id} not shown: its products could not be fetched`) });
        await page.goto(e2e.at('wix/'));
        await refused;
        assert.ok(lines.includes(STORE_LOG.FETCH_FAILED.wix), lines.join(' | '));
        // The widget arms only what it admitted: nothing, so no pop-up is ever mounted.
        assert.equal(await page.locator('kite-poptin').count(), 0, 'no pop-up mounted');
      },
      // The browser's own lines for the two 500s (the pop-up's preflight and the page's block).
      [/status of 500/],
    ));
});
