import { LAYOUT } from '../../shared/constants/widget.ts';
import { visuallyHidden } from '../../shared/dom/visually-hidden.ts';
import { REVEALED_IMAGE_ATTRIBUTE } from '../../shared/effects/effects.ts';

/**
 * Shadow-root CSS of `kite-poptin`: the lightbox's overlay and what every pop-up has. Colours come
 * from the record as custom properties. The other frames' CSS is poptin.frames.styles.ts, the
 * horizontal layout's poptin.layout.styles.ts, the background animation's poptin.background.styles.ts, the close note's poptin.note.styles.ts:
 * each adopted only by a pop-up that has it.
 */
export const poptinStyles = `
:host {
  --kite-poptin-overlay: rgb(0 0 0 / 0.55);
  --kite-poptin-background: #fff;
  --kite-poptin-color: #1a1a1a;
  --kite-poptin-button-background: #1f5eff;
  --kite-poptin-button-color: #fff;
  --kite-poptin-error-color: #b00020;
  --kite-poptin-radius: 8px;
  --kite-poptin-font: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
  --kite-poptin-width: ${LAYOUT.LIGHTBOX_WIDTH_PX}px;
  --kite-poptin-max-height: ${LAYOUT.LIGHTBOX_HEIGHT_PX}px;
  --kite-poptin-corner-width: 360px;
  display: contents;
}
[part='overlay'] {
  position: fixed;
  inset: 0;
  /* The spec's z-index is beyond what CSS keeps; browsers clamp to the largest 32-bit value. */
  z-index: ${LAYOUT.POPTIN_Z_INDEX};
  display: flex;
  padding: 16px;
  box-sizing: border-box;
  background: var(--kite-poptin-overlay);
  font-family: var(--kite-poptin-font);
  /* poptin_location is physical (left means left): a right-to-left page must not flip it. The dialog sets its own dir. */
  direction: ltr;
}
[part='overlay'][data-x='left'] { justify-content: flex-start; }
[part='overlay'][data-x='center'] { justify-content: center; }
[part='overlay'][data-x='right'] { justify-content: flex-end; }
[part='overlay'][data-y='top'] { align-items: flex-start; }
[part='overlay'][data-y='middle'] { align-items: center; }
[part='overlay'][data-y='bottom'] { align-items: flex-end; }
[part='dialog'] {
  position: relative;
  box-sizing: border-box;
  /* Scales down to the window, never up (the spec's scale cap of 1). */
  width: min(var(--kite-poptin-width), 100%);
  max-height: 100%;
  min-height: min(var(--kite-poptin-max-height), 100%);
  overflow: auto;
  padding: 40px 32px 32px;
  border-radius: var(--kite-poptin-radius);
  background: var(--kite-poptin-background);
  color: var(--kite-poptin-color);
  box-shadow: 0 12px 40px rgb(0 0 0 / 0.3);
  display: flex;
  flex-direction: column;
  justify-content: center;
  text-align: center;
  font-family: var(--kite-poptin-font);
}
[part='content'] {
  position: relative;
  z-index: 1;
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: 12px;
}
/* The thank-you screen is as tall as its message, not the form it replaced. */
[part='dialog'][data-screen='thank-you'] { min-height: 0; }
/* A title takes focus only on the thank-you screen, to be read: it is not a control. */
[part='title']:focus { outline: none; }
${visuallyHidden("[part='announcement']")}
[part='dialog']:focus { outline: none; }
[part='dialog']:focus-visible { outline: 3px solid var(--kite-poptin-button-background); }
[part='close'] {
  position: absolute;
  inset-block-start: ${LAYOUT.CLOSE_INSET_PX}px;
  inset-inline-end: ${LAYOUT.CLOSE_INSET_PX}px;
  inline-size: ${LAYOUT.CLOSE_ICON_PX}px;
  block-size: ${LAYOUT.CLOSE_ICON_PX}px;
  display: grid;
  place-items: center;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  font-size: 28px;
  line-height: 1;
  cursor: pointer;
  z-index: 2;
}
[part='close']:hover { background: rgb(0 0 0 / 0.06); }
[part='close'][aria-disabled='true'] { cursor: not-allowed; font-size: 18px; opacity: 0.7; }
[part='close']:focus-visible, [part='skip']:focus-visible, [part~='button']:focus-visible, input:focus-visible, textarea:focus-visible {
  outline: 3px solid var(--kite-poptin-button-background);
  outline-offset: 2px;
}
[part='title'] { margin: 0; font-size: 1.75rem; line-height: 1.2; }
[part='text'] { margin: 0; font-size: 1rem; line-height: 1.5; }
[part='image'] { max-width: 100%; height: auto; align-self: center; }
/* Hidden until the view reveals it as it loads (revealImagesAsTheyLoad): a late image must first paint hidden. */
img:not([${REVEALED_IMAGE_ATTRIBUTE}]) { opacity: 0; }
form { display: flex; flex-direction: column; gap: 10px; text-align: start; }
.field { display: flex; flex-direction: column; gap: 4px; }
.field label { font-size: 0.875rem; font-weight: 600; }
.field.checkbox { flex-direction: row; align-items: center; gap: 8px; }
.field.checkbox label { font-weight: 400; display: inline-flex; align-items: center; min-block-size: 44px; }
input[type='text'], input[type='email'], input[type='tel'], textarea {
  font: inherit;
  box-sizing: border-box;
  min-block-size: 44px;
  padding: 10px 12px;
  border: 1px solid #8a8a8a;
  border-radius: 4px;
  color: #1a1a1a;
  background: #fff;
}
input[type='checkbox'] { inline-size: 20px; block-size: 20px; margin: 0; }
.field.error input, .field.error textarea { border-color: var(--kite-poptin-error-color); }
.field.error.empty input { border-width: 0 0 2px; }
.message { font-size: 0.8125rem; margin: 0; }
.message.error { color: var(--kite-poptin-error-color); }
/* By word: the welcome screen's call to action is a button too (part="button welcome-start"). */
/* An owner's own markup keeps its look, and its buttons a finger's size. */
[data-markup] button { min-block-size: 44px; min-inline-size: 44px; }
[part~='button'] {
  font: inherit;
  font-weight: 700;
  min-block-size: 44px;
  padding: 10px 16px;
  border: 0;
  border-radius: 4px;
  background: var(--kite-poptin-button-background);
  color: var(--kite-poptin-button-color);
  cursor: pointer;
}
[part~='button'][aria-disabled='true'] { opacity: 0.75; cursor: default; }
[part='skip'] {
  font: inherit;
  align-self: center;
  min-block-size: 44px;
  padding: 8px 16px;
  border: 0;
  background: transparent;
  color: inherit;
  text-decoration: underline;
  cursor: pointer;
}
[part='alert'] { color: var(--kite-poptin-error-color); margin: 0; }
@keyframes kite-shake {
  10%, 90% { transform: translateX(-2px); }
  20%, 80% { transform: translateX(4px); }
  30%, 50%, 70% { transform: translateX(-6px); }
  40%, 60% { transform: translateX(6px); }
}
form.shake { animation: kite-shake 0.5s both; }
@media (prefers-reduced-motion: reduce) {
  form.shake { animation: none; }
}
`;
