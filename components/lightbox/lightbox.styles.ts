import { LIGHTBOX } from '../../shared/constants/site.ts';
import { videoConsentNoticeStyles } from '../../shared/consent/video-consent.styles.ts';
import { visuallyHidden } from '../../shared/dom/visually-hidden.ts';

/**
 * Shadow-root CSS of `kite-lightbox`. The gallery links stay in the light DOM with the page's own
 * styles; this styles the host (and the box-less element React renders into beside the gallery's
 * slot: React listens for events at its root, and there it sees only the dialog's, not every
 * pointer, mouse and focus event of a 20-photo gallery) and the dialog. Durations come from the
 * spec constants (LIGHTBOX).
 */
export const lightboxHostStyles = `
:host {
  --kite-lightbox-overlay: rgb(11 11 11 / 0.9);
  --kite-lightbox-color: #f3f3f3;
  --kite-lightbox-control-size: 44px;
  --kite-lightbox-panel-background: #fff;
  --kite-lightbox-panel-color: #1a1a1a;
  --kite-lightbox-panel-width: 40rem;
  --kite-lightbox-embed-width: 56rem;
  --kite-lightbox-zoom-scale: 0.8;
  --kite-lightbox-focus-ring: 2px solid currentColor;
  --kite-lightbox-font: inherit;
  display: contents;
}
:host([hidden]) { display: none; }
[data-kite-view] { display: contents; }
`;

/** The dialog's CSS, adopted once the lightbox is about to be used (its first chunk needs only {@link lightboxHostStyles} before). */
export const lightboxStyles = `
[part~='dialog'] {
  /* The whole window: the dialog's own box is the background a click on closes. */
  position: fixed;
  inset: 0;
  box-sizing: border-box;
  inline-size: 100%;
  block-size: 100%;
  max-inline-size: none;
  max-block-size: none;
  margin: 0;
  padding: 0;
  border: 0;
  overflow: hidden;
  background: var(--kite-lightbox-overlay);
  color: var(--kite-lightbox-color);
  font: var(--kite-lightbox-font);
  outline: none;
  /* Room beside the item for the previous and next buttons; on narrow screens they overlay it. */
  --gap-inline: calc(var(--kite-lightbox-control-size) + 1rem);
  --gap-block: calc(var(--kite-lightbox-control-size) + 0.5rem);
  --room-inline: calc(100vw - 2 * var(--gap-inline));
  --room-block: calc(100vh - 2 * var(--gap-block) - 3rem);
}
[part~='dialog']::backdrop { background: transparent; }
/*
 * Closed, the dialog built ahead keeps its styles and boxes, so opening restyles and lays out
 * next to nothing. Hidden by visibility: not painted, hit, focused or in the accessibility tree.
 */
[part~='dialog']:not([open]) { display: block; visibility: hidden; }
/* The zoom (opt-in): the background and the controls fade in; the item itself stays opaque. */
[part~='dialog'][data-phase='zooming'] { animation: kite-lightbox-background-in ${LIGHTBOX.ZOOM_MS}ms ease-out both; }
[data-phase='zooming'] :is([part~='close'], [part~='previous'], [part~='next'], [part~='caption']) {
  animation: kite-lightbox-fade-in ${LIGHTBOX.ZOOM_MS}ms ease-out both;
}
[part~='dialog'][data-phase='closing'] { animation: kite-lightbox-fade-out ${LIGHTBOX.REMOVAL_DELAY_MS}ms ease-in both; }

[part~='stage'] {
  box-sizing: border-box;
  display: grid;
  place-items: center;
  block-size: 100%;
  padding: var(--gap-block) var(--gap-inline);
  /* Horizontal moves are swipes (pointer events), vertical ones still scroll a long panel. */
  touch-action: pan-y pinch-zoom;
}
[part~='figure'] {
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  max-inline-size: 100%;
  max-block-size: 100%;
  min-block-size: 0;
  margin: 0;
  transition: opacity ${LIGHTBOX.NAVIGATION_DELAY_MS}ms ease;
}
/* An item without a thumbnail to grow from (the view animates one that has it) grows from a smaller scale. */
[data-phase='zooming']:not([data-zoom='thumbnail']) [part~='figure'] { animation: kite-lightbox-zoom-in ${LIGHTBOX.ZOOM_MS}ms ease-out both; }
[data-phase='closing'] [part~='figure'] { animation: kite-lightbox-zoom-out ${LIGHTBOX.REMOVAL_DELAY_MS}ms ease-in both; }
/* Between items: the current one fades out, the next fades in. */
[data-phase='leaving'] [part~='figure'] { opacity: 0; }

[part~='image'] {
  display: block;
  max-inline-size: 100%;
  max-block-size: var(--room-block);
  inline-size: auto;
  block-size: auto;
  object-fit: contain;
  user-select: none;
  -webkit-user-drag: none;
}
/* Sized as the image will most likely be: the thumbnail's proportions, as large as the room allows. */
[part~='placeholder'] {
  display: block;
  inline-size: min(var(--room-inline), var(--room-block) * var(--ratio));
  max-inline-size: 100%;
  aspect-ratio: var(--ratio);
  object-fit: contain;
  user-select: none;
  -webkit-user-drag: none;
}
.pending { position: relative; }
.pending [part~='loader'] { position: absolute; inset: 0; margin: auto; }
[part~='embed'] {
  position: relative;
  inline-size: min(var(--kite-lightbox-embed-width), var(--room-inline));
  max-inline-size: calc(var(--room-block) * 16 / 9);
  aspect-ratio: 16 / 9;
  background: #000;
}
[part~='frame'], [part~='video'] {
  position: absolute;
  inset: 0;
  inline-size: 100%;
  block-size: 100%;
  border: 0;
}
[part~='embed'] [part~='loader'] { position: absolute; inset: 0; margin: auto; }
[part~='panel'] {
  box-sizing: border-box;
  inline-size: min(var(--kite-lightbox-panel-width), var(--room-inline));
  max-block-size: var(--room-block);
  overflow: auto;
  padding: 1.25rem 1.5rem;
  background: var(--kite-lightbox-panel-background);
  color: var(--kite-lightbox-panel-color);
  text-align: start;
  border-radius: 4px;
}
[part~='panel'] img, [part~='panel'] video { max-inline-size: 100%; block-size: auto; }
[part~='panel'] table { border-collapse: collapse; }
[part~='panel'] th, [part~='panel'] td { padding: 0.25rem 0.5rem; border-block-end: 1px solid currentColor; text-align: start; }
[part~='panel'] a { color: inherit; }

/*
 * Under the item, out of its flow: the item keeps its place whether a caption shows or not (the
 * caption of an item shown ahead comes a frame after it). The room below is kept by --room-block.
 */
[part~='caption'] {
  position: absolute;
  inset-block-start: calc(100% + 0.5rem);
  left: 50%;
  translate: -50% 0;
  display: flex;
  gap: 1rem;
  justify-content: space-between;
  box-sizing: border-box;
  inline-size: max(100%, min(20rem, 100vw - 2 * var(--gap-inline)));
  font-size: 0.875rem;
  line-height: 1.4;
}
[part~='counter'] { margin-inline-start: auto; white-space: nowrap; font-variant-numeric: tabular-nums; }
[part~='error'] {
  max-inline-size: 30rem;
  margin: 0;
  padding: 1rem;
  text-align: center;
}
[part~='error'] a { color: inherit; }
[part~='loader'] {
  box-sizing: border-box;
  inline-size: 2.5rem;
  block-size: 2.5rem;
  border: 3px solid currentColor;
  border-inline-end-color: transparent;
  border-radius: 50%;
  animation: kite-lightbox-spin 0.8s linear infinite;
}

[part~='close'], [part~='previous'], [part~='next'] {
  position: absolute;
  z-index: 1;
  display: grid;
  place-items: center;
  inline-size: var(--kite-lightbox-control-size);
  block-size: var(--kite-lightbox-control-size);
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
  opacity: 0.8;
}
[part~='close']:hover, [part~='previous']:hover, [part~='next']:hover,
[part~='close']:focus-visible, [part~='previous']:focus-visible, [part~='next']:focus-visible { opacity: 1; }
:focus-visible { outline: var(--kite-lightbox-focus-ring); outline-offset: 2px; }
/* The item takes focus as the dialog opens, but it is no control: no ring around the photo. */
[part~='figure']:focus-visible { outline: none; }
[part~='close'] { inset-block-start: 0.25rem; inset-inline-end: 0.25rem; }
[part~='previous'], [part~='next'] { inset-block-start: calc(50% - var(--kite-lightbox-control-size) / 2); }
[part~='previous'] { inset-inline-start: 0.25rem; }
[part~='next'] { inset-inline-end: 0.25rem; }
svg { inline-size: 60%; block-size: 60%; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
/* Arrows point the way the gallery moves: mirrored on right-to-left pages. */
[dir='rtl'] [part~='previous'] svg, [dir='rtl'] [part~='next'] svg { transform: scaleX(-1); }

${visuallyHidden('.visually-hidden')}

@keyframes kite-lightbox-fade-in { from { opacity: 0; } }
@keyframes kite-lightbox-fade-out { to { opacity: 0; } }
@keyframes kite-lightbox-background-in { from { background-color: transparent; } }
@keyframes kite-lightbox-zoom-in { from { scale: var(--kite-lightbox-zoom-scale); } }
@keyframes kite-lightbox-zoom-out { to { opacity: 0; scale: var(--kite-lightbox-zoom-scale); } }
@keyframes kite-lightbox-spin { to { rotate: 1turn; } }

/* Narrow screens: the item takes the width, the previous and next buttons overlay it. */
@media (max-width: 40rem) {
  [part~='dialog'] { --gap-inline: 0.5rem; }
  [part~='previous'], [part~='next'] { background: rgb(0 0 0 / 0.5); }
}

/* Reduced motion: no zoom, no fades; the machine does not wait for them either. */
@media (prefers-reduced-motion: reduce) {
  [part~='dialog'], [part~='dialog'] *, [part~='dialog'][data-phase] [part~='figure'] { animation: none; transition: none; }
  [part~='loader'] { animation: none; border-style: dotted; }
}
${videoConsentNoticeStyles}
`;
