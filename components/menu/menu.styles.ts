import { css } from 'lit';
import { MEGA_MENU } from '../../shared/constants/site.ts';

/** The shadow root: the burger button, the slot of the main menu, and the overlay with its copy of the menu. */
export const menuStyles = css`
  :host {
    display: block;
    --kite-menu-overlay-background: rgb(20 20 28);
    --kite-menu-overlay-color: #fff;
    --kite-menu-item-shift: 1.5rem;
    --kite-menu-stagger-duration: 250ms;
    --kite-menu-focus-ring: 2px solid currentColor;
  }
  :host([sticky]) {
    position: sticky;
    top: var(--kite-menu-sticky-top, 0px);
    z-index: var(--kite-menu-sticky-z-index, 100);
  }
  [hidden] {
    display: none !important;
  }
  [part~='burger'],
  [part~='close'] {
    display: inline-flex;
    align-items: center;
    gap: 0.5em;
    min-width: 44px;
    min-height: 44px;
    padding: 0 0.75em;
    font: inherit;
    color: inherit;
    background: none;
    border: 1px solid currentColor;
    border-radius: 4px;
    cursor: pointer;
  }
  :is([part~='burger'], [part~='close'], a):focus-visible {
    outline: var(--kite-menu-focus-ring);
    outline-offset: 2px;
  }
  [part~='burger-icon'],
  [part~='burger-icon']::before,
  [part~='burger-icon']::after {
    display: block;
    width: 1.25em;
    height: 2px;
    background: currentColor;
  }
  [part~='burger-icon'] {
    position: relative;
  }
  [part~='burger-icon']::before,
  [part~='burger-icon']::after {
    content: '';
    position: absolute;
  }
  [part~='burger-icon']::before {
    top: -0.4em;
  }
  [part~='burger-icon']::after {
    top: 0.4em;
  }
  [part~='overlay'] {
    position: fixed;
    inset: 0;
    z-index: var(--kite-menu-overlay-z-index, 10000);
    overflow: auto;
    padding: 1rem 1.5rem 2rem;
    background: var(--kite-menu-overlay-background);
    color: var(--kite-menu-overlay-color);
  }
  [part~='close'] {
    float: inline-end;
  }
  [part~='overlay'] ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  [part~='overlay'] ul ul {
    padding-inline-start: 1.25rem;
  }
  [part~='overlay'] a {
    display: block;
    padding: 0.6rem 0;
    color: inherit;
    font-size: 1.25rem;
    text-decoration: none;
  }
  [part~='overlay'] a[aria-current] {
    text-decoration: underline;
  }
  [part~='item'] {
    transition:
      opacity var(--kite-menu-stagger-duration) ease-out,
      transform var(--kite-menu-stagger-duration) ease-out;
  }
  [part~='item']:not([data-shown]) {
    opacity: 0;
    transform: translateY(var(--kite-menu-item-shift));
  }
  @media (prefers-reduced-motion: reduce) {
    [part~='item'] {
      transition: none;
    }
    [part~='item']:not([data-shown]) {
      transform: none;
    }
  }
`;

/**
 * Light-DOM CSS, adopted once by the document (or the shadow root holding the element), for the
 * main menu's dropdowns once the element runs: closed ones are hidden (and out of the tab order)
 * and fade in and out over `MEGA_MENU.FADE_MS`. Every selector is wrapped in `:where()`, so it
 * weighs nothing: the theme's own rules place and style the dropdowns.
 */
export const menuLightStyles = `
:where(kite-menu [data-kite-menu-dropdown]) {
  transition: opacity var(--kite-menu-fade, ${MEGA_MENU.FADE_MS}ms) ease, visibility 0s linear var(--kite-menu-fade, ${MEGA_MENU.FADE_MS}ms);
}
:where(kite-menu [data-kite-menu-dropdown='closed']) {
  visibility: hidden;
  opacity: 0;
}
:where(kite-menu [data-kite-menu-dropdown='open']) {
  visibility: visible;
  opacity: 1;
  transition-delay: 0s;
}
:where(kite-menu .kite-menu-toggle) {
  min-width: 24px;
  min-height: 24px;
  padding: 0 0.25em;
  font: inherit;
  color: inherit;
  background: none;
  border: 0;
  cursor: pointer;
}
:where(kite-menu .kite-menu-toggle)::before {
  content: '';
  display: inline-block;
  width: 0.4em;
  height: 0.4em;
  /* Physical sides: the chevron points down in both directions (inline-end turned it sideways in RTL). */
  border-right: 2px solid currentColor;
  border-bottom: 2px solid currentColor;
  transform: translateY(-25%) rotate(45deg);
}
:where(kite-menu .kite-menu-toggle[aria-expanded='true'])::before {
  transform: translateY(25%) rotate(-135deg);
}
@media (prefers-reduced-motion: reduce) {
  :where(kite-menu [data-kite-menu-dropdown]) { transition: none; }
}
`;
