/**
 * Types of the slideshow / carousel machine (content-site spec 001: section 3 "Slider options",
 * section 4 "Slider", section 8 "Slider", section 9 "Slider").
 */
import type { SwipeDirection } from '../swipe/swipe.types.ts';

/**
 * Where autoplay stops by itself even though it may wrap (`stop-infinite-loop`): on reaching the
 * `last` slide, or on coming back to the `first` one after a full round; `null` never.
 */
export type SliderStopAt = 'first' | 'last' | null;

/** What moved the slider: a control, a key or a swipe (`next`, `previous`, `goto`), autoplay, or a video slide ending. */
export type SliderTrigger = 'next' | 'previous' | 'goto' | 'swipe' | 'autoplay' | 'video';

/** Why autoplay stopped: a manual `navigation`, the rotation `control`, the `end` of the show, `reduced-motion`. */
export type SliderStopReason = 'navigation' | 'control' | 'end' | 'reduced-motion';

export interface SliderInput {
  /** Number of slides. */
  count: number;
  /** Slides shown at once: 1 for a slideshow, `carousel-slides-to-show` in carousel mode. */
  show?: number;
  /** Slides one step moves (carousel mode; 1 otherwise). */
  scroll?: number;
  /** Autoplay is on (`autoplay`). */
  autoplay?: boolean;
  /** Time each slide shows under autoplay, ms (`interval` × 1000). */
  intervalMs?: number;
  /** Duration of a slide change, ms (`transition-speed`). */
  transitionMs?: number;
  /** Manual navigation wraps at both ends (`loop-manual`). */
  loopManual?: boolean;
  /** Autoplay wraps from the last slide to the first (`loop-autoplay`). */
  loopAutoplay?: boolean;
  /** Where autoplay stops by itself (`stop-infinite-loop`). */
  stopAt?: SliderStopAt;
  /** The visitor asks for reduced motion: no autoplay, instant changes. */
  reducedMotion?: boolean;
  /** The page reads right to left: swipes mirror. */
  rightToLeft?: boolean;
}

export interface SliderContext {
  /** Number of slides. */
  count: number;
  /** Slides shown at once. */
  show: number;
  /** Slides a step moves. */
  scroll: number;
  /** The first slide shown (0-based). */
  index: number;
  /** Autoplay was asked for (`autoplay`). */
  autoplay: boolean;
  /** Autoplay interval, ms. */
  intervalMs: number;
  /** Slide change duration, ms. */
  transitionMs: number;
  loopManual: boolean;
  loopAutoplay: boolean;
  stopAt: SliderStopAt;
  reducedMotion: boolean;
  rightToLeft: boolean;
  /** Keyboard focus is inside the slider (autoplay waits). */
  focusInside: boolean;
  /** The pointer is over the slider (autoplay waits). */
  pointerInside: boolean;
  /** A video of the slide shown is playing (autoplay waits for it to end). */
  videoPlaying: boolean;
}

export type SliderEvent =
  /** The next step (a control or a key). */
  | { type: 'SLIDE.NEXT' }
  /** The previous step. */
  | { type: 'SLIDE.PREVIOUS' }
  /** Straight to position `index` (a dot). */
  | { type: 'SLIDE.GOTO'; index: number }
  /** A touch ended `dx`, `dy` pixels from where it began: handed to the swipe recogniser (machines/swipe). */
  | { type: 'TOUCH.END'; dx: number; dy: number }
  /** The swipe recogniser saw a swipe (sent by the invoked swipe machine). */
  | { type: 'SWIPED'; direction: SwipeDirection }
  /** A video in the current slide ended; `looping`: it plays again by itself. */
  | { type: 'VIDEO.ENDED'; looping: boolean }
  /** The rotation control: stop autoplay, or start it again. */
  | { type: 'ROTATION.TOGGLE' }
  /** Keyboard focus entered (`inside`) or left the slider. */
  | { type: 'FOCUS.SET'; inside: boolean }
  /** The pointer entered (`inside`) or left the slider. */
  | { type: 'POINTER.SET'; inside: boolean }
  /** A video of the slide shown started (`playing`) or stopped playing. */
  | { type: 'VIDEO.SET'; playing: boolean }
  /** The reduced-motion preference changed. */
  | { type: 'MOTION.SET'; reduced: boolean }
  /** The slides were counted again (the page changed them). */
  | { type: 'SLIDES.SET'; count: number }
  /** The number of slides shown at once changed (a carousel on a narrower or wider window). */
  | { type: 'SHOW.SET'; show: number };

/** Emitted events; the element dispatches each as `kite-slider-<type>`. */
export type SliderEmitted =
  /** The slider moved from position `previous` to `index`, by `trigger`. */
  | { type: 'change'; index: number; previous: number; trigger: SliderTrigger }
  /** Autoplay started (at connection or by the rotation control). */
  | { type: 'autoplay-start' }
  /** Autoplay stopped, for `reason`. */
  | { type: 'autoplay-stop'; reason: SliderStopReason };

/** What the element draws: the position and layout, and what is under way. */
export interface SliderView extends Pick<SliderContext, 'index' | 'count' | 'show' | 'reducedMotion' | 'transitionMs'> {
  /** A change is animating (navigation is ignored). */
  animating: boolean;
  /** Autoplay is on, rotating or held: the rotation control offers to stop it. */
  autoplayOn: boolean;
  /** Autoplay is rotating (the live region is off). */
  rotating: boolean;
}
