/** Shadow-root CSS of the ticker block: its text scrolls by its own keyframes, and stands still under reduced motion. */

export const tickerStyles = `
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

@media (prefers-reduced-motion: reduce) {
  [part~='ticker-text'] { animation: none !important; padding-inline-start: 0 !important; }
}
`;
