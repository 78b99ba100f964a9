import { css } from 'lit';

/** The shadow root: the region, its viewport (the slotted list of slides), arrows, dots and the rotation control. */
export const sliderStyles = css`
  :host {
    display: block;
    --kite-slider-control-size: 44px;
    --kite-slider-control-background: rgb(0 0 0 / 55%);
    --kite-slider-control-color: #fff;
    --kite-slider-dot-color: rgb(0 0 0 / 35%);
    --kite-slider-dot-current-color: currentColor;
    --kite-slider-focus-ring: 3px solid #1a73e8;
  }
  [hidden] {
    display: none !important;
  }
  [part~='base'] {
    position: relative;
  }
  [part~='viewport'] {
    overflow: hidden;
    /* Sideways moves are the slider's swipes; up and down still scroll the page. */
    touch-action: pan-y;
  }
  button {
    min-width: var(--kite-slider-control-size);
    min-height: var(--kite-slider-control-size);
    margin: 0;
    padding: 0;
    font: inherit;
    color: var(--kite-slider-control-color);
    background: var(--kite-slider-control-background);
    border: 0;
    border-radius: 50%;
    cursor: pointer;
  }
  button:focus-visible {
    outline: var(--kite-slider-focus-ring);
    outline-offset: 2px;
  }
  [part~='previous'],
  [part~='next'] {
    position: absolute;
    top: var(--kite-slider-arrow-top, 50%);
    translate: 0 -50%;
    font-size: 1.5rem;
    line-height: 1;
  }
  [part~='previous'] {
    inset-inline-start: 0.5rem;
  }
  [part~='next'] {
    inset-inline-end: 0.5rem;
  }
  /* The arrows point the way the slides move: mirrored right to left. */
  :dir(rtl) [part~='arrow'] {
    display: inline-block;
    scale: -1 1;
  }
  [part~='rotation'] {
    position: absolute;
    z-index: 1;
    top: 0.5rem;
    inset-inline-end: 0.5rem;
  }
  [part~='dots'] {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
  }
  [part~='dot'] {
    position: relative;
    /* The dots sit under the slides, on the page: the current one takes the page's text colour, not the arrows' white. */
    color: inherit;
    background: none;
    border-radius: 0;
  }
  /* The visible dot is small; the button around it keeps the 44 px target. */
  [part~='dot']::before {
    content: '';
    position: absolute;
    inset: 50% auto auto 50%;
    width: 12px;
    height: 12px;
    translate: -50% -50%;
    border-radius: 50%;
    background: var(--kite-slider-dot-color);
  }
  [part~='dot'][aria-current='true']::before {
    background: var(--kite-slider-dot-current-color);
  }
`;

/**
 * The page's own list of slides, styled where it lives (adopted by the document once): a row of
 * slides the element moves with a transform (compositor only), or a stack that fades. Without
 * JavaScript none of it applies and the slides stay a plain list.
 */
export const sliderLightStyles = `
:where(kite-slider[data-enhanced]) > ul {
  display: flex;
  margin: 0;
  padding: 0;
  list-style: none;
  will-change: transform;
}
:where(kite-slider[data-enhanced]) > ul > li {
  flex: 0 0 calc(100% / var(--kite-slider-show, 1));
  min-width: 0;
  margin: 0;
}
:where(kite-slider[data-enhanced]) > ul > li > :is(img, video) {
  display: block;
  width: 100%;
  height: auto;
}
:where(kite-slider[data-enhanced][animation='fade']:not([carousel])) > ul {
  display: grid;
  will-change: auto;
}
:where(kite-slider[data-enhanced][animation='fade']:not([carousel])) > ul > li {
  grid-area: 1 / 1;
  opacity: 0;
  visibility: hidden;
}
:where(kite-slider[data-enhanced][animation='fade']:not([carousel])) > ul > li[data-current] {
  opacity: 1;
  visibility: visible;
}
:where(html.avia_mobile kite-slider[data-enhanced]) > ul > li:is(:has(.av-mobile-fallback-image), [data-video-message]) :is(video, kite-player, kite-video-embed, iframe) {
  display: none;
}
:where(html:not(.avia_mobile) kite-slider) .av-mobile-fallback-image {
  display: none;
}
:where(kite-slider) .kite-slider-message {
  margin: 1em;
}
`;
