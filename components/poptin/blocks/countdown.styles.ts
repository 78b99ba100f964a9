/** Shadow-root CSS of the countdown block: its units, the boxed clock (timer_ver 1) and the flip clock's cards (timer_ver 2). */

/** How long a flip clock card takes to turn: ours, well under the one-second tick. */
const FLIP_MS = 300;

export const countdownStyles = `
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

@media (prefers-reduced-motion: reduce) {
  [part~='countdown-card'] { animation: none; }
}
`;
