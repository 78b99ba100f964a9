/** Shadow-root CSS of `kite-fold-section`. The light-DOM content keeps the page's own styles. */
export const foldSectionStyles = `
:host {
  --kite-fold-section-duration: 0.4s;
  --kite-fold-section-easing: ease-in-out;
  /* Canvas: the page background of the current colour scheme; set it to the section's own background. */
  --kite-fold-section-fade-color: Canvas;
  --kite-fold-section-fade-size: 4em;
  display: block;
}
:host([hidden]) { display: none; }
[part~='content'] {
  position: relative;
  /* clip, not hidden: a hidden box can still be scrolled by focus, which would shift the text. */
  overflow: hidden;
  overflow: clip;
  transition: max-height var(--kite-fold-section-duration) var(--kite-fold-section-easing);
}
/* A block formatting context, so the content's margins count in its measured height. */
.measure { display: flow-root; }
[part~='fade'] {
  position: absolute;
  inset: auto 0 0;
  block-size: var(--kite-fold-section-fade-size);
  background: linear-gradient(to bottom, transparent, var(--kite-fold-section-fade-color));
  pointer-events: none;
  transition: opacity var(--kite-fold-section-duration) var(--kite-fold-section-easing);
}
[data-state='unfolded'] [part~='fade'] { opacity: 0; }
/* The element's own button, around plain content: the page's font, a little space above, a 44 px target. */
[part~='toggle'] { font: inherit; margin-block-start: 0.5em; min-block-size: 44px; }
@media (prefers-reduced-motion: reduce) {
  [part~='content'], [part~='fade'] { transition: none; }
  /* For Enfold's container, folded in place in the light DOM, where these rules do not reach. Important: a
     shadow root's important declaration wins over the page's, its style attribute too. */
  :host { --kite-fold-section-duration: 0s !important; }
}
`;
