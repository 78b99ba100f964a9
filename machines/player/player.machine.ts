/**
 * The media player's statechart (content-site spec 001, sections 4, 8 and 9). Over 400 lines on
 * purpose: one machine of seven parallel regions (playback, loading, poster, controls, menu,
 * error, recovery) whose transitions guard on one another (`stateIn`), read best whole in one
 * file, as XState's own examples keep a machine; its pure readers and messages are the short
 * functions around it.
 */
import { and, assign, emit, not, raise, setup, stateIn, type SnapshotFrom } from 'xstate';
import { PLAYER } from '../../shared/constants/site.ts';
import { site as en } from '../../shared/i18n/languages/en.ts';
import type {
  PlayerContext,
  PlayerEmitted,
  PlayerError,
  PlayerEvent,
  PlayerInput,
  PlayerMenu,
  PlayerMessages,
} from './player.types.ts';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** Volumes on a 1% grid, so ten steps of 0.1 land on 0 and 1 exactly (0.1 * 3 is 0.30000000000000004). */
const roundVolume = (volume: number) => Math.round(clamp(volume, 0, 1) * 100) / 100;
const hasFiniteDuration = (context: PlayerContext) => Number.isFinite(context.duration) && context.duration > 0;

type TimeReport = Omit<Extract<PlayerEvent, { type: 'MEDIA.TIME' }>, 'type'>;

/** The times a `MEDIA.TIME` report gives, each kept where the report has none. */
function timesOf(context: PlayerContext, report: TimeReport) {
  return {
    currentTime: Number.isFinite(report.currentTime) ? report.currentTime : context.currentTime,
    duration: report.duration ?? context.duration,
    buffered: report.buffered ?? context.buffered,
  };
}

/**
 * Whether a `MEDIA.TIME` report moves the position, duration or buffered end: one that does not
 * changes nothing (the media repeats its time around play and pause). Exported so the media bridge
 * need not send it: even ignored, an event costs the machine a macrostep and its subscribers a call.
 */
export function changesTime(context: PlayerContext, report: TimeReport): boolean {
  const next = timesOf(context, report);
  // `Object.is`: an unknown duration (NaN) reported again is no change either.
  return !Object.is(next.currentTime, context.currentTime) || !Object.is(next.duration, context.duration) || !Object.is(next.buffered, context.buffered);
}

/** Where a seek to `time` lands: clamped to the media, or null when there is nowhere to go (no duration and an infinite target). */
function seekTarget(context: PlayerContext, time: number): number | null {
  if (Number.isNaN(time)) return null;
  if (hasFiniteDuration(context)) return clamp(time, 0, context.duration);
  return Number.isFinite(time) ? Math.max(0, time) : null;
}

/** The embedded video service's text for an error code (spec section 8); anything unlisted is "Unknown error.". */
function youtubeErrorText(code: number, messages: PlayerMessages = en): string {
  const { YOUTUBE_ERROR } = PLAYER;
  switch (code) {
    case YOUTUBE_ERROR.INVALID_PARAMETER:
      return messages.playerYoutubeInvalidParameter;
    case YOUTUBE_ERROR.HTML5:
      return messages.playerYoutubeHtml5;
    case YOUTUBE_ERROR.NOT_FOUND:
      return messages.playerYoutubeNotFound;
    case YOUTUBE_ERROR.NOT_EMBEDDABLE:
    case YOUTUBE_ERROR.NOT_EMBEDDABLE_DISGUISED:
      return messages.playerYoutubeNotEmbeddable;
    default:
      return messages.playerYoutubeUnknown;
  }
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** The text the error overlay shows and the `error` event carries: the spec's words, or "Code N: text" from the embed. */
export function playerErrorMessage(error: PlayerError, messages: PlayerMessages = en): string {
  switch (error.kind) {
    case 'format':
      return messages.playerErrorFormat;
    case 'network':
      return messages.playerErrorNetwork;
    case 'recovery':
      return messages.playerErrorRecovery;
    case 'renderer':
      return messages.playerNoRenderer;
    case 'youtube': {
      const code = error.code ?? NaN;
      return fill(messages.playerErrorCode, { code: String(code), text: youtubeErrorText(code, messages) });
    }
  }
}

/** The embedded video service's player states as the media events they stand for (spec section 4). */
const YOUTUBE_STATE_EVENTS: Record<number, PlayerEvent['type']> = {
  [PLAYER.YOUTUBE_STATE.UNSTARTED]: 'MEDIA.EMPTIED',
  [PLAYER.YOUTUBE_STATE.ENDED]: 'MEDIA.ENDED',
  [PLAYER.YOUTUBE_STATE.PLAYING]: 'MEDIA.PLAYING',
  [PLAYER.YOUTUBE_STATE.PAUSED]: 'MEDIA.PAUSE',
  [PLAYER.YOUTUBE_STATE.BUFFERING]: 'MEDIA.WAITING',
  [PLAYER.YOUTUBE_STATE.CUED]: 'MEDIA.CANPLAY',
};

const isMenu = (menu: PlayerMenu) => ({ event }: { event: PlayerEvent }) =>
  (event.type === 'MENU.OPEN' || event.type === 'MENU.TOGGLE') && event.menu === menu;

/**
 * Media player (spec 001, section 4 "Media player"; numbers from section 9, texts from section 8).
 *
 * The machine decides; the view asks the media. Visitor requests (`PLAY`, `SEEK.STEP`, ...)
 * run the view's actions (`play`, `seek`, ...); the media's own events (`MEDIA.*`) move the
 * states, so what the player shows is what the media does, whichever renderer plays it (the
 * native element, hls.js, or the embedded video service, whose states -1, 0, 1, 2, 3 and 5
 * are mapped onto the same `MEDIA.*` events). Parallel regions:
 *
 * - `playback`: `idle` (never played), `playing`, `paused`, `ended`. While `playing`, a
 *   `timeupdate` is emitted every `timeUpdate` (a re-entering `after`, so a simulated clock drives it).
 * - `loading`: the overlay while seeking, waiting or loading data; hidden by `canplay`, `playing`,
 *   `seeked`, `pause`, `suspend` or an error; on Android `androidCanPlay` after `loadeddata`.
 * - `poster`: shown until play, and again on end or pause when the settings say so.
 * - `controls`: `visible` or `hidden`. They hide only for a playing video with no menu open and
 *   no error: `controlsHide` after play starts or a key, focus or touch; `controlsHideAfterEnter`
 *   after the pointer enters or moves over the player (as the reference player does);
 *   `controlsHideAfterLeave` after it leaves. Anything else pins them visible.
 * - `menu`: `closed`, `captions` or `chapters` (focused on the checked item or the last as it opens).
 * - `surface`: `ready` (a click plays or pauses) or `revealing` (a finger tapped while the controls
 *   were hidden: that tap's click only brought them back).
 * - `error`: `none`, `shown` (a message) or `noRenderer` (the view adds download links).
 * - `recovery`: hls.js fatal media errors. The first recovers (`recoverMediaError`); one within
 *   `hlsRecoveryWindow` of that swaps the audio codec and recovers; one within the window of
 *   both fails ("Cannot recover, last media error recovery failed"). Each window runs on its own,
 *   as the reference player's two timestamps do.
 */
export const playerMachine = setup({
  types: {} as {
    context: PlayerContext;
    events: PlayerEvent;
    emitted: PlayerEmitted;
    input: PlayerInput;
  },
  delays: {
    /** Time update period while playing. */
    timeUpdate: PLAYER.TIME_UPDATE_MS,
    /** Controls hide after activity... */
    controlsHide: PLAYER.CONTROLS_HIDE_MS,
    /** ...after the pointer enters... */
    controlsHideAfterEnter: PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS,
    /** ...after it leaves. */
    controlsHideAfterLeave: PLAYER.CONTROLS_HIDE_AFTER_LEAVE_MS,
    /** Loading overlay hides this long after `loadeddata` on Android (no `canplay` there). */
    androidCanPlay: PLAYER.ANDROID_CANPLAY_MS,
    /** A fatal streaming media error within this window of the last recovery escalates. */
    hlsRecoveryWindow: PLAYER.HLS_RECOVERY_WINDOW_MS,
  },
  guards: {
    changesTime: ({ context, event }) => event.type === 'MEDIA.TIME' && changesTime(context, event),
    isVideo: ({ context }) => context.kind === 'video',
    isPlaying: stateIn({ playback: 'playing' }),
    isFullscreen: ({ context }) => context.fullscreen,
    hasPoster: ({ context }) => context.hasPoster,
    isPosterWhenEnded: ({ context }) => context.hasPoster && context.showPosterWhenEnded,
    isPosterWhenPaused: ({ context }) => context.hasPoster && context.showPosterWhenPaused,
    isAndroid: ({ context }) => context.android,
    canSeekStep: ({ context }) => hasFiniteDuration(context),
    canSeek: ({ context, event }) => event.type === 'SEEK.TO' && seekTarget(context, event.time) !== null,
    hasTracks: ({ context }) => context.tracks.length > 0,
    hasChapters: ({ context }) => context.chapters.length > 0,
    isCaptionsMenu: isMenu('captions'),
    isChaptersMenu: isMenu('chapters'),
    isKnownTrack: ({ context, event }) =>
      event.type === 'CAPTIONS.SELECT' && (event.id === null || context.tracks.some((track) => track.id === event.id)),
    isKnownChapter: ({ context, event }) => event.type === 'CHAPTER.SELECT' && context.chapters[event.index] !== undefined,
    isKnownYoutubeState: ({ event }) => event.type === 'YOUTUBE.STATE' && YOUTUBE_STATE_EVENTS[event.state] !== undefined,
    isFatalMediaError: ({ event }) => event.type === 'HLS.ERROR' && event.fatal && event.errorType === 'media',
    isFatalNetworkError: ({ event }) => event.type === 'HLS.ERROR' && event.fatal && event.errorType === 'network',
    isFatalOtherError: ({ event }) => event.type === 'HLS.ERROR' && event.fatal && event.errorType === 'other',
    /** A finger could not see the hidden controls: its tap brings them back and does nothing else. */
    isTapOnHiddenControls: and([({ event }) => event.type === 'SURFACE.PRESS' && event.touch, stateIn({ controls: 'hidden' })]),
    /** Controls may hide: a playing video, no menu open, no error shown. */
    canHideControls: and([
      ({ context }) => context.kind === 'video',
      stateIn({ playback: 'playing' }),
      stateIn({ menu: 'closed' }),
      stateIn({ error: 'none' }),
    ]),
  },
  actions: {
    // ---- Provided by the view (harmless defaults: the machine has no media) ----
    play: () => {},
    pause: () => {},
    seek: (_, _params: { time: number }) => {},
    applyVolume: (_, _params: { volume: number; muted: boolean }) => {},
    requestFullscreen: () => {},
    exitFullscreen: () => {},
    recoverMediaError: () => {},
    swapAudioCodec: () => {},
    destroyHls: () => {},
    /** Reads position, duration and buffered end from the media; the view provides it with `assign`. */
    readTime: assign({}),

    // ---- Context ----
    setTime: assign(({ context, event }) => (event.type === 'MEDIA.TIME' ? timesOf(context, event) : {})),
    setSeekTime: assign({ currentTime: ({ context }, params: { time: number }) => params.time ?? context.currentTime }),
    setVolume: assign(({ context }, params: { volume: number; muted: boolean }) => ({
      volume: params.volume ?? context.volume,
      muted: params.muted ?? context.muted,
    })),
    setMediaVolume: assign(({ context, event }) =>
      event.type === 'MEDIA.VOLUME' ? { volume: roundVolume(event.volume), muted: event.muted } : { volume: context.volume },
    ),
    setFullscreen: assign({ fullscreen: ({ context, event }) => (event.type === 'MEDIA.FULLSCREEN' ? event.active : context.fullscreen) }),
    removeTrack: assign(({ context, event }) => {
      if (event.type !== 'TRACK.FAILED') return {};
      return {
        tracks: context.tracks.filter((track) => track.id !== event.id),
        captions: context.captions === event.id ? null : context.captions,
      };
    }),
    setCaptions: assign({ captions: ({ context, event }) => (event.type === 'CAPTIONS.SELECT' ? event.id : context.captions) }),
    setChapters: assign(({ context, event }) => (event.type === 'CHAPTERS.SET' ? { chapters: event.chapters, chaptersLoading: false } : { chapters: context.chapters })),
    setError: assign({ error: (_, params: PlayerError) => params }),
    setMenuFocus: assign({ menuFocus: ({ event }) => (event.type === 'MENU.OPEN' && event.focus) || 'checked' }),
    resetTime: assign({ currentTime: 0 }),

    // ---- Cross-region ----
    raiseYoutubeState: raise(({ event }) => {
      const type = event.type === 'YOUTUBE.STATE' ? YOUTUBE_STATE_EVENTS[event.state] : undefined;
      return { type: type ?? 'MEDIA.CANPLAY' } as PlayerEvent;
    }),
    raiseHlsFailed: raise({ type: 'HLS.FAILED' }),
    raiseToggle: raise({ type: 'TOGGLE' }),

    // ---- Emitted (the element dispatches kite-player-<type>) ----
    emitPlay: emit(({ context }) => ({ type: 'play' as const, currentTime: context.currentTime })),
    emitPause: emit(({ context }) => ({ type: 'pause' as const, currentTime: context.currentTime })),
    emitEnded: emit(({ context }) => ({ type: 'ended' as const, currentTime: context.currentTime })),
    emitTimeUpdate: emit(({ context }) => ({ type: 'timeupdate' as const, currentTime: context.currentTime, duration: context.duration })),
    emitError: emit(({ context }) => {
      const error = context.error ?? { kind: 'format' as const };
      return {
        type: 'error' as const,
        kind: error.kind,
        message: playerErrorMessage(error, context.messages),
        ...(error.code !== undefined ? { code: error.code } : {}),
      };
    }),
  },
}).createMachine({
  id: 'player',
  context: ({ input }) => ({
    kind: input.kind,
    hasPoster: input.hasPoster ?? false,
    showPosterWhenEnded: input.showPosterWhenEnded ?? false,
    showPosterWhenPaused: input.showPosterWhenPaused ?? false,
    android: input.android ?? false,
    currentTime: 0,
    duration: NaN,
    buffered: 0,
    volume: roundVolume(input.volume ?? PLAYER.START_VOLUME),
    muted: input.muted ?? false,
    error: null,
    tracks: input.tracks ?? [],
    captions: input.tracks?.find((track) => track.id === input.captions)?.id ?? null,
    chapters: [],
    chaptersLoading: input.chaptersTrack ?? false,
    fullscreen: false,
    menuFocus: 'checked',
    messages: input.messages ?? en,
  }),
  type: 'parallel',
  on: {
    PLAY: { actions: 'play' },
    PAUSE: { actions: 'pause' },
    TOGGLE: [{ guard: 'isPlaying', actions: 'pause' }, { actions: 'play' }],
    'SEEK.TO': {
      guard: 'canSeek',
      actions: [
        { type: 'setSeekTime', params: ({ context, event }) => ({ time: seekTarget(context, event.time)! }) },
        { type: 'seek', params: ({ context }) => ({ time: context.currentTime }) },
      ],
    },
    'SEEK.STEP': {
      guard: 'canSeekStep',
      actions: [
        {
          type: 'setSeekTime',
          params: ({ context, event }) => ({
            time: clamp(context.currentTime + event.direction * context.duration * PLAYER.SEEK_STEP_RATIO, 0, context.duration),
          }),
        },
        { type: 'seek', params: ({ context }) => ({ time: context.currentTime }) },
      ],
    },
    'VOLUME.SET': {
      actions: [
        { type: 'setVolume', params: ({ event }) => ({ volume: roundVolume(event.volume), muted: roundVolume(event.volume) === 0 }) },
        { type: 'applyVolume', params: ({ context }) => ({ volume: context.volume, muted: context.muted }) },
      ],
    },
    'VOLUME.STEP': {
      actions: [
        {
          type: 'setVolume',
          params: ({ context, event }) => {
            // Muted reads as 0 on the slider, so steps start from there: up unmutes at one step.
            const from = context.muted ? 0 : context.volume;
            const volume = roundVolume(from + event.direction * PLAYER.VOLUME_STEP);
            return { volume, muted: volume === 0 };
          },
        },
        { type: 'applyVolume', params: ({ context }) => ({ volume: context.volume, muted: context.muted }) },
      ],
    },
    'MUTE.TOGGLE': {
      actions: [
        // Unmuting at volume 0 would stay silent: come back at the start volume.
        {
          type: 'setVolume',
          params: ({ context }) => ({
            volume: !context.muted || context.volume > 0 ? context.volume : PLAYER.START_VOLUME,
            muted: !context.muted,
          }),
        },
        { type: 'applyVolume', params: ({ context }) => ({ volume: context.volume, muted: context.muted }) },
      ],
    },
    'MEDIA.VOLUME': { actions: 'setMediaVolume' },
    // A report that changes nothing (the media repeats its time around play and pause) makes no new snapshot, so no render.
    'MEDIA.TIME': { guard: 'changesTime', actions: 'setTime' },
    'MEDIA.FULLSCREEN': { actions: 'setFullscreen' },
    'FULLSCREEN.TOGGLE': [
      { guard: not('isVideo') },
      { guard: 'isFullscreen', actions: 'exitFullscreen' },
      { actions: 'requestFullscreen' },
    ],
    'TRACK.FAILED': { actions: 'removeTrack' },
    'CHAPTERS.SET': { actions: 'setChapters' },
    'YOUTUBE.STATE': { guard: 'isKnownYoutubeState', actions: 'raiseYoutubeState' },
  },
  states: {
    playback: {
      initial: 'idle',
      on: {
        'MEDIA.ENDED': { target: '.ended', actions: 'emitEnded' },
        'MEDIA.EMPTIED': { target: '.idle', actions: 'resetTime' },
      },
      states: {
        /** Never played since the source was set. */
        idle: {
          on: {
            'MEDIA.PLAY': { target: 'playing', actions: 'emitPlay' },
            'MEDIA.PLAYING': { target: 'playing', actions: 'emitPlay' },
          },
        },
        playing: {
          on: { 'MEDIA.PAUSE': { target: 'paused', actions: 'emitPause' } },
          // Re-entering restarts the timer: one update every `timeUpdate`, driven by the actor's clock.
          after: { timeUpdate: { target: 'playing', reenter: true, actions: ['readTime', 'emitTimeUpdate'] } },
        },
        paused: {
          on: {
            'MEDIA.PLAY': { target: 'playing', actions: 'emitPlay' },
            'MEDIA.PLAYING': { target: 'playing', actions: 'emitPlay' },
          },
        },
        ended: {
          on: {
            'MEDIA.PLAY': { target: 'playing', actions: 'emitPlay' },
            'MEDIA.PLAYING': { target: 'playing', actions: 'emitPlay' },
          },
        },
      },
    },
    loading: {
      initial: 'hidden',
      states: {
        hidden: {
          on: { 'MEDIA.LOADSTART': 'shown', 'MEDIA.WAITING': 'shown', 'MEDIA.SEEKING': 'shown' },
        },
        shown: {
          initial: 'waiting',
          on: {
            'MEDIA.CANPLAY': 'hidden',
            'MEDIA.PLAYING': 'hidden',
            'MEDIA.SEEKED': 'hidden',
            'MEDIA.PAUSE': 'hidden',
            'MEDIA.SUSPEND': 'hidden',
            'MEDIA.ERROR': 'hidden',
            'HLS.FAILED': 'hidden',
            'YOUTUBE.ERROR': 'hidden',
            'RENDERER.NONE': 'hidden',
            'HLS.ERROR': { guard: 'isFatalNetworkError', target: 'hidden' },
            'MEDIA.LOADEDDATA': { guard: 'isAndroid', target: '.settling' },
          },
          states: {
            waiting: {},
            /** Android: no `canplay` will come. */
            settling: { after: { androidCanPlay: '#player.loading.hidden' } },
          },
        },
      },
    },
    poster: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasPoster', target: 'shown' }, { target: 'hidden' }] },
        shown: { on: { 'MEDIA.PLAY': 'hidden', 'MEDIA.PLAYING': 'hidden' } },
        hidden: {
          on: {
            'MEDIA.ENDED': { guard: 'isPosterWhenEnded', target: 'shown' },
            'MEDIA.PAUSE': { guard: 'isPosterWhenPaused', target: 'shown' },
            'MEDIA.EMPTIED': { guard: 'hasPoster', target: 'shown' },
          },
        },
      },
    },
    controls: {
      initial: 'visible',
      states: {
        visible: {
          initial: 'pinned',
          on: {
            ACTIVITY: { target: '.counting', reenter: true },
            'POINTER.ENTER': { target: '.countingAfterEnter', reenter: true },
            'POINTER.MOVE': { target: '.countingAfterEnter', reenter: true },
            'POINTER.LEAVE': { target: '.countingAfterLeave', reenter: true },
          },
          states: {
            /** Not hiding (paused, audio, a menu open, an error). */
            pinned: { always: { guard: 'canHideControls', target: 'counting' } },
            counting: {
              always: { guard: not('canHideControls'), target: 'pinned' },
              after: { controlsHide: '#player.controls.hidden' },
            },
            countingAfterEnter: {
              always: { guard: not('canHideControls'), target: 'pinned' },
              after: { controlsHideAfterEnter: '#player.controls.hidden' },
            },
            countingAfterLeave: {
              always: { guard: not('canHideControls'), target: 'pinned' },
              after: { controlsHideAfterLeave: '#player.controls.hidden' },
            },
          },
        },
        hidden: {
          always: { guard: not('canHideControls'), target: 'visible' },
          on: { ACTIVITY: 'visible.counting', 'POINTER.ENTER': 'visible.countingAfterEnter', 'POINTER.MOVE': 'visible.countingAfterEnter' },
        },
      },
    },
    menu: {
      initial: 'closed',
      on: { 'MENU.CLOSE': '.closed' },
      states: {
        closed: {
          on: {
            'MENU.OPEN': [
              { guard: and(['isCaptionsMenu', 'hasTracks']), target: 'captions' },
              { guard: and(['isChaptersMenu', 'hasChapters']), target: 'chapters' },
            ],
            'MENU.TOGGLE': [
              { guard: and(['isCaptionsMenu', 'hasTracks']), target: 'captions' },
              { guard: and(['isChaptersMenu', 'hasChapters']), target: 'chapters' },
            ],
          },
        },
        captions: {
          entry: 'setMenuFocus',
          // The last track failing leaves nothing to pick.
          always: { guard: not('hasTracks'), target: 'closed' },
          on: {
            'MENU.OPEN': { guard: and(['isChaptersMenu', 'hasChapters']), target: 'chapters' },
            'MENU.TOGGLE': [{ guard: 'isCaptionsMenu', target: 'closed' }, { guard: and(['isChaptersMenu', 'hasChapters']), target: 'chapters' }],
            'CAPTIONS.SELECT': { guard: 'isKnownTrack', target: 'closed', actions: 'setCaptions' },
          },
        },
        chapters: {
          entry: 'setMenuFocus',
          on: {
            'MENU.OPEN': { guard: and(['isCaptionsMenu', 'hasTracks']), target: 'captions' },
            'MENU.TOGGLE': [{ guard: 'isChaptersMenu', target: 'closed' }, { guard: and(['isCaptionsMenu', 'hasTracks']), target: 'captions' }],
            'CHAPTER.SELECT': {
              guard: 'isKnownChapter',
              target: 'closed',
              actions: [
                { type: 'setSeekTime', params: ({ context, event }) => ({ time: context.chapters[event.index]!.start }) },
                { type: 'seek', params: ({ context }) => ({ time: context.currentTime }) },
              ],
            },
          },
        },
      },
    },
    /** The video surface: a click plays or pauses; a tap while the controls were hidden only brings them back (the finger could not see them). */
    surface: {
      initial: 'ready',
      on: { 'SURFACE.PRESS': [{ guard: 'isTapOnHiddenControls', target: '.revealing' }, { target: '.ready' }] },
      states: {
        ready: { on: { 'SURFACE.CLICK': { actions: 'raiseToggle' } } },
        revealing: { on: { 'SURFACE.CLICK': 'ready' } },
      },
    },
    error: {
      initial: 'none',
      states: {
        none: {
          on: {
            'MEDIA.ERROR': {
              target: 'shown',
              actions: [{ type: 'setError', params: ({ event }) => ({ kind: event.kind }) }, 'emitError'],
            },
            'HLS.ERROR': [
              { guard: 'isFatalNetworkError', target: 'shown', actions: [{ type: 'setError', params: { kind: 'network' } }, 'emitError'] },
              // Neither media nor network (a muxing or key error): nothing to recover, the stream cannot play.
              {
                guard: 'isFatalOtherError',
                target: 'shown',
                actions: ['destroyHls', { type: 'setError', params: { kind: 'format' } }, 'emitError'],
              },
            ],
            'HLS.FAILED': { target: 'shown', actions: [{ type: 'setError', params: { kind: 'recovery' } }, 'emitError'] },
            'YOUTUBE.ERROR': {
              target: 'shown',
              actions: [{ type: 'setError', params: ({ event }) => ({ kind: 'youtube', code: event.code }) }, 'emitError'],
            },
            'RENDERER.NONE': { target: 'noRenderer', actions: [{ type: 'setError', params: { kind: 'renderer' } }, 'emitError'] },
          },
        },
        /**
         * The error overlay with a message, for good: the media's later events (an hls.js recovery
         * re-attaching, a `loadstart`) must not hide a failure the visitor has not read.
         */
        shown: {},
        /** "No renderer found" with download links: final for this media. */
        noRenderer: {},
      },
    },
    recovery: {
      type: 'parallel',
      states: {
        decoding: {
          initial: 'ready',
          states: {
            ready: { on: { 'HLS.ERROR': { guard: 'isFatalMediaError', target: 'cooling', actions: 'recoverMediaError' } } },
            cooling: { after: { hlsRecoveryWindow: 'ready' } },
          },
        },
        codecSwap: {
          initial: 'ready',
          states: {
            ready: {
              on: {
                'HLS.ERROR': {
                  guard: and(['isFatalMediaError', stateIn({ recovery: { decoding: 'cooling' } })]),
                  target: 'cooling',
                  actions: ['swapAudioCodec', 'recoverMediaError'],
                },
              },
            },
            cooling: {
              after: { hlsRecoveryWindow: 'ready' },
              on: {
                'HLS.ERROR': {
                  guard: and(['isFatalMediaError', stateIn({ recovery: { decoding: 'cooling' } })]),
                  actions: 'raiseHlsFailed',
                },
              },
            },
          },
        },
      },
    },
  },
});

export type PlayerSnapshot = SnapshotFrom<typeof playerMachine>;

/** What the view shows, read from a snapshot; `playback` is one word for the view's `data-state`. */
export function viewOf(snapshot: PlayerSnapshot) {
  const { playback } = snapshot.value as { playback: 'idle' | 'playing' | 'paused' | 'ended' };
  const error = !snapshot.matches({ error: 'none' });
  return {
    playback,
    playing: playback === 'playing',
    loading: snapshot.matches({ loading: 'shown' }) && !error,
    poster: snapshot.matches({ poster: 'shown' }),
    controlsVisible: snapshot.matches({ controls: 'visible' }),
    menu: snapshot.matches({ menu: 'captions' }) ? ('captions' as const) : snapshot.matches({ menu: 'chapters' }) ? ('chapters' as const) : null,
    error: snapshot.context.error,
    noRenderer: snapshot.matches({ error: 'noRenderer' }),
    /** The big play button: a video not playing, not loading, without error. */
    bigPlay: snapshot.context.kind === 'video' && playback !== 'playing' && !snapshot.matches({ loading: 'shown' }) && !error,
  };
}
