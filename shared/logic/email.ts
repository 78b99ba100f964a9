import { FORM } from '../constants/widget.ts';
import { en } from '../i18n/en.ts';

export type EmailMode = 'check-typos' | 'business-email' | 'typos-business';

export interface EmailResult {
  valid: boolean;
  /** The spec's message, in English; `code` names it in the message catalogue. */
  message?: string;
  code?: 'emailTypos' | 'didYouMean';
  /** The corrected address for a misspelled well-known provider. */
  suggestion?: string;
}

/** Basic pattern (widget spec section 5): one @, no spaces, a dotted domain ending in letters. */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;

/** Well-known mail providers whose misspellings get a 'Did you mean' suggestion. */
const WELL_KNOWN_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'live.com',
  'msn.com',
  'protonmail.com',
  'gmx.com',
  'walla.co.il',
  'yandex.com',
] as const;

/** Edits apart a misspelling may be and still count as one. */
const MAX_TYPO_DISTANCE = 2;

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** The corrected full address for a misspelled well-known provider, else null. */
export function suggestEmail(value: string): string | null {
  const at = value.lastIndexOf('@');
  if (at < 1) return null;
  const domain = value.slice(at + 1).toLowerCase();
  if (!domain || (WELL_KNOWN_DOMAINS as readonly string[]).includes(domain)) return null;
  let best: { domain: string; distance: number } | null = null;
  for (const known of WELL_KNOWN_DOMAINS) {
    const distance = editDistance(domain, known);
    if (distance <= MAX_TYPO_DISTANCE && (!best || distance < best.distance)) best = { domain: known, distance };
  }
  return best ? `${value.slice(0, at)}@${best.domain}` : null;
}

/**
 * Checks an address (widget spec section 5). The business modes' disposable-domain check needs
 * the downloaded domain list and lives with the form; here they check the pattern as well.
 */
export function validateEmail(value: string, mode: EmailMode = 'check-typos'): EmailResult {
  const trimmed = value.trim();
  if (trimmed.length > FORM.EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(trimmed)) {
    return { valid: false, message: en.emailTypos, code: 'emailTypos' };
  }
  if (mode !== 'business-email') {
    const suggestion = suggestEmail(trimmed);
    if (suggestion) return { valid: true, suggestion, message: en.didYouMean.replace('{suggestion}', suggestion), code: 'didYouMean' };
  }
  return { valid: true };
}
