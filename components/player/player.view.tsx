/**
 * `kite-player`'s view: it waits for the light DOM, plans the renderer once, creates the machine's
 * actor and wires the roles together, each in its own file:
 * - `player.bridge.ts`: media events -> machine events, machine commands -> the medium;
 * - `player.renderers.tsx`: the slotted media element, hls.js, or the embed;
 * - `player.tracks.ts`: caption and chapter tracks, the shown cue;
 * - `player.connect.ts`: machine state -> part props, keys and pointers -> machine events (pure);
 * - `player.overlays.tsx` and `controls/`: one component per part or kind of control, rendering its model.
 * No behaviour state lives here: the machine (`machines/player/`) holds it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createActor, type Actor } from 'xstate';
import { playerMachine } from '../../machines/player/player.machine.ts';
import type { PlayerEvent, PlayerKind } from '../../machines/player/player.types.ts';
import { PLAYER } from '../../shared/constants/site.ts';
import { nextFrame } from '../../shared/dom/next-frame.ts';
import { useRemovePlaceholder } from '../../shared/dom/react-element.ts';
import { useKiteEvents } from '../../shared/dom/use-kite-events.ts';
import { useLightDom } from '../../shared/dom/use-light-dom.ts';
import { isRightToLeft, pageLanguage } from '../../shared/i18n/index.ts';
import { useMessages } from '../../shared/i18n/use-messages.ts';
import { ControlBar } from './controls/control-bar.tsx';
import { mediaCommands, useFullscreenEvents, useMediaEvents, useOnePlayerAtATime, useYoutubeEvents, type MediaHandles } from './player.bridge.ts';
import { connect, messagesIn, pointerEvent, stateOf, type PlayerState, type SendPlayerEvent } from './player.connect.ts';
import type { HlsConfig } from './player.hls.ts';
import { findMedia, planRenderer, sizeOf, youtubeIdOf, type RendererPlan } from './player.media.ts';
import { BigPlayButton, CaptionText, ErrorOverlay, LoadingOverlay, Poster, Surface } from './player.overlays.tsx';
import { useVideoConsent, VideoConsentNotice } from '../../shared/consent/video-consent-notice.tsx';
import { MediaRenderer, PLAYER_TAG, useHls, useMediaTakeover } from './player.renderers.tsx';
import { trackInput, tracksOf, useCaptionTracks, useChapters, useCueText } from './player.tracks.ts';

export interface PlayerProps {
  /** Show the poster again when the media ends. Read at start. */
  showPosterWhenEnded?: boolean;
  /** Show the poster again when the media pauses. Read at start. */
  showPosterWhenPaused?: boolean;
  /** `native` (default): the browser's own HLS where it has one; `mse`: hls.js wherever Media Source Extensions exist. */
  preferPlayback?: string;
  /** Language of the labels and messages (`en`, `he`); default: the page's. */
  lang?: string;
  /** Options passed to hls.js when it plays an HLS source. */
  hlsConfig?: Partial<HlsConfig>;
  /** The shadow root, passed by r2wc. */
  container?: ShadowRoot;
}

/** The `lang` attribute, else the nearest `lang` around the element, else the document's. */
const languageOf = (host: HTMLElement | undefined, lang: string | undefined) =>
  pageLanguage(lang || host?.closest('[lang]')?.getAttribute('lang'));

/**
 * Enhances the light-DOM `<video>` or `<audio>` (or a `data-youtube` embed). Until the light DOM
 * is known, and when there is nothing to play, it renders one plain slot: the markup as written,
 * native controls and all.
 */
export function PlayerView({ container: root, ...props }: PlayerProps) {
  const host = root?.host as HTMLElement | undefined;
  // Media written later (a framework filling the element in) is played when it arrives.
  const media = useLightDom(host, findMedia, (found) => found !== null || youtubeIdOf(host?.dataset.youtube) !== null);
  useRemovePlaceholder(root);
  // Decided once there is something to play: the renderer does not change under a playing medium.
  const setup = useRef<PlayerSetup | null>(undefined);
  // Controls come with their language's labels: on other pages than English, once its file is here.
  // Resolved here, not in the player: its renders follow the media's time, and `closest` walks the page.
  const lang = languageOf(host, props.lang);
  const messagesSettled = useMessages(lang);
  const videoAllowed = useVideoConsent();
  if (!root || !host || media === undefined || !messagesSettled) return <slot />;
  if (!setup.current) setup.current = setupOf(host, media, props.preferPlayback, setup.current === undefined);
  if (!setup.current) return <slot />;
  const { plan } = setup.current;
  // The embedded video service is framed only with the video consent; given later, the player starts then.
  if (plan.renderer === 'youtube' && !videoAllowed) {
    const title = host.querySelector('a')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    return <VideoConsentNotice video={{ provider: 'youtube', id: plan.id }} title={title} lang={lang} />;
  }
  return <Player root={root} host={host} setup={setup.current} {...props} lang={lang} />;
}

interface PlayerSetup {
  media: HTMLMediaElement | null;
  kind: PlayerKind;
  plan: RendererPlan;
  size: { width: number; height: number };
}

/** What the element plays, from the media its light DOM holds (`useLightDom` found it). */
function setupOf(host: HTMLElement, media: HTMLMediaElement | null, preferPlayback: string | undefined, first: boolean): PlayerSetup | null {
  const plan = planRenderer(host, media, preferPlayback === 'mse' ? 'mse' : 'native');
  if (!media && plan.renderer !== 'youtube') {
    // Not an error: the page wrote no media (yet); its markup stays as it is.
    if (first) console.debug(`${PLAYER_TAG}: no <video>, <audio> or data-youtube inside, not initialised`, host);
    return null;
  }
  const kind: PlayerKind = media?.localName === 'audio' ? 'audio' : 'video';
  return { media, kind, plan, size: sizeOf(media, kind) };
}

/** Re-render on a new context or a changed view, not on every snapshot. */
const sameState = (a: PlayerState, b: PlayerState) =>
  a.context === b.context && (Object.keys(a.view) as Array<keyof PlayerState['view']>).every((key) => a.view[key] === b.view[key]);

/**
 * The machine's state as the view shows it, and how the view sends it events. What the media
 * reports renders in the next animation frame, once, before that frame is painted: the media's
 * events come in bursts (`play`, `playing`, `timeupdate`, `progress` as playback starts), and
 * rendering the whole player in each one's task put that work between `play()` and the first
 * video frame. What the frame shows is the same. What the visitor sends renders at once, in the
 * task of their key or click (focus moves into a menu as it opens, a slider's value follows a key).
 */
function useFrameState(actor: Actor<typeof playerMachine>): [PlayerState, SendPlayerEvent] {
  const [state, setState] = useState(() => stateOf(actor.getSnapshot()));
  const shown = useRef(state);
  const cancelFrame = useRef<(() => void) | null>(null);
  const commit = useCallback(() => {
    cancelFrame.current?.();
    cancelFrame.current = null;
    const next = stateOf(actor.getSnapshot());
    if (sameState(shown.current, next)) return;
    shown.current = next;
    setState(next);
  }, [actor]);
  useEffect(() => {
    const subscription = actor.subscribe(() => {
      // Rendered synchronously in the frame's callback, so the frame paints it.
      cancelFrame.current ??= nextFrame(() => flushSync(commit));
    });
    // What the actor did before this subscription (its start, the media's first reports).
    commit();
    return () => {
      subscription.unsubscribe();
      cancelFrame.current?.();
      cancelFrame.current = null;
    };
  }, [actor, commit]);
  const send = useCallback(
    (event: PlayerEvent) => {
      actor.send(event);
      commit();
    },
    [actor, commit],
  );
  return [state, send];
}

/** Sends what a pointer means, if anything (a finger's hover means nothing). */
const sendIf = (send: (event: PlayerEvent) => void, event: PlayerEvent | null) => event && send(event);

function Player({
  root,
  host,
  setup,
  showPosterWhenEnded,
  showPosterWhenPaused,
  lang,
  hlsConfig,
}: Omit<PlayerProps, 'container'> & { root: ShadowRoot; host: HTMLElement; setup: PlayerSetup; lang: string }) {
  const { media, kind, plan, size } = setup;
  const poster = media instanceof HTMLVideoElement && media.getAttribute('poster') ? media.poster : '';
  const iframe = useRef<HTMLIFrameElement>(null);
  const [handles] = useState<MediaHandles>(() => ({ hls: null, youtube: null }));
  const [tracks] = useState(() => tracksOf(media));

  // Created here, started below once `useKiteEvents` listens: what the layout effects send before is queued, nothing emitted is lost.
  const [actor] = useState(() =>
    createActor(playerMachine.provide({ actions: mediaCommands(host, media, handles) }), {
      input: {
        kind,
        hasPoster: poster !== '',
        showPosterWhenEnded: Boolean(showPosterWhenEnded),
        showPosterWhenPaused: Boolean(showPosterWhenPaused),
        android: /android/i.test(navigator.userAgent),
        volume: PLAYER.START_VOLUME,
        muted: media?.muted ?? false,
        messages: messagesIn(lang),
        ...trackInput(tracks, plan),
      },
    }),
  );
  useKiteEvents(actor, root, 'player');
  useEffect(() => {
    actor.start();
    return () => void actor.stop();
  }, [actor]);
  const [state, send] = useFrameState(actor);

  useMediaTakeover(host, media, size, actor.getSnapshot().context.volume);
  useMediaEvents(actor, media, plan);
  useCaptionTracks(send, tracks, plan);
  useChapters(send, tracks, plan);
  useHls(send, host, media, plan, hlsConfig, handles);
  useYoutubeEvents(actor, iframe, plan, handles);
  useOnePlayerAtATime(actor);
  useFullscreenEvents(send, host);

  const parts = connect(state, { lang, rtl: isRightToLeft(lang), renderer: plan.renderer, size });
  const cue = useCueText(tracks, state.context.captions, media?.currentTime ?? state.context.currentTime);

  return (
    <div
      part="base"
      className="base"
      {...parts.base}
      onPointerEnter={(event) => sendIf(send, pointerEvent('enter', event.pointerType))}
      onPointerLeave={(event) => sendIf(send, pointerEvent('leave', event.pointerType))}
      onPointerMove={(event) => sendIf(send, pointerEvent('move', event.pointerType))}
      onPointerDown={() => send({ type: 'ACTIVITY' })}
      onKeyDown={() => send({ type: 'ACTIVITY' })}
      onFocus={() => send({ type: 'ACTIVITY' })}
    >
      <MediaRenderer plan={plan} iframe={iframe} title={parts.embedTitle} />
      {parts.poster && poster && <Poster src={poster} />}
      {parts.surface && <Surface send={send} />}
      {parts.isVideo && cue && <CaptionText cue={cue} />}
      <LoadingOverlay {...parts.loading} />
      {parts.bigPlay && <BigPlayButton model={parts.bigPlay} send={send} />}
      <ErrorOverlay parts={parts} media={media} />
      {parts.controls && <ControlBar parts={parts} label={parts.controls.label} send={send} />}
    </div>
  );
}
