/**
 * The player's parts as props (Zag's `connect`): from the machine's state to what each part
 * shows and says (labels, ARIA values, data attributes), and from a key or pointer to the machine
 * event it means. Pure: no DOM, no React; tested in node (test/components/player/player-connect.node.test.ts).
 * The controls in `controls/` render these models and send the events; they decide nothing.
 */
import { playerErrorMessage, viewOf, type PlayerSnapshot } from '../../machines/player/player.machine.ts';
import type { PlayerContext, PlayerEvent, PlayerMenu, PlayerMenuFocus, PlayerMessages } from '../../machines/player/player.types.ts';
import { t, type MessageKey } from '../../shared/i18n/site.ts';
import { formatTime, SECONDS_PER_HOUR } from '../../shared/logic/time-code.ts';
import type { RendererPlan } from './player.media.ts';

/** A share shown as a percentage (volume, slider fills). */
const PERCENT = 100;
/** Slider values are rounded to hundredths of a second: a screen reader reads no more. */
const round2 = (value: number) => Math.round(value * PERCENT) / PERCENT;

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
export const messagesIn = (lang: string): PlayerMessages =>
  Object.fromEntries(MESSAGE_KEYS.map((key) => [key, t(lang, key, { code: '{code}', text: '{text}' })])) as PlayerMessages;

/** How a control hands the machine an event. */
export type SendPlayerEvent = (event: PlayerEvent) => void;

/** What the view reads from a snapshot: the derived view and the context. */
export interface PlayerState {
  view: ReturnType<typeof viewOf>;
  context: PlayerContext;
}

export const stateOf = (snapshot: PlayerSnapshot): PlayerState => ({ view: viewOf(snapshot), context: snapshot.context });

/** What the element fixed when it started: its language, renderer and box. */
export interface PlayerEnvironment {
  lang: string;
  rtl: boolean;
  renderer: RendererPlan['renderer'];
  size: { width: number; height: number };
}

export type IconName = 'play' | 'pause' | 'volume' | 'muted' | 'captions' | 'chapters' | 'fullscreen' | 'exit-fullscreen';

/** A WAI-ARIA slider: its values, and the machine event of each input. */
export interface SliderModel {
  part: 'progress' | 'volume';
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
  /** One step forward (1) or back (-1). */
  step(direction: 1 | -1): PlayerEvent;
  /** To the start or the end. */
  edge(end: boolean): PlayerEvent;
  /** To `ratio` of the track (a press or a drag), or nothing when there is nowhere to go. */
  at(ratio: number): PlayerEvent | null;
}

export interface MenuItemModel {
  key: string;
  label: string;
  detail?: string;
  lang?: string;
  checked: boolean;
  /** Sent when the item is picked. */
  select: PlayerEvent;
}

/** A WAI-ARIA menu button with radio items. */
export interface MenuModel {
  menu: PlayerMenu;
  label: string;
  icon: IconName;
  open: boolean;
  /** The item to focus as the menu opens. */
  focus: PlayerMenuFocus;
  /** Its items while open; none while closed, so a time update leaves a closed menu as it was. */
  items: MenuItemModel[];
  /** Not usable yet (the chapters track is loading): the button keeps its place, announced as unavailable. */
  unavailable?: boolean;
}

export interface ButtonModel {
  part: 'play-button' | 'mute-button' | 'fullscreen-button';
  label: string;
  icon: IconName;
  event: PlayerEvent;
}

// What a control sends that no state changes, made once: a control given equal props (memo) is not
// rendered again by a time update.
const PLAY: PlayerEvent = { type: 'PLAY' };
const TOGGLE: PlayerEvent = { type: 'TOGGLE' };
const MUTE_TOGGLE: PlayerEvent = { type: 'MUTE.TOGGLE' };
const FULLSCREEN_TOGGLE: PlayerEvent = { type: 'FULLSCREEN.TOGGLE' };
const seekStep = (direction: 1 | -1): PlayerEvent => ({ type: 'SEEK.STEP', direction });
const seekEdge = (end: boolean): PlayerEvent => ({ type: 'SEEK.TO', time: end ? Infinity : 0 });
const NO_ITEMS: MenuItemModel[] = [];
const VOLUME_INPUT: Pick<SliderModel, 'step' | 'edge' | 'at'> = {
  step: (direction) => ({ type: 'VOLUME.STEP', direction }),
  edge: (end) => ({ type: 'VOLUME.SET', volume: end ? 1 : 0 }),
  at: (ratio) => ({ type: 'VOLUME.SET', volume: ratio }),
};

/** Every part of the player, as the view renders it. */
export function connect({ view, context }: PlayerState, env: PlayerEnvironment) {
  const text = (key: MessageKey, values?: Record<string, string>) => t(env.lang, key, values);
  const isVideo = context.kind === 'video';
  const { duration } = context;
  const knownDuration = Number.isFinite(duration) && duration > 0;
  const hours = knownDuration && duration >= SECONDS_PER_HOUR;
  const currentText = formatTime(context.currentTime, { hours });
  const durationText = formatTime(duration, { hours });
  const volumeShown = context.muted ? 0 : context.volume;
  const volumePercent = String(Math.round(volumeShown * PERCENT));
  // The chapter being played: the last one started (the end of the media still belongs to the last chapter).
  const chapterIndex = context.chapters.findLastIndex((chapter) => context.currentTime >= chapter.start);

  return {
    base: {
      role: 'group',
      'aria-label': text(isVideo ? 'playerVideo' : 'playerAudio'),
      dir: env.rtl ? 'rtl' : 'ltr',
      lang: env.lang,
      'data-kind': context.kind,
      'data-renderer': env.renderer,
      'data-state': view.playback,
      'data-controls': view.controlsVisible ? 'visible' : 'hidden',
      style: isVideo ? { ['--kite-player-default-ratio' as string]: `${env.size.width} / ${env.size.height}` } : undefined,
    },
    isVideo,
    /** The title of the embed's iframe. */
    embedTitle: text('playerVideo'),
    poster: isVideo && view.poster,
    surface: isVideo,
    loading: { active: view.loading, label: text('playerLoading') },
    bigPlay: view.bigPlay ? { label: text('playerPlay'), event: PLAY } : null,
    error: view.error ? { message: playerErrorMessage(view.error, context.messages), downloads: view.noRenderer } : null,
    downloadLabel: (name: string) => text('playerDownload', { name }),
    /** Nothing left to control once the media failed; the overlay's message stays the one thing to read. */
    controls: view.error ? null : { label: text('playerControls') },
    play: { part: 'play-button', label: text(view.playing ? 'playerPause' : 'playerPlay'), icon: view.playing ? 'pause' : 'play', event: TOGGLE } satisfies ButtonModel,
    currentTime: currentText,
    duration: durationText,
    progress: {
      part: 'progress',
      label: text('playerSeek'),
      min: 0,
      max: knownDuration ? round2(duration) : 0,
      now: round2(knownDuration ? Math.min(context.currentTime, duration) : context.currentTime),
      valueText: text('playerTimeOf', { current: currentText, duration: durationText }),
      ratio: knownDuration ? Math.min(1, context.currentTime / duration) : 0,
      buffered: knownDuration ? Math.min(1, context.buffered / duration) : 0,
      rtl: env.rtl,
      step: seekStep,
      edge: seekEdge,
      at: (ratio) => (knownDuration ? { type: 'SEEK.TO', time: ratio * duration } : null),
    } satisfies SliderModel,
    mute: {
      part: 'mute-button',
      label: text(context.muted ? 'playerUnmute' : 'playerMute'),
      icon: volumeShown === 0 ? 'muted' : 'volume',
      event: MUTE_TOGGLE,
    } satisfies ButtonModel,
    volume: {
      part: 'volume',
      label: text('playerVolume'),
      min: 0,
      max: PERCENT,
      now: Number(volumePercent),
      valueText: text('playerVolumeValue', { percent: volumePercent }),
      ratio: volumeShown,
      rtl: env.rtl,
      ...VOLUME_INPUT,
    } satisfies SliderModel,
    captions:
      isVideo && context.tracks.length > 0
        ? ({
            menu: 'captions',
            label: text('playerCaptions'),
            icon: 'captions',
            open: view.menu === 'captions',
            focus: context.menuFocus,
            items: view.menu !== 'captions' ? NO_ITEMS : [
              { key: 'off', label: text('playerCaptionsOff'), checked: context.captions === null, select: { type: 'CAPTIONS.SELECT', id: null } },
              ...context.tracks.map((track) => ({
                key: track.id,
                label: track.label,
                lang: track.language || undefined,
                checked: context.captions === track.id,
                select: { type: 'CAPTIONS.SELECT', id: track.id } as const,
              })),
            ],
          } satisfies MenuModel)
        : null,
    chapters:
      context.chapters.length > 0 || context.chaptersLoading
        ? ({
            menu: 'chapters',
            label: text('playerChapters'),
            icon: 'chapters',
            unavailable: context.chapters.length === 0,
            open: view.menu === 'chapters',
            focus: context.menuFocus,
            items: view.menu !== 'chapters' ? NO_ITEMS : context.chapters.map((chapter, index) => ({
              key: String(index),
              label: chapter.title,
              detail: formatTime(chapter.start, { hours }),
              checked: index === chapterIndex,
              select: { type: 'CHAPTER.SELECT', index } as const,
            })),
          } satisfies MenuModel)
        : null,
    fullscreen: isVideo
      ? ({
          part: 'fullscreen-button',
          label: text(context.fullscreen ? 'playerExitFullscreen' : 'playerFullscreen'),
          icon: context.fullscreen ? 'exit-fullscreen' : 'fullscreen',
          event: FULLSCREEN_TOGGLE,
        } satisfies ButtonModel)
      : null,
  };
}

export type PlayerParts = ReturnType<typeof connect>;

// ---- Keys and pointers as machine events ----

/**
 * A key on a slider (WAI-ARIA slider): arrows step, Home / End go to the ends. In right-to-left
 * the slider runs from the right, so the horizontal arrows follow what the eye sees.
 */
export function sliderKeyEvent(slider: Pick<SliderModel, 'rtl' | 'step' | 'edge'>, key: string): PlayerEvent | null {
  const forward = slider.rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = slider.rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward || key === 'ArrowUp') return slider.step(1);
  if (key === back || key === 'ArrowDown') return slider.step(-1);
  if (key === 'Home') return slider.edge(false);
  if (key === 'End') return slider.edge(true);
  return null;
}

/** The share of a slider's track at `offset` from its left edge, 0 to 1, mirrored right to left. */
export function sliderRatio(offset: number, width: number, rtl: boolean): number {
  const share = width > 0 ? offset / width : 0;
  return Math.min(1, Math.max(0, rtl ? 1 - share : share));
}

/** ArrowDown / ArrowUp on a menu button open its menu, focused on the checked item or on the last. */
export function menuButtonKey(menu: PlayerMenu, key: string): PlayerEvent | null {
  if (key === 'ArrowDown') return { type: 'MENU.OPEN', menu, focus: 'checked' };
  if (key === 'ArrowUp') return { type: 'MENU.OPEN', menu, focus: 'last' };
  return null;
}

/**
 * A key inside an open menu: Up / Down move (wrapping), Home / End go to the ends; Escape closes
 * back to the button; Tab closes and lets focus move on as usual.
 */
export type MenuKeyIntent = { focus: number } | { close: 'to-button' | 'moving-on' };

export function menuKey(key: string, at: number, count: number): MenuKeyIntent | null {
  const wrap = (index: number) => (index + count) % count;
  if (key === 'ArrowDown') return { focus: wrap(at + 1) };
  if (key === 'ArrowUp') return { focus: wrap(at - 1) };
  if (key === 'Home') return { focus: 0 };
  if (key === 'End') return { focus: count - 1 };
  if (key === 'Escape') return { close: 'to-button' };
  if (key === 'Tab') return { close: 'moving-on' };
  return null;
}

/** The pointer over the player; a finger does not hover, so for touch only the press counts. */
export function pointerEvent(kind: 'enter' | 'leave' | 'move', pointerType: string): PlayerEvent | null {
  if (pointerType === 'touch') return null;
  return { type: kind === 'enter' ? 'POINTER.ENTER' : kind === 'leave' ? 'POINTER.LEAVE' : 'POINTER.MOVE' };
}
