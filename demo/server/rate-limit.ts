/**
 * Rate limits of the visitor writes (issue 13 item 3) and of wrong admin tokens: fixed windows
 * counted per key (an address, a client, a guessing network), in the database (migration 011), so
 * that any number of instances on it count the same requests and answer alike (issue 21).
 */
import { isIPv6 } from 'node:net';
import { SECOND_MS } from '../../shared/constants/time.ts';
import { API_ERROR_CODE } from '../../shared/api/error-codes.ts';
import { RATE_LIMIT } from './constants.ts';
import { HttpError } from './http.ts';
import { statement, type Database } from './database.ts';

/** At most `max` requests per `windowMs` for one key. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** The limits a server applies; `startServer`'s `rateLimits` option overrides them one by one. */
export interface RateLimits {
  /** Visitor writes from one network (an IPv4 address, an IPv6 /64). */
  perAddress: RateLimit;
  /** Visitor writes naming one client, from everywhere together. */
  perClient: RateLimit;
}

/** Taken, or refused until the window ends. */
export type RateDecision = { ok: true } | { ok: false; retryAfterMs: number };

export interface RateLimiter {
  /** Counts one request for `key`; refused when the key already had `limit.max` in this window. */
  take(key: string, limit: RateLimit): Promise<RateDecision>;
  /** What `take` would answer, counting nothing: a throttle that counts only failures checks first. */
  peek(key: string, limit: RateLimit): Promise<RateDecision>;
}

// Insert or bump, one statement: requests racing on several instances each get their own count.
const bump = statement<[string, number], { hits: number }>(
  `INSERT INTO rate_windows (key, window_end, hits) VALUES (?, ?, 1)
   ON CONFLICT (key, window_end) DO UPDATE SET hits = rate_windows.hits + 1 RETURNING hits`,
);
const hitsOf = statement<[string, number], { hits: number }>('SELECT hits FROM rate_windows WHERE key = ? AND window_end = ?');
const sweep = statement<[number]>('DELETE FROM rate_windows WHERE window_end <= ?');

/**
 * Counts in the database's `rate_windows`. Windows are aligned (every key's window ends at the
 * same instants), so instances agree on them; windows that are over are deleted at most once per
 * RATE_LIMIT.SWEEP_INTERVAL_MS by each instance, so a flood of addresses costs rows for one window only.
 */
export function databaseRateLimiter(db: Database, now: () => number): RateLimiter {
  let nextSweep = now() + RATE_LIMIT.SWEEP_INTERVAL_MS;
  const windowEnd = (time: number, windowMs: number) => (Math.floor(time / windowMs) + 1) * windowMs;
  const refusal = (hits: number, { max }: RateLimit, end: number, time: number): RateDecision =>
    hits > max ? { ok: false, retryAfterMs: end - time } : { ok: true };
  return {
    async take(key, limit) {
      const time = now();
      if (time >= nextSweep) {
        nextSweep = time + RATE_LIMIT.SWEEP_INTERVAL_MS;
        await sweep.run(db, time);
      }
      const end = windowEnd(time, limit.windowMs);
      const { hits } = (await bump.get(db, key, end))!;
      return refusal(hits, limit, end, time);
    },
    async peek(key, limit) {
      const time = now();
      const end = windowEnd(time, limit.windowMs);
      // The next request would be hit number hits + 1.
      return refusal(((await hitsOf.get(db, key, end))?.hits ?? 0) + 1, limit, end, time);
    },
  };
}

/**
 * Throws 429 `rate_limited` with `Retry-After` (whole seconds, at least 1) when `decision` is a
 * refusal; `what` opens the message ("too many requests from this address").
 */
export function enforce(decision: RateDecision, what: string): void {
  if (decision.ok) return;
  const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / SECOND_MS));
  throw new HttpError(429, `${what}; retry after ${seconds} s`, {
    code: API_ERROR_CODE.RATE_LIMITED,
    headers: { 'Retry-After': String(seconds) },
  });
}

/** An IPv6 address's eight groups, `::` expanded. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}

/**
 * The network an address stands for when counting: an IPv4 address itself; an IPv6 address by
 * its /64, since one subscriber is handed a whole /64 and can use any address in it.
 */
export function networkOf(address: string): string {
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address.split('%')[0]!).slice(0, RATE_LIMIT.IPV6_PREFIX_GROUPS);
  return `${groups.map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/${RATE_LIMIT.IPV6_PREFIX_GROUPS * 16}`;
}
