import { css, unsafeCSS } from 'lit';
import { videoConsentNoticeStyles } from '../../shared/consent/video-consent.styles.ts';

/** The embed's shadow root: a box of the video's shape holding the poster, the play button, the notice or the frame. */
export const videoEmbedStyles = [
  unsafeCSS(videoConsentNoticeStyles),
  css`
  :host {
    display: block;
    --kite-video-embed-aspect-ratio: 16 / 9;
    --kite-video-embed-background: #111;
    --kite-video-embed-color: #fff;
    --kite-video-embed-button-background: rgb(0 0 0 / 72%);
    --kite-video-embed-button-hover-background: #c4302b;
    --kite-video-embed-focus-ring: 3px solid #ffbf47;
  }
  [part~='pending'] {
    aspect-ratio: var(--kite-video-embed-aspect-ratio);
    overflow: hidden;
  }
  [part~='base'] {
    position: relative;
    aspect-ratio: var(--kite-video-embed-aspect-ratio);
    overflow: hidden;
    background: var(--kite-video-embed-background);
    color: var(--kite-video-embed-color);
  }
  [part~='poster'],
  [part~='frame'] {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
    object-fit: cover;
  }
  /* A service thumbnail still being tried takes no room from the title until it has loaded. */
  [part~='poster'][data-trying] {
    opacity: 0;
  }
  [part~='title'] {
    position: absolute;
    inset-inline: 0;
    inset-block-start: 0;
    margin: 0;
    padding: 0.75em 1em;
    background: linear-gradient(rgb(0 0 0 / 70%), transparent);
    font-weight: 700;
  }
  [part~='play'] {
    position: absolute;
    inset: 50% auto auto 50%;
    transform: translate(-50%, -50%);
    display: grid;
    place-items: center;
    /* Larger than the 44 px target a control needs. */
    width: 4.25rem;
    height: 3rem;
    padding: 0;
    border: 0;
    border-radius: 0.75rem;
    background: var(--kite-video-embed-button-background);
    color: inherit;
    cursor: pointer;
    transition: background-color 0.2s;
  }
  [part~='play']:hover {
    background: var(--kite-video-embed-button-hover-background);
  }
  [part~='play'] svg {
    width: 1.5rem;
    height: 1.5rem;
    fill: currentColor;
  }
  /* Over the poster; the notice's own layout is the one the lightbox and the player share. */
  [part~='consent'] {
    position: absolute;
    inset: 0;
    max-inline-size: none;
    background: rgb(0 0 0 / 72%);
  }
  :is([part~='play'], [part~='frame']):focus-visible {
    outline: var(--kite-video-embed-focus-ring);
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    [part~='play'] {
      transition: none;
    }
  }
`,
];
