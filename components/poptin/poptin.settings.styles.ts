import { LAYOUT } from '../../shared/constants/widget.ts';

/** The welcome screen's call to action is styled as the form's button (`part="button welcome-start"`), centred; the content lock's note is quiet text under the content. */
export const settingsStyles = `
[part~='welcome-start'] { align-self: center; }
[part='lock-note'] { margin: 16px 0 0; font-size: 0.875rem; opacity: 0.85; }
`;

/** Landing-page mode: the pop-up fills the window, as the page's own content, whatever its type. */
export const landingPageStyles = `
[part='overlay'] { padding: 0; background: var(--kite-poptin-background); }
[part='dialog'] {
  position: fixed;
  inset: 0;
  z-index: ${LAYOUT.POPTIN_Z_INDEX};
  width: auto;
  max-width: none;
  min-height: 0;
  max-height: none;
  border-radius: 0;
  box-shadow: none;
}
`;
