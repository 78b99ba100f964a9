/**
 * The recently viewed products (widget spec section 3 "Client storage"): the Shopify-style cookie
 * of variant ids, or the Wix-style local-storage list of product ids, newest first. The product
 * pages write them (components/widget/store.ts, in a widget run: after consent); the `last_visited`
 * category reads them (widget spec section 4 "Product recommendation"). Reader and writer share
 * the names and the one parser here, so they cannot disagree on which end is the newest.
 */
import type { StorePlatform } from '../constants/products.ts';
import { STORE_LIMITS, STORE_STORAGE } from '../constants/store.ts';
import { days, getCookie, safeStorage, setCookie } from '../storage/storage.ts';

const LIST_SEPARATOR = ',';

/** A stored list (comma-separated, newest first) as ids: trimmed, each once, the newest 3. */
export const recentProductIds = (value: string | null): string[] =>
  [...new Set((value ?? '').split(LIST_SEPARATOR).map((id) => id.trim()))].filter(Boolean).slice(0, STORE_LIMITS.RECENT_PRODUCTS_MAX);

/** `list` with `id` put first, once, cut to the recent-products limit. */
export const withRecent = (list: string | null, id: string): string => recentProductIds(`${id}${LIST_SEPARATOR}${list ?? ''}`).join(LIST_SEPARATOR);

/** The newest recently viewed ids of `platform`'s store (at most 3). */
export const readRecentProductIds = (platform: StorePlatform): string[] =>
  recentProductIds(platform === 'wix' ? safeStorage.get(STORE_STORAGE.RECENT_WIX_KEY) : getCookie(STORE_STORAGE.RECENT_SHOPIFY_COOKIE));

/** A product page's id (a Shopify-style variant, a Wix-style product) put first in `platform`'s list. */
export function rememberRecentProduct(platform: StorePlatform, id: string): void {
  const list = withRecent(readRecentProductIds(platform).join(LIST_SEPARATOR), id);
  if (platform === 'wix') safeStorage.set(STORE_STORAGE.RECENT_WIX_KEY, list);
  else setCookie(STORE_STORAGE.RECENT_SHOPIFY_COOKIE, list, days(STORE_LIMITS.PRODUCT_COOKIE_DAYS));
}
