/**
 * Shadow-root CSS the content blocks share: the visually-hidden text some of them announce with.
 * Each block view that is a chunk of its own (block-views.ts) brings its own
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
`;
