/**
 * The store's cart as the widget reads it (widget spec section 7): Shopify-style `GET /cart.js`
 * answers items with variant_id and product_id, item_count and total_price in cents; Wix-style
 * `GET carts/current` answers `{ cart: { lineItems, subtotal } }` with prices as decimal text, or
 * 404 without a cart. And the page's own cart calls the widget watches for (section 4 "Cart
 * watching") on either platform. Pure.
 */
import { STORE_PATH } from '../constants/products.ts';
import { STORE_LIMITS } from '../constants/store.ts';

/** One cart line: what the cart triggers compare. Ids as text: Shopify's are numbers, Wix's are GUIDs. */
export interface CartLine {
  variant_id: string;
  product_id: string;
  quantity: number;
  /** Cents: the line's price times its quantity. */
  line_price: number;
}

/** A cart read: its lines, item count and total in cents. */
export interface CartSnapshot {
  items: CartLine[];
  item_count: number;
  /** Cents. */
  total_price: number;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** A /cart.js answer as a snapshot, or null when it is not one (the read then counts as failed). */
export function parseCart(body: unknown): CartSnapshot | null {
  if (!body || typeof body !== 'object') return null;
  const { items, item_count, total_price } = body as Record<string, unknown>;
  if (!Array.isArray(items) || !isCount(item_count) || !isCount(total_price)) return null;
  const lines: CartLine[] = [];
  for (const item of items as Array<Record<string, unknown> | null>) {
    if (!item || !isCount(item.variant_id) || !isCount(item.product_id) || !isCount(item.quantity) || !isCount(item.line_price)) return null;
    lines.push({ variant_id: String(item.variant_id), product_id: String(item.product_id), quantity: item.quantity, line_price: item.line_price });
  }
  return { items: lines, item_count, total_price };
}

/** The empty cart: what a Wix-style store's 404 on `carts/current` means. */
export const EMPTY_CART: CartSnapshot = { items: [], item_count: 0, total_price: 0 };

const record = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' ? (value as Record<string, unknown>) : null);
const idOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : null);
/** A Wix price (`{ amount: "12.50" }`) in cents; null when it is not one. */
function centsOf(price: unknown): number | null {
  const amount = record(price)?.amount;
  const units = typeof amount === 'string' && /^\d+(?:\.\d+)?$/.test(amount) ? Number(amount) : NaN;
  return Number.isFinite(units) ? Math.round(units * STORE_LIMITS.CENTS_PER_UNIT) : null;
}

/**
 * A Wix-style `carts/current` answer as a snapshot, or null when it is not one. A line's variant is
 * its catalogue reference's `options.variantId` (a product without variants: the product itself);
 * `price` is the unit price, so a line costs it times the quantity; the cart's total is its subtotal.
 */
export function parseWixCart(body: unknown): CartSnapshot | null {
  const cart = record(record(body)?.cart);
  const total = centsOf(cart?.subtotal);
  if (!cart || !Array.isArray(cart.lineItems) || total === null || total < 0) return null;
  const lines: CartLine[] = [];
  for (const item of cart.lineItems as unknown[]) {
    const line = record(item);
    const reference = record(line?.catalogReference);
    const productId = idOf(reference?.catalogItemId);
    const variantId = idOf(record(reference?.options)?.variantId) ?? productId;
    const unit = centsOf(line?.price);
    const quantity = line?.quantity;
    if (!productId || !variantId || unit === null || !isCount(quantity)) return null;
    lines.push({ variant_id: variantId, product_id: productId, quantity, line_price: unit * quantity });
  }
  return { items: lines, item_count: lines.reduce((sum, line) => sum + line.quantity, 0), total_price: total };
}

/** Whether two reads answer the same cart: same total, and the same quantity of each variant. */
export function sameCart(a: CartSnapshot, b: CartSnapshot): boolean {
  if (a.total_price !== b.total_price || a.item_count !== b.item_count || a.items.length !== b.items.length) return false;
  return a.items.every((line) => b.items.some((other) => other.variant_id === line.variant_id && other.quantity === line.quantity && other.line_price === line.line_price));
}

/**
 * The page's cart calls that change the cart. Shopify's Ajax Cart API: POST to `cart/add`,
 * `cart/change`, `cart/update` or `cart/clear`, with or without `.js`, at the shop's root or
 * under a locale root (themes call `Shopify.routes.root + 'cart/add.js'`, and that root is `/fr/`
 * on a French page). Wix's eCommerce carts: POST `carts` (a new cart) and POST
 * `carts/{id or current}/add-to-cart`, `remove-line-items` or `update-line-items-quantity`.
 * Reads (`/cart.js`, `carts/current`) and other paths are not cart calls.
 */
const SHOPIFY_CART_CALL_PATH = /^\/(?:[a-z]{2}(?:-[a-z]{2,4})?\/)?cart\/(?:add|change|update|clear)(?:\.js)?$/i;
const WIX_CART_CALL_PATH = /^\/[^/]+\/(?:add-to-cart|remove-line-items|update-line-items-quantity)$|^$/;
const isWixCartCall = (pathname: string) =>
  pathname.startsWith(STORE_PATH.WIX_CARTS) && WIX_CART_CALL_PATH.test(pathname.slice(STORE_PATH.WIX_CARTS.length));

/** Whether a request to `url` (absolute, or relative to `base`) with `method` is a cart call of this shop's origin. */
export function isCartCall(url: string, method: string, base: string): boolean {
  if (method.toUpperCase() !== 'POST') return false;
  try {
    const parsed = new URL(url, base);
    return parsed.origin === new URL(base).origin && (SHOPIFY_CART_CALL_PATH.test(parsed.pathname) || isWixCartCall(parsed.pathname));
  } catch {
    return false;
  }
}
