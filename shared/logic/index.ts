/** `kite-elements/logic`: pure helpers (validators, pickers, parsers), no DOM, no network. */
export { suggestEmail, normaliseEmail, type EmailMode, type EmailOptions, type EmailResult } from './email.ts';
// Business modes refuse the best-known free-mail providers without a network; the widget checks the full downloaded list.
export { validateEmail, BUILT_IN_FREE_MAIL_DOMAINS } from './email-business.ts';
export { BUILT_IN_DISPOSABLE_DOMAINS } from './email-disposable.ts';
export { emailDomain, domainShard, domainsToCheck, normaliseDomain, shardDomains } from './email-domains.ts';
export { filterPhoneInput, normalisePhone, phoneForSubmit, type PhoneMode, type PhoneOptions, type PhoneResult } from './phone.ts';
// validatePhone with the phone library's international check built in (the contract's helper).
export {
  validatePhone,
  checkInternationalPhone,
  formatPhoneAsYouType,
  phoneCountries,
  dialCodeOf,
  type PhoneCountry,
} from './phone-international.ts';
export { validateName, normaliseName } from './name.ts';
export {
  parseDmy,
  parseIsoDate,
  parseDate,
  formatDmy,
  formatIso,
  toDmy,
  normaliseDateInput,
  isPastDate,
  validateDate,
  validateBirthday,
  type DateParts,
} from './date.ts';
export { isNumberKey, filterNumberInput, roundNumberInput } from './number.ts';
export { normaliseWebsite, validateWebsite } from './website.ts';
export { applyDateTags, dateTagValue, DATE_TAGS, type DateTag } from './date-tags.ts';
export {
  countdownEnd,
  remaining,
  isPast,
  shouldCloseFlipClock,
  isKnownTimezone,
  isValidTimerDate,
  parseUtcOffset,
  type CountdownSpec,
  type FromNowTimer,
  type DateTimer,
  type Remaining,
} from './countdown.ts';
export { tickerAnimationSeconds } from './ticker.ts';
export { normaliseButtonUrl, normaliseMediaUrl, urlScheme } from './button-url.ts';
export {
  validateContactField,
  failedContactRule,
  contactRulesOf,
  captchaAnswer,
  encodeContactFields,
  contactErrorMessage,
  safeRedirectUrl,
  contactResponseId,
  contactErrorId,
  CONTACT_POST,
  CONTACT_RULES,
  CONTACT_FIELDS_WITH_ERROR_DEFAULT,
  type ContactRule,
  type ContactCheckOptions,
} from './contact.ts';
export { parseVideoUrl, videoEmbedUrl, videoPageUrl, type VideoId, type VideoProvider } from './video-url.ts';
export {
  classifyLightboxLink,
  lightboxTitle,
  FILE_SHARING_HOSTS,
  type LightboxExclusion,
  type LightboxItemKind,
  type LightboxLink,
  type LightboxLinkOptions,
  type LightboxTitleSources,
  type LightboxVideo,
} from './lightbox-links.ts';
export { slugifyHeading, uniqueSlug } from './toc.ts';
export { parseTimeCode, formatTime, type FormatTimeOptions } from './time-code.ts';
export { redirectUrl, redirectWithFormData } from './redirect.ts';
export {
  decide,
  verdictOf,
  parseFrequencyRule,
  parseSeen,
  frequencyAllows,
  audienceAllows,
  engagementAllows,
  cookieFilterAllows,
  jsFilterAllows,
  readPath,
  type DecideInput,
  type DisplayRules,
  type FrequencyRule,
  type PoptinKind,
  type RuledPoptin,
  type Seen,
  type Verdict,
  type VisitFacts,
} from './display-rules.ts';
// Gamified pop-ups: the weighted draw (the contract's helper) and the wheel's geometry.
export { pickPrize, isWinningPrize, landingRotation, segmentAtPointer, segmentsOfPrize, gamifiedAutoCloseMs } from './prize.ts';
export type { Prize } from '../schema/prize.ts';
