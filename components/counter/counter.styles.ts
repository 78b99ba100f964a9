import { css } from 'lit';

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
  [part~='final'] {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
