/**
 * Types of the media player machine (content-site spec 001, sections 2, 3, 4, 8 and 9 "Media player").
 */
import type { Language } from '../../shared/i18n/language.ts';

/** What the player plays: a `<video>` (poster, fullscreen, controls that hide) or an `<audio>`. */
export type PlayerKind = 'video' | 'audio';

/**
 * Why the player shows its error overlay:
 * - `format`: the browser cannot play the format, or no source was found;
 * - `network`: a streaming manifest or network load failed;
 * - `recovery`: a streaming media error came back after both recovery attempts;
 * - `renderer`: no source is of a type the browser or a streaming library can play (download links shown);
 * - `youtube`: the embedded video service reported an error code.
 */
export type PlayerErrorKind = 'format' | 'network' | 'recovery' | 'renderer' | 'youtube';

export interface PlayerError {
  kind: PlayerErrorKind;
  /** The embedded video service's error code (`kind: 'youtube'` only). */
  code?: number;
}

/** The texts the machine puts in its `error` event (the view shows the same). */
export type PlayerMessages = Pick<
  Language['site'],
  | 'playerErrorFormat'
  | 'playerErrorNetwork'
  | 'playerErrorRecovery'
  | 'playerNoRenderer'
  | 'playerErrorCode'
  | 'playerYoutubeInvalidParameter'
  | 'playerYoutubeHtml5'
  | 'playerYoutubeNotFound'
  | 'playerYoutubeNotEmbeddable'
  | 'playerYoutubeUnknown'
>;

/** A caption (or subtitle) track the visitor may pick. */
export interface PlayerTrack {
  /** Stable id the view gives the track. */
  id: string;
  /** Its label (the track's `label`, else its language). */
  label: string;
  /** BCP 47 language of the track (`srclang`), or empty. */
  language: string;
}

/** A chapter, from a `kind="chapters"` track. Times in seconds. */
export interface PlayerChapter {
  start: number;
  end: number;
  title: string;
}

/** The open menu button's menu, if any. */
export type PlayerMenu = 'captions' | 'chapters';

/** The item a menu focuses as it opens: the checked one, or the last (ArrowUp on its button, WAI-ARIA menu button). */
export type PlayerMenuFocus = 'checked' | 'last';

export interface PlayerInput {
  kind: PlayerKind;
  /** The media has a poster image: it shows until play. */
  hasPoster?: boolean;
  /** Show the poster again when the media ends (setting; default false). */
  showPosterWhenEnded?: boolean;
  /** Show the poster again when the media pauses (setting; default false). */
  showPosterWhenPaused?: boolean;
  /** Android fires no `canplay`: the loading overlay hides `androidCanPlay` after `loadeddata`. */
  android?: boolean;
  /** Volume at start, 0 to 1; default `PLAYER.START_VOLUME`. */
  volume?: number;
  /** Muted at start (the media's `muted`). */
  muted?: boolean;
  /** Texts of the `error` event; default English. */
  messages?: PlayerMessages;
  /** Caption tracks of the media's markup (a track that fails later is removed); default none. */
  tracks?: PlayerTrack[];
  /** Id of the caption track shown at start (the `default` one), or null. */
  captions?: string | null;
  /** The media has a chapters track: its menu button has its place from the start, unavailable until the track's cues have loaded. */
  chaptersTrack?: boolean;
}

export interface PlayerContext {
  kind: PlayerKind;
  hasPoster: boolean;
  showPosterWhenEnded: boolean;
  showPosterWhenPaused: boolean;
  android: boolean;
  /** Playback position in seconds. */
  currentTime: number;
  /** Duration in seconds: `NaN` until known, `Infinity` for a live stream. */
  duration: number;
  /** End of the buffered range around the position, in seconds. */
  buffered: number;
  /** 0 to 1. */
  volume: number;
  muted: boolean;
  /** What the error overlay shows, or null. */
  error: PlayerError | null;
  /** Caption tracks that can be picked (a track that failed to load is removed). */
  tracks: PlayerTrack[];
  /** Id of the caption track shown, or null for none. */
  captions: string | null;
  chapters: PlayerChapter[];
  /** A chapters track is loading: its menu button is there, not usable yet. */
  chaptersLoading: boolean;
  /** The player is the fullscreen element. */
  fullscreen: boolean;
  /** The item the open menu focused as it opened. */
  menuFocus: PlayerMenuFocus;
  messages: PlayerMessages;
}

/** Fatal-or-not error of the streaming library (hls.js), by its `type`. */
export type HlsErrorType = 'media' | 'network' | 'other';

export type PlayerEvent =
  // ---- The visitor's requests (the view turns clicks and keys into these) ----
  /** Play (play button, big play button, a click on the video). */
  | { type: 'PLAY' }
  | { type: 'PAUSE' }
  /** Play when not playing, else pause. */
  | { type: 'TOGGLE' }
  /** Seek to `time` seconds (clamped to the media; `Infinity` is the end). */
  | { type: 'SEEK.TO'; time: number }
  /** Seek one step (`PLAYER.SEEK_STEP_RATIO` of the duration) forward (1) or back (-1). Ignored while the duration is unknown or infinite. */
  | { type: 'SEEK.STEP'; direction: 1 | -1 }
  /** Set the volume, 0 to 1 (clamped); a volume above 0 unmutes. */
  | { type: 'VOLUME.SET'; volume: number }
  /** Change the volume by `PLAYER.VOLUME_STEP` up (1) or down (-1), clamped to 0..1. */
  | { type: 'VOLUME.STEP'; direction: 1 | -1 }
  | { type: 'MUTE.TOGGLE' }
  | { type: 'FULLSCREEN.TOGGLE' }
  /** Show the caption track `id`, or none (`null`). Closes the menu. */
  | { type: 'CAPTIONS.SELECT'; id: string | null }
  /** Jump to chapter `index`. Closes the menu. */
  | { type: 'CHAPTER.SELECT'; index: number }
  /** Open `menu`, focused on the checked item (default) or the last. */
  | { type: 'MENU.OPEN'; menu: PlayerMenu; focus?: PlayerMenuFocus }
  | { type: 'MENU.TOGGLE'; menu: PlayerMenu }
  | { type: 'MENU.CLOSE' }
  /** The pointer entered the player (controls hide `controlsHideAfterEnter` later). */
  | { type: 'POINTER.ENTER' }
  /** The pointer moved over the player: as entering (the reference player waits the enter delay on every move). */
  | { type: 'POINTER.MOVE' }
  /** The pointer left the player (controls hide `controlsHideAfterLeave` later). */
  | { type: 'POINTER.LEAVE' }
  /** A key press, focus or touch inside the player: controls show, hiding `controlsHide` later. */
  | { type: 'ACTIVITY' }
  /** A press on the video surface; `touch` when a finger made it. */
  | { type: 'SURFACE.PRESS'; touch: boolean }
  /** A click on the video surface: play or pause, unless its press was a tap that only brought hidden controls back. */
  | { type: 'SURFACE.CLICK' }
  // ---- What the media reports (the view forwards the media element's events) ----
  | { type: 'MEDIA.LOADSTART' }
  | { type: 'MEDIA.LOADEDDATA' }
  /** The browser stopped fetching on purpose (`suspend`, e.g. `preload="metadata"` reached): loading is over. */
  | { type: 'MEDIA.SUSPEND' }
  | { type: 'MEDIA.CANPLAY' }
  | { type: 'MEDIA.WAITING' }
  | { type: 'MEDIA.SEEKING' }
  | { type: 'MEDIA.SEEKED' }
  /** The media's `play`: playback started or resumed. */
  | { type: 'MEDIA.PLAY' }
  /** The media's `playing`: frames are moving (after a start or a stall). */
  | { type: 'MEDIA.PLAYING' }
  | { type: 'MEDIA.PAUSE' }
  | { type: 'MEDIA.ENDED' }
  /** The media was reset (a new source, or the embed's "unstarted"). */
  | { type: 'MEDIA.EMPTIED' }
  /** Position, duration and buffered end, as far as known. */
  | { type: 'MEDIA.TIME'; currentTime: number; duration?: number; buffered?: number }
  | { type: 'MEDIA.VOLUME'; volume: number; muted: boolean }
  /** The media failed: `format` (cannot play / not found) or `network`. */
  | { type: 'MEDIA.ERROR'; kind: 'format' | 'network' }
  | { type: 'MEDIA.FULLSCREEN'; active: boolean }
  /** No source can be played by the browser or a streaming library. */
  | { type: 'RENDERER.NONE' }
  /** A caption track failed to load: it leaves the menu. */
  | { type: 'TRACK.FAILED'; id: string }
  /** The chapters track's cues, once loaded (none when it failed). */
  | { type: 'CHAPTERS.SET'; chapters: PlayerChapter[] }
  /** An error from the streaming library (hls.js `Hls.Events.ERROR`). */
  | { type: 'HLS.ERROR'; fatal: boolean; errorType: HlsErrorType; details?: string }
  /** Internal: a fatal media error came back after recovering and swapping the audio codec. */
  | { type: 'HLS.FAILED' }
  /** The embedded video service's player state (`onStateChange`): -1, 0, 1, 2, 3 or 5. */
  | { type: 'YOUTUBE.STATE'; state: number }
  /** The embedded video service's error code (`onError`). */
  | { type: 'YOUTUBE.ERROR'; code: number };

/** Emitted events; the element dispatches each as `kite-player-<type>`. */
export type PlayerEmitted =
  /** The media started or resumed playing. */
  | { type: 'play'; currentTime: number }
  /** The media paused (also just before it ends). */
  | { type: 'pause'; currentTime: number }
  /** The media played to its end. */
  | { type: 'ended'; currentTime: number }
  /** Every `timeUpdate` while playing. Times in seconds; `duration` is `NaN` until known and `Infinity` for a live stream. */
  | { type: 'timeupdate'; currentTime: number; duration: number }
  /** The player shows an error: its text as shown, its kind, and the embedded video service's code when it came from there. */
  | { type: 'error'; kind: PlayerErrorKind; message: string; code?: number };
