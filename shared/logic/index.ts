/** `kite-elements/logic`: pure helpers (validators, pickers, parsers), no DOM, no network. */
export { validateEmail, suggestEmail, type EmailMode, type EmailResult } from './email.ts';
export { validatePhone, filterPhoneInput, normalisePhone, type PhoneMode, type PhoneResult } from './phone.ts';
export { validateName } from './name.ts';
export { applyDateTags, dateTagValue, DATE_TAGS, type DateTag, type DateTagLanguage } from './date-tags.ts';
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
export { parseTimeCode, formatTime, type FormatTimeOptions } from './time-code.ts';
