import { css } from 'lit';

/** The shadow root: the slotted grid, the loader and the status line under it. */
export const masonryStyles = css`
  :host {
    display: block;
    --kite-masonry-transition: 400ms ease;
    --kite-masonry-status-color: inherit;
    --kite-masonry-loader-color: currentColor;
    --kite-masonry-loader-size: 1.5rem;
  }
  [part~='footer'] {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 0.75rem;
    min-block-size: 2.75rem;
  }
  [part~='status'] {
    color: var(--kite-masonry-status-color);
    margin: 0;
  }
  [part~='status']:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 2px;
  }
  [part~='loader'] {
    inline-size: var(--kite-masonry-loader-size);
    block-size: var(--kite-masonry-loader-size);
    border: 3px solid var(--kite-masonry-loader-color);
    border-block-start-color: transparent;
    border-radius: 50%;
    animation: kite-masonry-spin 800ms linear infinite;
  }
  [hidden] {
    display: none !important;
  }
  @keyframes kite-masonry-spin {
    to {
      transform: rotate(1turn);
    }
  }
  /* Reduced motion: a still ring (the status line says what runs). */
  @media (prefers-reduced-motion: reduce) {
    [part~='loader'] {
      animation: none;
    }
  }
`;

/**
 * The theme's grid once laid out, in the page's light DOM (its items are the page's own). Adopted
 * by the document once; `:where()` keeps it easy for the theme to override. Without the element
 * (or before it runs) the grid is the theme's own flow, which reads fine.
 */
export const masonryLightStyles = `
:where(kite-masonry[laid-out] .av-masonry-container) {
  position: relative;
  display: block;
}
:where(kite-masonry[laid-out] .av-masonry-entry) {
  /* Physical: the layout's offsets are from the top left corner, mirrored already on Hebrew pages. */
  position: absolute;
  top: 0;
  left: 0;
  right: auto;
  box-sizing: border-box;
  inline-size: var(--kite-masonry-column-width);
  margin: 0;
  transition: transform var(--kite-masonry-transition, 400ms ease), opacity var(--kite-masonry-transition, 400ms ease);
}
/* Filtered items and the retired link: gone, whatever display the theme gives them. */
kite-masonry :is(.av-masonry-entry, .av-masonry-load-more)[hidden] {
  display: none !important;
}
:where(kite-masonry[laid-out] .av-masonry-entry:not(.av-masonry-item-loaded)) {
  opacity: 0;
}
:where(kite-masonry .av-masonry-sort a[aria-pressed='true']) {
  font-weight: 700;
  text-decoration: underline;
  text-decoration-thickness: 2px;
}
:where(kite-masonry .av-masonry-sort a, kite-masonry .av-masonry-load-more) {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-block-size: 44px;
  min-inline-size: 44px;
  padding-inline: 0.5rem;
}
:where(kite-masonry .av-masonry-load-more[aria-disabled='true']) {
  cursor: progress;
  opacity: 0.6;
}
@media (prefers-reduced-motion: reduce) {
  :where(kite-masonry[laid-out] .av-masonry-entry) {
    transition: none;
  }
}
`;
