/**
 * The business-email check's domain list, sharded (issue 5): the free-mail and disposable domain
 * list is far too big to download (704 KB gzipped for the full disposable list), so the server
 * splits it by the first hex digits of a hash of each domain and one check downloads only the
 * shard its domain falls in. The widget and the reference server both use these functions, so
 * they always agree on the shard of a domain.
 */
import { FORM } from '../constants/widget.ts';

/** 32-bit FNV-1a over the UTF-16 code units: small, fast and well spread for short keys. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The domain of an address, lower-cased, or null when there is no `@` with text after it. */
export function emailDomain(value: string): string | null {
  const at = value.lastIndexOf('@');
  const domain = at < 0 ? '' : value.slice(at + 1).trim().toLowerCase();
  return domain || null;
}

/** A domain as the list holds it: trimmed, lower-cased, without a trailing dot. Idempotent. */
export const normaliseDomain = (domain: string): string => domain.toLowerCase().replace(/[\s.]+$/, '').trim();

/** The shard a domain is in: `FORM.EMAIL_DOMAIN_SHARD_HEX_DIGITS` lower-case hex digits. */
export function domainShard(domain: string, digits: number = FORM.EMAIL_DOMAIN_SHARD_HEX_DIGITS): string {
  return fnv1a(normaliseDomain(domain)).toString(16).padStart(8, '0').slice(0, digits);
}

/** A shard id as the server accepts it. */
export const isShardId = (id: string, digits: number = FORM.EMAIL_DOMAIN_SHARD_HEX_DIGITS): boolean =>
  id.length === digits && /^[0-9a-f]+$/.test(id);

/**
 * The domains to look up for an address's domain: the domain itself and its parents down to two
 * labels (`a.b.mailinator.com` is blocked when `mailinator.com` is), at most 3, so a check needs
 * at most 3 shards and usually one.
 */
export function domainsToCheck(domain: string): string[] {
  const labels = normaliseDomain(domain).split('.').filter(Boolean);
  if (labels.length < 2) return [];
  const out = [labels.join('.')];
  if (labels.length > 3) out.push(labels.slice(-3).join('.'));
  if (labels.length > 2) out.push(labels.slice(-2).join('.'));
  return out;
}

/** Splits a domain list into shards (what the server serves): shard id to sorted, unique domains. */
export function shardDomains(domains: Iterable<string>, digits: number = FORM.EMAIL_DOMAIN_SHARD_HEX_DIGITS): Map<string, string[]> {
  const shards = new Map<string, Set<string>>();
  for (const raw of domains) {
    const domain = normaliseDomain(raw);
    if (!domain || domain.startsWith('#')) continue;
    const id = domainShard(domain, digits);
    let set = shards.get(id);
    if (!set) shards.set(id, (set = new Set()));
    set.add(domain);
  }
  return new Map([...shards].map(([id, set]) => [id, [...set].sort()]));
}
