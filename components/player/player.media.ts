/**
 * What `kite-player` finds in its light DOM and how it will play it: the media element, its
 * sources and tracks, and the renderer (the browser itself, hls.js, the embedded video service,
 * or none). DOM reads only; no state.
 */
import { PLAYER } from '../../shared/constants/site.ts';
import { parseVideoUrl } from '../../shared/logic/video-url.ts';

/** A source of the media: its resolved address and declared type (may be empty). */
export interface SourceInfo {
  url: string;
  type: string;
}

/** How the player plays its media, decided once when it starts. */
export type RendererPlan =
  /** The browser plays the media element's own sources. */
  | { renderer: 'native' }
  /** hls.js plays `url` through Media Source Extensions. */
  | { renderer: 'hls'; url: string }
  /** The embedded video service plays video `id`. */
  | { renderer: 'youtube'; id: string }
  /** Nothing can play any source: "No renderer found" with download links to `sources`. */
  | { renderer: 'none'; sources: SourceInfo[] };

/** `prefer-playback`: `native` uses the browser's own HLS where it has one; `mse` uses hls.js wherever Media Source Extensions exist. */
export type PlaybackPreference = 'native' | 'mse';

const HLS_TYPES = ['application/x-mpegurl', 'application/vnd.apple.mpegurl', 'audio/mpegurl', 'audio/x-mpegurl'];
const YOUTUBE_TYPES = ['video/youtube', 'video/x-youtube'];
const YOUTUBE_ID = new RegExp(`^[A-Za-z0-9_-]{${PLAYER.YOUTUBE_ID_LENGTH}}$`);

/** MIME types by file extension, for sources that declare none. */
const TYPE_BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  ogv: 'video/ogg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg; codecs=opus',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  flac: 'audio/flac',
  m3u8: 'application/vnd.apple.mpegurl',
  flv: 'video/x-flv',
};

const extensionOf = (url: string) => {
  try {
    return new URL(url).pathname.split('.').pop()?.toLowerCase() ?? '';
  } catch {
    return '';
  }
};

/** The declared type without parameters, lower case, else the one the file extension implies, else ''. */
function typeOf(source: SourceInfo): string {
  const declared = source.type.split(';')[0]!.trim().toLowerCase();
  return declared || TYPE_BY_EXTENSION[extensionOf(source.url)] || '';
}

const isHls = (source: SourceInfo) => HLS_TYPES.includes(typeOf(source));

/** The video id of the embedded video service in a value: a bare id, or any watch, short or shortened link. */
export function youtubeIdOf(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (YOUTUBE_ID.test(text)) return text;
  const video = parseVideoUrl(text);
  return video?.provider === 'youtube' ? video.id : null;
}

/** The light-DOM media element: the first direct `<video>` or `<audio>` child. */
export function findMedia(host: HTMLElement): HTMLMediaElement | null {
  return host.querySelector<HTMLMediaElement>(':scope > video, :scope > audio');
}

/** The media's sources in order: its `src`, or its `<source>` children. */
export function sourcesOf(media: HTMLMediaElement): SourceInfo[] {
  const src = media.getAttribute('src');
  if (src) return [{ url: media.src, type: '' }];
  return [...media.querySelectorAll<HTMLSourceElement>(':scope > source')]
    .filter((source) => source.getAttribute('src'))
    .map((source) => ({ url: source.src, type: source.type }));
}

/** Media Source Extensions (hls.js's only requirement), including Safari's managed variant. */
const hasMediaSource = () => typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);

/**
 * The renderer, by the first source something can play (the reference player's order):
 * the embedded video service (`data-youtube` on the host or media, or a YouTube source), HLS
 * (natively, or through hls.js where the browser has no HLS of its own or `mse` is preferred),
 * then any source the browser says it may play. A source whose type is unknown is left to the
 * browser to try. Nothing playable: no renderer.
 */
export function planRenderer(host: HTMLElement, media: HTMLMediaElement | null, preference: PlaybackPreference): RendererPlan {
  const fromAttribute = youtubeIdOf(host.dataset.youtube) ?? youtubeIdOf(media?.dataset.youtube);
  if (fromAttribute) return { renderer: 'youtube', id: fromAttribute };
  if (!media) return { renderer: 'none', sources: [] };
  const sources = sourcesOf(media);
  for (const source of sources) {
    const type = typeOf(source);
    if (YOUTUBE_TYPES.includes(type) || (!type && youtubeIdOf(source.url))) {
      const id = youtubeIdOf(source.url);
      if (id) return { renderer: 'youtube', id };
      continue;
    }
    if (isHls(source)) {
      const native = media.canPlayType(type) !== '';
      if (hasMediaSource() && (preference === 'mse' || !native)) return { renderer: 'hls', url: source.url };
      if (native) return { renderer: 'native' };
      continue;
    }
    if (!type || media.canPlayType(type) !== '') return { renderer: 'native' };
  }
  return { renderer: 'none', sources };
}

/** A file name for a download link: the last path segment, decoded, or the whole address. */
export function fileNameOf(url: string): string {
  try {
    const name = new URL(url).pathname.split('/').filter(Boolean).pop();
    return name ? decodeURIComponent(name) : url;
  } catch {
    return url;
  }
}

/** Only web addresses become links (a `javascript:` source never does). */
export function isWebUrl(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** The player's box: the media's own `width` / `height` attributes, else the spec's defaults (video 16:9). */
export function sizeOf(media: HTMLMediaElement | null, kind: 'video' | 'audio'): { width: number; height: number } {
  const read = (name: string) => {
    const value = Number(media?.getAttribute(name));
    return Number.isFinite(value) && value > 0 ? value : null;
  };
  if (kind === 'audio') return { width: read('width') ?? PLAYER.AUDIO_WIDTH_PX, height: PLAYER.AUDIO_HEIGHT_PX };
  const width = read('width');
  const height = read('height');
  if (width && height) return { width, height };
  if (width) return { width, height: (width * PLAYER.ASPECT_HEIGHT) / PLAYER.ASPECT_WIDTH };
  if (height) return { width: (height * PLAYER.ASPECT_WIDTH) / PLAYER.ASPECT_HEIGHT, height };
  return { width: PLAYER.VIDEO_WIDTH_PX, height: PLAYER.VIDEO_HEIGHT_PX };
}

/** End of the buffered range that holds the position (or the last one before it), in seconds. */
export function bufferedEnd(media: HTMLMediaElement): number {
  const { buffered, currentTime } = media;
  let end = 0;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime + 0.5) end = buffered.end(i);
  }
  return end;
}
