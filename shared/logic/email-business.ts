import { BUILT_IN_DISPOSABLE_DOMAINS } from './email-disposable.ts';
import { domainsToCheck } from './email-domains.ts';
import { validateEmail as validateEmailWith, type EmailMode, type EmailOptions, type EmailResult } from './email.ts';

/**
 * The best-known free-mail providers (the top of demo/email-domains/free-mail.txt), so that
 * `kite-elements/logic`'s `validateEmail(v, 'business-email')` refuses them, and with
 * `BUILT_IN_DISPOSABLE_DOMAINS` the common throw-away services, without a network. The pop-up
 * refuses them too, in its lazily loaded business-email chunk, before it checks the full
 * free-mail and disposable list, one downloaded shard per check (email-domains.ts), so a list
 * that does not arrive lets none of them through.
 */
export const BUILT_IN_FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'ymail.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'protonmail.com',
  'proton.me',
]);

/** A free-mail or disposable domain of the built-in sets, or a sub-domain of one (`x.mailinator.com`). */
export const isBuiltInBlockedDomain = (domain: string): boolean =>
  domainsToCheck(domain).some((candidate) => BUILT_IN_FREE_MAIL_DOMAINS.has(candidate) || BUILT_IN_DISPOSABLE_DOMAINS.has(candidate));

/**
 * `validateEmail` of the contract: as shared/logic/email.ts, with the business modes refusing
 * `BUILT_IN_FREE_MAIL_DOMAINS` and `BUILT_IN_DISPOSABLE_DOMAINS` (and their sub-domains) unless
 * the caller passes its own `isBlockedDomain` (the full list, as the widget does). Never throws.
 */
export function validateEmail(value: string, mode?: EmailMode, options: EmailOptions = {}): EmailResult {
  return validateEmailWith(value, mode, { isBlockedDomain: isBuiltInBlockedDomain, ...options });
}
