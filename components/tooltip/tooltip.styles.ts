import { css, unsafeCSS } from 'lit';
import { TOOLTIP } from '../../shared/constants/site.ts';

/** The trigger stays inline in the text; the tooltip is a small box in the top layer, fading in and out. */
export const tooltipStyles = css`
  :host {
    display: inline;
    --kite-tooltip-background: rgb(20 20 28);
    --kite-tooltip-color: #fff;
    --kite-tooltip-radius: 4px;
    --kite-tooltip-padding: 0.4em 0.65em;
    --kite-tooltip-max-width: 18rem;
    --kite-tooltip-animation: ${unsafeCSS(TOOLTIP.ANIMATION_MS)}ms;
  }
  [part~='tooltip'] {
    position: fixed;
    inset: auto;
    margin: 0;
    z-index: 10000;
    box-sizing: border-box;
    max-width: min(var(--kite-tooltip-max-width), calc(100vw - ${unsafeCSS(2 * TOOLTIP.GAP_PX)}px));
    padding: var(--kite-tooltip-padding);
    border: 0;
    border-radius: var(--kite-tooltip-radius);
    background: var(--kite-tooltip-background);
    color: var(--kite-tooltip-color);
    font-size: 0.875rem;
    line-height: 1.4;
    overflow: visible;
    opacity: 0;
    transition: opacity var(--kite-tooltip-animation) ease;
  }
  [part~='tooltip']:not([data-state='hidden']) {
    display: block;
  }
  [part~='tooltip'][data-state='hidden'] {
    display: none;
  }
  [part~='tooltip'][data-state='showing'],
  [part~='tooltip'][data-state='shown'],
  [part~='tooltip'][data-state='leaving'] {
    opacity: 1;
  }
  @starting-style {
    [part~='tooltip'][data-state='showing'] {
      opacity: 0;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    [part~='tooltip'] {
      transition: none;
    }
  }
`;
