import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { TocContext, TocEmitted, TocEvent } from './toc.types.ts';

/**
 * The table of contents (content-site spec 001, sections 2, 3 and 5): `empty` until headings are
 * read, `built` with at least one entry. Beyond the spec it knows the entry being read, so the
 * table can mark it (`aria-current`) as the reader scrolls; following a link makes that entry
 * current at once.
 */
export const tocMachine = setup({
  types: {} as { context: TocContext; events: TocEvent; emitted: TocEmitted },
  guards: {
    hasEntries: ({ event }) => event.type === 'BUILD' && event.entries.length > 0,
    /** The event names a listed entry, or `null` (above the first). */
    isListed: ({ context, event }) => {
      const id = 'id' in event ? event.id : undefined;
      return id === null || context.entries.some((entry) => entry.id === id);
    },
  },
  actions: {
    setEntries: assign(({ context, event }) => {
      if (event.type !== 'BUILD') return {};
      const still = event.entries.some((entry) => entry.id === context.current);
      return { entries: event.entries, current: still ? context.current : null };
    }),
    setCurrent: assign({ current: ({ context, event }) => (event.type === 'CURRENT.SET' || event.type === 'NAVIGATE' ? event.id : context.current) }),
    emitReady: emit(({ context }) => ({ type: 'ready' as const, count: context.entries.length })),
    emitNavigate: emit(({ event }) => ({ type: 'navigate' as const, id: event.type === 'NAVIGATE' ? event.id : '' })),
  },
}).createMachine({
  id: 'toc',
  context: { entries: [], current: null },
  initial: 'empty',
  on: {
    BUILD: [
      { guard: 'hasEntries', target: '.built', actions: ['setEntries', 'emitReady'] },
      { target: '.empty', actions: ['setEntries', 'emitReady'] },
    ],
  },
  states: {
    empty: {},
    built: {
      on: {
        'CURRENT.SET': { guard: 'isListed', actions: 'setCurrent' },
        NAVIGATE: { guard: 'isListed', actions: ['setCurrent', 'emitNavigate'] },
      },
    },
  },
});

export type TocSnapshot = SnapshotFrom<typeof tocMachine>;
