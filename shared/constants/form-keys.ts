import type { FieldKind } from '../schema/poptin-record.ts';
import { CORE_FORM_KEY } from './widget.ts';

/**
 * The key each field kind's value is posted under in the conversion call (widget spec section 3
 * "Form fields and submission"): the one table the pop-up's forms post by and the conversion
 * schema (shared/api/schemas.ts) names, so the server reads the keys the forms send. The core
 * form's kinds come from CORE_FORM_KEY, on the start path; the others load with their fields
 * (components/poptin/form/fields.tsx). A custom field posts under its property name or key, a
 * `text` field under its key, else its name.
 */
const FORM_KEYS = {
  ...CORE_FORM_KEY,
  birthday: 'birthday',
  date: 'date',
  // The payload's `url` is the page's address (section 7): the website field goes as `website`.
  url: 'website',
  radio: 'radio',
  select: 'select',
  checkbox_group: 'checkbox',
  number: 'number',
} as const;
/** Indexed by a kind, a kind without a key of its own (`text`, `call`...) gives undefined. */
export const FORM_KEY: typeof FORM_KEYS & Partial<Record<FieldKind, string>> = FORM_KEYS;
