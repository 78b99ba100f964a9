import type { ContactRule } from '../../shared/logic/contact.ts';

/**
 * The element's own texts (English). The spec gives only the error message prefix (in
 * `shared/logic/contact.ts`, `CONTACT_FIELDS_WITH_ERROR_DEFAULT`); these say what is wrong with
 * each field, for `aria-describedby`. A page replaces any of them per field with a
 * `data-error-message` attribute on the field or its wrapper (in its own language).
 */
export const CONTACT_FORM_MESSAGES = {
  /** Under a field whose check failed, by the failing check. */
  rules: {
    is_empty: 'Please fill in this field.',
    is_email: 'Please enter a valid e-mail address.',
    is_ext_email: 'Please enter a valid e-mail address.',
    is_special_email: 'Please enter a valid e-mail address.',
    is_phone: 'Please enter a valid phone number.',
    is_number: 'Please enter a number.',
    is_positiv_number: 'Please enter a number that is not negative.',
    captcha: 'Please enter the right answer.',
  } satisfies Record<ContactRule, string>,
  /** `is_empty` on a checkbox: it must be ticked (a consent box). */
  unticked: 'Please tick this box.',
  /** `is_empty` on a radio group or a select: nothing chosen. */
  unchosen: 'Please choose an option.',
  /** Shown in the error area when the send failed without an error container from the server (offline, server down). */
  sendFailed: 'Your message could not be sent. Please try again.',
} as const;
