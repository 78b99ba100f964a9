/**
 * What the store integration remembers about the shopper (widget spec section 3 "Client storage",
 * issue 18 item 4): the products in the cart, the products browsed for browse abandonment, and
 * the store's signed-in customer (the recently viewed ones: recent-products.ts). Only the store's lazy chunk runs these,
 * and only in a widget run, which starts after consent (shared/widget/start.ts): nothing here is
 * written before it.
 */
import { COOKIE } from '../constants/widget.ts';
import { BROWSE_ABANDONMENT_SOURCE, STORE_LIMITS, STORE_STORAGE } from '../constants/store.ts';
import { apiUrl } from '../api/url.ts';
import { days, getCookie, safeStorage, setCookie } from '../storage/storage.ts';
import type { CartSnapshot } from '../logic/cart.ts';

const LIST_SEPARATOR = ',';

/** The variants in the settled cart, in the cart-product cookie; an empty cart removes it. */
export function rememberCartProducts(cart: CartSnapshot): void {
  const ids = cart.items.map((line) => String(line.variant_id)).join(LIST_SEPARATOR);
  setCookie(STORE_STORAGE.CART_PRODUCT_COOKIE, ids, ids ? days(STORE_LIMITS.PRODUCT_COOKIE_DAYS) : 0);
}

/** The store's signed-in customer, kept for the account session; the one kept before when the page does not say. */
export function accountCustomer(pageCustomerId: string | null): string | null {
  if (pageCustomerId) setCookie(STORE_STORAGE.ACCOUNT_SESSION_COOKIE, pageCustomerId, days(COOKIE.ACCOUNT_SESSION_DAYS));
  return pageCustomerId ?? getCookie(STORE_STORAGE.ACCOUNT_SESSION_COOKIE);
}

/** A browsed product (section 3 "Browse-abandonment product"). */
export interface BrowsedProduct {
  product_id: string;
  product_name: string;
  category: string;
}

const isBrowsedProduct = (value: unknown): value is BrowsedProduct =>
  !!value && typeof value === 'object' && ['product_id', 'product_name', 'category'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

/** The products waiting for the browse-abandonment save, oldest first; a damaged list reads as empty. */
export function browsedProducts(): BrowsedProduct[] {
  try {
    const list: unknown = JSON.parse(safeStorage.get(STORE_STORAGE.BROWSE_ABANDONMENT_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter(isBrowsedProduct) : [];
  } catch {
    return [];
  }
}

const keepBrowsed = (products: BrowsedProduct[]) =>
  products.length ? safeStorage.set(STORE_STORAGE.BROWSE_ABANDONMENT_KEY, JSON.stringify(products)) : safeStorage.remove(STORE_STORAGE.BROWSE_ABANDONMENT_KEY);

/** A product page seen: its product joins the waiting list (once, as the newest; the oldest go past the limit). */
export function keepBrowsedProduct(product: BrowsedProduct): void {
  const clip = (text: string) => text.slice(0, STORE_LIMITS.PRODUCT_TEXT_MAX_CHARS);
  const entry = { product_id: product.product_id, product_name: clip(product.product_name), category: clip(product.category) };
  const others = browsedProducts().filter((kept) => kept.product_id !== entry.product_id);
  keepBrowsed([...others, entry].slice(-STORE_LIMITS.BROWSED_PRODUCTS_MAX));
}

/**
 * Saves the waiting products (POST /api/display/wix/save-ordered-products, widget spec section 7:
 * client_id, customer_id, products, source_table=browse_abandonment) and takes them off the list
 * once the server took them. A failed save leaves them waiting: the next page saves them again,
 * so none is dropped. Resolves with whether the save was taken (true when nothing waited).
 */
export async function saveBrowsedProducts(api: string, clientId: string, customerId: string | null): Promise<boolean> {
  const products = browsedProducts();
  if (!products.length) return true;
  try {
    const response = await fetch(apiUrl(api, '/api/display/wix/save-ordered-products'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: clientId, customer_id: customerId ?? undefined, products, source_table: BROWSE_ABANDONMENT_SOURCE }),
      credentials: 'omit',
      keepalive: true,
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  } catch (error) {
    console.warn(`Kite: browse-abandonment save failed, kept for the next page: ${(error as Error).message}`);
    return false;
  }
  // Products browsed while the save was under way (another tab) stay for the next one.
  const sent = new Set(products.map((product) => product.product_id));
  keepBrowsed(browsedProducts().filter((product) => !sent.has(product.product_id)));
  return true;
}
