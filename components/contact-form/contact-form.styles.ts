/** Shadow-root CSS of `kite-contact-form`: the host and the error summary. The form keeps the page's own styles. */
export const contactFormStyles = `
:host {
  --kite-contact-form-error-color: #b00020;
  --kite-contact-form-valid-color: #1b6e2a;
  display: block;
}
:host([hidden]) { display: none; }
[part~='summary'] {
  color: var(--kite-contact-form-error-color);
  font-weight: 600;
  margin-block-end: 1em;
}
[part~='summary']:empty { display: none; }
`;

/**
 * Light-DOM CSS, adopted once by the document (or the shadow root holding the element), for what
 * the element adds to the form: field messages, the error area, the error and valid styles. Every
 * selector is wrapped in `:where()`, so it weighs nothing: any rule of the theme wins.
 */
export const contactFormLightStyles = `
:where(kite-contact-form .kite-contact-form-message) {
  display: block;
  color: var(--kite-contact-form-error-color, #b00020);
  font-size: 0.875em;
  margin-block-start: 0.25em;
}
:where(kite-contact-form .kite-contact-form-error) {
  color: var(--kite-contact-form-error-color, #b00020);
  margin-block: 1em;
}
:where(kite-contact-form .error) :where(input, select, textarea),
:where(kite-contact-form) :where(input, select, textarea):where(.error) {
  border-color: var(--kite-contact-form-error-color, #b00020);
}
:where(kite-contact-form .valid) :where(input, select, textarea),
:where(kite-contact-form) :where(input, select, textarea):where(.valid) {
  border-color: var(--kite-contact-form-valid-color, #1b6e2a);
}
:where(kite-contact-form .av-sending-button) { cursor: progress; }
`;
