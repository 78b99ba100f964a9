/**
 * Product recommendations and add to cart on both store platforms (widget spec sections 3
 * "Product recommendation settings", 4 "Product recommendation", 5, 7, 8 and 9). In a module of
 * its own so these numbers travel with the recommendations chunk, not the widget's start code.
 */

/** The two store platforms the widget integrates with (section 1). */
export const STORE_PLATFORMS = ['shopify', 'wix'] as const;
export type StorePlatform = (typeof STORE_PLATFORMS)[number];

/** Cards and their texts, sections 5 and 9. */
export const PRODUCT_CARDS = {
  /** "product cards max 3". */
  MAX: 3,
  /** "Product title cut to 50 characters with ellipsis (Shopify-style)". */
  SHOPIFY_TITLE_MAX_CHARS: 50,
  /** "... or 18 (Wix-style)". */
  WIX_TITLE_MAX_CHARS: 18,
  /** "Wix description stripped of markup and cut to 64". */
  WIX_DESCRIPTION_MAX_CHARS: 64,
  /** What a cut text ends with (one character, counted in the limit). */
  ELLIPSIS: '…',
  /** "Currency symbol table ..., USD default": the ISO code used when the answer names none. */
  DEFAULT_CURRENCY: 'USD',
} as const;

/** Recommendation settings, section 3 "Product recommendation settings". */
export const RECOMMENDATION = {
  /** The categories; `algorithm_id_*` (Wix side) is any category starting with the prefix. */
  CATEGORIES: ['manual', 'product_collection', 'last_visited', 'product_in_cart'],
  ALGORITHM_PREFIX: 'algorithm_id_',
  /** What a card's button does. */
  BUTTONS_ACTIONS: ['add_to_cart', 'add_to_cart_redirect', 'redirect', 'redirect_blank', 'no_buttons'],
} as const;

/** The store calls on the page's own origin (section 7). */
export const STORE_PATH = {
  SHOPIFY_CART: '/cart.js',
  SHOPIFY_ADD: '/cart/add.js',
  /** Where `add_to_cart_redirect` goes on a Shopify-style store. */
  SHOPIFY_CART_PAGE: '/cart',
  /** Wix-style ecommerce carts: `{WIX_CARTS}/current`, `{WIX_CARTS}`, `{WIX_CARTS}/{id}/add-to-cart`. */
  WIX_CARTS: '/_api/ecom/v1/carts',
  /** Where `add_to_cart_redirect` goes on a Wix-style store (Wix's own cart page). */
  WIX_CART_PAGE: '/cart-page',
  /** The Wix Stores app id a line item's `catalogReference.appId` names. */
  WIX_STORES_APP_ID: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
} as const;

/** Console messages, section 8 "The error catalogue", word for word. */
export const STORE_LOG = {
  FETCH_FAILED: { shopify: 'Failed to fetch shopify data', wix: 'Failed to fetch wix data' },
  ADD_TO_CART_ERROR: 'add to cart error',
} as const;

/** `wix_add_to_cart`: "one string of 4 parts separated by @" (section 3 "design_properties"). */
export const WIX_ADD_TO_CART = { SEPARATOR: '@', PARTS: 4 } as const;

/**
 * The pop-up's own add to cart on submit: "add_to_cart and numbered variants, wix_add_to_cart and
 * variants" (section 3 "design_properties"). The spec names no numbers: ours are `add_to_cart_2`,
 * `add_to_cart_3`, ... (and `wix_add_to_cart_N`), added after the unnumbered one in number order.
 */
export const POPTIN_CART = {
  /** A setting's key: the platform's name, then `_N` for a numbered variant. */
  SHOPIFY_KEY: 'add_to_cart',
  WIX_KEY: 'wix_add_to_cart',
  /** Ours: at most this many lines are added by one submit (settings past it are left out). */
  LINES_MAX: 10,
} as const;
