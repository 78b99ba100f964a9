import { PLAYER } from '../../shared/constants/site.ts';
import { A11Y } from '../../shared/constants/accessibility.ts';
import { videoConsentNoticeStyles } from '../../shared/consent/video-consent.styles.ts';
import { visuallyHidden } from '../../shared/dom/visually-hidden.ts';

/** The control bar's height, and so an audio player's: the spec's audio height, raised to the smallest target a finger can hit. */
export const CONTROLS_HEIGHT_PX = Math.max(PLAYER.AUDIO_HEIGHT_PX, A11Y.TARGET_MIN_PX);

/**
 * Shadow-root CSS of `kite-player`. The light-DOM media is slotted and sized here through `::slotted`.
 * Default sizes come from the spec constants (PLAYER).
 */
export const playerStyles = `
:host {
  --kite-player-accent: #4ea8ff;
  --kite-player-color: #fff;
  --kite-player-background: #000;
  --kite-player-controls-background: rgb(17 17 17 / 0.9);
  /* The bar is the whole of an audio player: one height sizes both (a taller bar, a taller audio player). */
  --kite-player-controls-height: ${CONTROLS_HEIGHT_PX}px;
  --kite-player-menu-background: rgb(17 17 17 / 0.96);
  --kite-player-focus-color: #fff;
  --kite-player-radius: 4px;
  --kite-player-duration: 0.2s;
  --kite-player-font: system-ui, sans-serif;
  display: inline-block;
  vertical-align: top;
  /* The media's own width attribute, else the spec's default; a page rule on the element wins over both. */
  inline-size: var(--kite-player-width, var(--kite-player-default-width, ${PLAYER.VIDEO_WIDTH_PX}px));
  max-inline-size: 100%;
  color: var(--kite-player-color);
  font: 14px/1.25 var(--kite-player-font);
}
:host([hidden]) { display: none; }
:host(:fullscreen) { inline-size: 100%; block-size: 100%; max-inline-size: none; background: var(--kite-player-background); }

.base {
  /* The bar's layout follows the player's width, not the window's (a narrow player in a wide page). */
  container-type: inline-size;
  position: relative;
  inline-size: 100%;
  overflow: hidden;
  background: var(--kite-player-background);
  border-radius: var(--kite-player-radius);
  user-select: none;
  -webkit-user-select: none;
}
.base[data-kind='video'] { aspect-ratio: var(--kite-player-aspect-ratio, var(--kite-player-default-ratio, ${PLAYER.ASPECT_WIDTH} / ${PLAYER.ASPECT_HEIGHT})); }
.base[data-kind='audio'] { block-size: var(--kite-player-audio-height, var(--kite-player-controls-height)); }
:host(:fullscreen) .base { aspect-ratio: auto; block-size: 100%; border-radius: 0; }

.media { position: absolute; inset: 0; }
::slotted(video) { display: block; inline-size: 100%; block-size: 100%; object-fit: contain; background: transparent; }
::slotted(audio) { display: none; }
iframe { display: block; inline-size: 100%; block-size: 100%; border: 0; pointer-events: none; }

.poster { position: absolute; inset: 0; inline-size: 100%; block-size: 100%; object-fit: contain; background: var(--kite-player-background); pointer-events: none; }
.surface { position: absolute; inset: 0; cursor: pointer; }
.base[data-controls='hidden'] .surface { cursor: none; }

.captions {
  position: absolute;
  inset-inline: 0;
  bottom: calc(var(--kite-player-controls-height) + 0.5em);
  padding-inline: 1em;
  text-align: center;
  pointer-events: none;
  transition: bottom var(--kite-player-duration) ease;
}
.base[data-controls='hidden'] .captions { bottom: 0.75em; }
.captions span {
  display: inline-block;
  padding: 0.1em 0.4em;
  background: rgb(0 0 0 / 0.8);
  color: #fff;
  font-size: 1.15em;
  white-space: pre-line;
  border-radius: 2px;
}

.loading { position: absolute; inset: 0; display: grid; place-items: center; pointer-events: none; }
.base[data-kind='audio'] .loading { inset: auto 0.5em 0.5em auto; }
.spinner {
  inline-size: 48px;
  block-size: 48px;
  border: 4px solid rgb(255 255 255 / 0.3);
  border-top-color: #fff;
  border-radius: 50%;
  animation: kite-player-spin 0.9s linear infinite;
}
.base[data-kind='audio'] .spinner { inline-size: 16px; block-size: 16px; border-width: 2px; }
@keyframes kite-player-spin { to { transform: rotate(360deg); } }

button {
  appearance: none;
  display: inline-grid;
  place-items: center;
  margin: 0;
  padding: 0;
  border: 0;
  border-radius: 4px;
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;
}
button:focus-visible, .slider:focus-visible { outline: 2px solid var(--kite-player-focus-color); outline-offset: 1px; }
.icon { inline-size: 22px; block-size: 22px; fill: currentColor; }

.big-play {
  position: absolute;
  /* Physical on purpose: centred the same way in either direction. */
  left: 50%;
  top: 50%;
  inline-size: 72px;
  block-size: 72px;
  transform: translate(-50%, -50%);
  border: 2px solid #fff;
  border-radius: 50%;
  background: rgb(0 0 0 / 0.65);
}
.big-play .icon { inline-size: 40px; block-size: 40px; }

.error {
  position: absolute;
  inset: 0;
  display: grid;
  place-content: center;
  gap: 0.5em;
  padding: 1em;
  background: rgb(0 0 0 / 0.88);
  color: #fff;
  text-align: center;
  overflow: auto;
}
.error p, .error ul { margin: 0; padding: 0; list-style: none; }
.error a { color: #9fd0ff; }
.base[data-kind='audio'] .error { padding: 0.25em 0.5em; font-size: 0.85em; }

.controls {
  position: absolute;
  inset-inline: 0;
  bottom: 0;
  display: flex;
  align-items: center;
  gap: 2px;
  min-block-size: var(--kite-player-controls-height);
  padding-inline: 4px;
  box-sizing: border-box;
  background: var(--kite-player-controls-background);
  transition: opacity var(--kite-player-duration) ease;
}
.base[data-kind='audio'] .controls { inset: 0; }
.base[data-controls='hidden'] .controls { opacity: 0; }
.controls > button, .menu-wrap > button { inline-size: var(--kite-player-controls-height); block-size: var(--kite-player-controls-height); flex: none; }
.time { flex: none; padding-inline: 4px; font-size: 0.93em; font-variant-numeric: tabular-nums; }

.slider { position: relative; display: flex; align-items: center; block-size: var(--kite-player-controls-height); padding-inline: 6px; cursor: pointer; touch-action: none; }
.slider.progress { flex: 1 1 auto; min-inline-size: 48px; }
.slider.volume { flex: 0 0 64px; }
.track { position: relative; inline-size: 100%; block-size: 4px; border-radius: 2px; background: rgb(255 255 255 / 0.3); }
.buffered, .fill { position: absolute; inset-block: 0; inset-inline-start: 0; border-radius: inherit; }
.buffered { background: rgb(255 255 255 / 0.45); }
.fill { background: var(--kite-player-accent); }
.thumb {
  position: absolute;
  top: 50%;
  inline-size: 12px;
  block-size: 12px;
  margin-block-start: -6px;
  margin-inline-start: -6px;
  border-radius: 50%;
  background: #fff;
}
/* A touch screen's volume is the device's own (a phone's page cannot even set it): mute stays. */
@media (pointer: coarse) { .slider.volume { display: none; } }
/* A narrow video: the seek bar takes a row of its own above the buttons, wide enough to aim on. */
@container (max-width: 560px) {
  .base[data-kind='video'] .controls { flex-wrap: wrap; }
  .base[data-kind='video'] .slider.progress { order: -1; flex-basis: 100%; }
  .base[data-kind='video'] [part~='duration'] { margin-inline-end: auto; }
  .base[data-kind='video']:not([data-controls='hidden']) .captions { bottom: calc(2 * var(--kite-player-controls-height) + 0.5em); }
}

.menu-wrap { position: relative; flex: none; }
/* The chapters button while its track loads: in its place, plainly not usable yet. */
.menu-wrap > button[aria-disabled='true'] { opacity: 0.5; cursor: default; }
.menu {
  position: absolute;
  bottom: calc(100% + 6px);
  inset-inline-end: 0;
  display: flex;
  flex-direction: column;
  min-inline-size: 11em;
  max-block-size: 14em;
  overflow: auto;
  padding: 4px;
  border-radius: 6px;
  background: var(--kite-player-menu-background);
  z-index: 1;
}
.menu button { display: flex; align-items: center; gap: 0.5em; min-block-size: ${A11Y.TARGET_MIN_PX}px; padding: 6px 10px; white-space: nowrap; text-align: start; }
.menu button:hover { background: rgb(255 255 255 / 0.12); }
.check { inline-size: 1em; }
.menu [aria-checked='true'] .check::before { content: '\\2713'; }
.detail { margin-inline-start: auto; padding-inline-start: 1em; opacity: 0.8; font-variant-numeric: tabular-nums; }

${visuallyHidden('.visually-hidden')}

@media (prefers-reduced-motion: reduce) {
  .controls, .captions { transition: none; }
  /* A still ring: loading is shown without motion. */
  .spinner { animation: none; border-color: rgb(255 255 255 / 0.8); }
}
${videoConsentNoticeStyles}
/* Without video consent the notice takes the video's place, on the player's own background. */
[part~='consent'] { max-inline-size: none; aspect-ratio: ${PLAYER.ASPECT_WIDTH} / ${PLAYER.ASPECT_HEIGHT}; background: var(--kite-player-background); }
`;
