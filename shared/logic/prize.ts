import { GAMIFIED, WHEEL_SEGMENTS } from '../constants/gamified.ts';
import { SECOND_MS } from '../constants/time.ts';
import type { Prize } from '../schema/prize.ts';

export type GameKind = (typeof GAMIFIED.GAME_BY_FORMAT)[keyof typeof GAMIFIED.GAME_BY_FORMAT];

/** The game of gamified format `format` (1 gift box, 2 scratch card, 3 wheel); another number is format 1's. */
export const gameOfFormat = (format: number): GameKind =>
  GAMIFIED.GAME_BY_FORMAT[format as keyof typeof GAMIFIED.GAME_BY_FORMAT] ?? GAMIFIED.GAME_BY_FORMAT[1];

/**
 * How long the result stays before the pop-up closes (widget spec sections 4 and 9): 8 s with
 * `disable_post_play_screen`; else the base auto-close time, three times it for a wheel with coupon.
 */
export function postPlayMs(options: { game: GameKind; baseMs: number; wheelHasCoupon?: boolean; disablePostPlayScreen?: boolean }): number {
  if (options.disablePostPlayScreen) return GAMIFIED.POST_PLAY_DISABLED_DELAY_MS;
  return options.game === 'wheel' && options.wheelHasCoupon ? options.baseMs * GAMIFIED.WHEEL_COUPON_AUTO_CLOSE_FACTOR : options.baseMs;
}

/** What a play adds to the lead: the prize's label and id, and its code as the lead's `coupon`. */
export function prizeFields(prize: Prize): Record<string, string> {
  return {
    prize: prize.label,
    ...(prize.prize_id ? { prize_id: prize.prize_id } : {}),
    ...(prize.code ? { coupon: prize.code } : {}),
  };
}

/**
 * Where and when a prize redirects after its result (`redirect_to`, `redirect_to_options`), or null
 * for none. The address is the owner's as written: the redirect itself applies the safe-redirect
 * rules (shared/widget/redirect.ts), which never follow `javascript:` and the like.
 */
export function prizeRedirect(prize: Prize): { url: string; close: boolean; delayMs: number } | null {
  const options = prize.redirect_to ? prize.redirect_to_options : undefined;
  const url = options?.redirect_to_url?.trim();
  if (!options || !url) return null;
  return { url, close: options.redirect_close ?? false, delayMs: Math.max(0, Number(options.redirect_close_delay) || 0) * SECOND_MS };
}

/** "A win is a prize with loosing_option 0." */
export const isWinningPrize = (prize: Pick<Prize, 'loosing_option'>): boolean =>
  Number(prize.loosing_option) === GAMIFIED.WINNING_LOOSING_OPTION;

/** A prize's weight: its chances when a finite positive number, else 0 (never drawn). */
const weightOf = (prize: Pick<Prize, 'chances'>): number => {
  const chances = Number(prize.chances);
  return Number.isFinite(chances) && chances > 0 ? chances : 0;
};

/**
 * Picks a prize at random by its chance weights (widget spec section 4 "Gamified"). Chances are
 * percentages; a list whose chances do not sum to 100 is normalised (each prize's share is its
 * chances over the sum), so an owner's rounding never breaks a visitor's page. A prize of 0 %
 * (or a missing, negative or non-numeric chance) is never picked. When no prize has a positive
 * chance, every prize is equally likely; an empty list gives null. `random` returns a number in
 * [0, 1), as `Math.random` does; tests inject a seeded one.
 */
export function pickPrize<P extends Pick<Prize, 'chances'>>(prizes: readonly P[], random: () => number = Math.random): P | null {
  if (prizes.length === 0) return null;
  const total = prizes.reduce((sum, prize) => sum + weightOf(prize), 0);
  if (total === 0) return prizes[Math.min(prizes.length - 1, Math.floor(random() * prizes.length))]!;
  let left = random() * total;
  for (const prize of prizes) {
    const weight = weightOf(prize);
    if (left < weight) return prize;
    left -= weight;
  }
  // Floating-point rounding can leave a sliver past the last weight: it belongs to the last prize that can win.
  return prizes.findLast((prize) => weightOf(prize) > 0)!;
}

// Defined with the spec numbers, so the record's schema can bound a wheel's prizes without this module.
export { WHEEL_SEGMENTS };

/** The prize on segment `segment`: prizes go round the wheel in order, repeating to fill it. */
export const prizeIndexOfSegment = (segment: number, prizeCount: number): number => segment % prizeCount;

/** The segments holding prize `prizeIndex` of `prizeCount`, clockwise from the pointer. */
export function segmentsOfPrize(prizeIndex: number, prizeCount: number): number[] {
  const segments: number[] = [];
  for (let segment = 0; segment < WHEEL_SEGMENTS; segment += 1) {
    if (prizeIndexOfSegment(segment, prizeCount) === prizeIndex) segments.push(segment);
  }
  return segments;
}

/**
 * The wheel's final rotation, in degrees clockwise, to land segment `segment` under the pointer
 * at the top: `GAMIFIED.WHEEL_FULL_TURNS` full turns, then the rest of the way to the middle of
 * the segment (segment 0 spans 0 to 30 degrees clockwise from the pointer before the spin).
 */
export function landingRotation(segment: number): number {
  const middle = segment * GAMIFIED.WHEEL_SEGMENT_DEGREES + GAMIFIED.WHEEL_SEGMENT_DEGREES / 2;
  return GAMIFIED.WHEEL_FULL_TURNS * 360 + ((360 - middle) % 360);
}
