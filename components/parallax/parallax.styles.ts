import { css } from 'lit';
import { PARALLAX } from '../../shared/constants/site.ts';

/** Shadow-root CSS of `kite-parallax`: the section is slotted and keeps the theme's styles. */
export const parallaxStyles = css`
  :host {
    display: block;
  }
`;

/**
 * Light-DOM CSS for the theme's layers, adopted into the document once (a constructed sheet:
 * allowed under a strict CSP). An enabled layer (absolutely placed by the theme) reaches
 * `PARALLAX.OFFSET_FACTOR` of the viewport beyond the section on the sides it moves towards, so
 * its shifts, never larger, show no edge; only its transform changes (the compositor's work).
 * These two rules are specific (not `:where`): they must beat the theme's own `inset` of the layer.
 */
export const parallaxLightStyles = `
:where(kite-parallax) {
  --kite-parallax-offset-block: ${PARALLAX.OFFSET_FACTOR * 100}vh;
  --kite-parallax-offset-inline: ${PARALLAX.OFFSET_FACTOR * 100}vw;
}
:where(kite-parallax .${PARALLAX.LAYER_CLASS}.${PARALLAX.ENABLED_CLASS}) {
  will-change: transform;
}
kite-parallax[data-direction='bottom_top'] .${PARALLAX.LAYER_CLASS}.${PARALLAX.ENABLED_CLASS} {
  top: calc(-1 * var(--kite-parallax-offset-block));
  bottom: calc(-1 * var(--kite-parallax-offset-block));
}
kite-parallax:is([data-direction='left_right'], [data-direction='right_left']) .${PARALLAX.LAYER_CLASS}.${PARALLAX.ENABLED_CLASS} {
  left: calc(-1 * var(--kite-parallax-offset-inline));
  right: calc(-1 * var(--kite-parallax-offset-inline));
}
`;
