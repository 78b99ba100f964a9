/**
 * The store integration's page reading and what a widget run with a store remembers
 * (components/widget/store.ts), in real Chromium: the product and customer a page names (a
 * Shopify theme's ShopifyAnalytics.meta, or the documented data attributes), and runStore's
 * cookies and storage on a product page of each platform, after a real start against the
 * reference server (web-test-runner.config.mjs starts it): its display answer and, for a
 * Shopify-style store, its /cart.js.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { knownWixCart, pageCustomerId, pageProduct, runStore } from '../../../components/widget/store.ts';
import { EMPTY_CART } from '../../../shared/logic/cart.ts';
import { STORE_PLATFORMS } from '../../../shared/constants/products.ts';
import { STORE_STORAGE } from '../../../shared/constants/store.ts';
import { getCookie, safeStorage, setCookie } from '../../../shared/storage/storage.ts';
import { startWidget } from '../../../shared/widget/start.ts';
import { newVisitor } from '../helpers.ts';

type AnalyticsWindow = { ShopifyAnalytics?: unknown };

/** The reference server's demo stores (its migrations): a Shopify-style client and a Wix-style one. */
const CLIENTS: Record<string, string> = { shopify: 'demo-shop', wix: 'demo-wix' };

/**
 * A kite-widget stand-in with the start widget.js makes for it, by a new visitor against the
 * reference server: runStore reads its attributes and its start's context, whose platform the
 * start sets for a known store name only.
 */
async function widgetStandIn(store: string) {
  await newVisitor();
  const clientId = CLIENTS[store] ?? CLIENTS.shopify!;
  const widget = await fixture<HTMLElement & { started?: unknown }>(html`<kite-widget store=${store} client-id=${clientId} api=${location.origin}></kite-widget>`);
  const started = await startWidget({ clientId, api: location.origin, base: '/', store });
  expect(started, 'the reference server answered the start').to.not.equal(null);
  expect(started!.context.store_integration ?? null).to.equal((STORE_PLATFORMS as readonly string[]).includes(store) ? store : null);
  widget.started = started;
  return started!.context;
}
const noActor = { send: () => undefined };
const clearAll = () => {
  for (const name of [STORE_STORAGE.RECENT_SHOPIFY_COOKIE, STORE_STORAGE.CART_PRODUCT_COOKIE, STORE_STORAGE.ACCOUNT_SESSION_COOKIE]) setCookie(name, '', 0);
  for (const key of [STORE_STORAGE.RECENT_WIX_KEY, STORE_STORAGE.BROWSE_ABANDONMENT_KEY]) safeStorage.remove(key);
};

describe('store pages', () => {
  beforeEach(clearAll);
  afterEach(() => {
    delete (window as AnalyticsWindow).ShopifyAnalytics;
    clearAll();
  });

  it('pageProduct reads a Shopify theme\'s ShopifyAnalytics.meta first, its selected variant', () => {
    (window as AnalyticsWindow).ShopifyAnalytics = { meta: { product: { id: 7002, type: 'Kites', variants: [{ id: 41002, name: 'Delta Stunt Kite - Blue' }, { id: 41003 }] }, selectedVariantId: 41003 } };
    expect(pageProduct()).to.deep.equal({ productId: '7002', variantId: '41003', name: 'Delta Stunt Kite - Blue', category: 'Kites' });
  });

  it('pageProduct reads the data attributes any theme can write; null on a page that is no product page', async () => {
    expect(pageProduct()).to.equal(null);
    await fixture(html`<article data-kite-product-id="7001" data-kite-variant-id="41001" data-kite-product-name="Classic Diamond Kite" data-kite-product-category="Kites"></article>`);
    expect(pageProduct()).to.deep.equal({ productId: '7001', variantId: '41001', name: 'Classic Diamond Kite', category: 'Kites' });
  });

  it('pageCustomerId: ShopifyAnalytics.meta.page.customerId, else data-kite-customer-id, else null (a guest)', async () => {
    expect(pageCustomerId()).to.equal(null);
    (window as AnalyticsWindow).ShopifyAnalytics = { meta: { page: { customerId: null } } };
    expect(pageCustomerId()).to.equal(null);
    await fixture(html`<div data-kite-customer-id="88"></div>`);
    expect(pageCustomerId()).to.equal('88');
    (window as AnalyticsWindow).ShopifyAnalytics = { meta: { page: { customerId: 77 } } };
    expect(pageCustomerId()).to.equal('77');
  });

  it('on a Shopify-style product page: the variant in the recent-products cookie, the product in the browse list, the customer in the run\'s context and the account session', async () => {
    const context = await widgetStandIn('shopify');
    (window as AnalyticsWindow).ShopifyAnalytics = { meta: { product: { id: 7001, variants: [{ id: 41001, name: 'Classic Diamond Kite' }] }, page: { customerId: 77 } } };
    const cleanups: Array<() => void> = [];
    runStore({ actor: noActor, records: new Map(), defer: (cleanup) => cleanups.push(cleanup) });
    cleanups.forEach((cleanup) => cleanup());
    expect(getCookie(STORE_STORAGE.RECENT_SHOPIFY_COOKIE)).to.equal('41001');
    expect(JSON.parse(safeStorage.get(STORE_STORAGE.BROWSE_ABANDONMENT_KEY)!)).to.deep.equal([{ product_id: '7001', product_name: 'Classic Diamond Kite', category: '' }]);
    expect(context.store_integration_customer_id).to.equal('77');
    expect(getCookie(STORE_STORAGE.ACCOUNT_SESSION_COOKIE)).to.equal('77');
  });

  it('on a Wix-style product page: the product in local storage, no recent-products cookie', async () => {
    await widgetStandIn('wix');
    await fixture(html`<article data-kite-product-id="wix-kite-1" data-kite-product-name="Wix kite"></article>`);
    runStore({ actor: noActor, records: new Map(), defer: () => undefined });
    expect(safeStorage.get(STORE_STORAGE.RECENT_WIX_KEY)).to.equal('wix-kite-1');
    expect(getCookie(STORE_STORAGE.RECENT_SHOPIFY_COOKIE)).to.equal(null);
  });

  it("knownWixCart: the display answer's wix_cart_details as the cart watch's first read; nothing when the answer says nothing readable", () => {
    expect(knownWixCart({ cart: null })).to.deep.equal(EMPTY_CART);
    const cart = { id: 'c1', lineItems: [{ quantity: 2, catalogReference: { catalogItemId: '7001' }, price: { amount: '29.00' } }], subtotal: { amount: '58.00' } };
    expect(knownWixCart({ cart })).to.deep.equal({ items: [{ variant_id: '7001', product_id: '7001', quantity: 2, line_price: 5800 }], item_count: 2, total_price: 5800 });
    for (const unknown of [null, undefined, {}, 'cart', { cart: { lineItems: 'none' } }]) expect(knownWixCart(unknown), JSON.stringify(unknown)).to.equal(undefined);
  });

  it('with a store name it does not know (store="magento"): nothing is kept, as the start sends no store either', async () => {
    await widgetStandIn('magento');
    await fixture(html`<article data-kite-product-id="7001" data-kite-variant-id="41001"></article>`);
    runStore({ actor: noActor, records: new Map(), defer: () => undefined });
    expect(getCookie(STORE_STORAGE.RECENT_SHOPIFY_COOKIE)).to.equal(null);
    expect(safeStorage.get(STORE_STORAGE.RECENT_WIX_KEY)).to.equal(null);
    expect(safeStorage.get(STORE_STORAGE.BROWSE_ABANDONMENT_KEY)).to.equal(null);
  });
});
