/**
 * What lies over the media (media-chrome's poster image, loading indicator, captions box and
 * error dialog): each from its part of `connect`, deciding nothing. The ones a time update leaves
 * alone are memoized: it does not render them again.
 */
import { memo, type MouseEvent } from 'react';
import type { PlayerParts, SendPlayerEvent } from './player.connect.ts';
import { fileNameOf, isWebUrl, sourcesOf } from './player.media.ts';
import { Icon } from './controls/icon.tsx';

export function Poster({ src }: { src: string }) {
  return <img part="poster" className="poster" src={src} alt="" />;
}

/**
 * The video surface: a click plays or pauses (the keyboard has the play button). Whether a tap
 * only brings hidden controls back is the machine's call (`surface` region).
 */
export const Surface = memo(function Surface({ send }: { send: SendPlayerEvent }) {
  return (
    <div
      part="surface"
      className="surface"
      onPointerDown={(event) => send({ type: 'SURFACE.PRESS', touch: event.pointerType === 'touch' })}
      onClick={() => send({ type: 'SURFACE.CLICK' })}
    />
  );
});

/** The shown caption track's active cues, above the controls. */
export const CaptionText = memo(function CaptionText({ cue }: { cue: string }) {
  return (
    <div part="captions" className="captions" dir="auto">
      <span>{cue}</span>
    </div>
  );
});

/** A status region, always there so the announcement is heard when the spinner comes. */
export const LoadingOverlay = memo(function LoadingOverlay({ active, label }: PlayerParts['loading']) {
  return (
    <div part="loading" className="loading" role="status" data-active={active ? '' : undefined}>
      {active && (
        <>
          <span part="spinner" className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{label}</span>
        </>
      )}
    </div>
  );
});

/**
 * A pointer's target only: the control bar's play button, next in the page, does the same, so a
 * keyboard or screen-reader user meets one "Play", not two in a row. A pointer press leaves focus
 * where it was (as a button in Safari does): moving it, in the press's task, would run the focus
 * events and a style recalculation between `play()` and the first video frame. If it has focus
 * when pressed all the same (focused by script), focus goes to that play button: the big one is
 * gone once playing, and focus must not fall to the page.
 */
export function BigPlayButton({ model, send }: { model: NonNullable<PlayerParts['bigPlay']>; send: SendPlayerEvent }) {
  const play = (event: MouseEvent<HTMLButtonElement>) => {
    const button = event.currentTarget;
    const root = button.getRootNode() as ShadowRoot | Document;
    const hadFocus = root.activeElement === button;
    // First, in the click's task (the user gesture): the machine's `play` action calls the media's `play()` now.
    send(model.event);
    if (hadFocus) root.querySelector<HTMLElement>("[part~='play-button']")?.focus();
  };
  return (
    <button
      type="button"
      part="big-play-button"
      className="big-play"
      aria-label={model.label}
      tabIndex={-1}
      aria-hidden="true"
      onMouseDown={(event) => event.preventDefault()}
      onClick={play}
    >
      <Icon name="play" />
    </button>
  );
}

/** The error message; with no renderer, download links to the sources that are web addresses. */
export function ErrorOverlay({ parts, media }: { parts: PlayerParts; media: HTMLMediaElement | null }) {
  const { error } = parts;
  if (!error) return null;
  const downloads = error.downloads && media ? sourcesOf(media).filter((source) => isWebUrl(source.url)) : [];
  return (
    <div part="error" className="error" role="alert">
      <p part="error-message">{error.message}</p>
      {downloads.length > 0 && (
        <ul part="downloads">
          {downloads.map((source) => (
            <li key={source.url}>
              <a part="download" href={source.url} download>
                {parts.downloadLabel(fileNameOf(source.url))}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
