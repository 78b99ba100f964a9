import { FORM } from '../constants/widget.ts';
import { en } from '../i18n/en.ts';
import { he } from '../i18n/he.ts';

export type PhoneMode = 'basic' | 'advanced' | 'international';

export interface PhoneResult {
  valid: boolean;
  message?: string;
  code?: 'phoneDigits' | 'phoneInvalid' | 'phoneIsraeli';
  formatted?: string;
}

/** Basic mode allows digits with plus, parentheses, hyphens and single spaces (widget spec section 5). */
const BASIC_ALLOWED = /^\+?[\d()\- ]+$/;
const DOUBLE_SPACE = / {2}/;

/** Drops what basic mode does not allow, as the visitor types. */
export const filterPhoneInput = (value: string) => value.replace(/[^\d+()\- ]/g, '').replace(/ {2,}/g, ' ');

/** What is sent: parentheses and spaces removed (widget spec section 5 "Phone on submit"). */
export const normalisePhone = (value: string) => value.replace(/[()\s]/g, '');

/**
 * Israeli numbers (advanced mode): 02, 03, 04, 08, 09 and seven digits, or 050-055, 058,
 * 072-074, 076, 077, 079 and seven digits; single hyphens allowed between digits.
 */
const ISRAELI_PATTERN = /^(?:0[23489]|05[0-58]|07[2-46-79])\d{7}$/;

/**
 * Checks a phone number (widget spec section 5). International mode needs the phone library,
 * which the form loads only when such a field shows; without it this checks the basic shape.
 */
export function validatePhone(value: string, options: { mode?: PhoneMode; country?: string } = {}): PhoneResult {
  const trimmed = value.trim();
  if (options.mode === 'advanced') {
    const valid = !trimmed.includes('--') && ISRAELI_PATTERN.test(trimmed.replace(/-/g, ''));
    return valid ? { valid, formatted: trimmed.replace(/-/g, '') } : { valid, message: he.phoneIsraeli, code: 'phoneIsraeli' };
  }
  const digits = trimmed.replace(/\D/g, '').length;
  const shapeOk = BASIC_ALLOWED.test(trimmed) && !DOUBLE_SPACE.test(trimmed);
  if (!shapeOk || digits < FORM.PHONE_MIN_DIGITS || digits > FORM.PHONE_MAX_DIGITS) {
    return { valid: false, message: en.phoneDigits, code: 'phoneDigits' };
  }
  return { valid: true, formatted: normalisePhone(trimmed) };
}
