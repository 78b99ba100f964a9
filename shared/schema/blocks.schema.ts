/**
 * Schemas of the content blocks (types in `blocks.ts`, reference in docs/content-blocks.md),
 * shared by the widget and the reference server. Each block is picked by its `type`, so an error
 * names the field inside the block the owner meant (`timer.timezone: ...`), not the first
 * alternative that happened to refuse it.
 */
import { array, boolean, byType, integer, number, object, oneOf, optional, refine, string, type Schema } from './validate.ts';
import { CONTENT } from '../constants/content.ts';
import { isKnownTimezone, isValidTimerDate } from '../logic/timer-dates.ts';
import { normaliseButtonUrl, normaliseMediaUrl } from '../logic/button-url.ts';
import { redirectUrl } from '../logic/redirect.ts';
import { GAMIFIED, WHEEL_SEGMENTS } from '../constants/gamified.ts';
import { RECOMMENDATION } from '../constants/products.ts';
import type {
  ContentBlock,
  CountdownBlock,
  CountdownSpec,
  CouponBlock,
  ExtraButton,
  ExtraButtonsBlock,
  GameBlock,
  ProductsBlock,
  TickerBlock,
  VideoBlock,
  VideoCaptions,
} from './blocks.ts';
import type { Prize } from './prize.ts';

const SHORT_TEXT = 200;
const LONG_TEXT = 5_000;
const URL_TEXT = 2_048;
const TIMEZONE_TEXT = 64;
/** A from-now timer may run at most a year; longer is a date timer's job. */
const MAX_FROM_NOW_MINUTES = 365 * 24 * 60;
/** Seconds are usually under 60, but 90 seconds is a fine way to say a minute and a half. */
const MAX_FROM_NOW_SECONDS = 24 * 60 * 60;
/** An hour per ticker pass is far slower than anyone reads; beyond it is a typo. */
const MAX_TICKER_MS = 60 * 60 * 1_000;
/** Link buttons 2 to 6. */
const MAX_LINK_BUTTONS = CONTENT.EXTRA_BUTTON_LAST - CONTENT.EXTRA_BUTTON_FIRST + 1;

const fromNowTimer = object({
  kind: oneOf('from_now'),
  minutes: integer({ min: 0, max: MAX_FROM_NOW_MINUTES }),
  seconds: integer({ min: 0, max: MAX_FROM_NOW_SECONDS }),
});

const dateTimer = refine(
  object({
    kind: oneOf('date'),
    date: string({ pattern: /^\d{4}-\d{2}-\d{2}$/, patternMessage: 'must be YYYY-MM-DD' }),
    time: string({ pattern: /^\d{2}:\d{2}$/, patternMessage: 'must be HH:mm' }),
    timezone: refine(string({ min: 1, max: TIMEZONE_TEXT }), (zone) =>
      isKnownTimezone(zone) ? undefined : 'must be an IANA timezone (Asia/Jerusalem), UTC or an offset (+02:00)',
    ),
  }),
  (timer) => (isValidTimerDate(timer.date, timer.time) ? undefined : 'is not a real date and time'),
);

/** A countdown timer: `{ kind: 'from_now', minutes, seconds }` or `{ kind: 'date', date, time, timezone }`. */
export const countdownSpecSchema = byType({ from_now: fromNowTimer, date: dateTimer }, 'kind') as Schema<CountdownSpec>;

/** `{ type: 'countdown', timer, timer_ver? }`. */
export const countdownBlockSchema = object({
  type: oneOf('countdown'),
  timer: countdownSpecSchema,
  timer_ver: optional(oneOf(CONTENT.TIMER_VER.PLAIN, CONTENT.TIMER_VER.BOXED, CONTENT.TIMER_VER.FLIP)),
}) as Schema<CountdownBlock>;

/** `{ type: 'coupon', code, coupon_type? }`. */
export const couponBlockSchema = object({
  type: oneOf('coupon'),
  code: string({ min: 1, max: SHORT_TEXT }),
  coupon_type: optional(string({ max: SHORT_TEXT })),
}) as Schema<CouponBlock>;

/** `{ type: 'ticker', text, duration_ms? }`. */
export const tickerBlockSchema = object({
  type: oneOf('ticker'),
  text: string({ max: LONG_TEXT }),
  duration_ms: optional(number({ min: 1, max: MAX_TICKER_MS })),
}) as Schema<TickerBlock>;

const mediaUrl = refine(string({ min: 1, max: URL_TEXT }), (url) =>
  normaliseMediaUrl(url) === null ? 'must be an http(s) address or a path' : undefined,
);

/** A BCP 47 language tag as a `<track srclang>` takes it: `en`, `he`, `pt-BR`, `zh-Hant`. */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** `{ src, srclang, label?, default? }`: one caption track of a video file. */
const videoCaptionsSchema = object({
  src: mediaUrl,
  srclang: refine(string({ min: 2, max: 35 }), (tag) => (LANGUAGE_TAG.test(tag) ? undefined : 'must be a language tag such as en or pt-BR')),
  label: optional(string({ max: SHORT_TEXT })),
  default: optional(boolean()),
}) as Schema<VideoCaptions>;

/** `{ type: 'video', url, title?, poster?, captions? }`. */
export const videoBlockSchema = object({
  type: oneOf('video'),
  url: mediaUrl,
  title: optional(string({ max: SHORT_TEXT })),
  poster: optional(mediaUrl),
  captions: optional(
    refine(array(videoCaptionsSchema, { max: CONTENT.VIDEO_CAPTIONS_MAX }), (tracks) =>
      tracks.filter((track) => track.default).length > 1 ? 'may mark at most one track default' : undefined,
    ),
  ),
}) as Schema<VideoBlock>;

/** One extra button: `{ text, url?, target?, action? }`. */
export const extraButtonSchema = object({
  text: string({ max: SHORT_TEXT }),
  url: optional(
    refine(string({ max: URL_TEXT }), (url) =>
      url === '' || normaliseButtonUrl(url) !== null ? undefined : 'must be a web, mailto, tel or sms address or a path',
    ),
  ),
  target: optional(oneOf('_blank', '_self')),
  action: optional(oneOf('close')),
}) as Schema<ExtraButton>;

/** `{ type: 'extra_buttons', buttons }`: at most 5 link buttons (2 to 6) and one close button. */
export const extraButtonsBlockSchema = object({
  type: oneOf('extra_buttons'),
  buttons: refine(array(extraButtonSchema, { min: 1, max: MAX_LINK_BUTTONS + 1 }), (buttons) => {
    const closes = buttons.filter((button) => button.action === 'close').length;
    if (closes > 1) return 'must have at most one close button';
    if (buttons.length - closes > MAX_LINK_BUTTONS) return `must have at most ${MAX_LINK_BUTTONS} link buttons`;
    return undefined;
  }),
}) as Schema<ExtraButtonsBlock>;

/** A redirect delay beyond a day is a typo (seconds). */
const MAX_REDIRECT_DELAY_S = 24 * 60 * 60;

/** One prize: `{ label, code?, chances, loosing_option, is_winner?, prize_id?, redirect_to?, redirect_to_options? }`. */
export const prizeSchema = object({
  label: string({ min: 1, max: SHORT_TEXT }),
  code: optional(string({ max: SHORT_TEXT })),
  chances: number({ min: 0, max: GAMIFIED.CHANCES_TOTAL }),
  loosing_option: integer({ min: 0 }),
  is_winner: optional(boolean()),
  prize_id: optional(string({ max: SHORT_TEXT })),
  redirect_to: optional(boolean()),
  redirect_to_options: optional(
    object({
      redirect_to_url: optional(
        refine(string({ max: URL_TEXT }), (url) => (url === '' || redirectUrl(url) !== null ? undefined : 'must be a web, mailto, tel or sms address or a path')),
      ),
      redirect_close: optional(boolean()),
      redirect_close_delay: optional(number({ min: 0, max: MAX_REDIRECT_DELAY_S })),
    }),
  ),
}) as Schema<Prize>;

/** `{ type: 'game', prizes, play_text? }`: 1 to 12 prizes (the wheel's segments), at least one that can be drawn. */
export const gameBlockSchema = object({
  type: oneOf('game'),
  prizes: refine(array(prizeSchema, { min: 1, max: WHEEL_SEGMENTS }), (prizes) =>
    prizes.some((prize) => prize.chances > 0) ? undefined : 'must have a prize with chances above 0',
  ),
  play_text: optional(string({ max: SHORT_TEXT })),
}) as Schema<GameBlock>;

/** Most products a recommendation may ask for (ours: the display API takes up to 50). */
const MAX_PRODUCTS_ASKED = 50;
const STORE_ID = string({ min: 1, max: 64, pattern: /^[A-Za-z0-9_-]+$/, patternMessage: 'must be a product or variant id' });

/** `{ type: 'products', category, ... }`: product recommendations (docs/content-blocks.md). */
export const productsBlockSchema = object({
  type: oneOf('products'),
  store: optional(oneOf('shopify', 'wix')),
  category: refine(string({ min: 1, max: SHORT_TEXT }), (category) =>
    (RECOMMENDATION.CATEGORIES as readonly string[]).includes(category) || (category.startsWith(RECOMMENDATION.ALGORITHM_PREFIX) && /^\w+$/.test(category))
      ? undefined
      : 'must be manual, product_collection, last_visited, product_in_cart or algorithm_id_*',
  ),
  manual_products: optional(array(STORE_ID, { max: MAX_PRODUCTS_ASKED })),
  count: optional(integer({ min: 1, max: MAX_PRODUCTS_ASKED })),
  buttons_action: optional(oneOf(...RECOMMENDATION.BUTTONS_ACTIONS)),
  currency: optional(string({ pattern: /^[A-Za-z]{3}$/, patternMessage: 'must be an ISO currency code (EUR)' })),
  cart_url: optional(refine(string({ min: 1, max: URL_TEXT }), (url) => (normaliseMediaUrl(url) === null ? 'must be an http(s) address or a path' : undefined))),
}) as Schema<ProductsBlock>;

/** The content blocks' schemas by `type`, to join the record's block list. */
export const blockSchemas = {
  countdown: countdownBlockSchema,
  coupon: couponBlockSchema,
  ticker: tickerBlockSchema,
  video: videoBlockSchema,
  extra_buttons: extraButtonsBlockSchema,
  game: gameBlockSchema,
  products: productsBlockSchema,
} as const;

/** Any content block, picked by its `type`. */
export const contentBlockSchema = byType(blockSchemas) as Schema<ContentBlock>;
