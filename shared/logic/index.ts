/** `kite-elements/logic`: pure helpers (validators, pickers, parsers), no DOM, no network. */
export { validateEmail, suggestEmail, type EmailMode, type EmailResult } from './email.ts';
export { validatePhone, filterPhoneInput, normalisePhone, type PhoneMode, type PhoneResult } from './phone.ts';
export { validateName } from './name.ts';
