import { css } from 'lit';

/** Shadow-root CSS of `kite-gallery`: the theme's markup is slotted and keeps its own styles. */
export const galleryStyles = css`
  :host {
    --kite-gallery-fade: 0.4s;
    --kite-gallery-current-outline: 2px solid currentColor;
    --kite-gallery-focus-ring: 2px solid Highlight;
    display: block;
  }
`;

/**
 * Light-DOM CSS for the theme's gallery markup, adopted into the document once (a constructed
 * sheet: allowed under a strict CSP). Only an enhanced gallery hides its thumbnails until they
 * fade in, so without JavaScript they show at once.
 */
export const galleryLightStyles = `
:where(kite-gallery [data-kite-gallery-thumb]) {
  display: inline-block;
  min-inline-size: 44px;
  min-block-size: 44px;
  transition: opacity var(--kite-gallery-fade, 0.4s) ease;
}
:where(kite-gallery [data-kite-gallery-thumb='hidden']) {
  opacity: 0;
}
:where(kite-gallery [data-kite-gallery-thumb][aria-current='true']) {
  outline: var(--kite-gallery-current-outline, 2px solid currentColor);
  outline-offset: 2px;
}
:where(kite-gallery [data-kite-gallery-thumb]:focus-visible) {
  outline: var(--kite-gallery-focus-ring, 2px solid Highlight);
  outline-offset: 4px;
}
@media (prefers-reduced-motion: reduce) {
  :where(kite-gallery [data-kite-gallery-thumb]) {
    transition: none;
  }
}
`;
