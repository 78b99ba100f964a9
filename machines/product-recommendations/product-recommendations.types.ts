/**
 * Types of the product recommendations machine (widget spec sections 3 "Product recommendation
 * settings", 4 "Product recommendation", 7 and 8).
 */
import type { StorePlatform } from '../../shared/constants/products.ts';
import type { ButtonsAction, ProductCard } from '../../shared/logic/products.ts';

/** How one card's add to cart went; `adding` while the store answers. */
export type AddToCartOutcome = 'added' | 'out-of-stock' | 'failed';
export type CardCartState = 'adding' | AddToCartOutcome;

/** One line to add: the variant (a Wix product without variants: its own id), its product, how many. */
export interface CartLineRequest {
  variantId: string;
  productId: string;
  quantity: number;
}

/** What the recommendation call asks the display API for (section 7, its form fields). */
export interface RecommendationRequest {
  category: string;
  /** `manual_products`: the ids of `manual`, `last_visited` (the recent ids) and the cart categories. */
  manualProducts: string[];
  count: number;
}

/** The display API's answer, unchecked but for its shape: the products are read card by card. */
export interface RecommendationAnswer {
  /** The store's ISO currency code, as the answer gives it. */
  currency: unknown;
  products: readonly unknown[];
}

export interface ProductRecommendationsInput {
  /** Which store answers: `shopify` (Shopify-style) or `wix` (Wix-style). */
  platform: StorePlatform;
  /** `category`: manual, product_collection, last_visited, product_in_cart, or `algorithm_id_*` (Wix). */
  category: string;
  /** `manual_products`: the ids the `manual` category shows. */
  manualProducts?: string[];
  /** The recently viewed ids (cookie or local storage, read by the view), which `last_visited` shows. */
  recentProductIds?: string[];
  /** `count`: how many products to ask for (the cards shown are at most 3 of them). */
  count: number;
  /** The pop-up's `is_teasers_on`: an empty cart then falls back to `product_collection`. */
  teasersOn?: boolean;
  /** `buttons_action`: what a card's button does. */
  buttonsAction: ButtonsAction;
}

export interface ProductRecommendationsContext {
  platform: StorePlatform;
  buttonsAction: ButtonsAction;
  teasersOn: boolean;
  /** The request as resolved from the category (last_visited and the cart categories become ids). */
  request: RecommendationRequest;
  /** Up to 3 cards, once `ready`. */
  cards: ProductCard[];
  /** Products of the answer that could not be shown (hidden, out of stock, malformed). */
  skipped: number;
  /** The store's ISO currency (USD when the answer names none). */
  currency: string;
  /** Each card's add to cart, by variant id; absent until its first add. */
  cart: Record<string, CardCartState>;
}

export type ProductRecommendationsEvent =
  /** The visitor pressed a card's button (add_to_cart or add_to_cart_redirect); again after a failure is the retry. */
  { type: 'CART.ADD'; variantId: string };

export type ProductRecommendationsEmitted =
  /** Cards are ready to paint. */
  | { type: 'ready'; count: number; currency: string }
  /** Nothing to show: the block hides (an empty list is not a failure). */
  | { type: 'empty' }
  /** The products (or the Wix-style cart) could not be read: the pop-up must not show. `message` is the spec's log line. */
  | { type: 'failed'; platform: StorePlatform; message: string }
  /** A card's add to cart started. */
  | { type: 'add'; productId: string; variantId: string }
  /** The store took the line. `redirect`: the card's action goes to the cart page next. */
  | { type: 'added'; productId: string; variantId: string; redirect: boolean }
  /** The store refused the line (`out-of-stock`) or the call failed (`failed`); the button offers a retry. */
  | { type: 'add-failed'; productId: string; variantId: string; reason: Exclude<AddToCartOutcome, 'added'> };
