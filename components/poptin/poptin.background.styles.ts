/** The background animation's canvas, behind the content; adopted only by a pop-up that has one (poptin.background.tsx). */
export const backgroundStyles = `
[part='background'] {
  position: absolute;
  inset: 0;
  inline-size: 100%;
  block-size: 100%;
  border-radius: inherit;
  pointer-events: none;
  z-index: 0;
}
`;
