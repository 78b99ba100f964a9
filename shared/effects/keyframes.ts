/**
 * The keyframes of the entry and exit effects (see effects.ts): fetched with a pop-up's record,
 * before it shows, so a page whose pop-ups never show loads none of them.
 */
import { ENTRY_EFFECT } from '../constants/effects.ts';
import { FALLBACK_EFFECT, INLINE_KEYFRAMES, isEffect, type Effect } from './effects.ts';

const SLIDE = ENTRY_EFFECT.SLIDE_DISTANCE_PERCENT;
/** jQuery UI drop: slide in from that side (`up` comes from above) while fading in. */
const slide = (x: number, y: number): Keyframe[] => [{ translate: `${x}% ${y}%`, opacity: 0 }, {}];
const shown = 'inset(0)';

/** Drops in, then bounces on the spot, each bounce half as high as the one before. */
function bounce(): Keyframe[] {
  const frames: Keyframe[] = [{ translate: `0 -${ENTRY_EFFECT.BOUNCE_DISTANCE_PERCENT}%`, opacity: 0, easing: 'ease-in' }];
  for (let i = 1; i < ENTRY_EFFECT.BOUNCE_TIMES; i++) {
    frames.push(
      { translate: '0 0', opacity: 1, easing: 'ease-out' },
      { translate: `0 -${ENTRY_EFFECT.BOUNCE_DISTANCE_PERCENT / 2 ** i}%`, easing: 'ease-in' },
    );
  }
  // Ends on the element's own place (an implicit keyframe), which the held entry keeps following.
  return [...frames, {}];
}

/** Appears at once, then moves left and right `SHAKE_TIMES` times. */
const shake = (): Keyframe[] => [
  { opacity: 0 },
  ...Array.from({ length: 2 * ENTRY_EFFECT.SHAKE_TIMES }, (_, i): Keyframe => ({
    translate: `${i % 2 ? ENTRY_EFFECT.SHAKE_DISTANCE_PX : -ENTRY_EFFECT.SHAKE_DISTANCE_PX}px 0`,
    ...(i === 0 && { opacity: 1 }),
  })),
  {},
];

/** Each effect's keyframes, played forwards on entry and backwards on exit. */
const KEYFRAMES: Record<Effect, Keyframe[]> = {
  ...INLINE_KEYFRAMES,
  up: slide(0, -SLIDE),
  down: slide(0, SLIDE),
  left: slide(-SLIDE, 0),
  right: slide(SLIDE, 0),
  // A blind rolled down from the top edge.
  blind: [{ clipPath: 'inset(0 0 100% 0)' }, { clipPath: shown }],
  // A strip `FOLD_SIZE_PX` high opens to full width, then to full height.
  fold: [
    { clipPath: `inset(0 100% calc(100% - ${ENTRY_EFFECT.FOLD_SIZE_PX}px) 0)` },
    { clipPath: `inset(0 0 calc(100% - ${ENTRY_EFFECT.FOLD_SIZE_PX}px) 0)` },
    { clipPath: shown },
  ],
  bounce: bounce(),
  // Opens vertically from the middle line.
  clip: [{ clipPath: 'inset(50% 0 50% 0)' }, { clipPath: shown }],
  // Grows from nothing at its top left corner: the corner stays put while the scale runs.
  size: [{ scale: 0, translate: '-50% -50%' }, {}],
  'scale-out': [{ scale: ENTRY_EFFECT.SCALE_OUT_FROM, opacity: 0 }, {}],
  explode: [{ scale: ENTRY_EFFECT.EXPLODE_FROM, filter: `blur(${ENTRY_EFFECT.EXPLODE_BLUR_PX}px)`, opacity: 0 }, {}],
  // Appears at once on a flash of colour that fades to its own background.
  highlight: [
    { opacity: 0, backgroundColor: ENTRY_EFFECT.HIGHLIGHT_COLOUR },
    { opacity: 1, backgroundColor: ENTRY_EFFECT.HIGHLIGHT_COLOUR, offset: ENTRY_EFFECT.HIGHLIGHT_APPEAR_SHARE },
    {},
  ],
  puff: [{ scale: ENTRY_EFFECT.PUFF_FROM, opacity: 0 }, {}],
  // Blinks in: 0, 1, 0, 1, ... ending on its own opacity.
  pulsate: [...Array.from({ length: 2 * ENTRY_EFFECT.PULSATE_TIMES - 1 }, (_, i): Keyframe => ({ opacity: i % 2 })), {}],
  scale: [{ scale: 0 }, {}],
  shake: shake(),
};

/** Effects whose keyframes carry their own timing: eased per step, linear overall. */
export const STEPPED: ReadonlySet<Effect> = new Set(['bounce', 'pulsate', 'shake']);

/** The keyframes `playEffect` uses for `effect` (the fallback's for an unknown name). */
export const effectKeyframes = (effect: string): Keyframe[] => KEYFRAMES[isEffect(effect) ? effect : FALLBACK_EFFECT];
