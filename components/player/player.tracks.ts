/**
 * The media's text tracks (media-chrome's captions concern): caption and subtitle tracks listed
 * for the machine, loaded hidden so a failure shows and the player draws the chosen one above its
 * controls; the chapters track read into chapters; the shown track's active cue text.
 */
import { useEffect, useReducer, useRef } from 'react';
import type { PlayerChapter, PlayerInput, PlayerTrack } from '../../machines/player/player.types.ts';
import type { SendPlayerEvent } from './player.connect.ts';
import type { RendererPlan } from './player.media.ts';

export interface MediaTracks {
  /** Caption and subtitle tracks, with the ids the machine knows them by. */
  captions: Array<{ id: string; element: HTMLTrackElement }>;
  chapters: HTMLTrackElement | null;
}

/** Caption and chapter tracks of the media, with the ids the machine knows them by. */
export function tracksOf(media: HTMLMediaElement | null): MediaTracks {
  const elements = media ? [...media.querySelectorAll<HTMLTrackElement>(':scope > track')] : [];
  const captions = elements.filter((track) => track.kind === 'captions' || track.kind === 'subtitles');
  return {
    captions: captions.map((element, i) => ({ id: `track-${i}`, element })),
    chapters: elements.find((track) => track.kind === 'chapters') ?? null,
  };
}

/** Cue text for display: tags (`<v Speaker>`, `<i>`) dropped, entities decoded by the text node itself. */
const cueText = (cue: TextTrackCue) => ((cue as VTTCue).text ?? '').replace(/<[^>]*>/g, '');

/** Text of the cues of `track` active at `time`, one per line. */
function activeCueText(track: TextTrack, time: number): string {
  return [...(track.cues ?? [])]
    .filter((cue) => cue.startTime <= time && time < cue.endTime)
    .map(cueText)
    .join('\n');
}

/**
 * What the machine starts with from the media's markup (a YouTube frame has none): the caption
 * tracks that have not failed already, the `default` one shown, and whether a chapters track is
 * coming. The control bar has their buttons from its first frame, so it does not move as they load.
 */
export function trackInput(tracks: MediaTracks, plan: RendererPlan): Pick<PlayerInput, 'tracks' | 'captions' | 'chaptersTrack'> {
  if (plan.renderer === 'youtube') return {};
  const usable = tracks.captions.filter(({ element }) => element.readyState !== HTMLTrackElement.ERROR);
  return {
    tracks: usable.map(({ id, element }): PlayerTrack => ({ id, label: element.label || element.srclang || id, language: element.srclang })),
    captions: usable.find(({ element }) => element.default)?.id ?? null,
    chaptersTrack: tracks.chapters !== null && tracks.chapters.readyState !== HTMLTrackElement.ERROR,
  };
}

/** Caption tracks: all loaded hidden (so failures show, and the machine drops them), drawn above the controls by the player rather than under them by the browser. */
export function useCaptionTracks(send: SendPlayerEvent, tracks: MediaTracks, plan: RendererPlan): void {
  useEffect(() => {
    if (plan.renderer === 'youtube') return;
    const restore: Array<() => void> = [];
    for (const { id, element } of tracks.captions) {
      const failed = () => send({ type: 'TRACK.FAILED', id });
      element.addEventListener('error', failed);
      restore.push(() => element.removeEventListener('error', failed));
      const mode = element.track.mode;
      element.track.mode = 'hidden';
      restore.push(() => (element.track.mode = mode));
    }
    return () => restore.forEach((undo) => undo());
  }, [plan, send, tracks]);
}

/** The chapters track -> machine, read once it has loaded; none when it fails. */
export function useChapters(send: SendPlayerEvent, tracks: MediaTracks, plan: RendererPlan): void {
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
    const failed = () => send({ type: 'CHAPTERS.SET', chapters: [] });
    if (element.readyState === HTMLTrackElement.LOADED) read();
    element.addEventListener('load', read);
    element.addEventListener('error', failed);
    return () => {
      element.removeEventListener('load', read);
      element.removeEventListener('error', failed);
      element.track.mode = mode;
    };
  }, [plan, send, tracks]);
}

/**
 * The text of the shown caption track at `time`. Its cues change on load and on `cuechange`; the
 * position between those comes with each time update (the caller renders then). `activeCues`
 * alone would miss the first cue of a paused video (no time marches on).
 */
export function useCueText(tracks: MediaTracks, shown: string | null, time: number): string {
  const track = tracks.captions.find(({ id }) => id === shown)?.element ?? null;
  const [, cuesChanged] = useReducer((count: number) => count + 1, 0);
  const text = track ? activeCueText(track.track, time) : '';
  const rendered = useRef(text);
  useEffect(() => {
    rendered.current = text;
  }, [text]);
  useEffect(() => {
    if (!track) return;
    // A change that leaves the text on show as it was (the same cue made active again as playback
    // starts) renders nothing: that render would fall between `play()` and the first frame.
    const onCueChange = () => {
      if (activeCueTextOf(track.track) !== rendered.current) cuesChanged();
    };
    track.addEventListener('load', cuesChanged);
    track.track.addEventListener('cuechange', onCueChange);
    return () => {
      track.removeEventListener('load', cuesChanged);
      track.track.removeEventListener('cuechange', onCueChange);
    };
  }, [track]);
  return text;
}

/** Text of the track's active cues as `cuechange` leaves them (time has marched on). */
const activeCueTextOf = (track: TextTrack) => [...(track.activeCues ?? [])].map(cueText).join('\n');
