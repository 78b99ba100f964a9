import { emit, setup } from 'xstate';
import { SWIPE } from '../../shared/constants/site.ts';
import type { SwipeEmitted, SwipeEvent } from './swipe.types.ts';
import { isSwipe } from '../../shared/logic/swipe.ts';

/**
 * Swipe recognition (spec 001, sections 2 "Swipe navigation" and 9 "Swipe"): a touch that travels
 * at least `SWIPE.MIN_HORIZONTAL_PX` sideways, and more sideways than up or down, is a swipe. After
 * one, the machine is `locked` for `lock` and ignores further swipes, so one flick is one page.
 */
export const swipeMachine = setup({
  types: {} as { events: SwipeEvent; emitted: SwipeEmitted },
  delays: {
    /** Swipes are ignored this long after one. */
    lock: SWIPE.LOCK_MS,
  },
  guards: {
    isSwipe: ({ event }) => isSwipe(event.dx, event.dy),
  },
  actions: {
    emitSwipe: emit(({ event }) => ({ type: 'swipe' as const, direction: event.dx < 0 ? ('left' as const) : ('right' as const) })),
  },
}).createMachine({
  id: 'swipe',
  initial: 'idle',
  states: {
    idle: { on: { SWIPE: { guard: 'isSwipe', target: 'locked', actions: 'emitSwipe' } } },
    locked: { after: { lock: 'idle' } },
  },
});
