/** Types of the lazy video embed (content-site spec 001, sections 2 "Video embeds", 3 and 4 "Video consent"). */
import type { VIDEO_EMBED } from '../../shared/constants/site.ts';
import type { VideoId } from '../../shared/logic/video-url.ts';

/** One of the video service's thumbnail names (spec section 3). */
export type PosterQuality = (typeof VIDEO_EMBED.POSTER_QUALITIES)[number];

/** Where the poster comes from: the theme's own image, the video service's thumbnail, or none (a titled box). */
export type PosterSource = 'local' | 'service' | 'none';

export interface VideoEmbedInput {
  /** The video the theme's link points at; null when it is no YouTube or Vimeo video. */
  video: VideoId | null;
  /** Whether video embeds may be framed now (shared/consent/video-consent.ts). */
  consent: boolean;
  /** The poster's source; `service` is only loaded with consent (the thumbnail comes from the video site). */
  poster: PosterSource;
  /** The service thumbnail's quality asked for; missing ones fall back down `VIDEO_EMBED.POSTER_QUALITIES`. */
  quality?: PosterQuality;
  /** Load the frame (without playing) once the embed is in view, instead of on the visitor's play. */
  loadInView?: boolean;
}

export interface VideoEmbedContext {
  video: VideoId | null;
  poster: PosterSource;
  /** The service thumbnail's quality tried or shown now. */
  quality: PosterQuality;
  loadInView: boolean;
  /** The frame plays as it loads: the visitor asked (not a load in view). */
  autoplay: boolean;
  /** Whether video embeds may be framed, as last heard. */
  allowed: boolean;
}

export type VideoEmbedEvent =
  /** The visitor pressed play on the poster. */
  | { type: 'PLAY' }
  /** The embed came into view (acted on with `loadInView` only). */
  | { type: 'VIEW.ENTER' }
  /** The service thumbnail loaded, `width` pixels wide (the service's placeholder for a missing one is narrow). */
  | { type: 'POSTER.LOADED'; width: number }
  /** The service thumbnail could not be loaded. */
  | { type: 'POSTER.FAILED' }
  /** The frame's page loaded. */
  | { type: 'FRAME.LOADED' }
  /** The site (or the visitor) allowed or withdrew video embeds. */
  | { type: 'CONSENT.CHANGE'; allowed: boolean };

/** Emitted events; the element dispatches each as `kite-video-embed-<type>`. */
export type VideoEmbedEmitted =
  /** The frame was asked for: `autoplay` when the visitor pressed play, not when it loads in view. */
  | { type: 'play'; provider: VideoId['provider']; id: string; autoplay: boolean }
  /** The frame's page loaded. */
  | { type: 'load'; provider: VideoId['provider']; id: string };
