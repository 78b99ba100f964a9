import { css } from 'lit';

/** The shadow root holds only the slot: the animated items are the theme's markup, styled by `animateLightStyles`. */
export const animateStyles = css`
  :host {
    display: block;
    --kite-animate-duration: 0.6s;
    --kite-animate-distance: 1.5rem;
  }
`;

/** The theme's class on a revealed item, which starts its CSS animation. */
export const REVEALED_CLASS = 'avia_start_animation';

/** Attribute the running element gives each animated item it drives: items are hidden only then (the page reads without JavaScript). */
export const ITEM_ATTRIBUTE = 'data-kite-animate';
const ITEMS = `kite-animate [${ITEM_ATTRIBUTE}]`;

/**
 * Light-DOM styles (adopted by the document, so a strict CSP allows them): an item not yet
 * revealed is transparent and a little lower; revealed (`REVEALED_CLASS`), it fades and
 * rises into place by transform and opacity only (the compositor's work). Nothing moves with
 * reduced motion.
 */
export const animateLightStyles = `
:where(${ITEMS}) {
  transition: opacity var(--kite-animate-duration) ease-out, transform var(--kite-animate-duration) ease-out;
}
:where(${ITEMS}:not(.${REVEALED_CLASS})) {
  opacity: 0;
  transform: translateY(var(--kite-animate-distance));
}
@media (prefers-reduced-motion: reduce) {
  :where(${ITEMS}) {
    transition: none;
    opacity: 1;
    transform: none;
  }
}
`;
