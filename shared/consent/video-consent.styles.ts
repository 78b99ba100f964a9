/**
 * The video consent notice's CSS (its parts `consent`, `consent-link`, `consent-allow`), one copy
 * for the three shadow roots that show it: `kite-video-embed`, `kite-lightbox` and `kite-player`.
 */
export const videoConsentNoticeStyles = `
[part~='consent'] { display: grid; place-content: center; justify-items: center; gap: 0.75em; box-sizing: border-box; max-inline-size: 32rem; margin: 0 auto; padding: 1em; text-align: center; }
[part~='consent'] p { margin: 0; }
[part~='consent-link'] { color: inherit; font-weight: 700; min-block-size: 44px; display: inline-flex; align-items: center; }
[part~='consent-allow'] { min-block-size: 44px; padding: 0 1.25em; border: 2px solid currentColor; border-radius: 0.5em; background: transparent; color: inherit; font: inherit; cursor: pointer; }
:is([part~='consent-link'], [part~='consent-allow']):focus-visible { outline: 3px solid currentColor; outline-offset: 2px; }
`;
