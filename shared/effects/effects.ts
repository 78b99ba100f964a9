/**
 * Entry and exit effects with the Web Animations API (widget spec section 2 "Entry effects").
 *
 * Each effect is one keyframe list, modelled on the jQuery UI effect of the same name, that
 * starts hidden and ends on the element's own style. The exit is the same list played in
 * reverse, so every exit ends hidden (and holds there until the pop-up is removed). Under
 * `prefers-reduced-motion: reduce` every effect is instant.
 *
 * Motion uses the individual `translate` and `scale` properties rather than `transform`, so an
 * effect composes with a transform the layout puts on the element (scaling to the window)
 * instead of replacing it while it plays. Where a keyframe leaves a property out, the browser
 * fills in the element's own value (Web Animations "implicit keyframes").
 */
import { EFFECT } from '../constants/widget.ts';

/** Every entry effect, in the spec's order: the one list the record schema and the demo use. */
export const EFFECTS = [
  'none', 'up', 'down', 'left', 'right', 'blind', 'fold', 'bounce', 'clip', 'size',
  'scale-out', 'explode', 'fade', 'highlight', 'puff', 'pulsate', 'scale', 'shake',
] as const;

/** An entry (and exit) effect name. */
export type Effect = (typeof EFFECTS)[number];

/** How long an entry effect plays; the spec fixes only the exit (CLOSE.EXIT_ANIMATION_MS). */
export const ENTRY_EFFECT_MS = EFFECT.ENTRY_MS;

/** The effect played for a name this version does not know. */
export const FALLBACK_EFFECT: Effect = 'fade';

const SLIDE = EFFECT.SLIDE_DISTANCE_PERCENT;
/** jQuery UI drop: slide in from that side (`up` comes from above) while fading in. */
const slide = (x: number, y: number): Keyframe[] => [{ translate: `${x}% ${y}%`, opacity: 0 }, {}];
const shown = 'inset(0)';

/** Drops in, then bounces on the spot, each bounce half as high as the one before. */
function bounce(): Keyframe[] {
  const frames: Keyframe[] = [{ translate: `0 -${EFFECT.BOUNCE_DISTANCE_PERCENT}%`, opacity: 0, easing: 'ease-in' }];
  for (let i = 1; i < EFFECT.BOUNCE_TIMES; i++) {
    frames.push(
      { translate: '0 0', opacity: 1, easing: 'ease-out' },
      { translate: `0 -${EFFECT.BOUNCE_DISTANCE_PERCENT / 2 ** i}%`, easing: 'ease-in' },
    );
  }
  return [...frames, { translate: '0 0' }];
}

/** Appears at once, then moves left and right `SHAKE_TIMES` times. */
const shake = (): Keyframe[] => [
  { opacity: 0 },
  ...Array.from({ length: 2 * EFFECT.SHAKE_TIMES }, (_, i): Keyframe => ({
    translate: `${i % 2 ? EFFECT.SHAKE_DISTANCE_PX : -EFFECT.SHAKE_DISTANCE_PX}px 0`,
    ...(i === 0 && { opacity: 1 }),
  })),
  {},
];

/** Each effect's keyframes, played forwards on entry and backwards on exit. */
const KEYFRAMES: Record<Effect, Keyframe[]> = {
  none: [],
  up: slide(0, -SLIDE),
  down: slide(0, SLIDE),
  left: slide(-SLIDE, 0),
  right: slide(SLIDE, 0),
  // A blind rolled down from the top edge.
  blind: [{ clipPath: 'inset(0 0 100% 0)' }, { clipPath: shown }],
  // A strip `FOLD_SIZE_PX` high opens to full width, then to full height.
  fold: [
    { clipPath: `inset(0 100% calc(100% - ${EFFECT.FOLD_SIZE_PX}px) 0)` },
    { clipPath: `inset(0 0 calc(100% - ${EFFECT.FOLD_SIZE_PX}px) 0)` },
    { clipPath: shown },
  ],
  bounce: bounce(),
  // Opens vertically from the middle line.
  clip: [{ clipPath: 'inset(50% 0 50% 0)' }, { clipPath: shown }],
  // Grows from nothing at its top left corner: the corner stays put while the scale runs.
  size: [{ scale: 0, translate: '-50% -50%' }, {}],
  'scale-out': [{ scale: EFFECT.SCALE_OUT_FROM, opacity: 0 }, {}],
  explode: [{ scale: EFFECT.EXPLODE_FROM, filter: `blur(${EFFECT.EXPLODE_BLUR_PX}px)`, opacity: 0 }, {}],
  fade: [{ opacity: 0 }, {}],
  // Appears at once on a flash of colour that fades to its own background.
  highlight: [
    { opacity: 0, backgroundColor: EFFECT.HIGHLIGHT_COLOUR },
    { opacity: 1, backgroundColor: EFFECT.HIGHLIGHT_COLOUR, offset: EFFECT.HIGHLIGHT_APPEAR_SHARE },
    {},
  ],
  puff: [{ scale: EFFECT.PUFF_FROM, opacity: 0 }, {}],
  // Blinks in: 0, 1, 0, 1, ... ending on its own opacity.
  pulsate: [...Array.from({ length: 2 * EFFECT.PULSATE_TIMES - 1 }, (_, i): Keyframe => ({ opacity: i % 2 })), {}],
  scale: [{ scale: 0 }, {}],
  shake: shake(),
};

/** Effects whose keyframes carry their own timing: eased per step, linear overall. */
const STEPPED: ReadonlySet<Effect> = new Set(['bounce', 'pulsate', 'shake']);

/** True for a name in {@link EFFECTS}. */
export const isEffect = (name: string): name is Effect => Object.hasOwn(KEYFRAMES, name);

/** The keyframes `playEffect` uses for `effect` (the fallback's for an unknown name). */
export const effectKeyframes = (effect: string): Keyframe[] => KEYFRAMES[isEffect(effect) ? effect : FALLBACK_EFFECT];

export const prefersReducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The animation each element last got from `playEffect`, so a new effect replaces it. */
const playing = new WeakMap<Element, Animation>();

/**
 * Plays `effect` on `element`: forwards on entry, backwards on exit. Resolves when done, at once
 * for `none`, a zero duration or reduced motion. An unknown name plays {@link FALLBACK_EFFECT}.
 *
 * The exit holds its last (hidden) frame until the element goes away; the entry holds nothing
 * once done, so the element's own styles apply again. Each call first cancels the element's
 * previous effect, so a pop-up shown again after an exit is not left hidden by it.
 */
export function playEffect(element: Element, effect: string, direction: 'entry' | 'exit', durationMs: number): Promise<void> {
  playing.get(element)?.cancel();
  playing.delete(element);
  const keyframes = effectKeyframes(effect);
  if (!keyframes.length || durationMs <= 0 || prefersReducedMotion()) return Promise.resolve();
  const animation = element.animate(keyframes, {
    id: `kite-effect-${isEffect(effect) ? effect : FALLBACK_EFFECT}`,
    duration: durationMs,
    easing: STEPPED.has(effect as Effect) ? 'linear' : 'ease-out',
    direction: direction === 'entry' ? 'normal' : 'reverse',
    // Entry: hidden from the first frame. Exit: stays hidden after the last.
    fill: direction === 'entry' ? 'backwards' : 'forwards',
  });
  playing.set(element, animation);
  return animation.finished.then(
    () => undefined,
    () => undefined,
  );
}
