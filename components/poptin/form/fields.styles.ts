/**
 * Styles of the form's other field kinds (form/fields.tsx), adopted into the pop-up's shadow root
 * when the first of them shows. They follow the text inputs of poptin.styles.ts.
 */
export const fieldStyles = `
fieldset.field { border: 0; margin: 0; padding: 0; min-inline-size: 0; }
fieldset.field legend { font-size: 0.875rem; font-weight: 600; padding: 0; margin-block-end: 4px; }
.choices { display: flex; flex-wrap: wrap; gap: 4px 16px; }
.choice { display: inline-flex; align-items: center; gap: 8px; min-block-size: 44px; font-size: 1rem; font-weight: 400; }
.choice input { inline-size: 20px; block-size: 20px; margin: 0; }
input[type='date'], input[inputmode], select {
  font: inherit;
  box-sizing: border-box;
  min-block-size: 44px;
  padding: 10px 12px;
  border: 1px solid #8a8a8a;
  border-radius: 4px;
  color: #1a1a1a;
  background: #fff;
}
.phone { display: flex; gap: 6px; }
.phone select { flex: 0 1 auto; max-inline-size: 45%; }
.phone input { flex: 1 1 auto; min-inline-size: 0; }
.field.error select, .field.error input[type='date'] { border-color: var(--kite-poptin-error-color); }
.field.error.empty select, .field.error.empty .phone select { border-width: 0 0 2px; }
a.call, a.redirect-link { align-self: center; min-block-size: 44px; display: inline-flex; align-items: center; }
a.call {
  justify-content: center;
  align-self: stretch;
  font-weight: 700;
  padding: 10px 16px;
  border-radius: 4px;
  text-decoration: none;
  background: var(--kite-poptin-button-background);
  color: var(--kite-poptin-button-color);
}
a.redirect-link { color: inherit; text-decoration: underline; }
`;
