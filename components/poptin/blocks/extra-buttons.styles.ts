/** Shadow-root CSS of the extra buttons block. */

export const extraButtonsStyles = `
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
`;
