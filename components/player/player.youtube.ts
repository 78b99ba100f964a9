/**
 * The embedded video service's player, driven over its IFrame API message protocol (the one its
 * own API script speaks), so no external script is loaded: the parent says it is `listening`,
 * subscribes to events, and sends `command`s; the embed answers with JSON messages.
 *
 * Messages are accepted only from the embed's exact origin *and* from the player's own iframe
 * window: a page frame (or a same-origin iframe) claiming to be the embed is ignored.
 */
import { PLAYER } from '../../shared/constants/site.ts';

/** The privacy-enhanced embed host: no cookies until the visitor plays. */
export const YOUTUBE_EMBED_ORIGIN: string = PLAYER.YOUTUBE_ORIGINS[0];

/** How often the parent repeats `listening` until the embed answers, and how many times at most (the API script does the same). */
const LISTEN_RETRY_MS = 250;
const LISTEN_RETRIES = 40;
/** The embed's volume scale: 0 to this (the player's is 0 to 1). */
export const EMBED_VOLUME_MAX = 100;
/** The API's channel name; every message carries it. */
const CHANNEL = 'widget';

/** What the embed reports, read from its `infoDelivery` / `initialDelivery` messages. */
export interface YoutubeInfo {
  currentTime?: number;
  duration?: number;
  /** 0 to `EMBED_VOLUME_MAX`. */
  volume?: number;
  muted?: boolean;
  playerState?: number;
}

export type YoutubeMessage =
  | { event: 'ready' }
  | { event: 'state'; state: number }
  | { event: 'error'; code: number }
  | { event: 'info'; info: YoutubeInfo };

/** The embed address for video `id`: the JS API on, its own controls off (the player draws its own). */
export function youtubeEmbedUrl(id: string, pageOrigin: string): string {
  const url = new URL(`${YOUTUBE_EMBED_ORIGIN}/embed/${encodeURIComponent(id)}`);
  url.searchParams.set('enablejsapi', '1');
  url.searchParams.set('controls', '0');
  url.searchParams.set('rel', '0');
  url.searchParams.set('playsinline', '1');
  if (/^https?:\/\//.test(pageOrigin)) url.searchParams.set('origin', pageOrigin);
  return url.href;
}

const finite = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** A message from the embed (JSON text), or null for anything that is not one of its events. */
function readYoutubeMessage(data: unknown): YoutubeMessage | null {
  if (typeof data !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (!message || typeof message !== 'object') return null;
  const { event, info } = message as { event?: unknown; info?: unknown };
  switch (event) {
    case 'onReady':
      return { event: 'ready' };
    case 'onStateChange':
      return finite(info) !== undefined ? { event: 'state', state: info as number } : null;
    case 'onError':
      return finite(info) !== undefined ? { event: 'error', code: info as number } : null;
    case 'initialDelivery':
    case 'infoDelivery': {
      if (!info || typeof info !== 'object') return null;
      const raw = info as Record<string, unknown>;
      const read: YoutubeInfo = {};
      if (finite(raw.currentTime) !== undefined) read.currentTime = raw.currentTime as number;
      if (finite(raw.duration) !== undefined) read.duration = raw.duration as number;
      if (finite(raw.volume) !== undefined) read.volume = raw.volume as number;
      if (typeof raw.muted === 'boolean') read.muted = raw.muted;
      if (finite(raw.playerState) !== undefined) read.playerState = raw.playerState as number;
      return { event: 'info', info: read };
    }
    default:
      return null;
  }
}

export interface YoutubeBridge {
  /** Calls a player function (`playVideo`, `pauseVideo`, `seekTo`, `setVolume`, `mute`, `unMute`). */
  command(func: string, args?: unknown[]): void;
  /** The last position, duration and volume the embed reported. */
  readonly info: YoutubeInfo;
  disconnect(): void;
}

let bridges = 0;

/** Connects to the embed in `iframe`; `onMessage` hears its events, from its origin and window only. */
export function connectYoutube(iframe: HTMLIFrameElement, onMessage: (message: YoutubeMessage) => void): YoutubeBridge {
  const id = ++bridges;
  const info: YoutubeInfo = {};
  let answered = false;
  let retries = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const post = (message: object) => iframe.contentWindow?.postMessage(JSON.stringify({ ...message, id, channel: CHANNEL }), YOUTUBE_EMBED_ORIGIN);
  const listen = () => {
    post({ event: 'listening' });
    for (const name of ['onReady', 'onStateChange', 'onError']) post({ event: 'command', func: 'addEventListener', args: [name] });
  };
  const onLoad = () => {
    answered = false;
    retries = 0;
    clearInterval(timer);
    listen();
    timer = setInterval(() => {
      if (answered || ++retries >= LISTEN_RETRIES) clearInterval(timer);
      else listen();
    }, LISTEN_RETRY_MS);
  };
  const onWindowMessage = (event: MessageEvent) => {
    // Both checks: the origin alone would trust any embed of the service on the page, the window alone any page in our iframe.
    if (event.origin !== YOUTUBE_EMBED_ORIGIN || event.source !== iframe.contentWindow || !event.source) return;
    const message = readYoutubeMessage(event.data);
    if (!message) return;
    answered = true;
    if (message.event === 'info') Object.assign(info, message.info);
    onMessage(message);
  };

  iframe.addEventListener('load', onLoad);
  window.addEventListener('message', onWindowMessage);
  return {
    info,
    command: (func, args = []) => post({ event: 'command', func, args }),
    disconnect() {
      clearInterval(timer);
      iframe.removeEventListener('load', onLoad);
      window.removeEventListener('message', onWindowMessage);
    },
  };
}
