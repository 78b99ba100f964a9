import { and, assign, cancel, emit, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { MASONRY } from '../../shared/constants/site.ts';
import type { MasonryAnswer, MasonryContext, MasonryEmitted, MasonryEvent, MasonryInput, MasonryRequest } from './masonry.types.ts';

/** The id of the pending resize pause: a newer resize cancels it and starts a new one. */
const RESIZE_ID = 'resize';

/**
 * The masonry grid with sort links and load-more (content-site spec 001: section 2 "Masonry grid",
 * section 3 "Masonry load-more", section 4 "Masonry", section 7, section 8 "Masonry", section 9).
 *
 * `idle`: the button is usable. `LOAD` starts `loading` (one request at a time: another `LOAD` is
 * ignored until it ends). An answer with the loaded marker adds its items (`insertItems`) and
 * reveals them `revealDelay` apart in `revealing` (all at once under reduced motion); an answer
 * holding no more than `items` sets the no-more-items flag, and after the reveal the grid is
 * `exhausted` (the button retired). A failure, or an answer without the marker, goes back to
 * `idle` (unlocked, the loader hidden) so the visitor may try again. In every state a sort link
 * filters the items and lays the grid out (`layout`), and a resize lays it out `resizeDelay`
 * after the last one.
 *
 * The request is the `load` actor, and the DOM work the `insertItems` and `layout` actions: the
 * element gives them with `provide()`.
 */
export const masonryMachine = setup({
  types: {} as { context: MasonryContext; events: MasonryEvent; emitted: MasonryEmitted; input: MasonryInput | undefined },
  delays: { revealDelay: MASONRY.REVEAL_DELAY_MS, resizeDelay: MASONRY.RESIZE_DEBOUNCE_MS },
  actors: {
    load: fromPromise<MasonryAnswer | null, MasonryRequest>(async () => null),
  },
  guards: {
    hasNoMoreItems: ({ context }) => context.noMoreItems,
    isAllRevealed: ({ context }) => context.revealed >= context.batch,
    /** The answer held the loaded marker (the actor resolves `null` when not). */
    hasMarker: ({ event }) => 'output' in event && event.output !== null,
  },
  actions: {
    /** Adds the answer's first `count` items to the grid, hidden until revealed (the element's). */
    insertItems: (_, _params: { answer: MasonryAnswer; count: number }) => {},
    /** Places the shown items in columns: one read pass, one write pass (the element's). */
    layout: () => {},
    setAnswer: assign(({ context }, answer: MasonryAnswer) => ({
      offset: context.offset + context.items,
      noMoreItems: answer.received <= context.items,
      batch: Math.min(answer.received, context.items),
      revealed: 0,
      notice: 'loaded' as const,
    })),
    markFailed: assign({ notice: 'failed' as const }),
    revealNext: assign({ revealed: ({ context }) => (context.reducedMotion ? context.batch : context.revealed + 1) }),
    setFilter: assign((_, filter: string) => ({ filter, notice: 'filtered' as const })),
    setReducedMotion: assign({ reducedMotion: (_, reduced: boolean) => reduced }),
    cancelLayout: cancel(RESIZE_ID),
    scheduleLayout: raise({ type: 'LAYOUT.DUE' }, { delay: 'resizeDelay', id: RESIZE_ID }),
    emitFilter: emit(({ context }) => ({ type: 'filter' as const, filter: context.filter })),
    emitLoad: emit(({ context }) => ({ type: 'load' as const, offset: context.offset + context.items })),
    emitLoaded: emit(({ context }) => ({ type: 'loaded' as const, count: context.batch, noMoreItems: context.noMoreItems })),
    emitError: emit((_, reason: 'failed' | 'no-marker') => ({ type: 'error' as const, reason })),
  },
}).createMachine({
  id: 'masonry',
  context: ({ input }) => ({
    items: input?.items ?? MASONRY.ITEMS_PER_LOAD_DEFAULT,
    offset: input?.offset ?? 0,
    filter: input?.filter ?? MASONRY.ALL_FILTER,
    noMoreItems: input?.noMoreItems ?? false,
    batch: 0,
    revealed: 0,
    reducedMotion: input?.reducedMotion ?? false,
    notice: null,
  }),
  entry: 'layout',
  initial: 'checking',
  on: {
    FILTER: { actions: [{ type: 'setFilter', params: ({ event }) => event.filter }, 'layout', 'emitFilter'] },
    RESIZE: { actions: ['cancelLayout', 'scheduleLayout'] },
    'LAYOUT.DUE': { actions: 'layout' },
    'MOTION.CHANGE': { actions: { type: 'setReducedMotion', params: ({ event }) => event.reduced } },
  },
  states: {
    checking: { always: [{ guard: 'hasNoMoreItems', target: 'exhausted' }, { target: 'idle' }] },
    idle: { on: { LOAD: 'loading' } },
    loading: {
      entry: 'emitLoad',
      invoke: {
        src: 'load',
        input: ({ context }) => ({ offset: context.offset + context.items, items: context.items }),
        onDone: [
          {
            guard: 'hasMarker',
            target: 'revealing',
            actions: [
              { type: 'setAnswer', params: ({ event }) => event.output! },
              { type: 'insertItems', params: ({ context, event }) => ({ answer: event.output!, count: context.batch }) },
              'layout',
              'emitLoaded',
            ],
          },
          { target: 'idle', actions: ['markFailed', { type: 'emitError', params: 'no-marker' }] },
        ],
        onError: { target: 'idle', actions: ['markFailed', { type: 'emitError', params: 'failed' }] },
      },
    },
    /** The new items reveal one by one, `revealDelay` apart; the button stays locked until the last. */
    revealing: {
      entry: 'revealNext',
      always: [
        { guard: and(['isAllRevealed', 'hasNoMoreItems']), target: 'exhausted' },
        { guard: 'isAllRevealed', target: 'idle' },
      ],
      after: { revealDelay: { target: 'revealing', reenter: true } },
    },
    /** No more items: the button is retired for good (filters and relayout still work). */
    exhausted: {},
  },
});

export type MasonrySnapshot = SnapshotFrom<typeof masonryMachine>;

/** The request is running: the loader shows and the button is locked. */
export const isLoading = (snapshot: MasonrySnapshot): boolean => snapshot.matches('loading');
