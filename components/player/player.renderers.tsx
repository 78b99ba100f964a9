/**
 * The renderers (media-chrome's media slot): the page's own media element, slotted and taken
 * over; hls.js attached to it for an HLS stream the browser cannot play; or the embedded video
 * service's iframe. Which one plays was planned once at start (`planRenderer`).
 */
import { memo, useEffect, useLayoutEffect, type RefObject } from 'react';
import type { HlsConfig } from './player.hls.ts';
import { hlsOfHost, startHls } from './player.hls.ts';
import type { MediaHandles } from './player.bridge.ts';
import type { SendPlayerEvent } from './player.connect.ts';
import type { RendererPlan } from './player.media.ts';
import { youtubeEmbedUrl } from './player.youtube.ts';

export const PLAYER_TAG = 'kite-player';

/** The media box: the slotted media element, or the embed (memoized: fixed at start, a time update leaves it alone). */
export const MediaRenderer = memo(function MediaRenderer({
  plan,
  iframe,
  title,
}: {
  plan: RendererPlan;
  iframe: RefObject<HTMLIFrameElement | null>;
  title: string;
}) {
  return (
    <div part="media" className="media">
      {plan.renderer === 'youtube' ? (
        <iframe
          ref={iframe}
          part="embed"
          src={youtubeEmbedUrl(plan.id, location.origin)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          tabIndex={-1}
        />
      ) : (
        <slot />
      )}
    </div>
  );
});

/** Takes the media over: native controls off, the start volume, the default size (all undone on disconnect). */
export function useMediaTakeover(host: HTMLElement, media: HTMLMediaElement | null, size: { width: number }, startVolume: number): void {
  useLayoutEffect(() => {
    const restore: Array<() => void> = [];
    if (media) {
      if (media.controls) {
        media.controls = false;
        restore.push(() => (media.controls = true));
      }
      media.volume = startVolume;
    }
    // Through the CSSOM, which a strict CSP allows; the page's own `width` on the element still wins.
    host.style.setProperty('--kite-player-default-width', `${size.width}px`);
    restore.push(() => host.style.removeProperty('--kite-player-default-width'));
    return () => restore.forEach((undo) => undo());
  }, [host, media, size, startVolume]);
}

/** HLS through hls.js, loaded now and only now; its errors go to the machine. */
export function useHls(
  send: SendPlayerEvent,
  host: HTMLElement,
  media: HTMLMediaElement | null,
  plan: RendererPlan,
  hlsConfig: Partial<HlsConfig> | undefined,
  handles: MediaHandles,
): void {
  useEffect(() => {
    if (plan.renderer !== 'hls' || !media) return;
    let cancelled = false;
    startHls(media, plan.url, hlsConfig, (report) => send({ type: 'HLS.ERROR', ...report })).then(
      (started) => {
        if (cancelled) return started?.destroy();
        if (!started) return send({ type: 'RENDERER.NONE' });
        handles.hls = started;
        hlsOfHost.set(host, started);
      },
      (error: Error) => {
        console.warn(`${PLAYER_TAG}: could not load hls.js: ${error.message}`);
        if (!cancelled) send({ type: 'MEDIA.ERROR', kind: 'network' });
      },
    );
    return () => {
      cancelled = true;
      handles.hls?.destroy();
      handles.hls = null;
      hlsOfHost.delete(host);
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- hls.js options are read when the stream starts; a change later restarts nothing
  }, [handles, host, media, plan, send]);
}
