import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { VIDEO_EMBED } from '../../shared/constants/site.ts';
import type { PosterQuality, VideoEmbedContext, VideoEmbedEmitted, VideoEmbedEvent, VideoEmbedInput } from './video-embed.types.ts';

const QUALITIES: readonly PosterQuality[] = VIDEO_EMBED.POSTER_QUALITIES;
const LOWEST_QUALITY = QUALITIES.at(-1)!;

/** The quality after `quality` down the list, or null at the lowest. */
const lowerQuality = (quality: PosterQuality): PosterQuality | null => QUALITIES[QUALITIES.indexOf(quality) + 1] ?? null;

/**
 * A lazy video embed (content-site spec 001: section 2 "Video embeds: lazy-loaded", section 3
 * "Embedded-video poster qualities", section 4 "Video consent: allowed or not allowed; this decides
 * between an embed and an external link").
 *
 * - `unplayable`: the theme's link is no YouTube or Vimeo video; the element leaves it as it is.
 * - `consentNeeded`: video embeds are not allowed; the view offers the link to the video on its
 *   site (and, where the site lets visitors decide, a button that allows them). Consent given
 *   live goes on to the poster.
 * - `poster`: nothing of the video site is framed yet. A service thumbnail is tried in the
 *   quality asked and, when it fails, is the service's narrow placeholder, or has not loaded within
 *   `VIDEO_EMBED.POSTER_FALLBACK_MS` (the theme's 2 s fallback timer), in the next quality down;
 *   below the lowest there is no poster (`poster.none`: the title on a plain box).
 * - `loading`: the frame is asked for (the visitor pressed play, or it came into view with
 *   `loadInView`). Consent withdrawn meanwhile takes the frame away again.
 * - `embedded`: the frame has loaded. A withdrawal leaves it (what it sent has been sent; stopping a
 *   video the visitor is watching helps nobody); the next embed asks again.
 */
export const videoEmbedMachine = setup({
  types: {} as { context: VideoEmbedContext; events: VideoEmbedEvent; emitted: VideoEmbedEmitted; input: VideoEmbedInput },
  delays: { posterFallback: VIDEO_EMBED.POSTER_FALLBACK_MS },
  guards: {
    hasNoVideo: ({ context }) => context.video === null,
    isConsented: ({ context }) => context.allowed,
    isAllowed: ({ event }) => event.type === 'CONSENT.CHANGE' && event.allowed,
    isWithdrawn: ({ event }) => event.type === 'CONSENT.CHANGE' && !event.allowed,
    isServicePoster: ({ context }) => context.poster === 'service',
    isLocalPoster: ({ context }) => context.poster === 'local',
    hasLowerQuality: ({ context }) => lowerQuality(context.quality) !== null,
    /** A thumbnail the width of the service's placeholder, in a quality that is never that narrow. */
    isPlaceholder: ({ context, event }) =>
      event.type === 'POSTER.LOADED' && context.quality !== LOWEST_QUALITY && event.width <= VIDEO_EMBED.MISSING_POSTER_WIDTH_PX,
    loadsInView: ({ context }) => context.loadInView,
  },
  actions: {
    setAllowed: assign({ allowed: ({ context, event }) => (event.type === 'CONSENT.CHANGE' ? event.allowed : context.allowed) }),
    setQualityLower: assign({ quality: ({ context }) => lowerQuality(context.quality) ?? context.quality }),
    setAutoplay: assign({ autoplay: ({ event }) => event.type === 'PLAY' }),
    // Only reached from a state that has a video (`unplayable` is final).
    emitPlay: emit(({ context }) => ({ type: 'play' as const, provider: context.video!.provider, id: context.video!.id, autoplay: context.autoplay })),
    emitLoad: emit(({ context }) => ({ type: 'load' as const, provider: context.video!.provider, id: context.video!.id })),
  },
}).createMachine({
  id: 'videoEmbed',
  context: ({ input }) => ({
    video: input.video,
    poster: input.poster,
    quality: input.quality && QUALITIES.includes(input.quality) ? input.quality : VIDEO_EMBED.DEFAULT_POSTER_QUALITY,
    loadInView: input.loadInView ?? false,
    autoplay: false,
    allowed: input.consent,
  }),
  initial: 'checking',
  // Every change is noted (an embedded frame stays, but knows), and the states below act on it.
  on: { 'CONSENT.CHANGE': { actions: 'setAllowed' } },
  states: {
    checking: {
      always: [{ guard: 'hasNoVideo', target: 'unplayable' }, { guard: 'isConsented', target: 'poster' }, { target: 'consentNeeded' }],
    },
    unplayable: {
      type: 'final',
    },
    consentNeeded: {
      on: { 'CONSENT.CHANGE': { guard: 'isAllowed', target: 'poster', actions: 'setAllowed' } },
    },
    poster: {
      initial: 'choosing',
      on: {
        PLAY: { target: 'loading', actions: 'setAutoplay' },
        'VIEW.ENTER': { guard: 'loadsInView', target: 'loading', actions: 'setAutoplay' },
        'CONSENT.CHANGE': { guard: 'isWithdrawn', target: 'consentNeeded', actions: 'setAllowed' },
      },
      states: {
        choosing: {
          always: [{ guard: 'isServicePoster', target: 'trying' }, { guard: 'isLocalPoster', target: 'shown' }, { target: 'none' }],
        },
        trying: {
          after: { posterFallback: [{ guard: 'hasLowerQuality', target: 'trying', reenter: true, actions: 'setQualityLower' }, { target: 'none' }] },
          on: {
            'POSTER.LOADED': [
              { guard: 'isPlaceholder', target: 'failed' },
              { target: 'shown' },
            ],
            'POSTER.FAILED': 'failed',
          },
        },
        failed: {
          always: [{ guard: 'hasLowerQuality', target: 'trying', actions: 'setQualityLower' }, { target: 'none' }],
        },
        shown: {},
        none: {},
      },
    },
    loading: {
      entry: 'emitPlay',
      on: {
        'FRAME.LOADED': 'embedded',
        'CONSENT.CHANGE': { guard: 'isWithdrawn', target: 'consentNeeded', actions: 'setAllowed' },
      },
    },
    embedded: {
      entry: 'emitLoad',
    },
  },
});

export type VideoEmbedSnapshot = SnapshotFrom<typeof videoEmbedMachine>;
