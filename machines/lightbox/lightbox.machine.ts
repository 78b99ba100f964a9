import { and, assign, cancel, emit, enqueueActions, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { LIGHTBOX, SWIPE } from '../../shared/constants/site.ts';
import { isSwipe } from '../../shared/logic/swipe.ts';
import { opensInstantly } from './lightbox.opening.ts';
import type {
  LightboxContext,
  LightboxEmitted,
  LightboxEvent,
  LightboxInput,
  LightboxItem,
  LightboxItemStatus,
} from './lightbox.types.ts';

/** Id of the pending `ITEM.TIMEOUT`, so a change of item or a close cancels it. */
const TIMEOUT_ID = 'imageTimeout';

/** `index` wrapped into `0 .. count - 1`: the gallery wraps at both ends (spec section 4). */
export const wrapIndex = (index: number, count: number): number => (count > 0 ? ((index % count) + count) % count : 0);

/**
 * The items to load ahead around `index`: `after` items after it and `before` items before it,
 * wrapping, nearest first (next before previous), without the current item or repeats.
 */
export function preloadIndexes(
  index: number,
  count: number,
  before: number = LIGHTBOX.PRELOAD_BEFORE,
  after: number = LIGHTBOX.PRELOAD_AFTER,
): number[] {
  const found: number[] = [];
  const add = (candidate: number) => {
    const wrapped = wrapIndex(candidate, count);
    if (wrapped !== index && !found.includes(wrapped)) found.push(wrapped);
  };
  for (let step = 1; step <= Math.max(before, after); step++) {
    if (step <= after) add(index + step);
    if (step <= before) add(index - step);
  }
  return count > 1 ? found : [];
}

const isIndexOf = (items: readonly unknown[], index: number) => Number.isInteger(index) && index >= 0 && index < items.length;

/** Statuses with the current item, and the images around it, asked for (`idle` becomes `loading`). */
function wanted({ items, index, statuses }: LightboxContext): LightboxItemStatus[] {
  const next = [...statuses];
  if (next[index] === 'idle') next[index] = 'loading';
  for (const near of preloadIndexes(index, items.length)) if (items[near]?.kind === 'image' && next[near] === 'idle') next[near] = 'loading';
  return next;
}

const withStatus = (statuses: LightboxItemStatus[], index: number, status: LightboxItemStatus) =>
  statuses.map((old, i) => (i === index && old === 'loading' ? status : old));

export { opensInstantly };

/** `presenting`: a command of the visitor opens the machine, which then handles it (`resendCommand`). */
const OPEN_THEN_HANDLE = { target: 'open.stage.shown', actions: ['emitOpen', 'resendCommand'] } as const;

/** The payload every emitted event carries. */
const where = ({ items, index }: LightboxContext) => ({ index, count: items.length, src: items[index]?.src ?? '' });

/**
 * Lightbox (content-site spec 001, section 4 "Lightbox"; timings of section 9).
 *
 * - `closed` → `OPEN` → `presenting` when the view can show the item in the click's own task (an
 *   image it holds, `canPresent`, nothing to zoom): the machine opens (`open` emitted) once the view
 *   sends `OPEN.PAINTED` after that frame, or at the visitor's first command (`NAV.*`, `SWIPE`,
 *   `CLOSE`), which the open machine then handles. Else straight to `open`, which is parallel:
 *   - `stage`: `zooming` for `zoom` after opening (with the zoom on: `input.zoom`, `ZOOM.SET`),
 *     then `shown`. `NAV.*` goes to `leaving`, where
 *     the current item fades out for `navigation`, then the item changes (`change` is emitted).
 *     More `NAV.*` while leaving move the item that comes next without restarting the wait. The
 *     gallery wraps at both ends; with a single item navigation is ignored.
 *   - `swipe`: a `SWIPE` of at least `SWIPE.MIN_HORIZONTAL_PX`, more horizontal than vertical,
 *     navigates, then further swipes are ignored for `swipeLock`.
 * - Item statuses (context): the current item, and the images 1 before and 1 after it, go
 *   `loading`; the view loads them and answers `ITEM.LOADED` or `ITEM.FAILED`. A current image
 *   still loading after `imageTimeout` fails. Items `OPEN` names `ready` are ready at once.
 * - `CLOSE` (button, Esc, background) → `closing` for `removal`, then `closed` (`close` emitted).
 *   `OPEN` while closing opens again at once.
 * - With `reducedMotion` nothing waits for an effect: no zoom, no fade between items, no removal delay.
 *   With the zoom off, opening goes straight to `shown`; the fades stay.
 */
export const lightboxMachine = setup({
  types: {} as {
    context: LightboxContext;
    events: LightboxEvent;
    emitted: LightboxEmitted;
    input: LightboxInput;
  },
  delays: {
    /** The zoom in after opening. */
    zoom: LIGHTBOX.ZOOM_MS,
    /** The current item's fade-out between a navigation command and the change. */
    navigation: LIGHTBOX.NAVIGATION_DELAY_MS,
    /** The fade-out between a close and the removal. */
    removal: LIGHTBOX.REMOVAL_DELAY_MS,
    /** Swipes are ignored this long after a swipe. */
    swipeLock: SWIPE.LOCK_MS,
    /** A current image neither loaded nor failed after this long fails. */
    imageTimeout: LIGHTBOX.IMAGE_RETRY_COUNT * LIGHTBOX.IMAGE_RETRY_INTERVAL_MS,
  },
  guards: {
    isValidOpen: ({ event }) => event.type === 'OPEN' && event.items.length > 0 && isIndexOf(event.items, event.index),
    hasSeveral: ({ context }) => context.items.length > 1,
    isReducedMotion: ({ context }) => context.reducedMotion,
    isInstantOpen: ({ context }) => opensInstantly(context),
    isPresentable: ({ context, event }) =>
      event.type === 'OPEN' &&
      event.canPresent === true &&
      opensInstantly(context) &&
      event.items[event.index]?.kind === 'image' &&
      event.ready?.includes(event.index) === true,
    isOtherIndex: ({ context, event }) =>
      event.type === 'NAV.GO' && isIndexOf(context.items, event.index) && event.index !== (context.pending ?? context.index),
    isPendingMove: ({ context }) => context.pending !== null && context.pending !== context.index,
    isSwipeToNext: ({ context, event }) =>
      event.type === 'SWIPE' && context.items.length > 1 && isSwipe(event.dx, event.dy) && event.dx < 0,
    isSwipeToPrevious: ({ context, event }) =>
      event.type === 'SWIPE' && context.items.length > 1 && isSwipe(event.dx, event.dy) && event.dx > 0,
    isCurrentStillLoading: ({ context, event }) =>
      event.type === 'ITEM.TIMEOUT' && event.index === context.index && context.statuses[event.index] === 'loading',
  },
  actions: {
    setItems: assign(({ event }) => {
      if (event.type !== 'OPEN') return {};
      return {
        items: [...event.items],
        index: event.index,
        pending: null,
        statuses: event.items.map((_, index): LightboxItemStatus => (event.ready?.includes(index) ? 'ready' : 'idle')),
        closeTrigger: null,
      };
    }),
    /** Asks for the current item and the images around it. */
    markWanted: assign({ statuses: ({ context }) => wanted(context) }),
    markLoaded: assign({
      statuses: ({ context, event }) => (event.type === 'ITEM.LOADED' ? withStatus(context.statuses, event.index, 'ready') : context.statuses),
    }),
    markFailed: assign({
      statuses: ({ context, event }) =>
        event.type === 'ITEM.FAILED' || event.type === 'ITEM.TIMEOUT' ? withStatus(context.statuses, event.index, 'error') : context.statuses,
    }),
    /** Moves the current item by `by` (reduced motion: no fade to wait for). */
    step: assign({ index: ({ context }, params: { by: number }) => wrapIndex(context.index + params.by, context.items.length) }),
    go: assign({ index: ({ context, event }) => (event.type === 'NAV.GO' ? event.index : context.index) }),
    /** Moves the item that comes next by `by`, from the one already pending if any. */
    setPending: assign({
      pending: ({ context }, params: { by: number }) => wrapIndex((context.pending ?? context.index) + params.by, context.items.length),
    }),
    setPendingTo: assign({ pending: ({ context, event }) => (event.type === 'NAV.GO' ? event.index : context.pending) }),
    commitPending: assign({ index: ({ context }) => context.pending ?? context.index, pending: null }),
    clearPending: assign({ pending: null }),
    /** (Re)starts the wait for the current image, if it is loading. */
    scheduleTimeout: enqueueActions(({ context, enqueue }) => {
      enqueue.cancel(TIMEOUT_ID);
      const { items, index, statuses } = context;
      if (items[index]?.kind === 'image' && statuses[index] === 'loading')
        enqueue.raise({ type: 'ITEM.TIMEOUT', index }, { id: TIMEOUT_ID, delay: 'imageTimeout' });
    }),
    cancelTimeout: cancel(TIMEOUT_ID),
    setCloseTrigger: assign({ closeTrigger: ({ context, event }) => (event.type === 'CLOSE' ? event.trigger : context.closeTrigger) }),
    setReducedMotion: assign({ reducedMotion: ({ context, event }) => (event.type === 'MOTION.SET' ? event.reduced : context.reducedMotion) }),
    setZoom: assign({ zoom: ({ context, event }) => (event.type === 'ZOOM.SET' ? event.enabled : context.zoom) }),
    navigateNext: raise({ type: 'NAV.NEXT' }),
    navigatePrevious: raise({ type: 'NAV.PREV' }),
    /** The visitor's command, sent again once `presenting` has opened, so the open machine handles it. */
    resendCommand: raise(({ event }) => event),
    emitOpen: emit(({ context }) => ({ type: 'open' as const, ...where(context) })),
    emitChange: emit(({ context }) => ({ type: 'change' as const, ...where(context) })),
    emitClose: emit(({ context }) => ({ type: 'close' as const, ...where(context), trigger: context.closeTrigger ?? 'api' })),
  },
}).createMachine({
  id: 'lightbox',
  context: ({ input }) => ({
    items: [],
    index: 0,
    pending: null,
    statuses: [],
    closeTrigger: null,
    reducedMotion: input.reducedMotion ?? false,
    zoom: input.zoom ?? true,
  }),
  initial: 'closed',
  on: {
    'MOTION.SET': { actions: 'setReducedMotion' },
    'ZOOM.SET': { actions: 'setZoom' },
  },
  states: {
    closed: {
      on: {
        OPEN: [
          { guard: and(['isValidOpen', 'isPresentable']), target: 'presenting', actions: 'setItems' },
          // Straight to `shown`: an instant opening enters no zoom state (and starts no timer).
          { guard: and(['isValidOpen', 'isInstantOpen']), target: 'open.stage.shown', actions: ['setItems', 'emitOpen'] },
          { guard: 'isValidOpen', target: 'open', actions: ['setItems', 'emitOpen'] },
        ],
      },
    },
    presenting: {
      // The view shows the item in the click's own task, and React renders nothing for it (see the
      // connect's dialogStateOf); the machine opens once that frame is painted, or at the visitor's
      // first command, which it then handles as open.
      on: {
        'OPEN.PAINTED': { target: 'open.stage.shown', actions: 'emitOpen' },
        'NAV.NEXT': OPEN_THEN_HANDLE,
        'NAV.PREV': OPEN_THEN_HANDLE,
        'NAV.GO': OPEN_THEN_HANDLE,
        SWIPE: OPEN_THEN_HANDLE,
        CLOSE: OPEN_THEN_HANDLE,
      },
    },
    open: {
      type: 'parallel',
      entry: ['markWanted', 'scheduleTimeout'],
      exit: 'cancelTimeout',
      on: {
        CLOSE: [
          { guard: 'isReducedMotion', target: 'closed', actions: ['setCloseTrigger', 'emitClose'] },
          { target: 'closing', actions: 'setCloseTrigger' },
        ],
        'ITEM.LOADED': { actions: 'markLoaded' },
        'ITEM.FAILED': { actions: 'markFailed' },
        'ITEM.TIMEOUT': { guard: 'isCurrentStillLoading', actions: 'markFailed' },
      },
      states: {
        stage: {
          initial: 'zooming',
          // Zooming or shown: a command starts the fade-out (or, with reduced motion, changes at once).
          on: {
            'NAV.NEXT': [
              { guard: and(['hasSeveral', 'isReducedMotion']), actions: [{ type: 'step', params: { by: 1 } }, 'markWanted', 'scheduleTimeout', 'emitChange'] },
              { guard: 'hasSeveral', target: '.leaving', actions: { type: 'setPending', params: { by: 1 } } },
            ],
            'NAV.PREV': [
              { guard: and(['hasSeveral', 'isReducedMotion']), actions: [{ type: 'step', params: { by: -1 } }, 'markWanted', 'scheduleTimeout', 'emitChange'] },
              { guard: 'hasSeveral', target: '.leaving', actions: { type: 'setPending', params: { by: -1 } } },
            ],
            'NAV.GO': [
              { guard: and(['isOtherIndex', 'isReducedMotion']), actions: ['go', 'markWanted', 'scheduleTimeout', 'emitChange'] },
              { guard: 'isOtherIndex', target: '.leaving', actions: 'setPendingTo' },
            ],
          },
          states: {
            zooming: {
              // The preference can change mid-zoom.
              always: { guard: 'isInstantOpen', target: 'shown' },
              after: { zoom: 'shown' },
            },
            shown: {},
            leaving: {
              // Further commands move the item that comes next; the wait is not restarted.
              on: {
                'NAV.NEXT': { guard: 'hasSeveral', actions: { type: 'setPending', params: { by: 1 } } },
                'NAV.PREV': { guard: 'hasSeveral', actions: { type: 'setPending', params: { by: -1 } } },
                'NAV.GO': { guard: 'isOtherIndex', actions: 'setPendingTo' },
              },
              after: {
                navigation: [
                  { guard: 'isPendingMove', target: 'shown', actions: ['commitPending', 'markWanted', 'scheduleTimeout', 'emitChange'] },
                  // Back where it started (next, then previous): nothing changed.
                  { target: 'shown', actions: 'clearPending' },
                ],
              },
            },
          },
        },
        swipe: {
          initial: 'ready',
          states: {
            ready: {
              on: {
                SWIPE: [
                  { guard: 'isSwipeToNext', target: 'locked', actions: 'navigateNext' },
                  { guard: 'isSwipeToPrevious', target: 'locked', actions: 'navigatePrevious' },
                ],
              },
            },
            locked: { after: { swipeLock: 'ready' } },
          },
        },
      },
    },
    closing: {
      always: { guard: 'isReducedMotion', target: 'closed', actions: 'emitClose' },
      after: { removal: { target: 'closed', actions: 'emitClose' } },
      on: {
        // Opened again while fading out: the old one is gone at once.
        OPEN: [
          { guard: and(['isValidOpen', 'isInstantOpen']), target: 'open.stage.shown', actions: ['emitClose', 'setItems', 'emitOpen'] },
          { guard: 'isValidOpen', target: 'open', actions: ['emitClose', 'setItems', 'emitOpen'] },
        ],
      },
    },
  },
});

export type LightboxSnapshot = SnapshotFrom<typeof lightboxMachine>;

export type LightboxActor = ActorRefFrom<typeof lightboxMachine>;

/**
 * One word for the view: `closed`, `presenting` (shown by the view at the click, not yet open),
 * `zooming` (opening), `shown`, `leaving` (between items) or `closing`.
 */
export type LightboxPhase = 'closed' | 'presenting' | 'zooming' | 'shown' | 'leaving' | 'closing';

export function lightboxPhaseOf(snapshot: LightboxSnapshot): LightboxPhase {
  if (snapshot.matches('presenting')) return 'presenting';
  if (snapshot.matches({ open: { stage: 'zooming' } })) return 'zooming';
  if (snapshot.matches({ open: { stage: 'leaving' } })) return 'leaving';
  if (snapshot.matches('open')) return 'shown';
  if (snapshot.matches('closing')) return 'closing';
  return 'closed';
}

/** The current item, or null when closed. */
export function currentItemOf(snapshot: LightboxSnapshot): LightboxItem | null {
  return snapshot.matches('closed') ? null : (snapshot.context.items[snapshot.context.index] ?? null);
}

/** The indexes to load ahead while open (see {@link preloadIndexes}); none when closed. */
export function preloadIndexesOf(snapshot: LightboxSnapshot): number[] {
  return snapshot.matches('open') ? preloadIndexes(snapshot.context.index, snapshot.context.items.length) : [];
}
