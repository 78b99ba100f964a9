import { LAYOUT } from '../../shared/constants/widget.ts';

/** Shadow-root CSS of `kite-tab-teaser`. The entry and exit slides are Web Animations (see the view). */
export const tabTeaserStyles = `
:host {
  --kite-tab-teaser-background: #1f5eff;
  --kite-tab-teaser-color: #ffffff;
  --kite-tab-teaser-font: system-ui, sans-serif;
  --kite-tab-teaser-radius: 0.5rem;
  /* Distance from the side of the window. */
  --kite-tab-teaser-inset: 1.5rem;
  --kite-tab-teaser-shadow: 0 -2px 12px rgb(0 0 0 / 0.2);
  /* Widget spec section 9: "tab z-index 999998", under the pop-ups. */
  --kite-tab-teaser-z-index: ${LAYOUT.TAB_Z_INDEX};
  --kite-tab-teaser-pulse-duration: 1s;
  /* The tab itself is fixed; the host takes no room in the page. */
  display: contents;
}
:host([hidden]) { display: none; }
[part~='base'] {
  position: fixed;
  inset-block-end: 0;
  z-index: var(--kite-tab-teaser-z-index);
  display: inline-flex;
  align-items: center;
  gap: 0.5em;
  box-sizing: border-box;
  /* A comfortable touch target (WCAG 2.5.5). */
  min-block-size: 44px;
  margin: 0;
  padding: 0.625em 1.25em;
  border: 0;
  border-radius: var(--kite-tab-teaser-radius) var(--kite-tab-teaser-radius) 0 0;
  background: var(--kite-tab-teaser-background);
  color: var(--kite-tab-teaser-color);
  box-shadow: var(--kite-tab-teaser-shadow);
  font-family: var(--kite-tab-teaser-font);
  font-size: 1rem;
  font-weight: 600;
  line-height: 1.2;
  cursor: pointer;
  /* The slide and the pulse move the tab around its bottom edge. */
  transform-origin: 50% 100%;
}
/* Physical corners: the setting says where on the screen, whatever the text direction. */
[part~='base'][data-position='right'] { right: var(--kite-tab-teaser-inset); }
[part~='base'][data-position='left'] { left: var(--kite-tab-teaser-inset); }
[part~='base']:focus-visible {
  outline: 3px solid var(--kite-tab-teaser-color);
  outline-offset: -6px;
}
[part~='icon'] { font-size: 0.75em; }
/* The pulse: on for TAB.PULSE_MS, off as long; the machine toggles the class. */
[part~='base'].pulse { animation: kite-tab-teaser-pulse var(--kite-tab-teaser-pulse-duration) ease-in-out infinite; }
@keyframes kite-tab-teaser-pulse {
  50% { transform: scale(1.06); }
}
@media (prefers-reduced-motion: reduce) {
  [part~='base'].pulse { animation: none; }
}
@media (forced-colors: active) {
  [part~='base'] { border: 1px solid ButtonText; }
}
`;
