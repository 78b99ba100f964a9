/**
 * Shadow-root CSS the content blocks share: the visually-hidden text some of them announce with,
 * and the credit badge. Each block view that is a chunk of its own (block-views.ts) brings its own
 * CSS beside it (`countdown.styles.ts` and the others), so a pop-up fetches the CSS of the blocks
 * it has. Every piece has a `part`, so a host page can restyle it with
 * `kite-poptin::part(countdown-value)`. Colours follow the pop-up's own custom properties.
 */

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

[part~='credit'] { display: grid; place-items: center; min-block-size: 44px; margin-top: 0.75em; font-size: 0.75em; text-align: center; color: inherit; opacity: 0.75; }
`;
