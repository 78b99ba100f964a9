/** The close button's note (`poptin_design_show_x_comment`), shown on hover and keyboard focus of the X; adopted only by a pop-up that has one. */
export const closeNoteStyles = `
[part='close-note'] {
  position: absolute;
  z-index: 2;
  inset-block-start: 50px;
  inset-inline-end: 4px;
  max-inline-size: 240px;
  padding: 6px 10px;
  border-radius: 4px;
  background: #222;
  color: #fff;
  font-size: 0.8125rem;
  visibility: hidden;
  opacity: 0;
  transition: opacity 0.15s;
}
[part='close']:hover + [part='close-note'], [part='close']:focus-visible + [part='close-note'] { visibility: visible; opacity: 1; }
@media (prefers-reduced-motion: reduce) {
  [part='close-note'] { transition: none; }
}
`;
