/**
 * The Shopify cart trigger (widget spec section 3 "Shopify cart trigger"), on either store platform
 * (a Wix-style store's cart is watched the same way): whether a cart change fires a pop-up. Pure: the cart before (null on the first read of the page), the cart after, the
 * record's settings. Documented for site owners in docs/poptin-record.md "Cart trigger".
 */
import { STORE_LIMITS } from '../constants/store.ts';
import type { CartLine, CartSnapshot } from './cart.ts';

export const CART_TRIGGER_ACTIONS = ['added_product', 'removed_product', 'cart_item', 'cart_value'] as const;
export const CART_TRIGGER_FILTERS = ['greater_than', 'equal', 'greater_than_or_equal'] as const;
/** `shopify_cart_trigger_products` values that are not a list of ids. */
export const CART_TRIGGER_PRODUCTS = { ANY: 'any_product', EMPTY_CART: 'empty_cart' } as const;

/** A product or variant id of the trigger's list: Shopify's are numbers, Wix's GUIDs. */
const PRODUCT_ID = /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export type CartTriggerAction = (typeof CART_TRIGGER_ACTIONS)[number];
export type CartTriggerFilter = (typeof CART_TRIGGER_FILTERS)[number];

/** The record's `shopify_cart_trigger_*` fields, as a pop-up record carries them. */
export interface CartTriggerFields {
  shopify_cart_trigger_action?: string;
  shopify_cart_trigger_products?: string;
  shopify_cart_trigger_cart_spec_filter?: string;
  shopify_cart_trigger_cart_spec_value?: number | string;
}

/** A checked cart trigger. */
export interface CartTrigger {
  action: CartTriggerAction;
  /** `any_product`, `empty_cart`, or the variant and product ids it is about. */
  products: typeof CART_TRIGGER_PRODUCTS.ANY | typeof CART_TRIGGER_PRODUCTS.EMPTY_CART | string[];
  filter: CartTriggerFilter;
  /** Items (cart_item) or money in the currency's units (cart_value); null: cart_item's "at least one". */
  value: number | null;
}

/**
 * The record's cart trigger: null when it has none, or an error naming the bad field (the pop-up
 * then keeps its other triggers and this one is skipped with a console warning).
 */
export function cartTriggerOf(fields: CartTriggerFields): { trigger: CartTrigger } | { error: string } | null {
  const action = fields.shopify_cart_trigger_action;
  if (action === undefined || action === '') return null;
  if (!(CART_TRIGGER_ACTIONS as readonly string[]).includes(action)) return { error: `shopify_cart_trigger_action: unknown action ${JSON.stringify(action)}` };
  const rawProducts = (fields.shopify_cart_trigger_products ?? CART_TRIGGER_PRODUCTS.ANY).trim();
  const ids = rawProducts.split(',').map((id) => id.trim()).filter(Boolean);
  const products =
    rawProducts === CART_TRIGGER_PRODUCTS.ANY || rawProducts === '' ? CART_TRIGGER_PRODUCTS.ANY : rawProducts === CART_TRIGGER_PRODUCTS.EMPTY_CART ? CART_TRIGGER_PRODUCTS.EMPTY_CART : ids;
  if (Array.isArray(products) && !products.every((id) => PRODUCT_ID.test(id))) return { error: 'shopify_cart_trigger_products: expected any_product, empty_cart or comma-separated ids' };
  const filter = fields.shopify_cart_trigger_cart_spec_filter || 'greater_than_or_equal';
  if (!(CART_TRIGGER_FILTERS as readonly string[]).includes(filter)) return { error: `shopify_cart_trigger_cart_spec_filter: unknown filter ${JSON.stringify(filter)}` };
  const rawValue = fields.shopify_cart_trigger_cart_spec_value;
  const value = rawValue === undefined || rawValue === '' ? null : Number(rawValue);
  if (value !== null && !(Number.isFinite(value) && value >= 0)) return { error: 'shopify_cart_trigger_cart_spec_value: expected a number, 0 or more' };
  if (action === 'cart_value' && value === null && products !== CART_TRIGGER_PRODUCTS.EMPTY_CART) return { error: 'shopify_cart_trigger_cart_spec_value: cart_value needs a value' };
  return { trigger: { action: action as CartTriggerAction, products, filter: filter as CartTriggerFilter, value } };
}

const compare = (actual: number, filter: CartTriggerFilter, value: number) =>
  filter === 'greater_than' ? actual > value : filter === 'equal' ? actual === value : actual >= value;

/** The cart's lines the trigger is about. */
const linesOf = (cart: CartSnapshot, products: CartTrigger['products']): CartLine[] =>
  Array.isArray(products) ? cart.items.filter((line) => products.includes(line.variant_id) || products.includes(line.product_id)) : cart.items;

const quantityOf = (cart: CartSnapshot | null, variantId: string) => cart?.items.find((line) => line.variant_id === variantId)?.quantity ?? 0;

/** The variants of `products` whose quantity went up from `before` to `after` (`sign` 1), or down (`sign` -1). */
function moved(products: CartTrigger['products'], before: CartSnapshot, after: CartSnapshot, sign: 1 | -1): boolean {
  const variants = new Set([...linesOf(before, products), ...linesOf(after, products)].map((line) => line.variant_id));
  return [...variants].some((id) => Math.sign(quantityOf(after, id) - quantityOf(before, id)) === sign);
}

/**
 * Whether the cart going from `before` to `after` fires the trigger:
 * - `added_product` / `removed_product`: one of the products' quantity went up / down (empty_cart:
 *   the first product went into an empty cart / the last one left). Never on the page's first read.
 * - `cart_item`: the cart holds the products, as many as the filter and value say (no value: at
 *   least one); empty_cart: the cart is empty.
 * - `cart_value`: the products' total (the whole cart for any_product) compared by the filter with
 *   the value in the currency's units; empty_cart: the cart is empty.
 */
export function cartTriggerFires(trigger: CartTrigger, before: CartSnapshot | null, after: CartSnapshot): boolean {
  const empty = trigger.products === CART_TRIGGER_PRODUCTS.EMPTY_CART;
  switch (trigger.action) {
    case 'added_product':
      if (!before) return false;
      return empty ? before.item_count === 0 && after.item_count > 0 : moved(trigger.products, before, after, 1);
    case 'removed_product':
      if (!before) return false;
      return empty ? before.item_count > 0 && after.item_count === 0 : moved(trigger.products, before, after, -1);
    case 'cart_item': {
      if (empty) return after.item_count === 0;
      const items = linesOf(after, trigger.products).reduce((sum, line) => sum + line.quantity, 0);
      return trigger.value === null ? items > 0 : compare(items, trigger.filter, trigger.value);
    }
    case 'cart_value': {
      if (empty) return after.item_count === 0;
      const lines = linesOf(after, trigger.products);
      // Any product: the cart's own total (discounts included); a list: the sum of its lines.
      const cents = Array.isArray(trigger.products) ? lines.reduce((sum, line) => sum + line.line_price, 0) : after.total_price;
      return compare(cents / STORE_LIMITS.CENTS_PER_UNIT, trigger.filter, trigger.value ?? 0);
    }
  }
}
