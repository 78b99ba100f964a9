import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { GALLERY } from '../../shared/constants/site.ts';
import type { GalleryContext, GalleryEmitted, GalleryEvent, GalleryInput } from './gallery.types.ts';

/** `index` brought into `[0, count)`, wrapping at both ends. */
const wrap = (index: number, count: number) => ((index % count) + count) % count;

/**
 * A gallery of thumbnails and a big preview (spec 001, sections 2 "Gallery" and 9).
 *
 * - `loading`: the thumbnails wait for their images: `IMAGES.LOADED` (their load and error
 *   events), or the check every `preloadCheck` finding them loaded (`areImagesLoaded`, the
 *   element's), ends it; after `GALLERY.PRELOAD_CHECK_MAX_LOOPS` checks they show anyway, as the
 *   preloader's check does.
 * - `revealing`: one more thumbnail fades in every `thumbStagger`, in order, until all have
 *   (`shown`). With reduced motion, or with no thumbnail, all show at once.
 * - Whatever the state, choosing a thumbnail (`SELECT`, or next, previous, first, last, wrapping)
 *   puts its image in the preview and says so (`change`); choosing the one shown changes nothing.
 */
export const galleryMachine = setup({
  types: {} as { context: GalleryContext; events: GalleryEvent; emitted: GalleryEmitted; input: GalleryInput },
  delays: {
    /** Between two checks of the thumbnails' images. */
    preloadCheck: GALLERY.PRELOAD_CHECK_INTERVAL_MS,
    /** Between one thumbnail's fade in and the next one's. */
    thumbStagger: GALLERY.THUMB_FADE_STAGGER_MS,
  },
  guards: {
    /** The element's: every thumbnail image is complete. The machine has no DOM: false. */
    areImagesLoaded: () => false,
    hasChecksLeft: ({ context }) => context.checks + 1 < GALLERY.PRELOAD_CHECK_MAX_LOOPS,
    isInstant: ({ context }) => context.reducedMotion || context.count === 0,
    isAllRevealed: ({ context }) => context.revealed >= context.count,
    isOtherThumb: ({ context, event }) => event.type === 'SELECT' && event.index !== context.current && event.index >= 0 && event.index < context.count,
    hasSeveral: ({ context }) => context.count > 1,
  },
  actions: {
    countCheck: assign({ checks: ({ context }) => context.checks + 1 }),
    revealNext: assign({ revealed: ({ context }) => context.revealed + 1 }),
    revealAll: assign({ revealed: ({ context }) => context.count }),
    setCurrent: assign({
      current: ({ context, event }) => {
        switch (event.type) {
          case 'SELECT':
            return event.index;
          case 'SELECT.NEXT':
            return wrap(context.current + 1, context.count);
          case 'SELECT.PREV':
            return wrap(context.current - 1, context.count);
          case 'SELECT.FIRST':
            return 0;
          case 'SELECT.LAST':
            return context.count - 1;
          default:
            return context.current;
        }
      },
    }),
    emitChange: emit(({ context }) => ({ type: 'change' as const, index: context.current })),
    emitShown: emit({ type: 'shown' as const }),
  },
}).createMachine({
  id: 'gallery',
  context: ({ input }) => ({
    count: input.count,
    current: input.current !== undefined && input.current >= 0 && input.current < input.count ? input.current : 0,
    revealed: 0,
    checks: 0,
    reducedMotion: input.reducedMotion,
  }),
  initial: 'loading',
  on: {
    SELECT: { guard: 'isOtherThumb', actions: ['setCurrent', 'emitChange'] },
    'SELECT.NEXT': { guard: 'hasSeveral', actions: ['setCurrent', 'emitChange'] },
    'SELECT.PREV': { guard: 'hasSeveral', actions: ['setCurrent', 'emitChange'] },
    'SELECT.FIRST': { guard: 'hasSeveral', actions: ['setCurrent', 'emitChange'] },
    'SELECT.LAST': { guard: 'hasSeveral', actions: ['setCurrent', 'emitChange'] },
  },
  states: {
    loading: {
      on: { 'IMAGES.LOADED': 'revealing' },
      after: {
        preloadCheck: [
          { guard: 'areImagesLoaded', target: 'revealing' },
          { guard: 'hasChecksLeft', target: 'loading', reenter: true, actions: 'countCheck' },
          { target: 'revealing', actions: 'countCheck' },
        ],
      },
    },
    revealing: {
      always: [
        { guard: 'isInstant', target: 'shown', actions: 'revealAll' },
        { guard: 'isAllRevealed', target: 'shown' },
      ],
      // The first thumbnail fades in at once, each next one `thumbStagger` later.
      entry: 'revealNext',
      after: { thumbStagger: { target: 'revealing', reenter: true } },
    },
    shown: { entry: 'emitShown' },
  },
});

export type GallerySnapshot = SnapshotFrom<typeof galleryMachine>;
