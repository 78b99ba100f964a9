import { css } from 'lit';

/** The shadow root holds only the slot: the tabs are the theme's own markup, styled by `tabsLightStyles`. */
export const tabsStyles = css`
  :host {
    display: block;
    --kite-tabs-gap: 0.25rem;
    --kite-tabs-tab-padding: 0.5rem 1rem;
    --kite-tabs-active-color: currentColor;
    --kite-tabs-focus-ring: 2px solid currentColor;
  }
`;

/**
 * Light-DOM styles for the theme's tab markup once the element has taken it over (adopted by the
 * document, so a strict CSP allows them): a row (or a column for the theme's sidebar tabs) of tabs
 * at least 44 px high, the active one underlined, and only the active panel shown. `:where()` keeps
 * them weaker than the theme's own rules.
 */
export const tabsLightStyles = `
:where(kite-tabs[data-enhanced] [role='tablist']) {
  display: flex;
  flex-wrap: wrap;
  gap: var(--kite-tabs-gap);
  margin-block-end: 0.75rem;
}
:where(kite-tabs[data-enhanced] [role='tablist'][aria-orientation='vertical']) {
  flex-direction: column;
  grid-row: 1 / span 100;
  margin-block-end: 0;
}
:where(kite-tabs[data-enhanced] .sidebar_tab) {
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  column-gap: 1.5rem;
  align-items: start;
}
:where(kite-tabs[data-enhanced] .sidebar_tab > :not([role='tablist'])) {
  grid-column: 2;
}
:where(kite-tabs[data-enhanced] [role='tab']) {
  display: flex;
  align-items: center;
  min-height: 44px;
  box-sizing: border-box;
  margin: 0;
  padding: var(--kite-tabs-tab-padding);
  border-block-end: 2px solid transparent;
  cursor: pointer;
  font: inherit;
}
:where(kite-tabs[data-enhanced] [role='tab'][aria-selected='true']) {
  border-color: var(--kite-tabs-active-color);
  font-weight: 700;
}
:where(kite-tabs[data-enhanced] [role='tab']:focus-visible, kite-tabs[data-enhanced] [role='tabpanel']:focus-visible) {
  outline: var(--kite-tabs-focus-ring);
  outline-offset: 2px;
}
:where(kite-tabs[data-enhanced] [role='tabpanel'][hidden]) {
  display: none;
}
`;
