import { emit, setup, type SnapshotFrom } from 'xstate';
import { COUNTER } from '../../shared/constants/site.ts';
import type { CounterContext, CounterEmitted, CounterEvent, CounterInput } from './counter.types.ts';

/**
 * An animated number (spec 001, sections 2 "animated numbers", 3 "Animated number" and 9).
 *
 * - `idle` shows the starting number until the counter is scrolled into view (`VIEW.ENTER`).
 * - `delaying`: the count starts `startDelay` later (`counting`), and lasts `duration` (the
 *   `timer` input, else `COUNTER.DURATION_MS`); the view draws each frame with `counterValueAt`.
 * - `done` shows the final number. With reduced motion the machine starts there: no count at all.
 */
export const counterMachine = setup({
  types: {} as { context: CounterContext; events: CounterEvent; emitted: CounterEmitted; input: CounterInput },
  delays: {
    /** From scrolled into view to the first step of the count. */
    startDelay: COUNTER.START_DELAY_MS,
    /** The count itself. */
    duration: ({ context }) => context.durationMs,
  },
  guards: {
    isInstant: ({ context }) => context.reducedMotion,
  },
  actions: {
    emitStart: emit(({ context }) => ({ type: 'start' as const, from: context.from })),
    emitEnd: emit(({ context }) => ({ type: 'end' as const, value: context.to })),
  },
}).createMachine({
  id: 'counter',
  context: ({ input }) => ({
    from: input.from,
    to: input.to,
    // A `timer` that is no positive number of ms falls back to the spec's duration.
    durationMs: input.durationMs !== undefined && input.durationMs > 0 ? input.durationMs : COUNTER.DURATION_MS,
    reducedMotion: input.reducedMotion,
  }),
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'isInstant', target: 'done' },
      on: { 'VIEW.ENTER': 'delaying' },
    },
    delaying: { after: { startDelay: 'counting' } },
    counting: {
      entry: 'emitStart',
      after: { duration: 'done' },
    },
    done: { type: 'final', entry: 'emitEnd' },
  },
});

export type CounterSnapshot = SnapshotFrom<typeof counterMachine>;
