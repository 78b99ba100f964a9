import { FORM } from '../constants/widget.ts';
import { en } from '../i18n/en.ts';

/** A required name: 1 to 40 characters, no digits or angle brackets (widget spec section 5). */
export function validateName(value: string, required: boolean): { valid: boolean; message?: string; code?: 'nameLength' } {
  const trimmed = value.trim();
  if (!required && trimmed === '') return { valid: true };
  const ok =
    trimmed.length >= FORM.REQUIRED_NAME_MIN && trimmed.length <= FORM.REQUIRED_NAME_MAX && !/[\d<>]/.test(trimmed);
  return ok ? { valid: true } : { valid: false, message: en.nameLength, code: 'nameLength' };
}
