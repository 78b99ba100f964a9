/** The ticker block's scroll speed (widget spec section 9). */
import { CONTENT } from '../constants/content.ts';

/**
 * Seconds one pass of the ticker's CSS animation takes: "animation seconds equal duration divided
 * by 400", with the default duration of 7000 ms (17.5 s). A duration that is not a positive
 * finite number falls back to the default.
 */
export function tickerAnimationSeconds(durationMs: number = CONTENT.TICKER_DEFAULT_MS): number {
  const duration = Number.isFinite(durationMs) && durationMs > 0 ? durationMs : CONTENT.TICKER_DEFAULT_MS;
  return duration / CONTENT.TICKER_DURATION_DIVISOR;
}
