/**
 * Shadow-root CSS of the content blocks, to append to the pop-up's stylesheet
 * (`poptinStyles + blockStyles`). Every piece has a `part`, so a host page can restyle it with
 * `kite-poptin::part(countdown-value)`. Colours follow the pop-up's own custom properties.
 */

/** How long a flip clock card takes to turn: ours, well under the one-second tick. */
const FLIP_MS = 300;

export const blockStyles = `
.kite-visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
}

[part~='countdown'] {
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.75em;
  font-variant-numeric: tabular-nums;
}
[part~='countdown-unit'] { display: flex; flex-direction: column; align-items: center; min-width: 3.5em; }
[part~='countdown-value'] { font-size: 1.75em; font-weight: 700; line-height: 1.15; }
[part~='countdown-label'] { font-size: 0.75em; letter-spacing: 0.04em; text-transform: uppercase; opacity: 0.8; }
[part~='countdown'][data-timer-ver='1'] [part~='countdown-value'] {
  padding: 0.15em 0.4em;
  border: 2px solid currentColor;
  border-radius: 6px;
}
[part~='countdown'][data-timer-ver='2'] [part~='countdown-value'] { display: flex; gap: 0.1em; perspective: 20em; }
[part~='countdown-card'] {
  display: inline-block;
  min-width: 0.9em;
  padding: 0.1em 0.15em;
  border-radius: 4px;
  background: var(--kite-poptin-color, #1a1a1a);
  color: var(--kite-poptin-background, #fff);
  text-align: center;
  transform-origin: 50% 50%;
  animation: kite-flip ${FLIP_MS}ms ease-out;
}
@keyframes kite-flip {
  from { transform: rotateX(-90deg); }
  to { transform: rotateX(0deg); }
}

[part~='coupon'] { display: flex; flex-wrap: wrap; justify-content: center; align-items: stretch; gap: 0.5em; }
[part~='coupon-code'] {
  min-width: 6em;
  max-width: 100%;
  padding: 0.5em 0.75em;
  border: 2px dashed currentColor;
  border-radius: 6px;
  background: transparent;
  color: inherit;
  font: inherit;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-align: center;
}
[part~='coupon-action'] { position: relative; display: inline-flex; }
/* The coupon's Copy and a game's play button (game.styles.ts) are the pop-up's buttons. */
[part~='coupon-copy'], [part~='game-play'] {
  padding: 0.5em 1em;
  border: 0;
  border-radius: 6px;
  background: var(--kite-poptin-button-background, #1f5eff);
  color: var(--kite-poptin-button-color, #fff);
  font: inherit;
  cursor: pointer;
}
[part~='coupon-tooltip'] {
  position: absolute;
  bottom: calc(100% + 6px);
  left: 50%;
  transform: translateX(-50%);
  padding: 0.25em 0.6em;
  border-radius: 4px;
  background: #1a1a1a;
  color: #fff;
  font-size: 0.8em;
  white-space: nowrap;
  pointer-events: none;
  visibility: hidden;
}
[part~='coupon-copy']:hover + [part~='coupon-tooltip'],
[part~='coupon-copy']:focus-visible + [part~='coupon-tooltip'],
[part~='coupon-tooltip'][data-visible] { visibility: visible; }

[part~='ticker'] { overflow: hidden; white-space: nowrap; }
[part~='ticker'][data-motion='scroll'] [part~='ticker-text'] {
  display: inline-block;
  padding-inline-start: 100%;
  animation-name: kite-ticker;
  animation-timing-function: linear;
  animation-iteration-count: infinite;
}
[part~='ticker'][dir='rtl'][data-motion='scroll'] [part~='ticker-text'] { animation-name: kite-ticker-rtl; }
[part~='ticker']:hover [part~='ticker-text'],
[part~='ticker']:focus [part~='ticker-text'] { animation-play-state: paused; }
[part~='ticker'][data-motion='static'] { white-space: normal; }
@keyframes kite-ticker { from { transform: translateX(0); } to { transform: translateX(-100%); } }
@keyframes kite-ticker-rtl { from { transform: translateX(0); } to { transform: translateX(100%); } }

[part~='video'] { display: block; width: 100%; aspect-ratio: 16 / 9; border: 0; background: #000; }

[part~='extra-buttons'] { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.5em; }
[part~='extra-button'] {
  display: inline-block;
  padding: 0.6em 1.2em;
  border: 0;
  border-radius: 6px;
  background: var(--kite-poptin-button-background, #1f5eff);
  color: var(--kite-poptin-button-color, #fff);
  font: inherit;
  text-decoration: none;
  cursor: pointer;
}
/* A refused address: plain text, not something that looks clickable. */
[part~='extra-button'][data-refused-url] { background: transparent; color: inherit; cursor: default; }
[part~='close-button'] { background: transparent; color: inherit; text-decoration: underline; }

[part~='credit'] { display: grid; place-items: center; min-block-size: 44px; margin-top: 0.75em; font-size: 0.75em; text-align: center; color: inherit; opacity: 0.75; }

@media (prefers-reduced-motion: reduce) {
  [part~='countdown-card'] { animation: none; }
  [part~='ticker-text'] { animation: none !important; padding-inline-start: 0 !important; }
}
`;
