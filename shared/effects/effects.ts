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
import { prefersReducedMotion } from '../dom/reduced-motion.ts';

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

/** True for a name in {@link EFFECTS}. */
export const isEffect = (name: string): name is Effect => (EFFECTS as readonly string[]).includes(name);

/** The default effect's keyframes (and none's) come with this module; the others are a chunk. */
export const INLINE_KEYFRAMES: { none: Keyframe[]; fade: Keyframe[] } = { none: [], fade: [{ opacity: 0 }, {}] };

/** Whether any of `effects` needs the keyframes' chunk (the default's and none's come with this module). */
export const needsKeyframes = (effects: ReadonlyArray<string | undefined>): boolean =>
  effects.some((effect) => effect !== undefined && !(INLINE_KEYFRAMES as Partial<Record<string, Keyframe[]>>)[isEffect(effect) ? effect : FALLBACK_EFFECT]);

type Keyframes = typeof import('./keyframes.ts');
let keyframes: Keyframes | null = null;
let loading: Promise<Keyframes> | null = null;

/** The keyframes to play for `effect` (the fallback's for an unknown name); null until its chunk is here. */
function keyframesOf(effect: string): Keyframe[] | null {
  const name = isEffect(effect) ? effect : FALLBACK_EFFECT;
  return (INLINE_KEYFRAMES as Partial<Record<Effect, Keyframe[]>>)[name] ?? keyframes?.effectKeyframes(name) ?? null;
}

/**
 * Fetches the keyframes of `effects` unless they come with this module (once; a failed fetch is
 * tried again on the next call). A pop-up waits for its effects before it shows, so its entry
 * starts hidden from the very first frame.
 */
export function loadEffects(effects: ReadonlyArray<string | undefined> = EFFECTS): Promise<void> {
  if (keyframes || !needsKeyframes(effects)) return Promise.resolve();
  loading ??= import('./keyframes.ts').then(
    (module) => (keyframes = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading.then(() => undefined);
}

/** The animation each element last got from `playEffect`, so a new effect replaces it. */
const playing = new WeakMap<Element, Animation>();

/**
 * Plays `effect` on `element`: forwards on entry, backwards on exit. Resolves when done, at once
 * for `none`, a zero duration or reduced motion. An unknown name plays {@link FALLBACK_EFFECT}.
 *
 * Both hold their last frame: the exit's (hidden) until the element goes away, the entry's, which
 * is the element's own style (its implicit keyframe follows that style), until the next effect.
 * Released, the entry would repaint the element, and Chromium would record that repaint as a new
 * largest contentful paint of the host page (see {@link revealAfterHiddenFrame}). Each call first
 * cancels the element's previous effect, so a pop-up shown again after an exit is not left hidden
 * by it.
 */
export function playEffect(element: Element, effect: string, direction: 'entry' | 'exit', durationMs: number): Promise<void> {
  const frames = keyframesOf(effect);
  // Without its keyframes yet (no pop-up waited for them), the effect plays once they are here.
  if (!frames) return loadEffects([effect]).then(() => playEffect(element, effect, direction, durationMs), () => undefined);
  playing.get(element)?.cancel();
  playing.delete(element);
  if (!frames.length || durationMs <= 0 || prefersReducedMotion()) return Promise.resolve();
  const animation = element.animate(frames, {
    id: `kite-effect-${isEffect(effect) ? effect : FALLBACK_EFFECT}`,
    duration: durationMs,
    easing: keyframes?.STEPPED.has(effect as Effect) ? 'linear' : 'ease-out',
    direction: direction === 'entry' ? 'normal' : 'reverse',
    // Entry: hidden from the first frame, then held on the element's own style. Exit: stays hidden after the last.
    fill: 'both',
  });
  playing.set(element, animation);
  return animation.finished.then(
    () => undefined,
    () => undefined,
  );
}

/** One frame at 60 Hz: how long {@link revealAfterHiddenFrame} keeps an element at opacity 0. */
const HIDDEN_FRAME_MS = 16;
/** The reveal each element last got, so a new one replaces it. */
const revealing = new WeakMap<Element, Animation>();

/**
 * Paints `element` at opacity 0 for one frame, then at its own opacity, and holds that (issue 22,
 * item 7). Chromium leaves out of largest contentful paint what it paints under opacity 0, and
 * a held animation's end repaints nothing, so a pop-up revealed this way is seen by the visitor
 * at once but is not taken for the host page's largest paint (measured on Chromium 156:
 * docs/BENCHMARKS.md, "Lighthouse on the demo pages"). Not a motion effect: it plays under
 * reduced motion and with the effect `none` too, and nothing is hidden from assistive technology.
 * Start it before an effect on the same element: the effect's implicit keyframes then play over it.
 */
export function revealAfterHiddenFrame(element: Element): void {
  revealing.get(element)?.cancel();
  revealing.set(element, element.animate([{ opacity: 0 }, {}], { duration: HIDDEN_FRAME_MS, fill: 'both' }));
}

/** Set on an image of `root` once {@link revealImagesAsTheyLoad} has revealed it. */
export const REVEALED_IMAGE_ATTRIBUTE = 'data-revealed';

/** Reveals the image an event of {@link revealImagesAsTheyLoad} came from. */
const revealImage = ({ target }: Event) => {
  if (!(target instanceof HTMLImageElement) || target.hasAttribute(REVEALED_IMAGE_ATTRIBUTE)) return;
  // In the same task: the first paint without the root's `opacity: 0` is the reveal's hidden frame.
  target.setAttribute(REVEALED_IMAGE_ATTRIBUTE, '');
  revealAfterHiddenFrame(target);
};

/**
 * Reveals each image of `root` as it loads (or fails, to show its alt text), as
 * {@link revealAfterHiddenFrame} does. `root`'s CSS must keep its images at opacity 0 until they
 * have {@link REVEALED_IMAGE_ATTRIBUTE}: an image that arrives after its pop-up shows (a
 * product's, an image block's) can be painted before its `load` event is handled, so only CSS makes
 * sure its first paint is hidden and not the host page's largest paint. Listen from before the
 * first image is inserted: `load` is then never missed, a cached image's included (it is
 * dispatched in a later task). For the root's life; calling it again adds nothing (same listener).
 */
export function revealImagesAsTheyLoad(root: ShadowRoot | Element): void {
  // `load` and `error` do not bubble, but pass `root` on capture.
  root.addEventListener('load', revealImage, true);
  root.addEventListener('error', revealImage, true);
}
