/**
 * The business-email check (widget spec section 5, issue 5): the address's domain, and its
 * parents, looked up in the free-mail and disposable domain list, one small shard of it per
 * domain (shared/logic/email-domains.ts), served by the display API and cached by the browser.
 * Loaded only for an email field in a business mode. The best-known free-mail and disposable
 * domains are built in (shared/logic/email-business.ts) and refused without the network; for any
 * other, without a reachable shard the address passes: a lead is never refused because a list
 * did not arrive.
 */
import { FORM } from '../../../shared/constants/widget.ts';
import type { FormField } from '../../../shared/schema/poptin-record.ts';
import type { FormValues } from '../../../machines/poptin/poptin.types.ts';
import type { Problem } from './problem.ts';
import { apiUrl } from '../../../shared/api/url.ts';
import { isBuiltInBlockedDomain } from '../../../shared/logic/email-business.ts';
import { domainShard, domainsToCheck, emailDomain } from '../../../shared/logic/email-domains.ts';

/** Shards fetched by this page (the browser's HTTP cache keeps them across pages). */
const shards = new Map<string, Promise<Set<string> | null>>();

function fetchShard(api: string, id: string): Promise<Set<string> | null> {
  let shard = shards.get(id);
  if (!shard) {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), FORM.EMAIL_DOMAIN_TIMEOUT_MS);
    shard = fetch(apiUrl(api, FORM.EMAIL_DOMAIN_PATH + id), { credentials: 'omit', signal: controller.signal })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((body: { domains?: unknown }) => new Set(Array.isArray(body?.domains) ? body.domains.map(String) : []))
      .catch((error: Error) => {
        console.info(`Kite: business-email check skipped, domain list shard ${id} unavailable: ${error.message}`);
        shards.delete(id);
        return null;
      })
      .finally(() => clearTimeout(timeout));
    shards.set(id, shard);
  }
  return shard;
}

/** True when the address's domain is a free-mail or disposable one. Never rejects. */
export async function isBlockedEmail(email: string, api: string | null): Promise<boolean> {
  const domain = emailDomain(email);
  if (!domain) return false;
  // Here, not in the pop-up's main chunk: the built-in lists are fetched only with a business-mode field.
  if (isBuiltInBlockedDomain(domain)) return true;
  if (!api) {
    console.info('Kite: business-email check skipped: the pop-up has no api to load the domain list from');
    return false;
  }
  const candidates = domainsToCheck(domain);
  const lists = await Promise.all(candidates.map((candidate) => fetchShard(api, domainShard(candidate))));
  return candidates.some((candidate, index) => lists[index]?.has(candidate) ?? false);
}

/**
 * The form's business-mode email fields: an address that passed its other checks is refused with
 * 'Only business emails are allowed' when its domain is on the list (widget spec section 5).
 */
export async function checkBusinessEmails(fields: FormField[], values: FormValues, found: Record<string, Problem>, api: string | null): Promise<void> {
  for (const field of fields) {
    const business = field.kind === 'email' && (field.mode === 'business-email' || field.mode === 'typos-business');
    const email = values[field.extra?.property_name ?? field.key ?? 'email'];
    if (!business || found[field.name] || typeof email !== 'string' || !email) continue;
    if (await isBlockedEmail(email, api)) found[field.name] = { key: 'emailBusiness' };
  }
}
