import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cartTriggerFires, cartTriggerOf, type CartTrigger } from '../../../shared/logic/cart-trigger.ts';
import { isCartCall, parseCart, parseWixCart, sameCart, type CartLine, type CartSnapshot } from '../../../shared/logic/cart.ts';
import { STORE_PATH } from '../../../shared/constants/products.ts';
import { STORE_LIMITS } from '../../../shared/constants/store.ts';

const UNIT = STORE_LIMITS.CENTS_PER_UNIT;
const line = (variant: number | string, product: number | string, quantity: number, unit = 10 * UNIT): CartLine => ({
  variant_id: String(variant),
  product_id: String(product),
  quantity,
  line_price: quantity * unit,
});
const cart = (...items: CartLine[]): CartSnapshot => ({
  items,
  item_count: items.reduce((sum, item) => sum + item.quantity, 0),
  total_price: items.reduce((sum, item) => sum + item.line_price, 0),
});
const EMPTY = cart();
/** A Wix Stores product id (a GUID). */
const WIX_PRODUCT = 'c8539b66-7a44-fe18-affc-afec4be8562a';
const trigger = (fields: Record<string, string | number>): CartTrigger => {
  const result = cartTriggerOf(fields);
  assert.ok(result && 'trigger' in result, JSON.stringify(result));
  return result.trigger;
};

describe('cartTriggerOf', () => {
  it('is null without an action; any_product, greater_than_or_equal and no value by default', () => {
    assert.equal(cartTriggerOf({}), null);
    assert.equal(cartTriggerOf({ shopify_cart_trigger_action: '' }), null);
    assert.deepEqual(trigger({ shopify_cart_trigger_action: 'added_product' }), { action: 'added_product', products: 'any_product', filter: 'greater_than_or_equal', value: null });
  });

  it('reads empty_cart, a comma-separated id list (spaces allowed) and a value given as text', () => {
    assert.equal(trigger({ shopify_cart_trigger_action: 'cart_item', shopify_cart_trigger_products: 'empty_cart' }).products, 'empty_cart');
    assert.deepEqual(trigger({ shopify_cart_trigger_action: 'cart_item', shopify_cart_trigger_products: '41001, 7002' }).products, ['41001', '7002']);
    // A Wix-style store's ids are GUIDs.
    assert.deepEqual(trigger({ shopify_cart_trigger_action: 'added_product', shopify_cart_trigger_products: WIX_PRODUCT }).products, [WIX_PRODUCT]);
    assert.equal(trigger({ shopify_cart_trigger_action: 'cart_value', shopify_cart_trigger_cart_spec_value: '49.5' }).value, 49.5);
  });

  it('names the bad field of a malformed trigger', () => {
    const error = (fields: Record<string, string | number>) => {
      const result = cartTriggerOf(fields);
      assert.ok(result && 'error' in result);
      return result.error;
    };
    assert.match(error({ shopify_cart_trigger_action: 'bought' }), /^shopify_cart_trigger_action:/);
    assert.match(error({ shopify_cart_trigger_action: 'cart_item', shopify_cart_trigger_products: '41001,kites' }), /^shopify_cart_trigger_products:/);
    assert.match(error({ shopify_cart_trigger_action: 'cart_value', shopify_cart_trigger_cart_spec_filter: 'less_than', shopify_cart_trigger_cart_spec_value: 1 }), /^shopify_cart_trigger_cart_spec_filter:/);
    assert.match(error({ shopify_cart_trigger_action: 'cart_value', shopify_cart_trigger_cart_spec_value: 'lots' }), /^shopify_cart_trigger_cart_spec_value:/);
    assert.match(error({ shopify_cart_trigger_action: 'cart_value', shopify_cart_trigger_cart_spec_value: -1 }), /^shopify_cart_trigger_cart_spec_value:/);
    assert.match(error({ shopify_cart_trigger_action: 'cart_value' }), /needs a value/);
  });
});

describe('cartTriggerFires', () => {
  it('added_product: a product of the list went up; any product; never on the first read', () => {
    const any = trigger({ shopify_cart_trigger_action: 'added_product' });
    assert.equal(cartTriggerFires(any, EMPTY, cart(line(1, 10, 1))), true);
    assert.equal(cartTriggerFires(any, cart(line(1, 10, 1)), cart(line(1, 10, 2))), true);
    assert.equal(cartTriggerFires(any, cart(line(1, 10, 2)), cart(line(1, 10, 1))), false);
    assert.equal(cartTriggerFires(any, null, cart(line(1, 10, 1))), false);
    const byProduct = trigger({ shopify_cart_trigger_action: 'added_product', shopify_cart_trigger_products: '20' });
    assert.equal(cartTriggerFires(byProduct, EMPTY, cart(line(1, 10, 1))), false);
    assert.equal(cartTriggerFires(byProduct, EMPTY, cart(line(2, 20, 1))), true, 'by product id');
    const byVariant = trigger({ shopify_cart_trigger_action: 'added_product', shopify_cart_trigger_products: '3,2' });
    assert.equal(cartTriggerFires(byVariant, EMPTY, cart(line(2, 20, 1))), true, 'by variant id');
  });

  it('added_product with empty_cart: the first product into an empty cart', () => {
    const first = trigger({ shopify_cart_trigger_action: 'added_product', shopify_cart_trigger_products: 'empty_cart' });
    assert.equal(cartTriggerFires(first, EMPTY, cart(line(1, 10, 1))), true);
    assert.equal(cartTriggerFires(first, cart(line(1, 10, 1)), cart(line(1, 10, 2))), false);
  });

  it('removed_product: a product of the list went down or left; empty_cart: the last one left', () => {
    const any = trigger({ shopify_cart_trigger_action: 'removed_product' });
    assert.equal(cartTriggerFires(any, cart(line(1, 10, 2)), cart(line(1, 10, 1))), true);
    assert.equal(cartTriggerFires(any, cart(line(1, 10, 1), line(2, 20, 1)), cart(line(2, 20, 1))), true);
    assert.equal(cartTriggerFires(any, cart(line(1, 10, 1)), cart(line(1, 10, 2))), false);
    assert.equal(cartTriggerFires(any, null, EMPTY), false);
    const other = trigger({ shopify_cart_trigger_action: 'removed_product', shopify_cart_trigger_products: '2' });
    assert.equal(cartTriggerFires(other, cart(line(1, 10, 2)), cart(line(1, 10, 1))), false);
    const emptied = trigger({ shopify_cart_trigger_action: 'removed_product', shopify_cart_trigger_products: 'empty_cart' });
    assert.equal(cartTriggerFires(emptied, cart(line(1, 10, 1)), EMPTY), true);
    assert.equal(cartTriggerFires(emptied, cart(line(1, 10, 2)), cart(line(1, 10, 1))), false);
  });

  it('cart_item: the cart holds the products, counted by the filter and value; empty_cart: the cart is empty', () => {
    const holds = trigger({ shopify_cart_trigger_action: 'cart_item', shopify_cart_trigger_products: '10' });
    assert.equal(cartTriggerFires(holds, null, cart(line(1, 10, 1))), true, 'on the first read too');
    assert.equal(cartTriggerFires(holds, null, cart(line(2, 20, 1))), false);
    const three = (filter: string) => trigger({ shopify_cart_trigger_action: 'cart_item', shopify_cart_trigger_cart_spec_filter: filter, shopify_cart_trigger_cart_spec_value: 3 });
    const withItems = (count: number) => cart(line(1, 10, count));
    assert.deepEqual([2, 3, 4].map((count) => cartTriggerFires(three('greater_than'), null, withItems(count))), [false, false, true]);
    assert.deepEqual([2, 3, 4].map((count) => cartTriggerFires(three('equal'), null, withItems(count))), [false, true, false]);
    assert.deepEqual([2, 3, 4].map((count) => cartTriggerFires(three('greater_than_or_equal'), null, withItems(count))), [false, true, true]);
    const empty = trigger({ shopify_cart_trigger_action: 'cart_item', shopify_cart_trigger_products: 'empty_cart' });
    assert.equal(cartTriggerFires(empty, null, EMPTY), true);
    assert.equal(cartTriggerFires(empty, null, withItems(1)), false);
  });

  it('cart_value: the total in the currency\'s units by the filter; a list of ids sums its own lines', () => {
    const over = (filter: string, value: number) => trigger({ shopify_cart_trigger_action: 'cart_value', shopify_cart_trigger_cart_spec_filter: filter, shopify_cart_trigger_cart_spec_value: value });
    const twenty = cart(line(1, 10, 2)); // 2 x 10 units
    assert.equal(cartTriggerFires(over('greater_than', 20), null, twenty), false);
    assert.equal(cartTriggerFires(over('greater_than', 19.99), null, twenty), true);
    assert.equal(cartTriggerFires(over('equal', 20), null, twenty), true);
    assert.equal(cartTriggerFires(over('greater_than_or_equal', 20), null, twenty), true);
    assert.equal(cartTriggerFires(over('greater_than_or_equal', 20.01), null, twenty), false);
    // The cart's own total counts for any product (a discount lowers it); a list counts its lines.
    assert.equal(cartTriggerFires(over('greater_than_or_equal', 20), null, { ...twenty, total_price: 18 * UNIT }), false);
    const listed = trigger({ shopify_cart_trigger_action: 'cart_value', shopify_cart_trigger_products: '2', shopify_cart_trigger_cart_spec_value: 15 });
    assert.equal(cartTriggerFires(listed, null, cart(line(1, 10, 2), line(2, 20, 1))), false);
    assert.equal(cartTriggerFires(listed, null, cart(line(1, 10, 2), line(2, 20, 2))), true);
  });
});

describe('parseCart, sameCart', () => {
  it('reads a /cart.js answer and refuses a malformed one', () => {
    const body = { token: 't', items: [{ id: 1, variant_id: 1, product_id: 10, quantity: 2, line_price: 2000, title: 'Kite' }], item_count: 2, total_price: 2000 };
    assert.deepEqual(parseCart(body), cart(line(1, 10, 2)));
    for (const bad of [null, 'cart', {}, { ...body, items: 'none' }, { ...body, total_price: -1 }, { ...body, item_count: 1.5 }, { ...body, items: [{ variant_id: '1', product_id: 10, quantity: 1, line_price: 1 }] }, { ...body, items: [null] }]) {
      assert.equal(parseCart(bad), null, JSON.stringify(bad));
    }
  });

  it('two reads are the same cart when total, count and every line agree, in any order', () => {
    assert.equal(sameCart(cart(line(1, 10, 1), line(2, 20, 1)), cart(line(2, 20, 1), line(1, 10, 1))), true);
    assert.equal(sameCart(cart(line(1, 10, 1)), cart(line(1, 10, 2))), false);
    assert.equal(sameCart(cart(line(1, 10, 1)), { ...cart(line(1, 10, 1)), total_price: 1 }), false);
    assert.equal(sameCart(cart(line(1, 10, 1)), cart(line(2, 10, 1))), false);
  });
});

describe('isCartCall', () => {
  const base = 'https://shop.example/products/kite';
  it('is a POST to cart/add, change, update or clear, with or without .js, at the root or a locale root, on this origin', () => {
    for (const path of ['/cart/add.js', '/cart/add', '/cart/change.js', '/cart/update.js', '/cart/clear.js', '/cart/clear', '/fr/cart/add.js', '/fr-ca/cart/change.js', 'https://shop.example/cart/update.js?sections=x']) {
      assert.equal(isCartCall(path, 'POST', base), true, path);
      assert.equal(isCartCall(path, 'post', base), true, path);
    }
  });
  it('is not a read, another path, another origin or another method', () => {
    for (const path of ['/cart.js', '/cart', '/cart/add.json', '/cart/adds.js', '/api/cart/add.js', 'https://other.example/cart/add.js', 'http://[bad']) {
      assert.equal(isCartCall(path, 'POST', base), false, path);
    }
    assert.equal(isCartCall('/cart/add.js', 'GET', base), false);
  });
  it("is, on a Wix-style store, a POST that makes a cart or adds, removes or changes its lines; reading the current cart is not", () => {
    for (const path of [STORE_PATH.WIX_CARTS, `${STORE_PATH.WIX_CARTS}/42/add-to-cart`, `${STORE_PATH.WIX_CARTS}/current/add-to-cart`, `${STORE_PATH.WIX_CARTS}/${WIX_PRODUCT}/remove-line-items`, `${STORE_PATH.WIX_CARTS}/current/update-line-items-quantity`]) {
      assert.equal(isCartCall(path, 'POST', base), true, path);
    }
    for (const path of [`${STORE_PATH.WIX_CARTS}/current`, `${STORE_PATH.WIX_CARTS}/add-to-cart`, `${STORE_PATH.WIX_CARTS}/42/checkout`, `${STORE_PATH.WIX_CARTS}s`, `https://other.example${STORE_PATH.WIX_CARTS}`]) {
      assert.equal(isCartCall(path, 'POST', base), false, path);
    }
    assert.equal(isCartCall(STORE_PATH.WIX_CARTS, 'GET', base), false);
  });
});

describe('parseWixCart', () => {
  const wixLine = (productId: string, variantId: string | null, quantity: number, amount: string) => ({
    id: `line-${productId}`,
    quantity,
    catalogReference: { appId: STORE_PATH.WIX_STORES_APP_ID, catalogItemId: productId, ...(variantId ? { options: { variantId } } : {}) },
    price: { amount },
  });
  const body = { cart: { id: 'c1', currency: 'EUR', lineItems: [wixLine(WIX_PRODUCT, '00000000-0000-0000-0000-000000000001', 2, '12.50'), wixLine('7', null, 1, '30')], subtotal: { amount: '55.00' } } };

  it('reads a carts/current answer: a line\'s variant (the product when it has none), its unit price times its quantity, the subtotal as the total, in cents', () => {
    assert.deepEqual(parseWixCart(body), {
      items: [
        { variant_id: '00000000-0000-0000-0000-000000000001', product_id: WIX_PRODUCT, quantity: 2, line_price: 25 * UNIT },
        { variant_id: '7', product_id: '7', quantity: 1, line_price: 30 * UNIT },
      ],
      item_count: 3,
      total_price: 55 * UNIT,
    });
  });

  it('refuses what is not a cart', () => {
    const lineWith = (change: Record<string, unknown>) => ({ cart: { ...body.cart, lineItems: [{ ...wixLine('7', null, 1, '30'), ...change }] } });
    for (const bad of [null, {}, { cart: null }, { cart: { ...body.cart, lineItems: 'none' } }, { cart: { ...body.cart, subtotal: { amount: 'lots' } } }, lineWith({ quantity: -1 }), lineWith({ price: { amount: 30 } }), lineWith({ catalogReference: {} })]) {
      assert.equal(parseWixCart(bad), null, JSON.stringify(bad));
    }
  });
});
