/** Shadow-root CSS of the coupon block; its Copy button's look is a game's play button's too (game.styles.ts). */

export const couponStyles = `
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
`;
