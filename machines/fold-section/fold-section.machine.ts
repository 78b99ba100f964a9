import { assign, cancel, emit, raise, setup, type SnapshotFrom } from 'xstate';
import { FOLD } from '../../shared/constants/site.ts';
import type { FoldSectionContext, FoldSectionEmitted, FoldSectionEvent, FoldSectionInput } from './fold-section.types.ts';

/** Id of the delayed `RESIZE.SETTLED`, so each `RESIZE` can cancel the pending one (debounce). */
const SETTLE_ID = 'resizeSettled';

const isValidHeight = (height: number) => Number.isFinite(height) && height >= 0;

/** Maximum height of the unfolded section: the content plus slack for content that grows before the next measurement. */
export const unfoldedHeight = (context: FoldSectionContext): number => context.contentHeight + FOLD.UNFOLDED_EXTRA_PX;

/**
 * Fold / unfold section (spec 001, section 4 "Fold section").
 *
 * - `checking` decides once: not initialised without button, container or inner content;
 *   `disabled` (shown fully, no button, no events) inside another fold section; else `folded`.
 * - `TOGGLE` switches `folded` and `unfolded`. `change` is emitted `changeEvent` after the
 *   **last** toggle: a toggle while one is pending restarts the wait, so listeners hear once
 *   about the state the visitor settled on, never about a state already left.
 * - `height-change` is emitted on `TRANSITION.END`, which the view sends when the height transition ends.
 * - `RESIZE` is debounced by `resizeDebounce`, then `measure` runs. `measure` is the view's:
 *   it reads the content height from the DOM (`assign({ contentHeight })`); the default keeps
 *   the last value, since the machine has no DOM. Unfolding measures too.
 */
export const foldSectionMachine = setup({
  types: {} as {
    context: FoldSectionContext;
    events: FoldSectionEvent;
    emitted: FoldSectionEmitted;
    input: FoldSectionInput;
  },
  delays: {
    /** Wait between a toggle and the `change` event. */
    changeEvent: FOLD.CHANGE_EVENT_MS,
    /** Quiet time after the last `RESIZE` before re-measuring. */
    resizeDebounce: FOLD.RESIZE_DEBOUNCE_MS,
  },
  guards: {
    isIncomplete: ({ context }) => !context.complete,
    isNested: ({ context }) => context.nested,
    isValidHeight: ({ event }) => event.type === 'HEIGHT.SET' && isValidHeight(event.height),
  },
  actions: {
    /** Reads the content height; the view provides it with `assign({ contentHeight: ... })`. */
    measure: assign({}),
    setHeight: assign({ height: ({ context, event }) => (event.type === 'HEIGHT.SET' ? event.height : context.height) }),
    cancelSettle: cancel(SETTLE_ID),
    scheduleSettle: raise({ type: 'RESIZE.SETTLED' }, { id: SETTLE_ID, delay: 'resizeDebounce' }),
    emitChange: emit((_, params: { folded: boolean }) => ({ type: 'change' as const, folded: params.folded })),
    emitHeightChange: emit(({ context }, params: { folded: boolean }) => ({
      type: 'height-change' as const,
      folded: params.folded,
      height: params.folded ? context.height : unfoldedHeight(context),
    })),
  },
}).createMachine({
  id: 'foldSection',
  context: ({ input }) => ({
    height: input.height,
    nested: input.nested,
    complete: input.complete,
    contentHeight: 0,
  }),
  initial: 'checking',
  // Handled the same way folded or unfolded; the final states stop the actor, so they never see these.
  on: {
    RESIZE: { actions: ['cancelSettle', 'scheduleSettle'] },
    'RESIZE.SETTLED': { actions: 'measure' },
    'HEIGHT.SET': { guard: 'isValidHeight', actions: 'setHeight' },
  },
  states: {
    checking: {
      always: [
        { guard: 'isIncomplete', target: 'uninitialised' },
        { guard: 'isNested', target: 'disabled' },
        { target: 'folded' },
      ],
    },
    folded: {
      initial: 'settled',
      on: {
        // Measure first, so `unfolded` opens to the content's current height.
        TOGGLE: { target: 'unfolded.changing', actions: 'measure' },
        REVEAL: { target: 'unfolded.changing', actions: 'measure' },
        'TRANSITION.END': { actions: { type: 'emitHeightChange', params: { folded: true } } },
      },
      states: {
        /** No `change` pending (the initial fold is not a change). */
        settled: {},
        /** Toggled: `change` is due. Leaving the state (another toggle) cancels the timer. */
        changing: {
          after: { changeEvent: { target: 'settled', actions: { type: 'emitChange', params: { folded: true } } } },
        },
      },
    },
    unfolded: {
      initial: 'settled',
      on: {
        TOGGLE: { target: 'folded.changing' },
        'TRANSITION.END': { actions: { type: 'emitHeightChange', params: { folded: false } } },
      },
      states: {
        settled: {},
        changing: {
          after: { changeEvent: { target: 'settled', actions: { type: 'emitChange', params: { folded: false } } } },
        },
      },
    },
    /** Nested in another fold section: shown fully, button removed, no events. */
    disabled: { type: 'final' },
    /** Button, container or inner content missing: the markup is left as it is. */
    uninitialised: { type: 'final' },
  },
});

export type FoldSectionSnapshot = SnapshotFrom<typeof foldSectionMachine>;

/** Visible state for the view: one word per top-level state (`checking` never lasts past start). */
export function foldStateOf(snapshot: FoldSectionSnapshot): 'folded' | 'unfolded' | 'disabled' | 'uninitialised' {
  if (snapshot.matches('folded')) return 'folded';
  if (snapshot.matches('unfolded')) return 'unfolded';
  if (snapshot.matches('disabled')) return 'disabled';
  return 'uninitialised';
}

/** The maximum height the view applies in pixels, or `undefined` when the section does not clip. */
export function maxHeightOf(snapshot: FoldSectionSnapshot): number | undefined {
  if (snapshot.matches('folded')) return snapshot.context.height;
  if (snapshot.matches('unfolded')) return unfoldedHeight(snapshot.context);
  return undefined;
}
