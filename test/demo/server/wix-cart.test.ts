/**
 * The Wix-style demo store: its cart calls (carts/current, carts, carts/{id}/add-to-cart) with
 * 4xx reasons, kept in SQLite, rate limited; and its recommendation answer (hidden and sold-out
 * products included, its own currency; product_in_cart from the ids the widget sends).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RATE_LIMIT, SERVER, WIX_DEMO_CLIENT_ID } from '../../../demo/server/constants.ts';
import { WIX_CATALOGUE, WIX_CURRENCY } from '../../../demo/server/catalogue.ts';
import { STORE_PATH } from '../../../shared/constants/products.ts';
import { call, displayBody, harnessPerSuite, PLAIN, postForm } from './helpers.ts';

/** How many cart writes the rate-limit test allows from one address. */
const WRITES = 3;
const h = harnessPerSuite(undefined, { rateLimits: { perAddress: { max: 100, windowMs: RATE_LIMIT.WINDOW_MS } } });

const byId = (id: number) => WIX_CATALOGUE.find((p) => p.product_id === id)!;
const hidden = WIX_CATALOGUE.find((p) => !p.visible)!;
const soldOut = WIX_CATALOGUE.find((p) => p.visible && p.variants.every((v) => v.inventory_quantity === 0))!;
const partly = WIX_CATALOGUE.find((p) => p.variants.some((v) => v.inventory_quantity === 0) && p.variants.some((v) => v.inventory_quantity > 0))!;
const lastOne = partly.variants.find((v) => v.inventory_quantity > 0)!;
const plain = WIX_CATALOGUE.find((p) => p.visible && p.variants.length === 1 && p.variants[0]!.inventory_quantity > 1)!;

const line = (productId: number, variantId?: number, quantity = 1) => ({
  catalogReference: { appId: STORE_PATH.WIX_STORES_APP_ID, catalogItemId: String(productId), ...(variantId ? { options: { variantId: String(variantId) } } : {}) },
  quantity,
});

/** A shopper with the Wix-style cart cookie, filled by the answer that sets it. */
function newShopper() {
  const shopper = {
    cookie: '',
    async send(path: string, init: RequestInit = {}) {
      const res = await call(h.base, path, { ...init, headers: { ...(init.headers as Record<string, string>), ...(shopper.cookie ? { cookie: shopper.cookie } : {}) } });
      const match = new RegExp(`^${SERVER.WIX_CART_COOKIE}=([^;]+)`).exec(res.headers.get('set-cookie') ?? '');
      if (match) shopper.cookie = `${SERVER.WIX_CART_COOKIE}=${match[1]}`;
      return res;
    },
    current: () => shopper.send(`${STORE_PATH.WIX_CARTS}/current`),
    post: (path: string, body: unknown) => shopper.send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  };
  return shopper;
}

describe('Wix-style carts', () => {
  test("a Wix-style store's display answer reports the visitor's cart as carts/current reads it (wix_cart_details), { cart: null } without one; other pages get null", async () => {
    const shopper = newShopper();
    const display = (store: string) =>
      shopper.send(`/api/display/${WIX_DEMO_CLIENT_ID}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(displayBody({ store_integration: store })) });
    assert.deepEqual((await display('wix')).json.wix_cart_details, { cart: null });
    await shopper.post(STORE_PATH.WIX_CARTS, { lineItems: [line(plain.product_id, undefined, 2)] });
    const details = (await display('wix')).json.wix_cart_details;
    assert.deepEqual(details, (await shopper.current()).json);
    assert.equal(details.cart.lineItems[0].quantity, 2);
    assert.equal((await display('shopify')).json.wix_cart_details, null);
  });

  test('no cart: carts/current is 404 with a reason, and reading creates nothing', async () => {
    const shopper = newShopper();
    const res = await shopper.current();
    assert.equal(res.status, 404);
    assert.equal(res.json.details.applicationError.code, 'OWNED_CART_NOT_FOUND');
    assert.equal(res.headers.get('set-cookie'), null);
  });

  test('POST carts creates the cart with its lines and cookie; add-to-cart adds; current reads it back in EUR', async () => {
    const shopper = newShopper();
    const created = await shopper.post(STORE_PATH.WIX_CARTS, { lineItems: [line(plain.product_id)] });
    assert.equal(created.status, 200);
    assert.match(shopper.cookie, new RegExp(`^${SERVER.WIX_CART_COOKIE}=`));
    const id = created.json.cart.id as string;
    const added = await shopper.post(`${STORE_PATH.WIX_CARTS}/${id}/add-to-cart`, { lineItems: [line(plain.product_id, plain.variants[0]!.variant_id)] });
    assert.equal(added.status, 200);
    const current = await shopper.current();
    assert.equal(current.status, 200);
    assert.equal(current.json.cart.id, id);
    assert.equal(current.json.cart.currency, WIX_CURRENCY);
    assert.deepEqual(
      current.json.cart.lineItems.map((l: { catalogReference: { catalogItemId: string }; quantity: number }) => [l.catalogReference.catalogItemId, l.quantity]),
      [[String(plain.product_id), 2]],
    );
  });

  test('stock: the last item adds once, the next add is 422 with the reason; the cart keeps one', async () => {
    const shopper = newShopper();
    const created = await shopper.post(STORE_PATH.WIX_CARTS, { lineItems: [line(partly.product_id, lastOne.variant_id)] });
    assert.equal(created.status, 200);
    const again = await shopper.post(`${STORE_PATH.WIX_CARTS}/${created.json.cart.id}/add-to-cart`, { lineItems: [line(partly.product_id, lastOne.variant_id)] });
    assert.equal(again.status, 422);
    assert.equal(again.json.details.applicationError.code, 'INSUFFICIENT_INVENTORY');
    assert.match(again.json.message, /You can only add 1 /);
    assert.equal((await shopper.current()).json.cart.lineItems[0].quantity, 1);
    const soldOutFirst = await newShopper().post(STORE_PATH.WIX_CARTS, { lineItems: [line(soldOut.product_id)] });
    assert.equal(soldOutFirst.status, 422);
  });

  test('4xx with reasons: hidden product, unknown product or variant, bad body, unknown cart; nothing created', async () => {
    const shopper = newShopper();
    const cases: Array<[unknown, number, RegExp]> = [
      [{ lineItems: [line(hidden.product_id)] }, 400, /not for sale/],
      [{ lineItems: [line(99999)] }, 400, /No product 99999/],
      [{ lineItems: [line(plain.product_id, 1)] }, 400, /has no variant 1/],
      [{ lineItems: [] }, 400, /lineItems/],
      [{ lineItems: [{ catalogReference: { appId: 'x', catalogItemId: 'abc' }, quantity: 1 }] }, 400, /catalogItemId/],
      [{ lineItems: [{ ...line(plain.product_id), quantity: 0 }] }, 400, /quantity/],
    ];
    for (const [body, status, reason] of cases) {
      const res = await shopper.post(STORE_PATH.WIX_CARTS, body);
      assert.equal(res.status, status, JSON.stringify(body));
      assert.match(JSON.stringify(res.json), reason);
    }
    assert.equal(shopper.cookie, '');
    const unknown = await shopper.post(`${STORE_PATH.WIX_CARTS}/not-a-cart-we-know-0000/add-to-cart`, { lineItems: [line(plain.product_id)] });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.details.applicationError.code, 'CART_NOT_FOUND');
  });
});

describe('Wix-style cart writes are rate limited', () => {
  const limited = harnessPerSuite(undefined, { rateLimits: { perAddress: { max: WRITES, windowMs: RATE_LIMIT.WINDOW_MS } } });
  test(`the write after ${WRITES} from one address is 429`, async () => {
    const body = JSON.stringify({ lineItems: [line(plain.product_id)] });
    const post = () => call(limited.base, STORE_PATH.WIX_CARTS, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    for (let i = 0; i < WRITES; i++) assert.equal((await post()).status, 200);
    assert.equal((await post()).status, 429);
  });
});

describe('Wix-style recommendations', () => {
  const path = `/api/display/wix/product-recommendation/${PLAIN.poptin_id}`;

  test('the collection lists the hidden and sold-out products as the store does, in its currency', async () => {
    const res = await postForm(h.base, path, { category: 'product_collection' });
    assert.equal(res.status, 200);
    assert.equal(res.json.currency, WIX_CURRENCY);
    const products = res.json.data.products as Array<{ id: string; visible: boolean; inStock: boolean; currency: string }>;
    assert.deepEqual(products.map((p) => p.id), WIX_CATALOGUE.map((p) => String(p.product_id)));
    assert.equal(products.find((p) => p.id === String(hidden.product_id))!.visible, false);
    assert.equal(products.find((p) => p.id === String(soldOut.product_id))!.inStock, false);
    assert.ok(products.every((p) => p.currency === WIX_CURRENCY));
  });

  test('product_in_cart answers the ids the widget read from the cart', async () => {
    const res = await postForm(h.base, path, { category: 'product_in_cart', manual_products: `${partly.product_id},${byId(plain.product_id).product_id}` });
    assert.deepEqual(res.json.data.products.map((p: { id: string }) => p.id), [String(partly.product_id), String(plain.product_id)]);
  });
});
