/**
 * The CSS rule that hides `selector` from sight but not from screen readers (text they read that
 * the eye gets another way): one copy for every shadow root that needs it.
 */
export const visuallyHidden = (selector: string): string => `${selector} {
  position: absolute;
  inline-size: 1px;
  block-size: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}`;
