/**
 * Which player a video URL belongs to. The video block's own reading of YouTube and Vimeo page
 * URLs, with the same result shape as the contract's `parseVideoUrl` (kite-elements/logic): when
 * that lands in shared/logic, the video block switches to it and this file goes.
 */
import { normaliseMediaUrl } from '../../../shared/logic/button-url.ts';

export interface VideoSource {
  provider: 'youtube' | 'vimeo';
  id: string;
}

const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d+$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com']);
const YOUTUBE_PATHS = new Set(['embed', 'shorts', 'live', 'v']);

/** `{ provider, id }` for a YouTube or Vimeo page or embed URL, else `null` (a direct file, or not a video). */
export function videoSource(url: string): VideoSource | null {
  const normalised = normaliseMediaUrl(url);
  if (!normalised) return null;
  let parsed: URL;
  try {
    parsed = new URL(normalised, 'https://invalid.example/');
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const segments = parsed.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') {
    const id = segments[0] ?? '';
    return YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  }
  if (YOUTUBE_HOSTS.has(host)) {
    const id = segments[0] === 'watch' ? (parsed.searchParams.get('v') ?? '') : YOUTUBE_PATHS.has(segments[0] ?? '') ? (segments[1] ?? '') : '';
    return YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    // vimeo.com/76979871, vimeo.com/channels/staffpicks/76979871, player.vimeo.com/video/76979871
    const id = segments.findLast((segment) => VIMEO_ID.test(segment)) ?? '';
    return id ? { provider: 'vimeo', id } : null;
  }
  return null;
}

/** The privacy-friendly embed address of a player video. */
export function embedUrl(source: VideoSource): string {
  return source.provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(source.id)}`
    : `https://player.vimeo.com/video/${encodeURIComponent(source.id)}?dnt=1`;
}
