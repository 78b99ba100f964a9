/** The horizontal layout (`design.layout`), adopted only by a pop-up that has it (poptin.record.ts). */
export const horizontalLayoutStyles = `
/* The image beside the rest. */
[data-layout='horizontal'] [part='content'] {
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  align-items: center;
  column-gap: 24px;
  /* No row gap: the image spans rows the blocks do not use, and their gaps would push it below the text. */
  row-gap: 0;
}
[data-layout='horizontal'] [part='content'] > * { grid-column: 2; margin-block: 6px; }
[data-layout='horizontal'] [part='content'] > [part='image'] { grid-column: 1; grid-row: 1 / span 20; margin-block: 0; }
@media (max-width: 560px) {
  [data-layout='horizontal'] [part='content'] { display: flex; }
  [data-layout='horizontal'] [part='content'] > * { margin-block: 0; }
}
`;
