/**
 * Store integration numbers and names (widget spec sections 3 "Client storage", 4 "Cart
 * watching" and 9). Only the store's lazy chunks import this module.
 */
/** Cart watching, section 4 "Cart watching" and section 9 "Cart poll 100 ms". */
export const CART_WATCH = {
  /** "the store cart is polled every 100 ms" after a cart call is noticed. */
  POLL_MS: 100,
  /** Ours: the cart has settled when this many reads in a row answer the same cart. */
  SETTLED_READS: 2,
  /** Ours: at most this many reads after one cart call, whatever they answer (a cart that never settles). */
  MAX_READS: 20,
} as const;

/**
 * The console line of a cart that cannot be read, word for word (section 8: "logs 'Cart Error',
 * nothing else"): the cart watch's and the recommendations' cart alike. Here, not in
 * constants/products.ts, so a store page's cart watch does not fetch that module for one string.
 */
export const CART_READ_ERROR = 'Cart Error';

/** Cookie and storage names of the store integration, section 3 "Client storage": the one list its writers (shared/store/tracking.ts) and readers (the `last_visited` category) share. */
export const STORE_STORAGE = {
  /** Cookie: the variant ids of the Shopify-style product pages seen last, newest first, comma-separated. */
  RECENT_SHOPIFY_COOKIE: 'poptin_shopify_recent_product_id',
  /** Cookie: the variant ids in the Shopify-style cart, comma-separated, as the last settled cart read had them. */
  CART_PRODUCT_COOKIE: 'poptin_shopify_cart_product_id',
  /** Local storage: the Wix-style product ids seen last, newest first, comma-separated. */
  RECENT_WIX_KEY: 'poptin_wix_recent_product_id',
  /** Local storage: the browse-abandonment products not yet saved (JSON list). */
  BROWSE_ABANDONMENT_KEY: 'poptin_browse_abandonment_products',
  /** Cookie: the store's signed-in customer id, kept for pages that do not say it (section 9 "account session 30 days"). */
  ACCOUNT_SESSION_COOKIE: 'poptin_account_session',
} as const;

/** The browse-abandonment save's `source_table` (section 3 "Browse-abandonment product"). */
export const BROWSE_ABANDONMENT_SOURCE = 'browse_abandonment';

/** Limits of what the store integration keeps, section 9. */
export const STORE_LIMITS = {
  /** "Recent products kept: 3". */
  RECENT_PRODUCTS_MAX: 3,
  /** Shopify-style carts count money in cents (`total_price`); the cart-value trigger's value is in the currency's units. */
  CENTS_PER_UNIT: 100,
  /** Cookie lifetimes of the recent-products and cart-product cookies, days. Ours: the spec gives none; as the client id. */
  PRODUCT_COOKIE_DAYS: 365,
  /** Ours: browse-abandonment products kept waiting for the save at most (the oldest go first). */
  BROWSED_PRODUCTS_MAX: 20,
  /** Ours: the longest product name and category kept (the save's text fields take more). */
  PRODUCT_TEXT_MAX_CHARS: 200,
} as const;
