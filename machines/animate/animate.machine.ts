import { assign, emit, enqueueActions, raise, setup, type SnapshotFrom } from 'xstate';
import { ANIMATION } from '../../shared/constants/site.ts';
import type { AnimateContext, AnimateEmitted, AnimateEvent, AnimateInput } from './animate.types.ts';

type IndexEvent = Extract<AnimateEvent, { index: number }>;
const indexOf = (event: AnimateEvent): number => (event as IndexEvent).index;

/**
 * The reveal queue of animated sections (content-site spec 001, section 9 "Waypoint trigger delay"
 * and "Animation stagger"), as the theme's script runs it: an item seen in view triggers
 * `ANIMATION.WAYPOINT_DELAY_MS` later and joins the queue, counting one more waiting item (up to
 * the cap) and waiting that many `ANIMATION.STAGGER_MS`; each reveal counts one fewer. The cap is
 * `ANIMATION.QUEUE_CAP` at first (`early`) and `ANIMATION.QUEUE_CAP_RAISED` once the page has run
 * `ANIMATION.QUEUE_CAP_RAISE_AFTER_MS` (`settled`): a page opening with many items in view reveals
 * them within a bounded time. With reduced motion an item seen is revealed at once.
 */
export const animateMachine = setup({
  types: {} as { context: AnimateContext; events: AnimateEvent; emitted: AnimateEmitted; input: AnimateInput },
  delays: {
    waypointDelay: ANIMATION.WAYPOINT_DELAY_MS,
    capRaise: ANIMATION.QUEUE_CAP_RAISE_AFTER_MS,
  },
  guards: {
    isReducedMotion: ({ context }) => context.reducedMotion,
  },
  actions: {
    triggerLater: raise(({ event }) => ({ type: 'ITEM.TRIGGER' as const, index: indexOf(event) }), { delay: 'waypointDelay' }),
    /** Joins the queue: one more waiting (up to the cap), its turn that many staggers away. */
    enqueue: enqueueActions(({ context, event, enqueue }) => {
      const waiting = Math.min(context.waiting + 1, context.cap);
      enqueue.assign({ waiting });
      enqueue.raise({ type: 'ITEM.REVEAL', index: indexOf(event) }, { delay: waiting * ANIMATION.STAGGER_MS });
    }),
    dequeue: assign({ waiting: ({ context }) => Math.max(context.waiting - 1, 0) }),
    emitReveal: emit(({ event }) => ({ type: 'reveal' as const, index: indexOf(event) })),
    raiseCap: assign({ cap: ANIMATION.QUEUE_CAP_RAISED }),
    setReducedMotion: assign({ reducedMotion: ({ context, event }) => (event.type === 'MOTION.SET' ? event.reduced : context.reducedMotion) }),
  },
}).createMachine({
  id: 'animate',
  context: ({ input }) => ({ waiting: 0, cap: ANIMATION.QUEUE_CAP, reducedMotion: input.reducedMotion }),
  initial: 'early',
  on: {
    'ITEM.SEEN': [{ guard: 'isReducedMotion', actions: 'emitReveal' }, { actions: 'triggerLater' }],
    'ITEM.TRIGGER': { actions: 'enqueue' },
    'ITEM.REVEAL': { actions: ['dequeue', 'emitReveal'] },
    'MOTION.SET': { actions: 'setReducedMotion' },
  },
  states: {
    early: { after: { capRaise: { target: 'settled', actions: 'raiseCap' } } },
    settled: {},
  },
});

export type AnimateSnapshot = SnapshotFrom<typeof animateMachine>;
