/**
 * hls.js for an HLS source the browser cannot play itself. The library (about 180 KB min+gzip)
 * is fetched by a dynamic import only when such a source starts, so the bundler puts it in its
 * own chunk and no other page pays for it.
 */
import type Hls from 'hls.js';
import type { ErrorData, HlsConfig } from 'hls.js';
import type { HlsErrorType } from '../../machines/player/player.types.ts';

export type { Hls, HlsConfig };

/** The hls.js instance of each player, for `KitePlayer.hls`. */
export const hlsOfHost = new WeakMap<HTMLElement, Hls>();

export interface HlsErrorReport {
  fatal: boolean;
  errorType: HlsErrorType;
  details: string;
}

/**
 * Loads hls.js, attaches it to `media` and loads `url`. Resolves with the instance, or `null`
 * when this browser has no Media Source Extensions after all. Errors are reported as the
 * machine's three kinds: media, network, other.
 */
export async function startHls(
  media: HTMLMediaElement,
  url: string,
  config: Partial<HlsConfig> | undefined,
  onError: (report: HlsErrorReport) => void,
): Promise<Hls | null> {
  const { default: HlsClass } = await import('hls.js');
  if (!HlsClass.isSupported()) return null;
  const hls = new HlsClass({ ...config });
  hls.on(HlsClass.Events.ERROR, (_event, data: ErrorData) => {
    const errorType: HlsErrorType =
      data.type === HlsClass.ErrorTypes.MEDIA_ERROR ? 'media' : data.type === HlsClass.ErrorTypes.NETWORK_ERROR ? 'network' : 'other';
    onError({ fatal: data.fatal, errorType, details: String(data.details) });
  });
  hls.loadSource(url);
  hls.attachMedia(media);
  return hls;
}
