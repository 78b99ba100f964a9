import { css, unsafeCSS } from 'lit';
import { visuallyHidden } from '../../shared/dom/visually-hidden.ts';

/** Shadow-root CSS of `kite-counter`. */
export const counterStyles = css`
  :host {
    --kite-counter-digits: tabular-nums;
    display: inline-block;
  }
  [part~='value'] {
    /* Digits of one width: the number does not wobble while it counts. */
    font-variant-numeric: var(--kite-counter-digits);
  }
  /* The final number, for screen readers only: they read it once, not every step. */
  ${unsafeCSS(visuallyHidden("[part~='final']"))}
`;
