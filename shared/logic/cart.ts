/**
 * The Shopify-style cart as the widget reads it (widget spec section 7: GET /cart.js answers
 * items with variant_id and product_id, item_count and total_price in cents), and the page's own
 * cart calls the widget watches for (section 4 "Cart watching"). Pure.
 */

/** One cart line: what the cart triggers compare. */
export interface CartLine {
  variant_id: number;
  product_id: number;
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
    lines.push({ variant_id: item.variant_id, product_id: item.product_id, quantity: item.quantity, line_price: item.line_price });
  }
  return { items: lines, item_count, total_price };
}

/** Whether two reads answer the same cart: same total, and the same quantity of each variant. */
export function sameCart(a: CartSnapshot, b: CartSnapshot): boolean {
  if (a.total_price !== b.total_price || a.item_count !== b.item_count || a.items.length !== b.items.length) return false;
  return a.items.every((line) => b.items.some((other) => other.variant_id === line.variant_id && other.quantity === line.quantity && other.line_price === line.line_price));
}

/**
 * The page's cart calls that change the cart (Shopify's Ajax Cart API): POST to `cart/add`,
 * `cart/change`, `cart/update` or `cart/clear`, with or without `.js`, at the shop's root or
 * under a locale root (themes call `Shopify.routes.root + 'cart/add.js'`, and that root is `/fr/`
 * on a French page). Reads (`/cart.js`) and other paths are not cart calls.
 */
const CART_CALL_PATH = /^\/(?:[a-z]{2}(?:-[a-z]{2,4})?\/)?cart\/(?:add|change|update|clear)(?:\.js)?$/i;

/** Whether a request to `url` (absolute, or relative to `base`) with `method` is a cart call of this shop's origin. */
export function isCartCall(url: string, method: string, base: string): boolean {
  if (method.toUpperCase() !== 'POST') return false;
  try {
    const parsed = new URL(url, base);
    return parsed.origin === new URL(base).origin && CART_CALL_PATH.test(parsed.pathname);
  } catch {
    return false;
  }
}
