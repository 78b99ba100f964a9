/** Widget spec numbers of the content blocks (re-exported by widget.ts, where the others are). */
import { SECOND_MS } from './time.ts';

/** Content blocks: timers, coupon, ticker, extra buttons, credit badge (sections 3, 4 "Gamified" and 9). */
export const CONTENT = {
  /** Ours: most caption tracks one video block may list (a language each, in practice a few). */
  VIDEO_CAPTIONS_MAX: 20,
  /** "Ticker default duration 7000 ms". */
  TICKER_DEFAULT_MS: 7_000,
  /** "animation seconds equal duration divided by 400". */
  TICKER_DURATION_DIVISOR: 400,
  /** "Coupon tooltip 500 ms": how long the Copied tooltip stays up. */
  COUPON_TOOLTIP_MS: 500,
  /** design_properties `timer_ver` (0, 1, 2): plain, boxed, flip clock. */
  TIMER_VER: { PLAIN: 0, BOXED: 1, FLIP: 2 },
  /** "Timer type 2 ... closes the pop-up when under one second remains". */
  FLIP_CLOSE_UNDER_MS: SECOND_MS,
  /** A countdown shows whole seconds. */
  COUNTDOWN_TICK_MS: SECOND_MS,
  /** "Buttons 2 to 6 plus a close button": the numbers of the extra link buttons. */
  EXTRA_BUTTON_FIRST: 2,
  EXTRA_BUTTON_LAST: 6,
  /** Where the credit badge links: the provider's page. */
  CREDIT_URL: 'https://www.npmjs.com/package/kite-elements',
  CREDIT_BRAND: 'Kite',
} as const;
