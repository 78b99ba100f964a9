/**
 * The media-event bridge (media-chrome's media controller, in one place): the playing medium's
 * events become the machine's `MEDIA.*` / `YOUTUBE.*` events, and the machine's commands (play,
 * pause, seek, volume, fullscreen, stream recovery) reach the medium, whichever renderer plays it:
 * the media element (natively or through hls.js) or the embedded video service.
 */
import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { assign, type Actor } from 'xstate';
import { changesTime, type playerMachine } from '../../machines/player/player.machine.ts';
import type { PlayerEvent } from '../../machines/player/player.types.ts';
import type { SendPlayerEvent } from './player.connect.ts';
import { hlsOfHost, type Hls } from './player.hls.ts';
import { bufferedEnd, type RendererPlan } from './player.media.ts';
import { connectYoutube, EMBED_VOLUME_MAX, type YoutubeBridge, type YoutubeMessage } from './player.youtube.ts';

type PlayerActor = Actor<typeof playerMachine>;

/** The renderers' handles the commands go through, once each renderer has started. */
export interface MediaHandles {
  hls: Hls | null;
  youtube: YoutubeBridge | null;
}

type PlayerActions = NonNullable<Parameters<typeof playerMachine.provide>[0]['actions']>;

/** Machine state -> medium: the actions the machine declares, provided for this player's medium. */
export function mediaCommands(host: HTMLElement, media: HTMLMediaElement | null, handles: MediaHandles): PlayerActions {
  return {
    play: () => {
      if (handles.youtube) handles.youtube.command('playVideo');
      // A refused play (autoplay policy, no source) changes nothing: the media's events drive the states.
      else void media?.play().catch(() => {});
    },
    pause: () => (handles.youtube ? handles.youtube.command('pauseVideo') : media?.pause()),
    seek: (_, { time }) => {
      if (handles.youtube) handles.youtube.command('seekTo', [time, true]);
      else if (media) media.currentTime = time;
    },
    applyVolume: (_, { volume, muted }) => {
      if (handles.youtube) {
        handles.youtube.command('setVolume', [Math.round(volume * EMBED_VOLUME_MAX)]);
        handles.youtube.command(muted ? 'mute' : 'unMute');
      } else if (media) {
        media.volume = volume;
        media.muted = muted;
      }
    },
    requestFullscreen: () => {
      if (host.requestFullscreen) void host.requestFullscreen().catch(() => {});
      // iOS Safari: only the video itself goes fullscreen.
      else (media as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null)?.webkitEnterFullscreen?.();
    },
    exitFullscreen: () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    },
    recoverMediaError: () => handles.hls?.recoverMediaError(),
    swapAudioCodec: () => handles.hls?.swapAudioCodec(),
    destroyHls: () => {
      handles.hls?.destroy();
      handles.hls = null;
      hlsOfHost.delete(host);
    },
    readTime: assign(({ context }) => {
      if (handles.youtube) {
        const { info } = handles.youtube;
        return { currentTime: info.currentTime ?? context.currentTime, duration: info.duration ?? context.duration };
      }
      if (!media) return {};
      return { currentTime: media.currentTime, duration: media.duration, buffered: bufferedEnd(media) };
    }),
  };
}

/** The media element's events that are one machine event each (the position is sent first). */
const MEDIA_EVENTS: Record<string, PlayerEvent['type']> = {
  loadstart: 'MEDIA.LOADSTART',
  loadeddata: 'MEDIA.LOADEDDATA',
  suspend: 'MEDIA.SUSPEND',
  canplay: 'MEDIA.CANPLAY',
  waiting: 'MEDIA.WAITING',
  seeking: 'MEDIA.SEEKING',
  seeked: 'MEDIA.SEEKED',
  play: 'MEDIA.PLAY',
  playing: 'MEDIA.PLAYING',
  pause: 'MEDIA.PAUSE',
  ended: 'MEDIA.ENDED',
  emptied: 'MEDIA.EMPTIED',
};
/** The media element's events that only move the position, duration or buffered end. */
const TIME_EVENTS = ['timeupdate', 'durationchange', 'loadedmetadata', 'progress'];

const errorKindOf = (error: MediaError) => (error.code === MediaError.MEDIA_ERR_NETWORK ? ('network' as const) : ('format' as const));

/** Media element -> machine: its events from the commit on (none missed), then what happened before the element upgraded. */
export function useMediaEvents(actor: PlayerActor, media: HTMLMediaElement | null, plan: RendererPlan): void {
  useLayoutEffect(() => {
    if (!media || plan.renderer === 'youtube') return;
    const { send } = actor;
    // Only a position that moved: most media events repeat it (`play` and `playing` at the start, every `progress`).
    const time = () => {
      const report = { currentTime: media.currentTime, duration: media.duration, buffered: bufferedEnd(media) };
      if (changesTime(actor.getSnapshot().context, report)) send({ type: 'MEDIA.TIME', ...report });
    };
    const listeners: Array<[string, (event: Event) => void, boolean?]> = [];
    for (const [name, type] of Object.entries(MEDIA_EVENTS)) {
      listeners.push([
        name,
        () => {
          // Position first, so play / pause / ended carry the right time.
          time();
          send({ type } as PlayerEvent);
        },
      ]);
    }
    for (const name of TIME_EVENTS) listeners.push([name, time]);
    listeners.push(['volumechange', () => send({ type: 'MEDIA.VOLUME', volume: media.volume, muted: media.muted })]);
    listeners.push([
      'error',
      (event) => {
        if (event.target === media) {
          if (media.error && media.error.code !== MediaError.MEDIA_ERR_ABORTED) send({ type: 'MEDIA.ERROR', kind: errorKindOf(media.error) });
          return;
        }
        // A <source> failed (these do not bubble: heard while capturing). Only the last one means nothing can play;
        // with hls.js the browser's own try at the HLS source is expected to fail.
        const sources = media.querySelectorAll(':scope > source');
        if (plan.renderer === 'native' && event.target instanceof HTMLSourceElement && event.target === sources[sources.length - 1]) {
          send({ type: 'MEDIA.ERROR', kind: 'format' });
        }
      },
      true,
    ]);
    for (const [name, listener, capture] of listeners) media.addEventListener(name, listener, capture);
    return () => {
      for (const [name, listener, capture] of listeners) media.removeEventListener(name, listener, capture);
    };
  }, [actor, media, plan]);

  // After the subscription (`useKiteEvents`): these may emit.
  useEffect(() => {
    if (!media || plan.renderer === 'youtube') return;
    const { send } = actor;
    send({ type: 'MEDIA.TIME', currentTime: media.currentTime, duration: media.duration, buffered: bufferedEnd(media) });
    if (plan.renderer === 'native') {
      if (media.error) send({ type: 'MEDIA.ERROR', kind: errorKindOf(media.error) });
      // Every source already failed, unseen: try them again, listened to this time.
      else if (media.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) media.load();
      else if (media.networkState === HTMLMediaElement.NETWORK_LOADING && media.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) {
        send({ type: 'MEDIA.LOADSTART' });
      }
    }
    if (!media.paused) send({ type: 'MEDIA.PLAY' });
  }, [actor, media, plan]);

  // No renderer: told once, after the subscription.
  useEffect(() => {
    if (plan.renderer === 'none') actor.send({ type: 'RENDERER.NONE' });
  }, [actor, plan]);
}

/** Embedded video service -> machine, over its message protocol (listening from the commit on). */
export function useYoutubeEvents(actor: PlayerActor, iframe: RefObject<HTMLIFrameElement | null>, plan: RendererPlan, handles: MediaHandles): void {
  useLayoutEffect(() => {
    const frame = iframe.current;
    if (plan.renderer !== 'youtube' || !frame) return;
    const { send } = actor;
    const onMessage = (message: YoutubeMessage) => {
      if (message.event === 'state') send({ type: 'YOUTUBE.STATE', state: message.state });
      else if (message.event === 'error') send({ type: 'YOUTUBE.ERROR', code: message.code });
      else if (message.event === 'ready') {
        const { volume, muted } = actor.getSnapshot().context;
        bridge.command('setVolume', [Math.round(volume * EMBED_VOLUME_MAX)]);
        if (muted) bridge.command('mute');
      } else {
        const { info } = message;
        if (info.currentTime !== undefined || info.duration !== undefined) {
          send({ type: 'MEDIA.TIME', currentTime: info.currentTime ?? NaN, ...(info.duration !== undefined ? { duration: info.duration } : {}) });
        }
        if (info.volume !== undefined && info.muted !== undefined) send({ type: 'MEDIA.VOLUME', volume: info.volume / EMBED_VOLUME_MAX, muted: info.muted });
      }
    };
    const bridge = connectYoutube(frame, onMessage);
    handles.youtube = bridge;
    return () => {
      bridge.disconnect();
      handles.youtube = null;
    };
  }, [actor, iframe, plan, handles]);
}

/** Fullscreen is the host's (controls included): the document says when it changes. */
export function useFullscreenEvents(send: SendPlayerEvent, host: HTMLElement): void {
  useEffect(() => {
    const changed = () => send({ type: 'MEDIA.FULLSCREEN', active: document.fullscreenElement === host });
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [host, send]);
}

/** Every running player of the page, so starting one pauses the others (as the reference player does). */
const players = new Set<PlayerActor>();

export function useOnePlayerAtATime(actor: PlayerActor): void {
  useEffect(() => {
    players.add(actor);
    const subscription = actor.on('play', () => {
      for (const other of players) if (other !== actor) other.send({ type: 'PAUSE' });
    });
    return () => {
      players.delete(actor);
      subscription.unsubscribe();
    };
  }, [actor]);
}
