import { FORM } from '../constants/widget.ts';
import { widget as en } from '../i18n/languages/en.ts';

/**
 * A name (widget spec section 5): at most 254 characters; a required one 1 to 40 characters
 * without digits or angle brackets ('Please enter at least 2 or more characters'). Never throws.
 */
export function validateName(value: string, required: boolean): { valid: boolean; message?: string; code?: 'nameLength' } {
  const trimmed = String(value).trim();
  if (!required && trimmed === '') return { valid: true };
  const ok = required
    ? trimmed.length >= FORM.REQUIRED_NAME_MIN && trimmed.length <= FORM.REQUIRED_NAME_MAX && !/[\d<>]/.test(trimmed)
    : trimmed.length <= FORM.NAME_MAX_LENGTH;
  return ok ? { valid: true } : { valid: false, message: en.nameLength, code: 'nameLength' };
}

/** What is sent: trimmed, runs of white space made one space. Idempotent. */
export const normaliseName = (value: string): string => String(value).trim().replace(/\s+/g, ' ');
