/**
 * The checks and values of the core fields (email, names, phone, checkbox) on a submit, and the
 * email's typo suggestion. Loaded after the pop-up's first frame (poptin.form.tsx), so the email,
 * name and phone rules are not on the path to showing it (issue 22, item 2).
 */
import type { FieldKind, FormField } from '../../../shared/schema/poptin-record.ts';
import { normaliseEmail, validateEmail, type EmailMode } from '../../../shared/logic/email.ts';
import { normaliseName, validateName } from '../../../shared/logic/name.ts';
import { phoneForSubmit, validatePhone } from '../../../shared/logic/phone.ts';
import { nativeProblem, type Problem } from './problem.ts';

type Control = HTMLInputElement | HTMLTextAreaElement;

const isName = (kind: FieldKind) => kind === 'name' || kind === 'first_name' || kind === 'last_name';

/** The email's "Did you mean" suggestion as typed (not in business mode), or null. */
export const emailSuggestion = (field: FormField, value: string) => (field.mode === 'business-email' ? null : (validateEmail(value).suggestion ?? null));

/** Checks a core field the way the spec says; returns the problem, or null. */
export function checkCore(field: FormField, input: Control): Problem | null {
  const value = input.value;
  if (field.kind === 'checkbox') {
    return field.required && !(input as HTMLInputElement).checked ? nativeProblem(input) : null;
  }
  if (value.trim() === '') return field.required ? nativeProblem(input) : null;
  if (field.kind === 'email') {
    return validateEmail(value, field.mode as EmailMode).valid ? null : { key: 'emailTypos' };
  }
  if (isName(field.kind)) return validateName(value, field.required ?? false).valid ? null : { key: 'nameLength' };
  if (field.kind === 'phone') {
    return validatePhone(value).valid ? null : { key: field.phone_message === 'valid' ? 'phoneInvalid' : 'phoneDigits' };
  }
  return input.checkValidity() ? null : nativeProblem(input);
}

/** A core field's submitted value; '' when it has none. */
export function valueOfCore(field: FormField, input: Control): string {
  if (field.kind === 'checkbox') return (input as HTMLInputElement).checked ? '1' : '0';
  const value = input.value.trim();
  if (field.kind === 'email') return normaliseEmail(value);
  if (field.kind === 'phone') return phoneForSubmit(value);
  return isName(field.kind) ? normaliseName(value) : value;
}
