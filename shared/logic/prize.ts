import { GAMIFIED } from '../constants/gamified.ts';
import type { Prize } from '../schema/prize.ts';

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

/** The wheel's segments: 360 degrees over `GAMIFIED.WHEEL_SEGMENT_DEGREES` each (12). */
export const WHEEL_SEGMENTS = 360 / GAMIFIED.WHEEL_SEGMENT_DEGREES;

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
