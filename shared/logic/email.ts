import { FORM } from '../constants/widget.ts';
import { widget as en } from '../i18n/languages/en.ts';

/** The email field's `mode` (widget spec section 5): typo checking is the default. */
export type EmailMode = 'check-typos' | 'business-email' | 'typos-business';

export interface EmailResult {
  valid: boolean;
  /** The spec's message, in English; `code` names it in the message catalogue. */
  message?: string;
  code?: 'emailTypos' | 'didYouMean' | 'emailBusiness';
  /** The corrected address for a misspelled well-known provider. */
  suggestion?: string;
}

export interface EmailOptions {
  /**
   * True when a domain is on the free-mail and disposable list. The list is downloaded on demand
   * (one shard per check, see email-domains.ts), so the caller looks the domain up and passes the
   * answer here; without it the business modes check the address's shape only.
   */
  isBlockedDomain?: (domain: string) => boolean;
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

/** What is sent: trimmed, the domain lower-cased (mailbox names may be case-sensitive). Idempotent. */
export function normaliseEmail(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : trimmed.slice(0, at + 1) + trimmed.slice(at + 1).toLowerCase();
}

/** The corrected full address for a misspelled well-known provider, else null. */
export function suggestEmail(value: string): string | null {
  const at = value.lastIndexOf('@');
  if (at < 1) return null;
  const domain = value.slice(at + 1).toLowerCase();
  // A domain far longer than any provider's cannot be one edit away: skip the distance work.
  if (!domain || domain.length > 20 || (WELL_KNOWN_DOMAINS as readonly string[]).includes(domain)) return null;
  let best: { domain: string; distance: number } | null = null;
  for (const known of WELL_KNOWN_DOMAINS) {
    const distance = editDistance(domain, known);
    if (distance <= MAX_TYPO_DISTANCE && (!best || distance < best.distance)) best = { domain: known, distance };
  }
  return best ? `${value.slice(0, at)}@${best.domain}` : null;
}

/**
 * Checks an address (widget spec section 5) in one of the three modes:
 *
 * - `check-typos` (default, and for any unknown mode): the basic pattern ('There are typos in
 *   the email'), then a 'Did you mean X?' suggestion for a misspelled well-known provider (the
 *   address stays valid: the suggestion is a hint);
 * - `business-email`: the pattern, then 'Only business emails are allowed' for a free-mail or
 *   disposable domain (`options.isBlockedDomain`);
 * - `typos-business`: both.
 *
 * Never throws.
 */
export function validateEmail(value: string, mode: EmailMode = 'check-typos', options: EmailOptions = {}): EmailResult {
  const trimmed = String(value).trim();
  if (trimmed.length > FORM.EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(trimmed)) {
    return { valid: false, message: en.emailTypos, code: 'emailTypos' };
  }
  const business = mode === 'business-email' || mode === 'typos-business';
  if (business && options.isBlockedDomain?.(trimmed.slice(trimmed.lastIndexOf('@') + 1).toLowerCase())) {
    return { valid: false, message: en.emailBusiness, code: 'emailBusiness' };
  }
  if (mode !== 'business-email') {
    const suggestion = suggestEmail(trimmed);
    if (suggestion) return { valid: true, suggestion, message: en.didYouMean.replace('{suggestion}', suggestion), code: 'didYouMean' };
  }
  return { valid: true };
}
