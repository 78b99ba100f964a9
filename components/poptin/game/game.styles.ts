/**
 * Shadow-root CSS of the gamified pop-ups' games, adopted with the content blocks' shared CSS and
 * the coupon's (the coupon on the winning screen is one). Every piece has a `part`; colours
 * follow the pop-up's custom properties. Controls are at least 44 px (`--kite-touch-target`).
 * Motion is transform and opacity only (the compositor's); reduced motion drops it.
 */
export const gameStyles = `
[part~='game'] {
  --kite-touch-target: 44px;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.75em;
  outline: none;
}
/* Its colours and shape are the coupon button's (coupon.styles.ts). */
[part~='game-play'] {
  min-width: var(--kite-touch-target);
  min-height: var(--kite-touch-target);
  padding-inline: 1.5em;
  font-weight: 700;
}
[part~='game-play'][aria-disabled='true'] { opacity: 0.6; cursor: default; }
[part~='game-play']:focus-visible, [part~='gift-box']:focus-visible { outline: 3px solid currentColor; outline-offset: 3px; }
[part~='game-locked'] { margin: 0; font-size: 0.9em; opacity: 0.85; }

[part~='wheel'] { position: relative; display: flex; flex-direction: column; align-items: center; gap: 0.75em; }
[part~='wheel-disc'] {
  position: relative;
  width: min(260px, 60vw);
  aspect-ratio: 1;
  border-radius: 50%;
  border: 4px solid var(--kite-poptin-button-background, #1f5eff);
  background: repeating-conic-gradient(var(--kite-poptin-button-background, #1f5eff) 0 30deg, color-mix(in srgb, var(--kite-poptin-button-background, #1f5eff) 45%, #fff) 30deg 60deg);
  color: var(--kite-poptin-button-color, #fff);
  transition-property: transform;
  transition-timing-function: cubic-bezier(0.12, 0.72, 0.16, 1);
  will-change: transform;
}
[part~='wheel-label'] {
  position: absolute;
  inset: 0;
  display: flex;
  justify-content: center;
  padding-top: 0.6em;
  font-size: 0.75em;
  font-weight: 700;
  pointer-events: none;
}
[part~='wheel-pointer'] {
  width: 0;
  height: 0;
  margin-bottom: -0.9em;
  z-index: 1;
  border-inline: 12px solid transparent;
  border-top: 20px solid var(--kite-poptin-color, #1a1a1a);
}

[part~='scratch-card'] { position: relative; display: flex; flex-direction: column; align-items: center; gap: 0.5em; }
[part~='scratch-prize'], [part~='scratch-cover'] { width: min(280px, 70vw); height: 140px; border-radius: 8px; }
[part~='scratch-prize'] { display: grid; place-items: center; margin: 0; border: 2px dashed currentColor; font-size: 1.4em; font-weight: 700; }
[part~='scratch-cover'] { position: absolute; top: 0; touch-action: none; cursor: crosshair; }
[part~='scratch-card'][aria-disabled='true'] [part~='scratch-cover'] { cursor: not-allowed; }
[part~='scratch-hint'] { margin: 0; font-size: 0.85em; }

[part~='gift-boxes'] { display: flex; gap: 1em; flex-wrap: wrap; justify-content: center; }
[part~='gift-box'] {
  position: relative;
  width: 84px;
  height: 84px;
  min-width: var(--kite-touch-target);
  padding: 0;
  border: 0;
  background: none;
  cursor: pointer;
}
[part~='gift-box'][aria-disabled='true'] { cursor: default; }
[part~='gift-box-body'], [part~='gift-box-lid'] { position: absolute; inset-inline: 8px; background: var(--kite-poptin-button-background, #1f5eff); border-radius: 4px; }
[part~='gift-box-body'] { bottom: 0; height: 58%; }
[part~='gift-box-lid'] { inset-inline: 2px; top: 12%; height: 24%; transition: transform 0.6s ease-out; }
[part~='gift-box-body']::after { content: ''; position: absolute; inset-block: 0; inset-inline-start: calc(50% - 5px); width: 10px; background: var(--kite-poptin-button-color, #fff); }
[part~='gift-box'][data-open] [part~='gift-box-lid'] { transform: translateY(-60%) rotate(-18deg); }

[part~='game-result'] { display: flex; flex-direction: column; align-items: center; gap: 0.4em; text-align: center; }
[part~='game-result-title'] { margin: 0; font-size: 1.5em; font-weight: 800; }
[part~='game-prize'] { margin: 0; font-size: 1.15em; }

@media (prefers-reduced-motion: reduce) {
  [part~='wheel-disc'], [part~='gift-box-lid'] { transition: none; }
}
`;
