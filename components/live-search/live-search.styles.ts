import { css, unsafeCSS } from 'lit';
import { visuallyHidden } from '../../shared/dom/visually-hidden.ts';

/** The shadow root: the slotted search form, and the polite status the count is announced in. */
export const liveSearchStyles = css`
  :host {
    display: block;
    position: relative;
    --kite-live-search-background: Canvas;
    --kite-live-search-color: CanvasText;
    --kite-live-search-border: 1px solid rgb(0 0 0 / 0.15);
    --kite-live-search-shadow: 0 6px 24px rgb(0 0 0 / 0.15);
    --kite-live-search-active-background: rgb(0 0 0 / 0.07);
    --kite-live-search-mark-background: #ffe58a;
    --kite-live-search-width: max(100%, 20rem);
    --kite-live-search-focus-ring: 2px solid currentColor;
    --kite-live-search-z-index: 200;
  }
  ${unsafeCSS(visuallyHidden("[part~='status']"))}
`;

/**
 * The results panel, in the page's light DOM under the field (the field's `aria-controls` and
 * `aria-activedescendant` must point into the field's own tree). Adopted by the document once;
 * `:where()` keeps it easy for the theme to override. Logical properties mirror it on Hebrew pages.
 */
export const liveSearchLightStyles = `
:where(kite-live-search .kite-live-search-panel) {
  position: absolute;
  inset-block-start: 100%;
  inset-inline-start: 0;
  inline-size: var(--kite-live-search-width);
  max-inline-size: calc(100vw - 1rem);
  box-sizing: border-box;
  z-index: var(--kite-live-search-z-index);
  background: var(--kite-live-search-background);
  color: var(--kite-live-search-color);
  border: var(--kite-live-search-border);
  box-shadow: var(--kite-live-search-shadow);
  text-align: start;
}
:where(kite-live-search .kite-live-search-panel[hidden]) {
  display: none;
}
:where(kite-live-search .kite-live-search-loading) {
  display: flex;
  align-items: center;
  gap: 0.5em;
  padding: 0.5em 0.75em;
}
:where(kite-live-search .kite-live-search-loading)::before {
  content: '';
  inline-size: 1em;
  block-size: 1em;
  border: 2px solid currentColor;
  border-inline-end-color: transparent;
  border-radius: 50%;
  animation: kite-live-search-spin 0.8s linear infinite;
}
@media (prefers-reduced-motion: reduce) {
  :where(kite-live-search .kite-live-search-loading)::before {
    animation: none;
  }
}
@keyframes kite-live-search-spin {
  to {
    transform: rotate(1turn);
  }
}
:where(kite-live-search [role='listbox']) {
  display: flex;
  flex-direction: column;
}
:where(kite-live-search [role='option']) {
  display: flex;
  gap: 0.75em;
  align-items: center;
  min-block-size: 44px;
  padding: 0.4em 0.75em;
  box-sizing: border-box;
  color: inherit;
  text-decoration: none;
}
:where(kite-live-search [role='option'][aria-selected='true']),
:where(kite-live-search [role='option']:hover) {
  background: var(--kite-live-search-active-background);
}
:where(kite-live-search [role='option'][aria-selected='true']) {
  outline: var(--kite-live-search-focus-ring);
  outline-offset: -2px;
}
:where(kite-live-search [role='option'] img) {
  inline-size: 3rem;
  block-size: 3rem;
  object-fit: cover;
  flex: none;
}
:where(kite-live-search .av_ajax_search_content) {
  display: flex;
  flex-direction: column;
}
:where(kite-live-search .av_ajax_search_title) {
  font-weight: 700;
}
:where(kite-live-search .av_ajax_search_excerpt) {
  font-size: 0.875em;
}
:where(kite-live-search [role='option'] mark) {
  background: var(--kite-live-search-mark-background);
  color: inherit;
}
:where(kite-live-search .kite-live-search-none) {
  margin: 0;
  padding: 0.75em;
}
`;
