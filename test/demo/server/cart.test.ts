/** The demo store's Shopify-style cart and the product-recommendation calls. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { API_LIMITS } from '../../../shared/api/schemas.ts';
import { CATALOGUE, money } from '../../../demo/server/catalogue.ts';
import { SERVER } from '../../../demo/server/constants.ts';
import { call, harnessPerSuite, PLAIN, postForm, postJson, countOf } from './helpers.ts';

const h = harnessPerSuite();

const [first, second, third] = CATALOGUE as [typeof CATALOGUE[0], typeof CATALOGUE[0], typeof CATALOGUE[0]];
const variant = (product: (typeof CATALOGUE)[number], index = 0) => product.variants[index]!;

const cartRows = () => countOf(h.server, 'SELECT count(*) AS n FROM carts');

/** A visitor with a cookie jar of one cookie, filled by the first answer that sets it. */
function newVisitor() {
  const visitor = {
    cookie: '',
    setCookie: '',
    async send(path: string, init: RequestInit = {}) {
      const res = await call(h.base, path, { ...init, headers: { ...(init.headers as Record<string, string>), ...(visitor.cookie ? { cookie: visitor.cookie } : {}) } });
      const match = new RegExp(`^${SERVER.CART_COOKIE}=([^;]+)`).exec(res.headers.get('set-cookie') ?? '');
      if (match) {
        visitor.setCookie = res.headers.get('set-cookie')!;
        visitor.cookie = `${SERVER.CART_COOKIE}=${match[1]}`;
      }
      return res;
    },
    get: () => visitor.send('/cart.js'),
    add: (body: unknown) => visitor.send('/cart/add.js', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  };
  return visitor;
}

describe('GET /cart.js', () => {
  test('a new visitor gets the empty cart; no cookie, no cart row: reading writes nothing', async () => {
    const rows = await cartRows();
    const visitor = newVisitor();
    const res = await visitor.get();
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(res.headers.get('set-cookie'), null);
    assert.equal(res.json.token, null);
    assert.equal(res.json.item_count, 0);
    assert.equal(res.json.total_price, 0);
    assert.deepEqual(res.json.items, []);
    const stale = await call(h.base, '/cart.js', { headers: { cookie: `${SERVER.CART_COOKIE}=not-a-cart-we-know-0000` } });
    assert.equal(stale.headers.get('set-cookie'), null);
    assert.equal(stale.json.token, null);
    assert.equal(await cartRows(), rows);
  });

  test('the first add creates the cart and its cookie; later reads and adds set no new cookie', async () => {
    const visitor = newVisitor();
    await visitor.add({ id: variant(first).variant_id });
    assert.match(visitor.setCookie, /Path=\//);
    assert.match(visitor.setCookie, /SameSite=Lax/);
    assert.match(visitor.setCookie, /HttpOnly/);
    const again = await visitor.get();
    assert.equal(again.headers.get('set-cookie'), null);
    assert.equal(again.json.token, visitor.cookie.split('=')[1]);
    assert.equal((await visitor.add({ id: variant(first).variant_id })).headers.get('set-cookie'), null);
  });

  test('change and clear without a cart create none', async () => {
    const rows = await cartRows();
    const changed = await postJson(h.base, '/cart/change.js', { id: variant(first).variant_id, quantity: 1 });
    assert.equal(changed.status, 400);
    assert.equal(changed.json.message, 'Cart Error');
    const cleared = await call(h.base, '/cart/clear.js', { method: 'POST' });
    assert.equal(cleared.status, 200);
    assert.equal(cleared.json.item_count, 0);
    assert.equal(cleared.headers.get('set-cookie'), null);
    assert.equal(await cartRows(), rows);
  });
});

describe('POST /cart/add.js', () => {
  test('adds items; /cart.js lists them with prices in cents', async () => {
    const visitor = newVisitor();
    const res = await visitor.add({ items: [{ id: variant(first).variant_id, quantity: 2 }, { id: variant(second, 1).variant_id, quantity: 1 }] });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.items.map((i: { variant_id: number; quantity: number }) => [i.variant_id, i.quantity]),
      [[variant(first).variant_id, 2], [variant(second, 1).variant_id, 1]],
    );
    const cart = await visitor.get();
    assert.equal(cart.json.item_count, 3);
    // Before the shop's price rules (shopify.test.ts checks those).
    assert.equal(cart.json.original_total_price, variant(first).price * 2 + variant(second, 1).price);
    assert.deepEqual(
      cart.json.items.map((i: Record<string, unknown>) => ({ variant_id: i.variant_id, product_id: i.product_id, quantity: i.quantity, price: i.price })),
      [
        { variant_id: variant(first).variant_id, product_id: first.product_id, quantity: 2, price: variant(first).price },
        { variant_id: variant(second, 1).variant_id, product_id: second.product_id, quantity: 1, price: variant(second, 1).price },
      ],
    );
  });

  test('adding the same variant again adds to its line', async () => {
    const visitor = newVisitor();
    await visitor.add({ items: [{ id: variant(third).variant_id, quantity: 1 }] });
    const res = await visitor.add({ id: variant(third).variant_id, quantity: 2 });
    assert.equal(res.status, 200);
    assert.equal(res.json.items[0].quantity, 3);
    assert.equal((await visitor.get()).json.item_count, 3);
  });

  test('the form encoding a store page posts works too', async () => {
    const visitor = newVisitor();
    const res = await visitor.send('/cart/add.js', {
      method: 'POST',
      body: new URLSearchParams({ id: String(variant(first).variant_id), quantity: '1' }),
    });
    assert.equal(res.status, 200);
    assert.equal((await visitor.get()).json.item_count, 1);
  });

  test('an unknown variant is 422 Cart Error and adds nothing', async () => {
    const visitor = newVisitor();
    const res = await visitor.add({ items: [{ id: variant(first).variant_id, quantity: 1 }, { id: 999999, quantity: 1 }] });
    assert.equal(res.status, 422);
    assert.equal(res.json.status, 422);
    assert.equal(res.json.message, 'Cart Error');
    assert.equal(typeof res.json.description, 'string');
    assert.equal((await visitor.get()).json.item_count, 0);
  });

  test('more than the stock is 422', async () => {
    const visitor = newVisitor();
    const res = await visitor.add({ items: [{ id: variant(second, 1).variant_id, quantity: variant(second, 1).inventory_quantity + 1 }] });
    assert.equal(res.status, 422);
    assert.equal(res.json.message, 'Cart Error');
  });

  test('bad quantities and ids are 400 naming the field', async () => {
    const visitor = newVisitor();
    const zero = await visitor.add({ items: [{ id: variant(first).variant_id, quantity: 0 }] });
    assert.equal(zero.status, 400);
    assert.equal(zero.json.error, 'items[0].quantity: must be at least 1');
    const huge = await visitor.add({ items: [{ id: variant(first).variant_id, quantity: API_LIMITS.CART_QUANTITY_MAX + 1 }] });
    assert.equal(huge.status, 400);
    const text = await visitor.add({ items: [{ id: 'abc' }] });
    assert.equal(text.status, 400);
    assert.equal(text.json.error, 'items[0].id: expected an integer');
    const empty = await visitor.add({ items: [] });
    assert.equal(empty.status, 400);
    assert.equal(empty.json.error, 'items: must have at least 1 item');
  });
});

describe('POST /cart/change.js and /cart/clear.js', () => {
  test('change sets a line, 0 removes it; clear empties the cart', async () => {
    const visitor = newVisitor();
    await visitor.add({ items: [{ id: variant(first).variant_id, quantity: 1 }, { id: variant(third).variant_id, quantity: 1 }] });
    const changed = await postJson(h.base, '/cart/change.js', { id: variant(first).variant_id, quantity: 4 }, { cookie: visitor.cookie });
    assert.equal(changed.status, 200);
    assert.equal(changed.json.item_count, 5);
    const removed = await postJson(h.base, '/cart/change.js', { id: variant(first).variant_id, quantity: 0 }, { cookie: visitor.cookie });
    assert.equal(removed.json.item_count, 1);
    const missing = await postJson(h.base, '/cart/change.js', { id: variant(first).variant_id, quantity: 1 }, { cookie: visitor.cookie });
    assert.equal(missing.status, 400);
    assert.equal(missing.json.message, 'Cart Error');
    const cleared = await call(h.base, '/cart/clear.js', { method: 'POST', headers: { cookie: visitor.cookie } });
    assert.equal(cleared.status, 200);
    assert.equal(cleared.json.item_count, 0);
  });
});

describe('product recommendations', () => {
  test('shopify-style: the whole collection, products shaped as the store serves them', async () => {
    const res = await postForm(h.base, `/api/display/shopify/product-recommendation/${PLAIN.poptin_id}`, { category: 'product_collection' });
    assert.equal(res.status, 200);
    assert.equal(res.json.success, true);
    assert.equal(res.json.currency, 'USD');
    assert.deepEqual(res.json.data.products.map((p: { id: number }) => p.id), CATALOGUE.map((p) => p.product_id));
    const product = res.json.data.products[0];
    assert.equal(product.title, first.title);
    assert.equal(product.image.src, first.image);
    assert.equal(product.variants[0].price, money(variant(first).price));
  });

  test('manual picks by product or variant id, count limits', async () => {
    const res = await postForm(h.base, `/api/display/shopify/product-recommendation/${PLAIN.poptin_id}`, {
      category: 'manual',
      manual_products: `${third.product_id},${variant(second, 1).variant_id},nonsense`,
      count: '1',
    });
    assert.deepEqual(res.json.data.products.map((p: { id: number }) => p.id), [third.product_id]);
  });

  test('wix-style products carry name, prices in units and stock', async () => {
    const res = await postJson(h.base, `/api/display/wix/product-recommendation/${PLAIN.poptin_id}`, { category: 'manual', manual_products: [second.product_id] });
    assert.equal(res.status, 200);
    const [product] = res.json.data.products;
    assert.equal(product.name, second.title);
    assert.equal(product.hasVariants, true);
    assert.equal(product.discountedPrice, variant(second).price / 100);
    assert.equal(product.inStock, true);
  });

  test('unknown pop-up is 404', async () => {
    const res = await postForm(h.base, '/api/display/shopify/product-recommendation/nosuchpoptin1', { category: 'manual' });
    assert.equal(res.status, 404);
  });
});
