import { and, assign, emit, raise, sendParent, sendTo, setup, type SnapshotFrom } from 'xstate';
import { SLIDER } from '../../shared/constants/site.ts';
import { swipeMachine } from '../swipe/swipe.machine.ts';
import { canAutoplay, countOf, initialContext, lastPosition } from './slider.view-state.ts';
import type { SliderContext, SliderEmitted, SliderEvent, SliderInput, SliderStopReason, SliderTrigger } from './slider.types.ts';

/** Internal: the autoplay timer asks the slide region for its step. */
type AutoplayStep = { type: 'AUTOPLAY.STEP' };

/** Where a step forward lands; `wrap`: from the last position to the first. `null`: nowhere to go. */
function forward(context: SliderContext, wrap: boolean): number | null {
  const last = lastPosition(context);
  if (context.index < last) return Math.min(context.index + context.scroll, last);
  return wrap && last > 0 ? 0 : null;
}

/** Where a step back lands; `wrap`: from the first position to the last. */
function backward(context: SliderContext, wrap: boolean): number | null {
  const last = lastPosition(context);
  if (context.index > 0) return Math.max(context.index - context.scroll, 0);
  return wrap && last > 0 ? last : null;
}

/** A swipe to the left pulls the next slide in; a right-to-left page reads the other way. */
const isSwipeForward = (context: SliderContext, direction: 'left' | 'right') => (direction === 'left') !== context.rightToLeft;

/** The automatic step (autoplay, a video ending): forward, wrapping only with `loop-autoplay`. */
const automaticStep = (context: SliderContext) => forward(context, context.loopAutoplay);

/** Where `event` takes the slider, or `null` when it goes nowhere. */
function targetOf(context: SliderContext, event: SliderEvent | AutoplayStep): number | null {
  switch (event.type) {
    case 'SLIDE.NEXT':
      return forward(context, context.loopManual);
    case 'SLIDE.PREVIOUS':
      return backward(context, context.loopManual);
    case 'SLIDE.GOTO':
      return Number.isInteger(event.index) && event.index >= 0 && event.index <= lastPosition(context) ? event.index : null;
    case 'SWIPED':
      return isSwipeForward(context, event.direction) ? forward(context, context.loopManual) : backward(context, context.loopManual);
    case 'VIDEO.ENDED':
      return event.looping ? null : automaticStep(context);
    case 'AUTOPLAY.STEP':
      return automaticStep(context);
    default:
      return null;
  }
}

const TRIGGERS: Partial<Record<(SliderEvent | AutoplayStep)['type'], SliderTrigger>> = {
  'SLIDE.NEXT': 'next',
  'SLIDE.PREVIOUS': 'previous',
  'SLIDE.GOTO': 'goto',
  SWIPED: 'swipe',
  'VIDEO.ENDED': 'video',
  'AUTOPLAY.STEP': 'autoplay',
};

/**
 * The slideshow and carousel (content-site spec 001: section 3 "Slider options", 4 "Slider", 9 "Slider").
 *
 * Two regions side by side:
 * - `slide`: `idle` or `animating` for the change's duration (`transition`; none under reduced
 *   motion). Next, previous, go-to and swipes move it; while animating, or with fewer than
 *   `SLIDER.MIN_SLIDES` positions, they are ignored. `loop-manual` wraps manual steps at both
 *   ends. In carousel mode `index` is the first slide shown and goes from 0 to `count - show`.
 * - `rotation` (autoplay): `playing` steps forward every `interval` (`after` with reenter),
 *   wrapping only with `loop-autoplay`; `held` while keyboard focus or the pointer is inside, or a
 *   video of the slide shown plays (the timer starts over when all of them are gone); `stopped` for good after a manual navigation, by the
 *   rotation control (which starts it again), under reduced motion, and on arriving where it may
 *   not go on: the last position without `loop-autoplay`, or the stop point of `stop-infinite-loop`.
 *
 * A video in the current slide ending steps forward as autoplay would, unless it loops or the
 * slider has a single slide. Touches go to an invoked swipe recogniser (machines/swipe: its
 * distance and lock), whose swipes come back as `SWIPED` and mirror on right-to-left pages.
 */
export const sliderMachine = setup({
  types: {} as { context: SliderContext; events: SliderEvent | AutoplayStep; emitted: SliderEmitted; input: SliderInput },
  delays: {
    /** A slide change; instant under reduced motion. */
    transition: ({ context }) => (context.reducedMotion ? 0 : context.transitionMs),
    /** Autoplay's time on each slide. */
    interval: ({ context }) => context.intervalMs,
  },
  actors: {
    /** The shared swipe recogniser, telling this machine of each swipe instead of the page. */
    swipe: swipeMachine.provide({
      actions: { emitSwipe: sendParent(({ event }) => ({ type: 'SWIPED' as const, direction: event.dx < 0 ? ('left' as const) : ('right' as const) })) },
    }),
  },
  guards: {
    /** The event goes somewhere. */
    hasTarget: ({ context, event }) => {
      const target = targetOf(context, event);
      return target !== null && target !== context.index;
    },
    hasSlides: ({ context }) => context.count > 0,
    hasPositions: ({ context }) => lastPosition(context) + 1 >= SLIDER.MIN_SLIDES,
    canAutoplay: ({ context }) => canAutoplay(context),
    /** The next autoplay step arrives where autoplay ends (or cannot move at all). */
    isLastStep: ({ context }) => {
      const target = automaticStep(context);
      if (target === null) return true;
      const last = lastPosition(context);
      return (target === last && (!context.loopAutoplay || context.stopAt === 'last')) || (target === 0 && context.stopAt === 'first');
    },
    isHeld: ({ context, event }) =>
      (event.type === 'FOCUS.SET' ? event.inside : context.focusInside) ||
      (event.type === 'POINTER.SET' ? event.inside : context.pointerInside) ||
      (event.type === 'VIDEO.SET' ? event.playing : context.videoPlaying),
    isReduced: ({ event }) => event.type === 'MOTION.SET' && event.reduced,
  },
  actions: {
    moveTo: assign(({ context, event }) => ({ index: targetOf(context, event) ?? context.index })),
    emitChange: emit(({ context, event }) => ({
      type: 'change' as const,
      index: targetOf(context, event) ?? context.index,
      previous: context.index,
      trigger: TRIGGERS[event.type] ?? 'next',
    })),
    stepAutoplay: raise({ type: 'AUTOPLAY.STEP' }),
    forwardTouch: sendTo('swipe', ({ event }) => (event.type === 'TOUCH.END' ? { type: 'SWIPE' as const, dx: event.dx, dy: event.dy } : { type: 'SWIPE' as const, dx: 0, dy: 0 })),
    setHold: assign(({ context, event }) => ({
      focusInside: event.type === 'FOCUS.SET' ? event.inside : context.focusInside,
      pointerInside: event.type === 'POINTER.SET' ? event.inside : context.pointerInside,
      videoPlaying: event.type === 'VIDEO.SET' ? event.playing : context.videoPlaying,
    })),
    /** An explicit play outranks the holds: they count again from the next time focus or the pointer enters. */
    clearHolds: assign({ focusInside: false, pointerInside: false }),
    setMotion: assign({ reducedMotion: ({ context, event }) => (event.type === 'MOTION.SET' ? event.reduced : context.reducedMotion) }),
    /** A carousel shows more or fewer at once: the first slide shown stays where it can. */
    setShow: assign(({ context, event }) => {
      if (event.type !== 'SHOW.SET') return {};
      const show = countOf(event.show, context.show, 1);
      return { show, index: Math.min(context.index, lastPosition({ count: context.count, show })) };
    }),
    setCount: assign(({ context, event }) => {
      if (event.type !== 'SLIDES.SET') return {};
      const count = countOf(event.count, 0);
      return { count, index: Math.min(context.index, lastPosition({ count, show: context.show })) };
    }),
    emitStart: emit({ type: 'autoplay-start' as const }),
    emitStopNavigation: emit({ type: 'autoplay-stop' as const, reason: 'navigation' as SliderStopReason }),
    emitStopControl: emit({ type: 'autoplay-stop' as const, reason: 'control' as SliderStopReason }),
    emitStopEnd: emit({ type: 'autoplay-stop' as const, reason: 'end' as SliderStopReason }),
    emitStopMotion: emit({ type: 'autoplay-stop' as const, reason: 'reduced-motion' as SliderStopReason }),
  },
}).createMachine({
  id: 'slider',
  type: 'parallel',
  context: ({ input }) => initialContext(input),
  invoke: { src: 'swipe', id: 'swipe' },
  on: {
    'TOUCH.END': { actions: 'forwardTouch' },
    'SLIDES.SET': { actions: 'setCount' },
    'SHOW.SET': { actions: 'setShow' },
  },
  states: {
    slide: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'SLIDE.NEXT': { guard: and(['hasPositions', 'hasTarget']), target: 'animating', actions: ['emitChange', 'moveTo'] },
            'SLIDE.PREVIOUS': { guard: and(['hasPositions', 'hasTarget']), target: 'animating', actions: ['emitChange', 'moveTo'] },
            'SLIDE.GOTO': { guard: and(['hasPositions', 'hasTarget']), target: 'animating', actions: ['emitChange', 'moveTo'] },
            SWIPED: { guard: and(['hasPositions', 'hasTarget']), target: 'animating', actions: ['emitChange', 'moveTo'] },
            'VIDEO.ENDED': { guard: and(['hasPositions', 'hasTarget']), target: 'animating', actions: ['emitChange', 'moveTo'] },
            'AUTOPLAY.STEP': { guard: and(['hasPositions', 'hasTarget']), target: 'animating', actions: ['emitChange', 'moveTo'] },
          },
        },
        animating: { after: { transition: 'idle' } },
      },
    },
    rotation: {
      initial: 'deciding',
      on: {
        'FOCUS.SET': { actions: 'setHold' },
        'POINTER.SET': { actions: 'setHold' },
        'VIDEO.SET': { actions: 'setHold' },
        'MOTION.SET': { actions: 'setMotion' },
      },
      states: {
        // Until the slides are counted (markup parsed after the element started) it waits: autoplay needs them.
        deciding: { always: [{ guard: 'canAutoplay', target: 'running', actions: 'emitStart' }, { guard: 'hasSlides', target: 'stopped' }] },
        running: {
          initial: 'playing',
          on: {
            // Manual navigation, even one that goes nowhere, takes the slider out of autoplay's hands.
            'SLIDE.NEXT': { target: 'stopped', actions: 'emitStopNavigation' },
            'SLIDE.PREVIOUS': { target: 'stopped', actions: 'emitStopNavigation' },
            'SLIDE.GOTO': { target: 'stopped', actions: 'emitStopNavigation' },
            SWIPED: { target: 'stopped', actions: 'emitStopNavigation' },
            'ROTATION.TOGGLE': { target: 'stopped', actions: 'emitStopControl' },
            'MOTION.SET': [{ guard: 'isReduced', target: 'stopped', actions: ['setMotion', 'emitStopMotion'] }, { actions: 'setMotion' }],
          },
          states: {
            playing: {
              after: { interval: { target: 'playing', reenter: true, actions: 'stepAutoplay' } },
              on: {
                // Seen by both regions at once: the slide moves, then autoplay ends if it arrived where it may not go on.
                'AUTOPLAY.STEP': { guard: 'isLastStep', target: '#slider.rotation.stopped', actions: 'emitStopEnd' },
                'FOCUS.SET': { guard: 'isHeld', target: 'held', actions: 'setHold' },
                'POINTER.SET': { guard: 'isHeld', target: 'held', actions: 'setHold' },
                'VIDEO.SET': { guard: 'isHeld', target: 'held', actions: 'setHold' },
              },
            },
            held: {
              on: {
                'FOCUS.SET': [{ guard: 'isHeld', actions: 'setHold' }, { target: 'playing', actions: 'setHold' }],
                'POINTER.SET': [{ guard: 'isHeld', actions: 'setHold' }, { target: 'playing', actions: 'setHold' }],
                'VIDEO.SET': [{ guard: 'isHeld', actions: 'setHold' }, { target: 'playing', actions: 'setHold' }],
              },
            },
          },
        },
        // An explicit play starts autoplay again, under reduced motion too (the visitor asked for it).
        stopped: { on: { 'ROTATION.TOGGLE': { guard: 'hasPositions', target: 'running', actions: ['clearHolds', 'emitStart'] } } },
      },
    },
  },
});

export type SliderSnapshot = SnapshotFrom<typeof sliderMachine>;
