import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { PRELOADER } from '../../shared/constants/site.ts';
import type { PreloaderContext, PreloaderEmitted, PreloaderEvent, PreloaderInput } from './preloader.types.ts';

/**
 * Preloader and page transitions (spec 001, sections 4 "Preloader" and 5 "Page transition").
 *
 * - `active` covers the page from the start. The page's `LOAD`, or an asset check finding
 *   everything loaded (`areAssetsLoaded`, the element's, every `checkInterval`), moves to
 *   `active.loaded`, which fades out `startDelay` later. The check runs at most
 *   `PRELOADER.CHECK_MAX_LOOPS` times, then the preloader fades out anyway; and `fallback` after
 *   the start it fades out whatever happened, so a page that never loads is not hidden for ever.
 * - `fading` ends on `FADE.END` (the element's transition end); with reduced motion it is skipped.
 * - `hidden`: `LEAVE` (a click on an internal link) covers the page again (`leaving`) while the
 *   next page loads; if no page comes (a download, a cancelled navigation) it hides after `fallback`.
 * - `PAGE.RESTORED` (back-forward cache) hides it from any state: a restored page never stays covered.
 */
export const preloaderMachine = setup({
  types: {} as { context: PreloaderContext; events: PreloaderEvent; emitted: PreloaderEmitted; input: PreloaderInput },
  delays: {
    /** From the page's load to the fade out. */
    startDelay: PRELOADER.START_DELAY_MS,
    /** Longest the page stays covered, at load and when leaving. */
    fallback: PRELOADER.FALLBACK_MS,
    /** Between two asset checks. */
    checkInterval: PRELOADER.CHECK_INTERVAL_MS,
  },
  guards: {
    /** The element's: every image and the document have loaded. The machine has no DOM: false. */
    areAssetsLoaded: () => false,
    hasChecksLeft: ({ context }) => context.checks + 1 < PRELOADER.CHECK_MAX_LOOPS,
    isInstant: ({ context }) => context.reducedMotion,
  },
  actions: {
    countCheck: assign({ checks: ({ context }) => context.checks + 1 }),
    emitHide: emit({ type: 'hide' as const }),
    emitShow: emit(({ event }) => ({ type: 'show' as const, url: event.type === 'LEAVE' ? event.url : '' })),
  },
}).createMachine({
  id: 'preloader',
  context: ({ input }) => ({ reducedMotion: input.reducedMotion, checks: 0 }),
  initial: 'active',
  on: { 'PAGE.RESTORED': '.hidden' },
  states: {
    active: {
      initial: 'checking',
      after: { fallback: 'fading' },
      states: {
        checking: {
          on: { LOAD: 'loaded' },
          after: {
            checkInterval: [
              { guard: 'areAssetsLoaded', target: 'loaded' },
              { guard: 'hasChecksLeft', target: 'checking', reenter: true, actions: 'countCheck' },
              { target: '#preloader.fading', actions: 'countCheck' },
            ],
          },
        },
        loaded: { after: { startDelay: '#preloader.fading' } },
      },
    },
    fading: {
      always: { guard: 'isInstant', target: 'hidden' },
      on: { 'FADE.END': 'hidden' },
    },
    hidden: {
      entry: 'emitHide',
      on: { LEAVE: { target: 'leaving', actions: 'emitShow' } },
    },
    leaving: {
      after: { fallback: 'hidden' },
    },
  },
});

export type PreloaderSnapshot = SnapshotFrom<typeof preloaderMachine>;

/** What the overlay shows: `covering` (fully shown), `fading` (transition to hidden), `hidden`. */
export function overlayOf(snapshot: PreloaderSnapshot): 'covering' | 'fading' | 'hidden' {
  if (snapshot.matches('hidden')) return 'hidden';
  return snapshot.matches('fading') ? 'fading' : 'covering';
}
