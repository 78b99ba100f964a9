import { SLIDER } from '../../shared/constants/site.ts';
import type { SliderSnapshot } from './slider.machine.ts';
import type { SliderContext, SliderInput, SliderView } from './slider.types.ts';

// What a view of the slider shows, of a running actor's snapshot or of the state one starts in, in
// a module of its own (no XState): the element draws a carousel nobody has touched from the
// initial state and loads the machine (and XState) only when an actor must run; the machine
// starts from the same functions, so the two cannot disagree.

/** The last position the first shown slide can take (0 with as few slides as are shown). */
export const lastPosition = (context: Pick<SliderContext, 'count' | 'show'>): number => Math.max(0, context.count - context.show);

/** A whole number at least `min`, else `fallback`. */
export const countOf = (value: number | undefined, fallback: number, min = 0) => (Number.isFinite(value) && value! >= min ? Math.floor(value!) : fallback);

/** The context the machine starts with for `input`. */
export const initialContext = (input: SliderInput): SliderContext => ({
  count: countOf(input.count, 0),
  show: countOf(input.show, 1, 1),
  scroll: countOf(input.scroll, 1, 1),
  index: 0,
  autoplay: input.autoplay ?? false,
  intervalMs: Number.isFinite(input.intervalMs) && input.intervalMs! > 0 ? input.intervalMs! : SLIDER.INTERVAL_DEFAULT_S * 1_000,
  transitionMs: Number.isFinite(input.transitionMs) && input.transitionMs! >= 0 ? input.transitionMs! : SLIDER.TRANSITION_MS,
  loopManual: input.loopManual ?? false,
  loopAutoplay: input.loopAutoplay ?? false,
  stopAt: input.stopAt ?? null,
  reducedMotion: input.reducedMotion ?? false,
  rightToLeft: input.rightToLeft ?? false,
  focusInside: false,
  pointerInside: false,
  videoPlaying: false,
});

/** Autoplay may run: asked for, not under reduced motion, with somewhere to go. */
export const canAutoplay = (context: SliderContext) => context.autoplay && !context.reducedMotion && lastPosition(context) + 1 >= SLIDER.MIN_SLIDES;

/**
 * The view of the state an actor of `input` starts in, without creating one (or loading XState):
 * `sliderView` of a started actor, as the machine tests hold it. Autoplay is running from the
 * start when it can; nothing else is under way.
 */
export const initialSliderView = (input: SliderInput): SliderView => {
  const context = initialContext(input);
  const autoplay = canAutoplay(context);
  const { index, count, show, reducedMotion, transitionMs } = context;
  return { index, count, show, reducedMotion, transitionMs, animating: false, autoplayOn: autoplay, rotating: autoplay };
};

/** Autoplay is rotating: not stopped and not held by focus or the pointer (the live region is then off). */
export const isRotating = (snapshot: SliderSnapshot): boolean => snapshot.matches({ rotation: { running: 'playing' } });
/** Autoplay is on, rotating or held (the rotation control offers to stop it). */
export const isAutoplayOn = (snapshot: SliderSnapshot): boolean => snapshot.matches({ rotation: 'running' });

/** What a view of the slider shows of `snapshot`. */
export const sliderView = (snapshot: SliderSnapshot): SliderView => {
  const { index, count, show, reducedMotion, transitionMs } = snapshot.context;
  return { index, count, show, reducedMotion, transitionMs, animating: snapshot.matches({ slide: 'animating' }), autoplayOn: isAutoplayOn(snapshot), rotating: isRotating(snapshot) };
};
