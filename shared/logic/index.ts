/**
 * `kite-elements/logic`: the pure helpers a tester or an integrator needs (the lead form's
 * validators, the contact form's checks, the parsers), no DOM, no network. Each is documented with
 * an example in docs/api.md, and test/scripts/public-api.test.ts keeps this list and that page equal:
 * everything else in shared/logic/ is internal (import it from its own module).
 */
// Business modes refuse the best-known free-mail providers without a network; the widget checks the full downloaded list.
export { validateEmail } from './email-business.ts';
export { suggestEmail, type EmailMode, type EmailOptions, type EmailResult } from './email.ts';
// validatePhone with the phone library's international check built in (the contract's helper).
export { validatePhone } from './phone-international.ts';
export type { PhoneMode, PhoneOptions, PhoneResult } from './phone.ts';
export { validateName } from './name.ts';
export { validateDate, validateBirthday } from './date.ts';
export { validateWebsite } from './website.ts';
export { validateContactField, CONTACT_RULES, type ContactRule, type ContactCheckOptions } from './contact.ts';
export { parseTimeCode, formatTime, type FormatTimeOptions } from './time-code.ts';
export { parseVideoUrl, type VideoId, type VideoProvider } from './video-url.ts';
export { slugifyHeading } from './toc.ts';
export { applyDateTags, DATE_TAGS, type DateTag } from './date-tags.ts';
export { pickPrize, isWinningPrize } from './prize.ts';
export type { Prize } from '../schema/prize.ts';
export { colourFromClass, fontSizeFromClass } from './class-helpers.ts';
