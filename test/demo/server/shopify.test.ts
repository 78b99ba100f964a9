/** The Shopify-style store's cart update, price rules and helper calls (issue 18 item 7). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CATALOGUE, money } from '../../../demo/server/catalogue.ts';
import { SERVER } from '../../../demo/server/constants.ts';
import { adminHeaders, call, fixtureRecord, harnessPerSuite, postJson, rawRequest, countOf } from './helpers.ts';

const h = harnessPerSuite();

const [classic, delta, line] = CATALOGUE.map((product) => product.variants[0]!) as [typeof CATALOGUE[0]['variants'][0], typeof CATALOGUE[0]['variants'][0], typeof CATALOGUE[0]['variants'][0]];
/** The seeded demo rule (migration 008). */
const RULE = { title: '10% off orders over $50', percent: 10, minCents: 5000 };

/** A shopper with the cart cookie the first write sets. */
function shopper() {
  let cookie = '';
  const send = async (path: string, body?: unknown) => {
    const res = await call(h.base, path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = new RegExp(`^${SERVER.CART_COOKIE}=([^;]+)`).exec(res.headers.get('set-cookie') ?? '');
    if (set) cookie = `${SERVER.CART_COOKIE}=${set[1]}`;
    return res;
  };
  return { send, cart: () => send('/cart.js'), hasCart: () => cookie !== '', cookie: () => cookie };
}
const quantities = (cart: { items: Array<{ variant_id: number; quantity: number }> }) => cart.items.map((item) => [item.variant_id, item.quantity]);

describe('POST /cart/update.js', () => {
  test('sets quantities by variant id: 0 removes a line, a new variant is added, the cart is answered', async () => {
    const s = shopper();
    await s.send('/cart/add.js', { items: [{ id: classic.variant_id, quantity: 1 }, { id: line.variant_id, quantity: 1 }] });
    const res = await s.send('/cart/update.js', { updates: { [classic.variant_id]: 3, [line.variant_id]: 0, [delta.variant_id]: 1 } });
    assert.equal(res.status, 200);
    assert.deepEqual(quantities(res.json), [[classic.variant_id, 3], [delta.variant_id, 1]]);
    assert.deepEqual(quantities((await s.cart()).json), quantities(res.json));
  });

  test('sets quantities by line, in cart order', async () => {
    const s = shopper();
    await s.send('/cart/add.js', { items: [{ id: classic.variant_id, quantity: 1 }, { id: line.variant_id, quantity: 1 }] });
    const res = await s.send('/cart/update.js', { updates: [2, 0] });
    assert.deepEqual(quantities(res.json), [[classic.variant_id, 2]]);
  });

  test('a first update that adds creates the cart; one that only removes creates none', async () => {
    const remover = shopper();
    const removed = await remover.send('/cart/update.js', { updates: { [classic.variant_id]: 0 } });
    assert.equal(removed.status, 200);
    assert.equal(removed.json.token, null);
    assert.equal(remover.hasCart(), false);
    const adder = shopper();
    const added = await adder.send('/cart/update.js', { updates: { [classic.variant_id]: 2 } });
    assert.equal(adder.hasCart(), true);
    assert.deepEqual(quantities(added.json), [[classic.variant_id, 2]]);
  });

  test('is refused with a reason, changing nothing: unknown variant, over the stock, more quantities than lines, a malformed body', async () => {
    const s = shopper();
    await s.send('/cart/add.js', { id: classic.variant_id, quantity: 1 });
    const unknown = await s.send('/cart/update.js', { updates: { [classic.variant_id]: 2, 99: 1 } });
    assert.equal(unknown.status, 422);
    assert.equal(unknown.json.description, 'Cannot find variant 99');
    const stock = await s.send('/cart/update.js', { updates: { [classic.variant_id]: classic.inventory_quantity + 1 } });
    assert.equal(stock.status, 422);
    const lines = await s.send('/cart/update.js', { updates: [1, 1] });
    assert.equal(lines.status, 400);
    for (const body of [{}, { updates: { kite: 1 } }, { updates: { [classic.variant_id]: -1 } }, { updates: 'all' }]) {
      const bad = await s.send('/cart/update.js', body);
      assert.equal(bad.status, 400, JSON.stringify(body));
      assert.match(bad.json.error, /^updates/);
    }
    assert.deepEqual(quantities((await s.cart()).json), [[classic.variant_id, 1]]);
  });
});

describe('price rules', () => {
  test('/cart.js applies the shop\'s rule from its subtotal on: original, discount and total', async () => {
    const s = shopper();
    await s.send('/cart/add.js', { id: classic.variant_id, quantity: 1 });
    const under = (await s.cart()).json;
    assert.equal(under.original_total_price, classic.price);
    assert.equal(under.total_discount, 0);
    assert.equal(under.total_price, classic.price);
    assert.deepEqual(under.cart_level_discount_applications, []);
    await s.send('/cart/add.js', { id: classic.variant_id, quantity: 1 });
    const over = (await s.cart()).json;
    const subtotal = classic.price * 2;
    assert.ok(subtotal >= RULE.minCents);
    const discount = Math.floor((subtotal * RULE.percent) / 100);
    assert.equal(over.original_total_price, subtotal);
    assert.equal(over.total_discount, discount);
    assert.equal(over.total_price, subtotal - discount);
    assert.deepEqual(over.cart_level_discount_applications, [{ type: 'automatic', title: RULE.title, total_allocated_amount: discount }]);
  });

  test('a host that is no shop gets no discount', async () => {
    const s = shopper();
    await s.send('/cart/add.js', { id: classic.variant_id, quantity: 2 });
    assert.ok((await s.cart()).json.total_discount > 0, 'the demo host is a shop');
    // fetch will not send another Host header; a plain request will.
    const res = await rawRequest(h.base, '/cart.js', { headers: { host: 'elsewhere.example', cookie: s.cookie() } });
    assert.equal(res.status, 200);
    const cart = JSON.parse(res.text) as { total_discount: number; total_price: number };
    assert.equal(cart.total_discount, 0);
    assert.equal(cart.total_price, classic.price * 2);
  });

  test('GET /api/display/shopify/price-rules/{clientId} lists them as Shopify price rules; 404 for an unknown client', async () => {
    const res = await call(h.base, '/api/display/shopify/price-rules/demo-shop');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.price_rules.map((rule: Record<string, unknown>) => ({ title: rule.title, value_type: rule.value_type, value: rule.value, from: (rule.prerequisite_subtotal_range as { greater_than_or_equal_to: string }).greater_than_or_equal_to })), [
      { title: RULE.title, value_type: 'percentage', value: (-RULE.percent).toFixed(1), from: money(RULE.minCents) },
    ]);
    assert.equal((await call(h.base, '/api/display/shopify/price-rules/nobody')).status, 404);
  });
});

describe('GET /api/display/shopify/client-id', () => {
  test('answers the client of a shop\'s domain; 404 for a domain that is no shop; 400 with a reason for a bad query', async () => {
    const known = await call(h.base, '/api/display/shopify/client-id?shop=127.0.0.1');
    assert.equal(known.status, 200);
    assert.deepEqual(known.json, { client_id: 'demo-shop' });
    assert.equal((await call(h.base, '/api/display/shopify/client-id?shop=LOCALHOST')).json.client_id, 'demo-shop');
    assert.equal((await call(h.base, '/api/display/shopify/client-id?shop=other.example')).status, 404);
    for (const [query, reason] of [['', /^shop: is required/], ['?shop=a/b', /^shop: must be a host name/], ['?shop=x&extra=1', /^extra: unknown field/]] as const) {
      const res = await call(h.base, `/api/display/shopify/client-id${query}`);
      assert.equal(res.status, 400, query);
      assert.match(res.json.error, reason);
    }
  });
});

describe('POST /api/display/shopify/browse-abandonment', () => {
  test('saves the products as the Wix-style save does; 4xx with a reason for a bad body or client', async () => {
    const rows = () => countOf(h.server, "SELECT count(*) AS n FROM ordered_products WHERE source_table = 'browse_abandonment'");
    const before = await rows();
    const body = { client_id: 'demo-client', customer_id: '77', products: [{ product_id: 7001, product_name: 'Classic Diamond Kite', category: 'Kites' }], source_table: 'browse_abandonment' };
    const res = await postJson(h.base, '/api/display/shopify/browse-abandonment', body);
    assert.equal(res.status, 200);
    assert.equal(await rows(), before + 1);
    const bad = await postJson(h.base, '/api/display/shopify/browse-abandonment', { ...body, products: 'kite' });
    assert.equal(bad.status, 400);
    assert.match(bad.json.error, /^products/);
    assert.equal((await postJson(h.base, '/api/display/shopify/browse-abandonment', { ...body, client_id: 'nobody' })).status, 404);
  });
});

describe('the record\'s cart trigger fields', () => {
  test('the server refuses a record whose cart trigger is malformed, naming the field', async () => {
    const record = fixtureRecord('carttrigger01', { shopify_cart_trigger_action: 'cart_value', shopify_cart_trigger_cart_spec_filter: 'less_than', shopify_cart_trigger_cart_spec_value: 50 });
    const res = await call(h.base, '/api/admin/poptins/carttrigger01', { method: 'PUT', headers: { 'Content-Type': 'application/json', ...adminHeaders() }, body: JSON.stringify({ record }) });
    assert.equal(res.status, 400);
    assert.match(res.json.error, /shopify_cart_trigger_cart_spec_filter/);
    const good = { ...record, shopify_cart_trigger_cart_spec_filter: 'greater_than' };
    const ok = await call(h.base, '/api/admin/poptins/carttrigger01', { method: 'PUT', headers: { 'Content-Type': 'application/json', ...adminHeaders() }, body: JSON.stringify({ record: good }) });
    assert.ok(ok.status < 300, JSON.stringify(ok.json));
  });
});
