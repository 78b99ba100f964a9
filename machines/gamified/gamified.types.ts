/**
 * Types of the gamified pop-ups' machines: wheel, scratch card and gift box (widget spec sections
 * 3 "Prize (gamified)", 4 "Gamified" and 9). Each goes `idle` -> `playing` -> `won` or `lost`.
 */
import type { Prize } from '../../shared/schema/prize.ts';

export type { Prize };

/** What the game knows when it starts. */
export interface GameInput {
  /** The record's prizes, in their order (the wheel's segments follow it). */
  prizes: readonly Prize[];
  /** A number in [0, 1), as `Math.random`; tests inject a seeded one. */
  random?: () => number;
  /** The visitor asks for reduced motion: the wheel's spin is a short, still version. */
  reducedMotion?: boolean;
}

export interface GameContext {
  prizes: readonly Prize[];
  random: () => number;
  reducedMotion: boolean;
  /** The drawn prize, from `playing` on; null before, or when the record has no prize. */
  prize: Prize | null;
  /** Wheel: the segment it lands on, and its final rotation in degrees clockwise. */
  segment: number | null;
  rotation: number;
  /** Scratch card: the share of the cover still unscratched, 1 to 0. */
  remaining: number;
  /** Gift box: the box the visitor opened. */
  box: number | null;
}

export type GameEvent =
  /**
   * Start the game: the wheel's Spin, the first scratch stroke or the keyboard's Scratch, a gift box
   * opened. `prize` is the server's draw when the display API made one (server-authoritative play);
   * without it the game draws with `pickPrize`.
   */
  | { type: 'PLAY'; prize?: Prize; box?: number }
  /** Scratch card: the share of the cover left after a stroke (the element measures its canvas). */
  | { type: 'SCRATCH'; remaining: number };

/** Emitted events; the element dispatches each as `kite-poptin-<type>`. */
export type GameEmitted =
  /** The game started with this prize drawn (null: the record has no prize). */
  | { type: 'play'; prize: Prize | null }
  /** The result is on screen. */
  | { type: 'result'; prize: Prize | null; won: boolean }
  /** The prize redirects now (`redirect_to_options`): to `url` as the owner wrote it (the page applies the safe-redirect rules), closing the pop-up when `close`. */
  | { type: 'redirect'; url: string; close: boolean };
