import { useRemovePlaceholder } from '../../shared/dom/react-element.ts';
import { useLightDom } from '../../shared/dom/use-light-dom.ts';
import { useSelector } from '@xstate/react';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { assign, createActor } from 'xstate';
import { playerErrorMessage, playerMachine, viewOf, type PlayerSnapshot } from '../../machines/player/player.machine.ts';
import type { PlayerChapter, PlayerEvent, PlayerKind, PlayerMenu, PlayerMessages, PlayerTrack } from '../../machines/player/player.types.ts';
import { PLAYER } from '../../shared/constants/site.ts';
import { useKiteEvents } from '../../shared/dom/use-kite-events.ts';
import { isRightToLeft, pageLanguage } from '../../shared/i18n/index.ts';
import { useMessages } from '../../shared/i18n/use-messages.ts';
import { t, type MessageKey } from '../../shared/i18n/site.ts';
import { formatTime } from '../../shared/logic/time-code.ts';
import { hlsOfHost, startHls, type Hls, type HlsConfig } from './player.hls.ts';
import { bufferedEnd, fileNameOf, findMedia, isWebUrl, planRenderer, sizeOf, sourcesOf, youtubeIdOf, type RendererPlan } from './player.media.ts';
import { connectYoutube, youtubeEmbedUrl, type YoutubeBridge, type YoutubeMessage } from './player.youtube.ts';

export const PLAYER_TAG = 'kite-player';


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

/** The machine's messages in `lang`, placeholders kept for the machine to fill. */
const MESSAGE_KEYS = [
  'playerErrorFormat',
  'playerErrorNetwork',
  'playerErrorRecovery',
  'playerNoRenderer',
  'playerErrorCode',
  'playerYoutubeInvalidParameter',
  'playerYoutubeHtml5',
  'playerYoutubeNotFound',
  'playerYoutubeNotEmbeddable',
  'playerYoutubeUnknown',
] as const satisfies ReadonlyArray<keyof PlayerMessages>;
const messagesIn = (lang: string): PlayerMessages =>
  Object.fromEntries(MESSAGE_KEYS.map((key) => [key, t(lang, key, { code: '{code}', text: '{text}' })])) as PlayerMessages;

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
  const messagesSettled = useMessages(languageOf(host, props.lang));
  if (!root || !host || media === undefined || !messagesSettled) return <slot />;
  if (!setup.current) setup.current = setupOf(host, media, props.preferPlayback, setup.current === undefined);
  if (!setup.current) return <slot />;
  return <Player root={root} host={host} setup={setup.current} {...props} />;
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

const sameView = (a: ReturnType<typeof viewOf>, b: ReturnType<typeof viewOf>) =>
  (Object.keys(a) as Array<keyof typeof a>).every((key) => a[key] === b[key]);

/** Caption and chapter tracks of the media, with the ids the machine knows them by. */
function tracksOf(media: HTMLMediaElement | null) {
  const elements = media ? [...media.querySelectorAll<HTMLTrackElement>(':scope > track')] : [];
  const captions = elements.filter((track) => track.kind === 'captions' || track.kind === 'subtitles');
  return {
    captions: captions.map((element, i) => ({ id: `track-${i}`, element })),
    chapters: elements.find((track) => track.kind === 'chapters') ?? null,
  };
}

/** Every running player of the page, so starting one pauses the others (as the reference player does). */
const players = new Set<{ send(event: PlayerEvent): void }>();

/** Cue text for display: tags (`<v Speaker>`, `<i>`) dropped, entities decoded by the text node itself. */
const cueText = (cue: TextTrackCue) => ((cue as VTTCue).text ?? '').replace(/<[^>]*>/g, '');

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Text of the cues of `track` active at `time`, one per line. */
function activeCueText(track: TextTrack, time: number): string {
  return [...(track.cues ?? [])]
    .filter((cue) => cue.startTime <= time && time < cue.endTime)
    .map(cueText)
    .join('\n');
}

function Player({
  root,
  host,
  setup,
  showPosterWhenEnded,
  showPosterWhenPaused,
  lang: langProp,
  hlsConfig,
}: Omit<PlayerProps, 'container'> & { root: ShadowRoot; host: HTMLElement; setup: PlayerSetup }) {
  const { media, kind, plan, size } = setup;
  const lang = languageOf(host, langProp);
  const rtl = isRightToLeft(lang);
  const text = (key: MessageKey, values?: Record<string, string>) => t(lang, key, values);
  const isVideo = kind === 'video';
  const poster = media instanceof HTMLVideoElement && media.getAttribute('poster') ? media.poster : '';

  const hls = useRef<Hls | null>(null);
  /** The pointer that went down on the video was a finger while the controls were hidden. */
  const tapShowsControls = useRef(false);
  const youtube = useRef<YoutubeBridge | null>(null);
  const iframe = useRef<HTMLIFrameElement>(null);
  const [tracks] = useState(() => tracksOf(media));

  const [machine] = useState(() =>
    playerMachine.provide({
      actions: {
        play: () => {
          if (youtube.current) youtube.current.command('playVideo');
          // A refused play (autoplay policy, no source) changes nothing: the media's events drive the states.
          else void media?.play().catch(() => {});
        },
        pause: () => (youtube.current ? youtube.current.command('pauseVideo') : media?.pause()),
        seek: (_, { time }) => {
          if (youtube.current) youtube.current.command('seekTo', [time, true]);
          else if (media) media.currentTime = time;
        },
        applyVolume: (_, { volume, muted }) => {
          if (youtube.current) {
            youtube.current.command('setVolume', [Math.round(volume * 100)]);
            youtube.current.command(muted ? 'mute' : 'unMute');
          } else if (media) {
            media.volume = volume;
            media.muted = muted;
          }
        },
        requestFullscreen: () => {
          if (host.requestFullscreen) void host.requestFullscreen().catch(() => {});
          // iOS Safari: only the video itself goes fullscreen.
          else (media as HTMLVideoElement & { webkitEnterFullscreen?: () => void } | null)?.webkitEnterFullscreen?.();
        },
        exitFullscreen: () => {
          if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
        },
        recoverMediaError: () => hls.current?.recoverMediaError(),
        swapAudioCodec: () => hls.current?.swapAudioCodec(),
        destroyHls: () => {
          hls.current?.destroy();
          hls.current = null;
          hlsOfHost.delete(host);
        },
        readTime: assign(({ context }) => {
          if (youtube.current) {
            const { info } = youtube.current;
            return { currentTime: info.currentTime ?? context.currentTime, duration: info.duration ?? context.duration };
          }
          if (!media) return {};
          return { currentTime: media.currentTime, duration: media.duration, buffered: bufferedEnd(media) };
        }),
      },
    }),
  );
  // Created here, started below once `useKiteEvents` listens: what the layout effects send before is queued, nothing emitted is lost.
  const [actor] = useState(() =>
    createActor(machine, {
      input: {
        kind,
        hasPoster: poster !== '',
        showPosterWhenEnded: Boolean(showPosterWhenEnded),
        showPosterWhenPaused: Boolean(showPosterWhenPaused),
        android: /android/i.test(navigator.userAgent),
        volume: PLAYER.START_VOLUME,
        muted: media?.muted ?? false,
        messages: messagesIn(lang),
      },
    }),
  );
  const send = useCallback((event: PlayerEvent) => actor.send(event), [actor]);
  useKiteEvents(actor, root, 'player');
  useEffect(() => {
    actor.start();
    return () => void actor.stop();
  }, [actor]);
  const view = useSelector(actor, viewOf, sameView);
  const context = useSelector(actor, (snapshot: PlayerSnapshot) => snapshot.context);

  // ---- Take over the media: native controls off, start volume, the default size. ----
  useLayoutEffect(() => {
    const restore: Array<() => void> = [];
    if (media) {
      if (media.controls) {
        media.controls = false;
        restore.push(() => (media.controls = true));
      }
      media.volume = actor.getSnapshot().context.volume;
    }
    // Through the CSSOM, which a strict CSP allows; the page's own `width` on the element still wins.
    host.style.setProperty('--kite-player-default-width', `${size.width}px`);
    restore.push(() => host.style.removeProperty('--kite-player-default-width'));
    return () => restore.forEach((undo) => undo());
  }, [actor, host, media, size]);

  // ---- The media's events, as the machine's MEDIA.* events: listened from the commit on, none missed. ----
  useLayoutEffect(() => {
    if (!media || plan.renderer === 'youtube') return;
    const time = () => send({ type: 'MEDIA.TIME', currentTime: media.currentTime, duration: media.duration, buffered: bufferedEnd(media) });
    const simple: Record<string, PlayerEvent['type']> = {
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
    const listeners: Array<[string, (event: Event) => void, boolean?]> = [];
    for (const [name, type] of Object.entries(simple)) {
      listeners.push([
        name,
        () => {
          // Position first, so play / pause / ended carry the right time.
          time();
          send({ type } as PlayerEvent);
        },
      ]);
    }
    for (const name of ['timeupdate', 'durationchange', 'loadedmetadata', 'progress']) listeners.push([name, time]);
    listeners.push(['volumechange', () => send({ type: 'MEDIA.VOLUME', volume: media.volume, muted: media.muted })]);
    listeners.push([
      'error',
      (event) => {
        if (event.target === media) {
          const code = media.error?.code;
          if (code === MediaError.MEDIA_ERR_ABORTED || code === undefined) return;
          send({ type: 'MEDIA.ERROR', kind: code === MediaError.MEDIA_ERR_NETWORK ? 'network' : 'format' });
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
  }, [media, plan, send]);

  // ---- What happened before the element upgraded (after the subscription: it may emit). ----
  useEffect(() => {
    if (!media || plan.renderer === 'youtube') return;
    send({ type: 'MEDIA.TIME', currentTime: media.currentTime, duration: media.duration, buffered: bufferedEnd(media) });
    if (plan.renderer === 'native') {
      if (media.error) send({ type: 'MEDIA.ERROR', kind: media.error.code === MediaError.MEDIA_ERR_NETWORK ? 'network' : 'format' });
      // Every source already failed, unseen: try them again, listened to this time.
      else if (media.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) media.load();
      else if (media.networkState === HTMLMediaElement.NETWORK_LOADING && media.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) {
        send({ type: 'MEDIA.LOADSTART' });
      }
    }
    if (!media.paused) send({ type: 'MEDIA.PLAY' });
  }, [media, plan, send]);

  // ---- No renderer: told once, after the subscription above. ----
  useEffect(() => {
    if (plan.renderer === 'none') send({ type: 'RENDERER.NONE' });
  }, [plan, send]);

  // ---- Caption tracks: all loaded hidden (so failures show), the chosen one drawn by the player. ----
  const [, bumpCues] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!media || plan.renderer === 'youtube') return;
    const restore: Array<() => void> = [];
    const usable = tracks.captions.filter(({ element }) => element.readyState !== HTMLTrackElement.ERROR);
    for (const { id, element } of tracks.captions) {
      const failed = () => send({ type: 'TRACK.FAILED', id });
      element.addEventListener('error', failed);
      restore.push(() => element.removeEventListener('error', failed));
      const mode = element.track.mode;
      // Hidden, not showing: loaded and cued, drawn above the controls by the player rather than under them by the browser.
      element.track.mode = 'hidden';
      restore.push(() => (element.track.mode = mode));
    }
    const chosen = usable.find(({ element }) => element.default);
    send({
      type: 'TRACKS.SET',
      tracks: usable.map(({ id, element }): PlayerTrack => ({
        id,
        label: element.label || element.srclang || id,
        language: element.srclang,
      })),
      captions: chosen?.id ?? null,
    });
    return () => restore.forEach((undo) => undo());
  }, [media, plan, send, tracks]);

  // The shown track's cues change on load and on `cuechange`; the position between those comes with
  // each time update. `activeCues` alone would miss the first cue of a paused video (no time marches on).
  const shownTrack = tracks.captions.find(({ id }) => id === context.captions)?.element ?? null;
  useEffect(() => {
    if (!shownTrack) return;
    const update = () => bumpCues();
    shownTrack.addEventListener('load', update);
    shownTrack.track.addEventListener('cuechange', update);
    return () => {
      shownTrack.removeEventListener('load', update);
      shownTrack.track.removeEventListener('cuechange', update);
    };
  }, [shownTrack]);

  // ---- Chapters: read once their track has loaded. ----
  useEffect(() => {
    const element = tracks.chapters;
    if (!element || plan.renderer === 'youtube') return;
    const mode = element.track.mode;
    element.track.mode = 'hidden';
    const read = () => {
      const chapters: PlayerChapter[] = [...(element.track.cues ?? [])].map((chapter) => ({
        start: chapter.startTime,
        end: chapter.endTime,
        title: cueText(chapter),
      }));
      send({ type: 'CHAPTERS.SET', chapters });
    };
    if (element.readyState === HTMLTrackElement.LOADED) read();
    element.addEventListener('load', read);
    return () => {
      element.removeEventListener('load', read);
      element.track.mode = mode;
    };
  }, [plan, send, tracks]);

  // ---- HLS through hls.js, loaded now and only now. ----
  useEffect(() => {
    if (plan.renderer !== 'hls' || !media) return;
    let cancelled = false;
    let instance: Hls | null = null;
    startHls(media, plan.url, hlsConfig, (report) => send({ type: 'HLS.ERROR', ...report })).then(
      (started) => {
        if (cancelled) return started?.destroy();
        if (!started) return send({ type: 'RENDERER.NONE' });
        instance = hls.current = started;
        hlsOfHost.set(host, started);
      },
      (error: Error) => {
        console.warn(`${PLAYER_TAG}: could not load hls.js: ${error.message}`);
        if (!cancelled) send({ type: 'MEDIA.ERROR', kind: 'network' });
      },
    );
    return () => {
      cancelled = true;
      instance?.destroy();
      hls.current = null;
      hlsOfHost.delete(host);
    };
    // hls.js options are read when the stream starts.
  }, [host, media, plan, send]);

  // ---- The embedded video service, over its message protocol (listening from the commit on). ----
  useLayoutEffect(() => {
    const frame = iframe.current;
    if (plan.renderer !== 'youtube' || !frame) return;
    const onMessage = (message: YoutubeMessage) => {
      if (message.event === 'state') send({ type: 'YOUTUBE.STATE', state: message.state });
      else if (message.event === 'error') send({ type: 'YOUTUBE.ERROR', code: message.code });
      else if (message.event === 'ready') {
        const { volume, muted } = actor.getSnapshot().context;
        bridge.command('setVolume', [Math.round(volume * 100)]);
        if (muted) bridge.command('mute');
      } else {
        const { info } = message;
        if (info.currentTime !== undefined || info.duration !== undefined) {
          send({ type: 'MEDIA.TIME', currentTime: info.currentTime ?? NaN, ...(info.duration !== undefined ? { duration: info.duration } : {}) });
        }
        if (info.volume !== undefined && info.muted !== undefined) send({ type: 'MEDIA.VOLUME', volume: info.volume / 100, muted: info.muted });
      }
    };
    const bridge = connectYoutube(frame, onMessage);
    youtube.current = bridge;
    return () => {
      bridge.disconnect();
      youtube.current = null;
    };
  }, [actor, plan, send]);

  // ---- One player at a time: starting this one pauses the others on the page. ----
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

  // ---- Fullscreen is the host's (controls included). ----
  useEffect(() => {
    const changed = () => send({ type: 'MEDIA.FULLSCREEN', active: document.fullscreenElement === host });
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [host, send]);

  const duration = context.duration;
  const knownDuration = Number.isFinite(duration) && duration > 0;
  const hours = knownDuration && duration >= 3600;
  const currentText = formatTime(context.currentTime, { hours });
  const durationText = formatTime(duration, { hours });
  const progress = knownDuration ? Math.min(1, context.currentTime / duration) : 0;
  const buffered = knownDuration ? Math.min(1, context.buffered / duration) : 0;
  const volumeShown = context.muted ? 0 : context.volume;
  // The chapter being played: the last one started (the end of the media still belongs to the last chapter).
  const chapterIndex = context.chapters.findLastIndex((chapter) => context.currentTime >= chapter.start);
  const errorText = view.error ? playerErrorMessage(view.error, messagesIn(lang)) : '';
  const downloads = view.noRenderer && media ? sourcesOf(media).filter((source) => isWebUrl(source.url)) : [];
  const playLabel = text(view.playing ? 'playerPause' : 'playerPlay');
  const cue = shownTrack ? activeCueText(shownTrack.track, media?.currentTime ?? context.currentTime) : '';

  return (
    <div
      part="base"
      className="base"
      role="group"
      aria-label={text(isVideo ? 'playerVideo' : 'playerAudio')}
      dir={rtl ? 'rtl' : 'ltr'}
      lang={lang}
      data-kind={kind}
      data-renderer={plan.renderer}
      data-state={view.playback}
      data-controls={view.controlsVisible ? 'visible' : 'hidden'}
      style={isVideo ? { ['--kite-player-default-ratio' as string]: `${size.width} / ${size.height}` } : undefined}
      // A finger does not hover: for touch only the press counts (so a tap can tell hidden controls from shown ones).
      onPointerEnter={(event) => event.pointerType !== 'touch' && send({ type: 'POINTER.ENTER' })}
      onPointerLeave={(event) => event.pointerType !== 'touch' && send({ type: 'POINTER.LEAVE' })}
      onPointerMove={(event) => event.pointerType !== 'touch' && send({ type: 'POINTER.MOVE' })}
      onPointerDown={() => send({ type: 'ACTIVITY' })}
      onKeyDown={() => send({ type: 'ACTIVITY' })}
      onFocus={() => send({ type: 'ACTIVITY' })}
    >
      <div part="media" className="media">
        {plan.renderer === 'youtube' ? (
          <iframe
            ref={iframe}
            part="embed"
            src={youtubeEmbedUrl(plan.id, location.origin)}
            title={text('playerVideo')}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            tabIndex={-1}
          />
        ) : (
          <slot />
        )}
      </div>
      {isVideo && view.poster && poster && <img part="poster" className="poster" src={poster} alt="" />}
      {isVideo && (
        // The video surface: a click plays or pauses (the keyboard has the play button). A tap while the
        // controls are hidden only brings them back, as on every touch player: the finger could not see them.
        <div
          part="surface"
          className="surface"
          onPointerDown={(event) => (tapShowsControls.current = event.pointerType === 'touch' && !view.controlsVisible)}
          onClick={() => {
            if (!tapShowsControls.current) send({ type: 'TOGGLE' });
            tapShowsControls.current = false;
          }}
        />
      )}
      {isVideo && cue && (
        <div part="captions" className="captions" dir="auto">
          <span>{cue}</span>
        </div>
      )}
      <div part="loading" className="loading" role="status" data-active={view.loading ? '' : undefined}>
        {view.loading && (
          <>
            <span part="spinner" className="spinner" aria-hidden="true" />
            <span className="visually-hidden">{text('playerLoading')}</span>
          </>
        )}
      </div>
      {view.bigPlay && (
        <button type="button" part="big-play-button" className="big-play" aria-label={text('playerPlay')} onClick={() => send({ type: 'PLAY' })}>
          <Icon name="play" />
        </button>
      )}
      {view.error && (
        <div part="error" className="error" role="alert">
          <p part="error-message">{errorText}</p>
          {downloads.length > 0 && (
            <ul part="downloads">
              {downloads.map((source) => (
                <li key={source.url}>
                  <a part="download" href={source.url} download>
                    {text('playerDownload', { name: fileNameOf(source.url) })}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {/* Nothing left to control once the media failed; the overlay's message stays the one thing to read. */}
      {!view.error && (
        <div part="controls" className="controls" role="group" aria-label={text('playerControls')}>
          <button type="button" part="control play-button" aria-label={playLabel} onClick={() => send({ type: 'TOGGLE' })}>
            <Icon name={view.playing ? 'pause' : 'play'} />
          </button>
          <span part="time current-time" className="time">
            {currentText}
          </span>
          <Slider
            part="progress"
            label={text('playerSeek')}
            min={0}
            max={knownDuration ? round2(duration) : 0}
            now={round2(knownDuration ? Math.min(context.currentTime, duration) : context.currentTime)}
            valueText={text('playerTimeOf', { current: currentText, duration: durationText })}
            ratio={progress}
            buffered={buffered}
            rtl={rtl}
            onStep={(direction) => send({ type: 'SEEK.STEP', direction })}
            onEdge={(end) => send({ type: 'SEEK.TO', time: end ? Infinity : 0 })}
            onRatio={(ratio) => knownDuration && send({ type: 'SEEK.TO', time: ratio * duration })}
          />
          <span part="time duration" className="time">
            {durationText}
          </span>
          <button
            type="button"
            part="control mute-button"
            aria-label={text(context.muted ? 'playerUnmute' : 'playerMute')}
            onClick={() => send({ type: 'MUTE.TOGGLE' })}
          >
            <Icon name={volumeShown === 0 ? 'muted' : 'volume'} />
          </button>
          <Slider
            part="volume"
            label={text('playerVolume')}
            min={0}
            max={100}
            now={Math.round(volumeShown * 100)}
            valueText={text('playerVolumeValue', { percent: String(Math.round(volumeShown * 100)) })}
            ratio={volumeShown}
            rtl={rtl}
            onStep={(direction) => send({ type: 'VOLUME.STEP', direction })}
            onEdge={(end) => send({ type: 'VOLUME.SET', volume: end ? 1 : 0 })}
            onRatio={(ratio) => send({ type: 'VOLUME.SET', volume: ratio })}
          />
          {isVideo && context.tracks.length > 0 && (
            <MenuButton
              menu="captions"
              label={text('playerCaptions')}
              icon="captions"
              open={view.menu === 'captions'}
              send={send}
              items={[
                { key: 'off', label: text('playerCaptionsOff'), checked: context.captions === null, select: () => send({ type: 'CAPTIONS.SELECT', id: null }) },
                ...context.tracks.map((track) => ({
                  key: track.id,
                  label: track.label,
                  lang: track.language || undefined,
                  checked: context.captions === track.id,
                  select: () => send({ type: 'CAPTIONS.SELECT', id: track.id }),
                })),
              ]}
            />
          )}
          {context.chapters.length > 0 && (
            <MenuButton
              menu="chapters"
              label={text('playerChapters')}
              icon="chapters"
              open={view.menu === 'chapters'}
              send={send}
              items={context.chapters.map((chapter, index) => ({
                key: String(index),
                label: chapter.title,
                detail: formatTime(chapter.start, { hours }),
                checked: index === chapterIndex,
                select: () => send({ type: 'CHAPTER.SELECT', index }),
              }))}
            />
          )}
          {isVideo && (
            <button
              type="button"
              part="control fullscreen-button"
              aria-label={text(context.fullscreen ? 'playerExitFullscreen' : 'playerFullscreen')}
              onClick={() => send({ type: 'FULLSCREEN.TOGGLE' })}
            >
              <Icon name={context.fullscreen ? 'exit-fullscreen' : 'fullscreen'} />
            </button>
          )}
        </div>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Slider (WAI-ARIA slider pattern): arrow keys step, Home / End go to the ends, the pointer sets.

interface SliderProps {
  part: string;
  label: string;
  min: number;
  max: number;
  now: number;
  valueText: string;
  /** Filled share, 0 to 1. */
  ratio: number;
  /** Buffered share, 0 to 1 (progress only). */
  buffered?: number;
  rtl: boolean;
  onStep(direction: 1 | -1): void;
  onEdge(end: boolean): void;
  onRatio(ratio: number): void;
}

function Slider({ part, label, min, max, now, valueText, ratio, buffered, rtl, onStep, onEdge, onRatio }: SliderProps) {
  const track = useRef<HTMLDivElement>(null);
  const ratioAt = (clientX: number) => {
    const rect = track.current!.getBoundingClientRect();
    const share = rect.width > 0 ? (clientX - rect.left) / rect.width : 0;
    return Math.min(1, Math.max(0, rtl ? 1 - share : share));
  };
  const onKeyDown = (event: ReactKeyboardEvent) => {
    // In right-to-left the slider runs from the right: the arrows follow what the eye sees.
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward || event.key === 'ArrowUp') onStep(1);
    else if (event.key === back || event.key === 'ArrowDown') onStep(-1);
    else if (event.key === 'Home') onEdge(false);
    else if (event.key === 'End') onEdge(true);
    else return;
    event.preventDefault(); // no page scroll
  };
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks: the press still sets the value.
    }
    onRatio(ratioAt(event.clientX));
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) onRatio(ratioAt(event.clientX));
  };
  return (
    <div
      part={`slider ${part}`}
      className={`slider ${part}`}
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={now}
      aria-valuetext={valueText}
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
    >
      <div part={`${part}-track`} className="track" ref={track}>
        {buffered !== undefined && <div part={`${part}-buffered`} className="buffered" style={{ inlineSize: `${buffered * 100}%` }} />}
        <div part={`${part}-fill`} className="fill" style={{ inlineSize: `${ratio * 100}%` }} />
        <div part={`${part}-thumb`} className="thumb" style={{ insetInlineStart: `${ratio * 100}%` }} />
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Menu button (WAI-ARIA menu button with radio items): Enter, Space or Down opens and focuses the
// checked item, Up / Down / Home / End move, Escape closes back to the button, Tab closes.

interface MenuItem {
  key: string;
  label: string;
  detail?: string;
  lang?: string;
  checked: boolean;
  select(): void;
}

function MenuButton({
  menu,
  label,
  icon,
  open,
  items,
  send,
}: {
  menu: PlayerMenu;
  label: string;
  icon: IconName;
  open: boolean;
  items: MenuItem[];
  send: (event: PlayerEvent) => void;
}) {
  const id = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'checked' | 'last'>('checked');

  useEffect(() => {
    if (!open) return;
    const entries = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const checked = entries.find((entry) => entry.getAttribute('aria-checked') === 'true');
    (focusOnOpen.current === 'last' ? entries.at(-1) : (checked ?? entries[0]))?.focus();
    focusOnOpen.current = 'checked';
    // A press anywhere else closes the menu (composedPath: the press may be inside this shadow root).
    const outside = (event: Event) => {
      if (!event.composedPath().includes(wrap.current!)) send({ type: 'MENU.CLOSE' });
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open, send]);

  const onButtonKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    focusOnOpen.current = event.key === 'ArrowUp' ? 'last' : 'checked';
    send({ type: 'MENU.OPEN', menu });
  };
  const onMenuKeyDown = (event: ReactKeyboardEvent) => {
    const entries = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const at = entries.indexOf(event.target as HTMLElement);
    const move = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(entries.length - 1);
    else if (event.key === 'Escape') {
      send({ type: 'MENU.CLOSE' });
      button.current?.focus();
    } else if (event.key === 'Tab') {
      send({ type: 'MENU.CLOSE' });
      return; // focus moves on as usual
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className="menu-wrap" ref={wrap}>
      <button
        ref={button}
        type="button"
        part={`control ${menu}-button`}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => send({ type: 'MENU.TOGGLE', menu })}
        onKeyDown={onButtonKeyDown}
      >
        <Icon name={icon} />
      </button>
      {open && (
        <div ref={list} id={id} part={`menu ${menu}-menu`} className="menu" role="menu" aria-label={label} onKeyDown={onMenuKeyDown}>
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              part="menu-item"
              role="menuitemradio"
              aria-checked={item.checked}
              tabIndex={-1}
              lang={item.lang}
              onClick={() => {
                item.select();
                button.current?.focus();
              }}
            >
              <span className="check" aria-hidden="true" />
              <span className="label">{item.label}</span>
              {item.detail && <span className="detail">{item.detail}</span>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Icons: inline SVG in currentColor, hidden from assistive technology (every button has a label).

type IconName = 'play' | 'pause' | 'volume' | 'muted' | 'captions' | 'chapters' | 'fullscreen' | 'exit-fullscreen';

const ICON_PATHS: Record<IconName, ReactNode> = {
  play: <path d="M8 5v14l11-7z" />,
  pause: <path d="M6 5h4v14H6zM14 5h4v14h-4z" />,
  volume: <path d="M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z" />,
  muted: <path d="M3 9v6h4l5 5V4L7 9H3zm13.6 3 2.9-2.9-1.4-1.4-2.9 2.9-2.9-2.9-1.4 1.4 2.9 2.9-2.9 2.9 1.4 1.4 2.9-2.9 2.9 2.9 1.4-1.4z" />,
  captions: <path d="M19 4H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm-8 7H9.5v-.5h-2v3h2V13H11v1a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v1zm7 0h-1.5v-.5h-2v3h2V13H18v1a1 1 0 0 1-1 1h-3a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v1z" />,
  chapters: <path d="M3 6h2v2H3zm4 0h14v2H7zm-4 5h2v2H3zm4 0h14v2H7zm-4 5h2v2H3zm4 0h14v2H7z" />,
  fullscreen: <path d="M7 14H5v5h5v-2H7v-3zm-2-4h2V7h3V5H5v5zm12 7h-3v2h5v-5h-2v3zM14 5v2h3v3h2V5h-5z" />,
  'exit-fullscreen': <path d="M5 16h3v3h2v-5H5v2zm3-8H5v2h5V5H8v3zm6 11h2v-3h3v-2h-5v5zm2-11V5h-2v5h5V8h-3z" />,
};

function Icon({ name }: { name: IconName }) {
  return (
    <svg part="icon" className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {ICON_PATHS[name]}
    </svg>
  );
}

