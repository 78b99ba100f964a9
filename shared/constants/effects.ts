// The numbers of the entry effects' keyframes and of the background animations: only their own
// chunks (keyframes.ts, background.ts) use them, fetched when a pop-up has such an effect, so they
// are not in shared/constants/widget.ts, which every pop-up loads.

/**
 * Entry effects, section 2 "Entry effects". The spec names them but gives none of these numbers
 * (only the exit time, CLOSE.EXIT_ANIMATION_MS): they are ours, chosen to look like the jQuery UI
 * effects of the same names. Their duration is EFFECT.ENTRY_MS.
 */
export const ENTRY_EFFECT = {
  /** up, down, left, right start this far off, in percent of the element's own size (jQuery UI drop: half). */
  SLIDE_DISTANCE_PERCENT: 50,
  /** fold: the height of the strip that opens sideways first (jQuery UI fold's `size`). */
  FOLD_SIZE_PX: 15,
  /** bounce: the drop height, in percent of the element's height (jQuery UI bounce: a third)... */
  BOUNCE_DISTANCE_PERCENT: 33,
  /** ...and the number of landings, each bounce half as high as the one before. */
  BOUNCE_TIMES: 3,
  /** scale-out: the scale it shrinks from. */
  SCALE_OUT_FROM: 2,
  /** puff: the scale it shrinks from (jQuery UI puff: 150 percent). */
  PUFF_FROM: 1.5,
  /** explode: the scale and blur it comes together from. */
  EXPLODE_FROM: 3,
  EXPLODE_BLUR_PX: 12,
  /** highlight: the flash colour (jQuery UI's) and the share of the time the element takes to appear. */
  HIGHLIGHT_COLOUR: '#ffff99',
  HIGHLIGHT_APPEAR_SHARE: 0.1,
  /** pulsate: how many times it blinks on. */
  PULSATE_TIMES: 3,
  /** shake: how far and how many times it moves each way (jQuery UI shake: 20 px, 3 times). */
  SHAKE_DISTANCE_PX: 20,
  SHAKE_TIMES: 3,
} as const;

/** Background animations, section 2 "Background animations" (ours, as above). */
export const BACKGROUND_ANIMATION = {
  /** Background canvases draw at most this many device pixels per CSS pixel. */
  MAX_PIXEL_RATIO: 2,
  /** A longer gap between frames (a hidden tab) moves the scene this far only, not in one jump. */
  MAX_FRAME_MS: 50,
  /** wheel: segments (every other one drawn, as rays), the time of one turn and the rays' opacity. */
  WHEEL_SEGMENTS: 24,
  WHEEL_TURN_MS: 12_000,
  WHEEL_ALPHA: 0.25,
  /** starry-sky: stars, their largest radius and the slowest twinkle period. */
  STAR_COUNT: 90,
  STAR_MAX_RADIUS_PX: 1.8,
  STAR_TWINKLE_MS: 3_000,
  /** ball: balls, their largest radius and top speed. */
  BALL_COUNT: 8,
  BALL_MAX_RADIUS_PX: 24,
  BALL_SPEED_PX_PER_S: 120,
  /** snow: flakes, their largest radius and fall speed. */
  SNOW_COUNT: 70,
  SNOW_MAX_RADIUS_PX: 3,
  SNOW_SPEED_PX_PER_S: 40,
  /** rain: drops, streak length and fall speed. */
  RAIN_COUNT: 90,
  RAIN_LENGTH_PX: 14,
  RAIN_SPEED_PX_PER_S: 600,
  /** confetti: pieces, their size and fall speed. */
  CONFETTI_COUNT: 80,
  CONFETTI_SIZE_PX: 8,
  CONFETTI_SPEED_PX_PER_S: 90,
  /** The colours of the balls and confetti; the wheel, stars, snow and rain use the canvas's CSS `color`. */
  PALETTE: ['#f94144', '#f8961e', '#f9c74f', '#90be6d', '#43aa8b', '#577590'],
} as const;
