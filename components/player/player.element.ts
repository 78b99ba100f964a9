import { defineElement, reactElement } from '../../shared/dom/react-element.ts';
import { hlsOfHost } from './player.hls.ts';
import { playerStyles } from './player.styles.ts';
import { PlayerView } from './player.view.tsx';

/**
 * hls.js's options by name (its `HlsConfig`, https://github.com/video-dev/hls.js/blob/master/docs/API.md#fine-tuning).
 * Typed loosely so that the package's declarations need no hls.js: a page that has it can write
 * `player.hlsConfig = { maxBufferLength: 30 } satisfies Partial<HlsConfig>`.
 */
export type HlsOptions = Record<string, unknown>;

/**
 * The hls.js instance playing a stream, as far as a page usually reads or steers it (quality
 * levels, the level playing or next, the bandwidth estimate); it is hls.js's own `Hls`, so a page
 * that has hls.js may cast it to that.
 */
export interface HlsPlayback {
  readonly levels: ReadonlyArray<{ readonly width: number; readonly height: number; readonly bitrate: number }>;
  /** The level playing; setting it switches at once (-1: automatic). */
  currentLevel: number;
  /** The level for the next fragment; setting it switches there (-1: automatic). */
  nextLevel: number;
  readonly autoLevelEnabled: boolean;
  /** Bits per second, as hls.js estimates the connection. */
  readonly bandwidthEstimate: number;
}

/**
 * A media player for video and audio: poster, loading,
 * big play button and error overlays, captions, chapters, volume, progress and fullscreen.
 * It enhances the `<video>` or `<audio>` a page already has, so without JavaScript the
 * browser's own controls play it; the element turns those off when it takes over.
 *
 * Light-DOM contract:
 * - **media**: the first direct `<video>` or `<audio>` child (also one written in after the
 *   element upgraded: it is taken over when it arrives), with a `src` or `<source>`
 *   children (tried in order), and `<track kind="captions|subtitles">` (listed in the captions
 *   menu; `default` shows at start) and `<track kind="chapters">` (the chapters menu; its button
 *   is there from the first frame, unavailable until the track's cues have loaded, and goes if
 *   the track fails, so the control bar does not move as the tracks load).
 *   Its `width` / `height` attributes size the player; without them a video is 480 x 270 (16:9)
 *   and an audio 400 wide (`PLAYER` constants), as tall as its control bar. A video's `poster` shows until play.
 * - **HLS**: an `.m3u8` source (or an HLS type) plays natively where the browser can, else
 *   through hls.js, fetched only then. A fatal media error is recovered once, then by swapping
 *   the audio codec; one more within `PLAYER.HLS_RECOVERY_WINDOW_MS` shows
 *   "Cannot recover, last media error recovery failed". A network failure shows "Network error".
 * - **Embedded video service**: `data-youtube` (an id or any watch / short link) on the
 *   element or on its media, or a YouTube `<source>`: played in a privacy-enhanced embed over
 *   its IFrame API message protocol (no external script), messages accepted only from the
 *   embed's exact origin and iframe. Its states -1, 0, 1, 2, 3, 5 drive the player; its error
 *   codes show as "Code N: text". The embed is framed only with the page's video consent (as
 *   `kite-video-embed`): without it the player shows a notice and a link to watch the video on
 *   YouTube (parts `consent`, `consent-link`, `consent-allow`), and starts once consent comes.
 * - When no source is of a type anything can play, "No renderer found" shows with download
 *   links to the sources. A source that fails shows "Media error: Format(s) not supported or
 *   source(s) not found". A caption track that fails to load leaves the menu. While an error
 *   shows, the control bar is gone: nothing is left to control.
 *
 * Behaviour: a click on the video or the play button plays and pauses; the big play button
 * shows while a video is not playing. While a video plays the controls hide
 * `PLAYER.CONTROLS_HIDE_MS` after the last pointer move, key or focus (`..._AFTER_ENTER_MS`
 * after the pointer enters, `..._AFTER_LEAVE_MS` after it leaves), and stay while a menu is
 * open, paused or in error. The start volume is `PLAYER.START_VOLUME`. Every control works
 * from the keyboard: buttons, the progress and volume sliders (WAI-ARIA slider: arrow keys
 * step `PLAYER.SEEK_STEP_RATIO` of the duration or `PLAYER.VOLUME_STEP`, Home / End go to
 * the ends; mirrored right to left) and the menu buttons (WAI-ARIA menu button with radio
 * items). Labels follow `lang` (English, Hebrew right to left). Fullscreen is the element's,
 * controls included. Starting one player pauses any other playing on the page. With
 * `prefers-reduced-motion: reduce` nothing fades or spins.
 *
 * On a phone: every control is a 44 px target (the bar is 44 px tall); a video under 560 px wide
 * puts its seek bar on a row of its own above the buttons; on a touch screen the volume slider
 * is left out (the device's own buttons set the volume; mute stays).
 *
 * The light DOM and the settings are read once, when the element starts.
 *
 * @summary Video and audio player with captions, chapters and keyboard controls.
 *
 * @slot - The `<video>` or `<audio>` (with its `<source>` and `<track>` children), or fallback content for an embed.
 *
 * @attr {boolean} show-poster-when-ended - Show the poster again when the video ends.
 * @attr {boolean} show-poster-when-paused - Show the poster again when the video pauses.
 * @attr {string} prefer-playback - `native` (default): the browser's own HLS where it has one; `mse`: hls.js wherever Media Source Extensions exist.
 * @attr {string} lang - Language of the labels and messages (`en`, `he`); default: the page's.
 * @attr {string} data-youtube - The embedded video service's video (id or link) to play instead of a media element.
 *
 * @event kite-player-play - Playback started or resumed. `detail: { currentTime }`.
 * @event kite-player-pause - Playback paused. `detail: { currentTime }`.
 * @event kite-player-ended - Playback reached the end. `detail: { currentTime }`.
 * @event kite-player-timeupdate - Every `PLAYER.TIME_UPDATE_MS` while playing. `detail: { currentTime, duration }`.
 * @event kite-player-error - The error overlay shows. `detail: { kind, message, code? }`: kind `format`, `network`, `recovery`, `renderer` or `youtube` (with the embed's `code`).
 *
 * @csspart base - The player box; `data-state` is `idle`, `playing`, `paused` or `ended`, `data-controls` `visible` or `hidden`, `data-kind` `video` or `audio`.
 * @csspart media - Box of the slotted media or the embed.
 * @csspart embed - The embedded video service's iframe.
 * @csspart poster - The poster image.
 * @csspart surface - The click area over the video.
 * @csspart captions - The caption text.
 * @csspart loading - The loading overlay (a status region); `spinner` inside it.
 * @csspart spinner - The loading indicator.
 * @csspart big-play-button - The big play button over a video that is not playing.
 * @csspart error - The error overlay; `error-message`, `downloads` and `download` (each link) inside it.
 * @csspart controls - The control bar.
 * @csspart control - Every control bar button; also `play-button`, `mute-button`, `captions-button`, `chapters-button`, `fullscreen-button`.
 * @csspart time - Both times; also `current-time` and `duration`.
 * @csspart slider - Both sliders; also `progress` and `volume`, with `progress-track`, `progress-buffered`, `progress-fill`, `progress-thumb` (and `volume-*`).
 * @csspart menu - Both menus; also `captions-menu` and `chapters-menu`, and `menu-item` for each item.
 * @csspart icon - Every icon.
 * @csspart consent - Without video consent, in place of a video site's frame: the notice; `consent-link` its link to the video's page, `consent-allow` its allow button.
 *
 * @cssproperty --kite-player-width - Width of the player. Default: the media's `width`, else 480px (video) or 400px (audio).
 * @cssproperty --kite-player-aspect-ratio - Aspect ratio of a video player. Default: the media's `width / height`, else 16 / 9.
 * @cssproperty --kite-player-audio-height - Height of an audio player. Default: `--kite-player-controls-height`.
 * @cssproperty --kite-player-controls-height - Height of the control bar, and of its buttons and sliders. Default 44px: the theme's audio height (`PLAYER.AUDIO_HEIGHT_PX`, 40px) raised to a 44 px touch target; an audio player's height.
 * @cssproperty --kite-player-accent - Colour of the played part of the sliders. Default `#4ea8ff`.
 * @cssproperty --kite-player-color - Colour of the controls' text and icons. Default `#fff`.
 * @cssproperty --kite-player-background - Background behind the video. Default `#000`.
 * @cssproperty --kite-player-controls-background - Background of the control bar. Default `rgb(17 17 17 / 0.9)`.
 * @cssproperty --kite-player-menu-background - Background of the menus. Default `rgb(17 17 17 / 0.96)`.
 * @cssproperty --kite-player-focus-color - Focus ring colour. Default `#fff`.
 * @cssproperty --kite-player-radius - Corner radius. Default `4px`.
 * @cssproperty --kite-player-duration - Duration of the controls' fade. Default `0.2s`.
 * @cssproperty --kite-player-font - Font family of the controls. Default `system-ui, sans-serif`.
 */
export class KitePlayer extends reactElement(PlayerView, {
  props: {
    showPosterWhenEnded: 'boolean',
    showPosterWhenPaused: 'boolean',
    preferPlayback: 'string',
    lang: 'string',
    hlsConfig: 'property',
  },
  styles: playerStyles,
  // Enhances the page's markup: shows it as written until the view renders.
  lightDom: 'placeholder',
}) {
  /** Show the poster again when the video ends (reflects `show-poster-when-ended`). */
  declare showPosterWhenEnded: boolean | undefined;
  /** Show the poster again when the video pauses (reflects `show-poster-when-paused`). */
  declare showPosterWhenPaused: boolean | undefined;
  /** `native` or `mse` (reflects `prefer-playback`). */
  declare preferPlayback: string | undefined;
  /** Language of the labels (reflects `lang`). */
  declare lang: string;
  /** Options for hls.js, read when an HLS stream starts. */
  declare hlsConfig: HlsOptions | undefined;

  /** The hls.js instance while one plays this element's stream (quality levels, stats), else null. */
  get hls(): HlsPlayback | null {
    return hlsOfHost.get(this) ?? null;
  }

}

// The tag as a literal: the manifest analyzer reads it from this call.
defineElement('kite-player', KitePlayer);

declare global {
  interface HTMLElementTagNameMap {
    'kite-player': KitePlayer;
  }
}
