/**
 * Content blocks of a pop-up's design (widget spec sections 2, 3 and 9): timers, coupon, ticker,
 * video, extra buttons and a gamified pop-up's game, documented in docs/content-blocks.md. They join the title, text, image
 * and form blocks of `PoptinDesign.blocks`. Checked by `shared/schema/blocks.schema.ts`.
 */
import type { CountdownSpec } from '../logic/countdown.ts';
import type { GameBlock } from './prize.ts';

export type { GameBlock };

export type { CountdownSpec, DateTimer, FromNowTimer } from '../logic/countdown.ts';

/** design_properties `timer_ver`: 0 plain digits, 1 boxed digits, 2 a flip clock. */
export type TimerVersion = 0 | 1 | 2;

/** A countdown. When it ends the pop-up closes with close trigger `timer`; a flip clock (2) closes when under one second remains. */
export interface CountdownBlock {
  type: 'countdown';
  /** A time from now (minutes and seconds after the pop-up shows) or a date, time and timezone. */
  timer: CountdownSpec;
  /** Default 0. */
  timer_ver?: TimerVersion;
}

/** A coupon code in a read-only field with a Copy button (design_properties `coupon`). */
export interface CouponBlock {
  type: 'coupon';
  code: string;
  /** The owner's kind of coupon, passed through (the spec names the field, not its values). */
  coupon_type?: string;
}

/** Text scrolling across the pop-up. Date tags in the text are replaced. */
export interface TickerBlock {
  type: 'ticker';
  text: string;
  /** Default 7000; one pass of the animation takes duration / 400 seconds. */
  duration_ms?: number;
}

/** A YouTube or Vimeo page URL (embedded), or a direct video file (http, https or a path). */
export interface VideoBlock {
  type: 'video';
  url: string;
  /** The frame's or player's accessible name; default "Video". */
  title?: string;
  /** Still shown before a direct file plays. */
  poster?: string;
  /** Caption tracks of a direct file (WebVTT); a YouTube or Vimeo video has its site's own. */
  captions?: VideoCaptions[];
}

/** One caption track of a video file: a WebVTT file in a language. */
export interface VideoCaptions {
  /** The `.vtt` file (http, https or a path); on the page's own site, as browsers load other sites' tracks only with CORS. */
  src: string;
  /** Its language, a BCP 47 tag (`en`, `he`, `pt-BR`). */
  srclang: string;
  /** The name in the player's captions menu; default: the language's name as the browser says it. */
  label?: string;
  /** Shown from the start (at most one track). */
  default?: boolean;
}

/** One of the extra buttons: a link (buttons 2 to 6), a plain button, or the close button. */
export interface ExtraButton {
  text: string;
  /** Where it links; without a scheme it gets `//`; `javascript:` and the like render no link. */
  url?: string;
  /** Default `_self`. */
  target?: '_blank' | '_self';
  /** `close`: this is the close button (close trigger `close_button`). */
  action?: 'close';
}

/** Extra link buttons 2 to 6 plus a close button, in the owner's order. */
export interface ExtraButtonsBlock {
  type: 'extra_buttons';
  buttons: ExtraButton[];
}

/**
 * Product recommendations: up to 3 cards from the store (widget spec section 3 "Product
 * recommendation settings"), rendered by the `kite-product-recommendations` view. A failed fetch
 * keeps the whole pop-up from showing (section 4).
 */
export interface ProductsBlock {
  type: 'products';
  /** Which store answers; default `shopify`. */
  store?: 'shopify' | 'wix';
  /** `manual`, `product_collection`, `last_visited`, `product_in_cart`, or `algorithm_id_*` (Wix-style). */
  category: string;
  /** Product or variant ids for `manual`. */
  manual_products?: string[];
  /** How many products to ask for; at most 3 cards show. Default 3. */
  count?: number;
  /** What each card's button does; default `add_to_cart`. */
  buttons_action?: 'add_to_cart' | 'add_to_cart_redirect' | 'redirect' | 'redirect_blank' | 'no_buttons';
  /** ISO currency code when the answer names none; default USD. */
  currency?: string;
  /** Where `add_to_cart_redirect` goes; default the platform's cart page. */
  cart_url?: string;
}

export type ContentBlock = CountdownBlock | CouponBlock | TickerBlock | VideoBlock | ExtraButtonsBlock | GameBlock | ProductsBlock;
export type ContentBlockType = ContentBlock['type'];

/** The content block types, named apart from their schemas and views so that telling costs nothing to load. */
export const CONTENT_BLOCK_TYPES = ['countdown', 'coupon', 'ticker', 'video', 'extra_buttons', 'game', 'products'] as const satisfies readonly ContentBlockType[];

export const isContentBlock = (block: { type: string }): block is ContentBlock =>
  (CONTENT_BLOCK_TYPES as readonly string[]).includes(block.type);
