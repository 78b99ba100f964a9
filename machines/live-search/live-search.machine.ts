import { assign, cancel, emit, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { LIVE_SEARCH } from '../../shared/constants/site.ts';
import type { LiveSearchAnswer, LiveSearchContext, LiveSearchEmitted, LiveSearchEvent, LiveSearchInput, LiveSearchRequest } from './live-search.types.ts';

/** The id of the pending typing pause: a keystroke cancels it and starts a new one. */
const DEBOUNCE_ID = 'debounce';

/** While something is shown or on its way, a too-short value or Escape clears it (and says so). */
const clearing = {
  TYPE: { guard: 'isTooShort' as const, target: '#liveSearch.idle', actions: ['cancelSearch' as const, 'setValue' as const, 'clearAll' as const, 'emitClear' as const] },
  CLEAR: { target: '#liveSearch.idle', actions: ['cancelSearch' as const, 'clearAll' as const, 'emitClear' as const] },
};

/**
 * The header's live search (content-site spec 001: section 2 "Live search", section 4 "Live
 * search", section 5 "Live search", section 7 "Live search", section 9). `idle` shows nothing;
 * a value of at least `minChars` characters, different from the last one searched, starts a
 * request `LIVE_SEARCH.DELAY_MS` after the last keystroke (`loading`, the earlier answer still
 * shown under the loading indicator); its answer is shown in `results` (`shown`, or `parked` after
 * a click outside until the field is clicked again). A newer request replaces the one in flight,
 * which is stopped (its `AbortSignal` fires), so only the latest answer is ever shown. Escape, or
 * a value shorter than `minChars` (an empty field), clears everything. A field flagged to disable
 * live search is `disabled` for good.
 *
 * The request is the `search` actor, given by the element with `provide({ actors })`: it posts the
 * form and resolves to a sanitized {@link LiveSearchAnswer}.
 */
export const liveSearchMachine = setup({
  types: {} as { context: LiveSearchContext; events: LiveSearchEvent; emitted: LiveSearchEmitted; input: LiveSearchInput | undefined },
  delays: { searchDelay: LIVE_SEARCH.DELAY_MS },
  actors: {
    search: fromPromise<LiveSearchAnswer, LiveSearchRequest>(async () => ({ html: '', count: 0 })),
  },
  guards: {
    isDisabled: ({ context }) => context.disabled,
    isTooShort: ({ context, event }) => event.type === 'TYPE' && event.value.length < context.minChars,
    isNewValue: ({ context }) => context.value.length >= context.minChars && context.value !== context.lastSearched,
    hasResults: ({ context }) => (context.answer?.count ?? 0) > 0,
    hasActive: ({ context }) => context.active >= 0,
  },
  actions: {
    /** A keystroke drops the pending pause... */
    cancelSearch: cancel(DEBOUNCE_ID),
    /** ...and starts a new one. */
    scheduleSearch: raise({ type: 'SEARCH.DUE' }, { delay: 'searchDelay', id: DEBOUNCE_ID }),
    setValue: assign({ value: ({ context, event }) => (event.type === 'TYPE' ? event.value : context.value) }),
    markSearched: assign({ lastSearched: ({ context }) => context.value, active: -1 }),
    setAnswer: assign((_, answer: LiveSearchAnswer) => ({ answer, active: -1 })),
    clearAll: assign({ answer: null, lastSearched: null, active: -1 }),
    moveActive: assign({
      active: ({ context }, step: 1 | -1) => {
        const count = context.answer?.count ?? 0;
        // From none, Down goes to the first and Up to the last (APG combobox).
        return context.active < 0 ? (step > 0 ? 0 : count - 1) : (context.active + step + count) % count;
      },
    }),
    emitSearch: emit(({ context }) => ({ type: 'search' as const, value: context.value })),
    emitResults: emit(({ context }) => ({ type: 'results' as const, value: context.lastSearched ?? '', count: context.answer?.count ?? 0 })),
    emitError: emit(({ context }) => ({ type: 'error' as const, value: context.value })),
    emitClear: emit({ type: 'clear' as const }),
    emitOpen: emit(({ context }) => ({ type: 'open' as const, index: context.active })),
  },
}).createMachine({
  id: 'liveSearch',
  context: ({ input }) => ({
    value: '',
    lastSearched: null,
    answer: null,
    active: -1,
    minChars: input?.minChars ?? LIVE_SEARCH.MIN_CHARS,
    disabled: input?.disabled ?? false,
  }),
  initial: 'checking',
  on: {
    TYPE: [{ guard: 'isTooShort', actions: ['cancelSearch', 'setValue', 'clearAll'] }, { actions: ['cancelSearch', 'setValue', 'scheduleSearch'] }],
    CLEAR: { actions: ['cancelSearch', 'clearAll'] },
    'SEARCH.DUE': { guard: 'isNewValue', target: '.loading', reenter: true },
  },
  states: {
    checking: { always: [{ guard: 'isDisabled', target: 'disabled' }, { target: 'idle' }] },
    /** The theme's disable flag: the field is a plain search field. */
    disabled: { type: 'final' },
    idle: {},
    loading: {
      on: clearing,
      entry: ['markSearched', 'emitSearch'],
      invoke: {
        src: 'search',
        input: ({ context }) => ({ value: context.value }),
        onDone: { target: 'results', actions: [{ type: 'setAnswer', params: ({ event }) => event.output }, 'emitResults'] },
        // The next keystroke may search the same value again.
        onError: { target: 'idle', actions: ['clearAll', 'emitError'] },
      },
    },
    results: {
      on: clearing,
      initial: 'shown',
      states: {
        shown: {
          on: {
            'CLICK.OUTSIDE': 'parked',
            'ACTIVE.NEXT': { guard: 'hasResults', actions: { type: 'moveActive', params: 1 } },
            'ACTIVE.PREVIOUS': { guard: 'hasResults', actions: { type: 'moveActive', params: -1 } },
            OPEN: { guard: 'hasActive', actions: 'emitOpen' },
          },
        },
        parked: { on: { 'FIELD.CLICK': 'shown', 'ACTIVE.NEXT': 'shown', 'ACTIVE.PREVIOUS': 'shown' } },
      },
    },
  },
});

export type LiveSearchSnapshot = SnapshotFrom<typeof liveSearchMachine>;

/** The results panel is on screen: an answer in `results.shown`, or the previous one while `loading`. */
export const isPanelShown = (snapshot: LiveSearchSnapshot): boolean =>
  snapshot.matches({ results: 'shown' }) || (snapshot.matches('loading') && snapshot.context.answer !== null);
