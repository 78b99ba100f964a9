import { defineElement, reactElement } from '../../shared/dom/react-element.ts';
import { productRecommendationsStyles } from './product-recommendations.styles.ts';
import { ProductRecommendationsView } from './product-recommendations.view.tsx';

/**
 * Up to 3 product cards from a Shopify-style or Wix-style store. The same block renders inside
 * a pop-up whose record has a `products` block (docs/content-blocks.md).
 *
 * It asks the display API (`POST {api}/api/display/{store}/product-recommendation/{poptin-id}`,
 * docs/display-api.md) for the `category`:
 * - `manual`: the ids of `manual-products`;
 * - `product_collection` (default), or `algorithm_id_*` on a Wix-style store: as the store picks;
 * - `last_visited`: the recently viewed ids (the `poptin_shopify_recent_product_id` cookie, or
 *   `poptin_wix_recent_product_id` in local storage), as `manual`; none: nothing shows;
 * - `product_in_cart`: the products in the visitor's cart (read from `/cart.js`, or Wix-style
 *   `carts/current`); an empty cart falls back to `product_collection` with `teasers-on`, else nothing shows.
 *
 * Each card: the image (its alt text the product's name), the title (cut at 50 characters on a
 * Shopify-style store, 18 on a Wix-style one), the Wix description without markup (cut at 64),
 * the price and the compare-at price (crossed out, read as "Was") in the store's currency
 * (`Intl.NumberFormat`; the answer's ISO code, else `currency`, else USD), the stock left, and the
 * button of `buttons-action`. Only visible, in-stock Wix products and variants are shown. An answer
 * without products hides the block; a failed call logs 'Failed to fetch shopify data' (or wix data)
 * and dispatches `kite-product-recommendations-failed`.
 *
 * Add to cart: Shopify-style `POST /cart/add.js`, Wix-style `carts/current` then `POST carts` or
 * `carts/{id}/add-to-cart`, on the page's origin. The card says how it went (added, out of stock,
 * failed) and a polite live region announces it; a failed add's button reads "Try again". Texts in
 * the page's language (English, Hebrew with `dir="rtl"`).
 *
 * @summary Up to 3 product cards with add to cart, from a Shopify-style or Wix-style store.
 *
 * @attr {'shopify' | 'wix'} store - The store's platform. Default `shopify`.
 * @attr {string} api - Base URL of the display API. Default: this page's origin.
 * @attr {string} poptin-id - The pop-up whose recommendation settings the API answers. Required: nothing shows without it.
 * @attr {string} category - `manual`, `product_collection` (default), `last_visited`, `product_in_cart`, or `algorithm_id_*` (Wix-style).
 * @attr {string} manual-products - Comma-separated product or variant ids, for `manual`.
 * @attr {number} count - How many products to ask for (at most 3 cards show). Default 3.
 * @attr {'add_to_cart' | 'add_to_cart_redirect' | 'redirect' | 'redirect_blank' | 'no_buttons'} buttons-action - The card button: add to cart; add, then go to the cart page; a link to the product (`redirect_blank`: a new tab); none. Default `add_to_cart`.
 * @attr {boolean} teasers-on - The pop-up's `is_teasers_on`: an empty cart falls back to `product_collection`.
 * @attr {string} currency - ISO currency code used when the answer names none. Default USD.
 * @attr {string} cart-url - Where `add_to_cart_redirect` goes. Default `/cart` (Shopify-style) or `/cart-page` (Wix-style).
 * @attr {string} lang - Language of the texts (`en`, `he`). Default: the page's.
 *
 * @event kite-product-recommendations-ready - Cards are shown. `detail: { count, currency }`.
 * @event kite-product-recommendations-empty - Nothing to show; the block is hidden. `detail: {}`.
 * @event kite-product-recommendations-failed - The products (or the Wix-style cart) could not be read; a pop-up holding the block does not show. `detail: { platform, message }`.
 * @event kite-product-recommendations-add - A card's add to cart started. `detail: { productId, variantId }`.
 * @event kite-product-recommendations-added - The store took the line. `detail: { productId, variantId, redirect }`; `redirect`: the cart page is next.
 * @event kite-product-recommendations-add-failed - The store refused the line or the call failed. `detail: { productId, variantId, reason }`, `reason` `out-of-stock` or `failed`.
 *
 * @csspart products - The block (`data-state`: `resolving`, `readingCart`, `fetching`, `ready`, `empty`, `failed`).
 * @csspart product-list - The list of cards.
 * @csspart product-card - One card (`data-product-id`).
 * @csspart product-image - The product image.
 * @csspart product-title - The title, cut (the whole title in its tooltip).
 * @csspart product-description - The Wix-style description.
 * @csspart product-price - The prices.
 * @csspart product-price-now - The price to pay.
 * @csspart product-compare-at-price - The crossed-out price.
 * @csspart product-stock - "N left".
 * @csspart product-button - The card's button (`data-state`: `idle`, `adding`, `added`, `out-of-stock`, `failed`) or link.
 * @csspart product-outcome - The card's add-to-cart outcome (`data-outcome`).
 * @csspart product-announcement - The polite live region (visually hidden).
 *
 * @cssproperty --kite-product-recommendations-gap - Space between cards. Default `1rem`.
 * @cssproperty --kite-product-recommendations-card-background - Card background. Default `#ffffff`.
 * @cssproperty --kite-product-recommendations-card-border - Card border. Default `1px solid #d0d4dc`.
 * @cssproperty --kite-product-recommendations-radius - Card and button radius. Default `0.5rem`.
 * @cssproperty --kite-product-recommendations-accent - Button background and focus ring. Default `#1f5eff`.
 * @cssproperty --kite-product-recommendations-accent-text - Button text. Default `#ffffff`.
 * @cssproperty --kite-product-recommendations-muted - Description, stock and compare-at price. Default `#4a5160`.
 * @cssproperty --kite-product-recommendations-error - Out-of-stock and failed outcomes. Default `#b00020`.
 */
export class KiteProductRecommendations extends reactElement(ProductRecommendationsView, {
  props: {
    store: 'string',
    api: 'string',
    poptinId: 'string',
    category: 'string',
    manualProducts: 'string',
    count: 'number',
    buttonsAction: 'string',
    teasersOn: 'boolean',
    currency: 'string',
    cartUrl: 'string',
    lang: 'string',
  },
  styles: productRecommendationsStyles,
}) {
  /** `shopify` or `wix` (reflects `store`). */
  declare store: string | undefined;
  /** Base URL of the display API (reflects `api`). */
  declare api: string | undefined;
  /** Reflects `poptin-id`. */
  declare poptinId: string | undefined;
  /** Reflects `category`. */
  declare category: string | undefined;
  /** Reflects `manual-products`. */
  declare manualProducts: string | undefined;
  /** Reflects `count`. */
  declare count: number | undefined;
  /** Reflects `buttons-action`. */
  declare buttonsAction: string | undefined;
  /** Reflects `teasers-on`. */
  declare teasersOn: boolean | undefined;
  /** Reflects `currency`. */
  declare currency: string | undefined;
  /** Reflects `cart-url`. */
  declare cartUrl: string | undefined;
  /** Reflects `lang`. */
  declare lang: string;
}

// The tag as a literal: the manifest analyzer reads it from this call.
defineElement('kite-product-recommendations', KiteProductRecommendations);

declare global {
  interface HTMLElementTagNameMap {
    'kite-product-recommendations': KiteProductRecommendations;
  }
}
