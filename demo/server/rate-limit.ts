/**
 * Rate limits of the visitor writes (issue 13 item 3) and of wrong admin tokens: fixed windows
 * counted per key (an address, a client, a guessing network). Behind a small interface so that several instances (issue 21) can share the counts
 * later, a table keyed by (key, window start) with an upsert; this in-memory one serves one process.
 */
import { isIPv6 } from 'node:net';
import { SECOND_MS } from '../../shared/constants/time.ts';
import { API_ERROR_CODE } from '../../shared/api/error-codes.ts';
import { RATE_LIMIT } from './constants.ts';
import { HttpError } from './http.ts';

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
  take(key: string, limit: RateLimit): RateDecision;
  /** What `take` would answer, counting nothing: a throttle that counts only failures checks first. */
  peek(key: string, limit: RateLimit): RateDecision;
}

/**
 * Counts in this process's memory. Windows that are over are dropped at most once per
 * RATE_LIMIT.SWEEP_INTERVAL_MS, so a flood of addresses costs memory for one window only.
 */
export function memoryRateLimiter(now: () => number): RateLimiter {
  const windows = new Map<string, { endsAt: number; count: number }>();
  let nextSweep = now() + RATE_LIMIT.SWEEP_INTERVAL_MS;
  /** The key's current window (a fresh one when its last is over), and whether it is full. */
  const decide = (key: string, { max, windowMs }: RateLimit, count: boolean): RateDecision => {
    const time = now();
    if (time >= nextSweep) {
      for (const [name, window] of windows) if (window.endsAt <= time) windows.delete(name);
      nextSweep = time + RATE_LIMIT.SWEEP_INTERVAL_MS;
    }
    let window = windows.get(key);
    if (!window || window.endsAt <= time) {
      if (!count) return { ok: true };
      // Aligned windows: every key's window ends at the same instants, as a shared table's would.
      window = { endsAt: (Math.floor(time / windowMs) + 1) * windowMs, count: 0 };
      windows.set(key, window);
    }
    if (window.count >= max) return { ok: false, retryAfterMs: window.endsAt - time };
    if (count) window.count += 1;
    return { ok: true };
  };
  return {
    take: (key, limit) => decide(key, limit, true),
    peek: (key, limit) => decide(key, limit, false),
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
