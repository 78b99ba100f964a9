/** Widget spec numbers of the gamified pop-ups: wheel, scratch card, gift box (sections 4 "Gamified" and 9). */
import { SECOND_MS } from './time.ts';

export const GAMIFIED = {
  /** "Wheel spin 7 s". */
  WHEEL_SPIN_MS: 7 * SECOND_MS,
  /** "30 degrees per segment": so the wheel has 360 / 30 = 12 segments. */
  WHEEL_SEGMENT_DEGREES: 30,
  /** Full turns before the wheel slows onto its segment (ours: enough to read as a spin, few enough to follow). */
  WHEEL_FULL_TURNS: 5,
  /** "a wheel with coupon uses 3 times the base" auto-close delay. */
  WHEEL_COUPON_AUTO_CLOSE_FACTOR: 3,
  /** "Scratch threshold 50 percent": the result shows once this share of the cover, or less, remains. */
  SCRATCH_REVEAL_REMAINING: 0.5,
  /** "after 3 s": from reaching the threshold to the result. */
  SCRATCH_REVEAL_AFTER_MS: 3 * SECOND_MS,
  /** "Gift box 1 s": from the click on a box to the play screen. */
  GIFT_BOX_OPEN_MS: SECOND_MS,
  /** "Post-play disabled delay 8 s": with disable_post_play_screen, how long the result stays before the pop-up goes on. */
  POST_PLAY_DISABLED_DELAY_MS: 8 * SECOND_MS,
  /** Reduced motion (ours): the wheel shows its segment after this short, still version of the spin. */
  REDUCED_MOTION_SPIN_MS: 600,
  /** A prize with this `loosing_option` is a win ("A win is a prize with loosing_option 0"). */
  WINNING_LOOSING_OPTION: 0,
  /** Which game a gamified format is: "Wheel (format 3)", "Scratch card (format 2)", and so the gift box is format 1. */
  GAME_BY_FORMAT: { 1: 'gift_box', 2: 'scratch_card', 3: 'wheel' },
  /** How many boxes the gift box offers (ours: a choice, few enough to take in at a glance). */
  GIFT_BOXES: 3,
  /** Diameter of the scratch card's brush in CSS pixels (ours: about a fingertip). */
  SCRATCH_BRUSH_PX: 36,
  /** The cover is measured on every this-many-th pixel each way (ours: 1/16 of the pixels, plenty for a share). */
  SCRATCH_SAMPLE_STEP_PX: 4,
  /** A cover pixel with less alpha than this (of 255) counts as scratched off. */
  SCRATCH_CLEAR_ALPHA: 128,
  /**
   * How long a play waits for the server's draw (ours, server-authoritative play) before the game
   * draws itself: asked as the game shows, the draw is normally in long before the visitor plays.
   */
  SERVER_DRAW_WAIT_MS: 3 * SECOND_MS,
  /** Chances are percentages. */
  CHANCES_TOTAL: 100,
} as const;

/** The wheel's segments: 360 degrees over `GAMIFIED.WHEEL_SEGMENT_DEGREES` each (12); a wheel game has at most this many prizes. */
export const WHEEL_SEGMENTS = 360 / GAMIFIED.WHEEL_SEGMENT_DEGREES;
