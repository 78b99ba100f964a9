import { FORM } from '../constants/widget.ts';
import { widget as en } from '../i18n/languages/en.ts';

/**
 * The advanced check's message, which the spec gives in Hebrew whatever the page's language (the
 * Hebrew file, languages/he.ts, has the same words; a test keeps them equal).
 */
const PHONE_ISRAELI = 'יש להזין מספר טלפון ישראלי תקין';

/** The phone field's `mode` (widget spec section 5). */
export type PhoneMode = 'basic' | 'advanced' | 'international';

export interface PhoneResult {
  valid: boolean;
  /** The spec's message (English; the advanced mode's is Hebrew, as the spec says). */
  message?: string;
  code?: 'phoneDigits' | 'phoneInvalid' | 'phoneIsraeli' | 'phoneInternational';
  /** The number as it is sent. */
  formatted?: string;
}

export interface PhoneOptions {
  mode?: PhoneMode;
  /** International mode: the selected country, ISO 3166-1 alpha-2 (`IL`, `US`). */
  country?: string;
}

/** The international check: the phone library's, supplied by phone-international.ts. */
export type InternationalCheck = (value: string, country: string | undefined) => PhoneResult;

/** Basic mode allows digits with plus, parentheses, hyphens and single spaces (widget spec section 5). */
const BASIC_ALLOWED = /^\+?[\d()\- ]+$/;
const DOUBLE_SPACE = / {2}/;

/** Parentheses and white space removed (widget spec section 5 "Phone on submit"). Idempotent. */
export const normalisePhone = (value: string) => value.replace(/[()\s]/g, '');

/**
 * The number as it is sent (widget spec section 5 "Phone on submit"): parentheses and spaces
 * removed, a leading 0 (the national trunk prefix) stripped, and `+{dial code}` of the selected
 * country prefixed; without a selected country there is no dial code to prefix. A number that
 * already starts with `+`, or with `00` (the international call prefix, which stripping a 0 would
 * break), is sent as typed. Idempotent.
 */
export function phoneForSubmit(value: string, dialCode?: string): string {
  const compact = normalisePhone(value.trim());
  if (compact.startsWith('+') || compact.startsWith('00')) return compact;
  const national = compact.replace(/^0/, '');
  const dial = (dialCode ?? '').replace(/\D/g, '');
  return dial && national ? `+${dial}${national}` : national;
}

/**
 * Israeli numbers (advanced mode): 02, 03, 04, 08, 09 and seven digits, or 050-055, 058,
 * 072-074, 076, 077, 079 and seven digits; single hyphens allowed between digits (never first,
 * last or doubled).
 */
const ISRAELI_PATTERN = /^(?:0[23489]|05[0-58]|07[2-46-79])\d{7}$/;

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/**
 * Checks a phone number (widget spec section 5):
 *
 * - `basic` (default): 7 to 15 digits, with plus, parentheses, hyphens and single spaces;
 * - `advanced`: the Israeli prefixes as listed, no double hyphens, the Hebrew message;
 * - `international`: the phone library's check (`international`, which the form loads only when
 *   such a field shows; `kite-elements/logic` exports a `validatePhone` with it built in).
 *   Without the library it checks 7 to 15 digits, with the international message.
 *
 * Never throws.
 */
export function validatePhone(value: string, options: PhoneOptions = {}, international?: InternationalCheck): PhoneResult {
  const trimmed = String(value).trim();
  if (options.mode === 'advanced') {
    const valid = !/^-|-$|--/.test(trimmed) && ISRAELI_PATTERN.test(trimmed.replace(/-/g, ''));
    return valid ? { valid, formatted: trimmed.replace(/-/g, '') } : { valid, message: PHONE_ISRAELI, code: 'phoneIsraeli' };
  }
  if (options.mode === 'international') {
    if (international) return international(trimmed, options.country);
    const digits = digitCount(trimmed);
    return /^[\d+()\-. ]+$/.test(trimmed) && digits >= FORM.PHONE_MIN_DIGITS && digits <= FORM.PHONE_MAX_DIGITS
      ? { valid: true, formatted: normalisePhone(trimmed) }
      : { valid: false, message: en.phoneInternational, code: 'phoneInternational' };
  }
  const digits = digitCount(trimmed);
  const shapeOk = BASIC_ALLOWED.test(trimmed) && !DOUBLE_SPACE.test(trimmed);
  if (!shapeOk || digits < FORM.PHONE_MIN_DIGITS || digits > FORM.PHONE_MAX_DIGITS) {
    return { valid: false, message: en.phoneDigits, code: 'phoneDigits' };
  }
  return { valid: true, formatted: normalisePhone(trimmed) };
}
