/**
 * Video links the lightbox opens as embeds (content-site spec 001, sections 2 and 5): the video
 * site's watch, shorts and shortened links, and the second video site's player links.
 *
 * Rules:
 * - YouTube: `youtube.com/watch?v=ID` (also `www.` and `m.`), `youtube.com/shorts/ID` and
 *   `youtu.be/ID`. A watch link with no `v` parameter yields no id (spec section 5). An id is the
 *   11 characters of `[A-Za-z0-9_-]` every YouTube id has; anything else is no id, so nothing a
 *   page wrote reaches the embed address unchecked.
 * - Vimeo: `vimeo.com/ID`, `vimeo.com/ID/HASH`, `vimeo.com/channels/name/ID` and the like, and
 *   `player.vimeo.com/video/ID?h=HASH`: the id is 6 to 11 digits, the optional hash (of an
 *   unlisted video) 6 to 11 word characters (spec section 5). A wrong hash is no match.
 * - Only `http:` and `https:` links, or the same written without a scheme (`//youtu.be/ID`,
 *   `www.youtube.com/watch?v=ID`).
 */
import { PLAYER } from '../constants/site.ts';

export type VideoProvider = 'youtube' | 'vimeo';

/** A video on one of the two video sites. */
export interface VideoId {
  provider: VideoProvider;
  /** YouTube: 11 characters of `[A-Za-z0-9_-]`; Vimeo: 6 to 11 digits. */
  id: string;
  /** Vimeo only: the private hash of an unlisted video, 6 to 11 word characters. */
  hash?: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{6,11}$/;
const VIMEO_HASH = /^\w{6,11}$/;
/** A path segment before a Vimeo id: `channels`, `staffpicks`, `groups`, `videos`, ... */
const VIMEO_PREFIX_SEGMENT = /^[A-Za-z][\w-]*$/;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const YOUTUBE_SHORT_HOST = 'youtu.be';
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);
const VIMEO_PLAYER_HOST = 'player.vimeo.com';

/**
 * Where each site's embedded player is served from: YouTube's privacy-enhanced host (the one
 * `kite-player` uses too) and Vimeo's player. A page's Content-Security-Policy lets these frame in.
 */
export const VIDEO_EMBED_ORIGINS: Readonly<Record<VideoProvider, string>> = {
  youtube: PLAYER.YOUTUBE_ORIGINS[0],
  vimeo: `https://${VIMEO_PLAYER_HOST}`,
};

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The link as a URL, or null: http(s) only; `//host/...` and `host/...` read as https. */
function toUrl(text: string): URL | null {
  const trimmed = text.trim();
  const absolute = trimmed.startsWith('//') ? `https:${trimmed}` : SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(absolute);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** Path segments without empty ones (`/a//b/` is `a`, `b`). */
const segmentsOf = (url: URL) => url.pathname.split('/').filter(Boolean);

function youtube(url: URL): VideoId | null {
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined;
  if (host === YOUTUBE_SHORT_HOST) id = segmentsOf(url)[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    const [first, second] = segmentsOf(url);
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'shorts') id = second;
  }
  return id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
}

function vimeo(url: URL): VideoId | null {
  const host = url.hostname.toLowerCase();
  const segments = segmentsOf(url);
  let rest: string[];
  if (host === VIMEO_PLAYER_HOST) {
    if (segments[0] !== 'video') return null;
    rest = segments.slice(1);
  } else if (VIMEO_HOSTS.has(host)) {
    const at = segments.findIndex((segment) => /^\d+$/.test(segment));
    if (at < 0 || !segments.slice(0, at).every((segment) => VIMEO_PREFIX_SEGMENT.test(segment))) return null;
    rest = segments.slice(at);
  } else return null;
  const [id, pathHash, ...more] = rest;
  if (!id || !VIMEO_ID.test(id) || more.length) return null;
  const hash = pathHash ?? url.searchParams.get('h') ?? undefined;
  if (hash !== undefined && !VIMEO_HASH.test(hash)) return null;
  return hash === undefined ? { provider: 'vimeo', id } : { provider: 'vimeo', id, hash };
}

/**
 * The video a link shows, by the rules above, or `null`.
 * Throws a `TypeError` when `url` is not a string (spec section 5); never throws on a string.
 */
export function parseVideoUrl(url: string): VideoId | null {
  if (typeof url !== 'string') throw new TypeError(`parseVideoUrl: the URL must be a string, not ${url === null ? 'null' : typeof url}`);
  const parsed = toUrl(url);
  if (!parsed) return null;
  return youtube(parsed) ?? vimeo(parsed);
}

/**
 * The canonical page address of a video (`https://www.youtube.com/watch?v=ID`,
 * `https://vimeo.com/ID/HASH`): `parseVideoUrl` of it gives the same video back.
 */
export function videoPageUrl(video: VideoId): string {
  if (video.provider === 'youtube') {
    const url = new URL('https://www.youtube.com/watch');
    url.searchParams.set('v', video.id);
    return url.href;
  }
  const path = [video.id, video.hash].filter(Boolean).map((part) => encodeURIComponent(part!));
  return new URL(`https://vimeo.com/${path.join('/')}`).href;
}

/**
 * The address of the video's embedded player: YouTube's privacy-enhanced `youtube-nocookie.com`
 * embed, Vimeo's player. Built with `URL`, never by pasting page text into markup.
 */
export function videoEmbedUrl(video: VideoId, options: { autoplay?: boolean } = {}): string {
  const url =
    video.provider === 'youtube'
      ? new URL(`${VIDEO_EMBED_ORIGINS.youtube}/embed/${encodeURIComponent(video.id)}`)
      : new URL(`${VIDEO_EMBED_ORIGINS.vimeo}/video/${encodeURIComponent(video.id)}`);
  if (video.provider === 'vimeo' && video.hash) url.searchParams.set('h', video.hash);
  if (video.provider === 'youtube') url.searchParams.set('rel', '0');
  if (options.autoplay) url.searchParams.set('autoplay', '1');
  return url.href;
}

/** Each video site's name, as a visitor knows it (the link to watch there names it). */
export const VIDEO_SITE_NAMES: Readonly<Record<VideoProvider, string>> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/**
 * `allow` of a video site's frame: play at once (the visitor just asked for it), fullscreen,
 * picture in picture. The lightbox's and `kite-video-embed`'s frames are allowed the same.
 */
export const VIDEO_FRAME_ALLOW = 'autoplay; fullscreen; picture-in-picture; encrypted-media';

/** Where YouTube serves its thumbnails (one of the hosts the video consent covers). */
const YOUTUBE_THUMBNAIL_ORIGIN = 'https://i.ytimg.com';

/**
 * The video site's own thumbnail of `video` in `quality` (`hqdefault`, ... spec section 3), or null
 * for Vimeo, whose thumbnails are only found through its API: a Vimeo embed takes the theme's poster.
 */
export function videoThumbnailUrl(video: VideoId, quality: string): string | null {
  if (video.provider !== 'youtube') return null;
  return new URL(`${YOUTUBE_THUMBNAIL_ORIGIN}/vi/${encodeURIComponent(video.id)}/${encodeURIComponent(quality)}.jpg`).href;
}
