/**
 * Reads the recently viewed products the `last_visited` category shows (widget spec sections 3
 * "Client storage" and 4 "Product recommendation"): the Shopify-style cookie of variant ids, or the
 * Wix-style local-storage comma list. Only read here: the product-tracking code writes them, after consent.
 */
import type { StorePlatform } from '../constants/products.ts';
import { STORE_STORAGE } from '../constants/store.ts';
import { recentProductIds } from '../logic/products.ts';
import { getCookie, safeStorage } from '../storage/storage.ts';

/** The newest recently viewed ids of `platform`'s store (at most 3). */
export const readRecentProductIds = (platform: StorePlatform): string[] =>
  recentProductIds(platform === 'wix' ? safeStorage.get(STORE_STORAGE.RECENT_WIX_KEY) : getCookie(STORE_STORAGE.RECENT_SHOPIFY_COOKIE));
