import type { MessageKey } from '../../../shared/i18n/index.ts';

/**
 * What is wrong with a field: one of our messages (by key, in `lang` when it is not the page's),
 * or a text as it is (one a check gave in its own language).
 */
export type Problem = { key: MessageKey; values?: Record<string, string>; lang?: string } | { text: string; lang?: string };

/**
 * The browser's verdict on a control, in the page's language: `validationMessage` is in the
 * browser's (English on a Hebrew page).
 */
export function nativeProblem(input: Pick<HTMLInputElement, 'validity' | 'type'>): Problem {
  if (!input.validity.valueMissing) return { key: 'fieldInvalid' };
  return { key: input.type === 'checkbox' ? 'checkboxRequired' : 'fieldRequired' };
}
