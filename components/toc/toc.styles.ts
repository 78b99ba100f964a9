import { css } from 'lit';

/** The table's shadow root: a titled, labelled list, indented by depth. */
export const tocStyles = css`
  :host {
    display: block;
    --kite-toc-indent: 1.25em;
    --kite-toc-current-color: inherit;
    --kite-toc-current-weight: 700;
    --kite-toc-focus-ring: 2px solid currentColor;
  }
  [hidden] {
    display: none !important;
  }
  [part~='title'] {
    margin: 0 0 0.5em;
    font-weight: 700;
  }
  [part~='list'] {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  [part~='item'] {
    margin: 0.25em 0;
  }
  [part~='item'][data-depth='1'] { padding-inline-start: calc(var(--kite-toc-indent) * 1); }
  [part~='item'][data-depth='2'] { padding-inline-start: calc(var(--kite-toc-indent) * 2); }
  [part~='item'][data-depth='3'] { padding-inline-start: calc(var(--kite-toc-indent) * 3); }
  [part~='item'][data-depth='4'] { padding-inline-start: calc(var(--kite-toc-indent) * 4); }
  [part~='item'][data-depth='5'] { padding-inline-start: calc(var(--kite-toc-indent) * 5); }
  [part~='link'] {
    color: inherit;
  }
  [part~='link']:focus-visible {
    outline: var(--kite-toc-focus-ring);
    outline-offset: 2px;
  }
  /* A finger's target on a touch screen (WCAG 2.5.5); a mouse needs only the line. */
  @media (pointer: coarse) {
    [part~='item'] { margin: 0; }
    [part~='link'] { display: inline-flex; align-items: center; min-block-size: 44px; min-inline-size: 44px; }
  }
  [part~='link'][aria-current] {
    color: var(--kite-toc-current-color);
    font-weight: var(--kite-toc-current-weight);
  }
`;
