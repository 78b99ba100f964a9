/**
 * Values the server signs and later takes back from anyone (issue 13): the converted value a
 * conversion answers (it hides a stop-showing pop-up from the browser that holds it) and the
 * owner's preview links. A token is `<claims>.<mac>`, both base64url: the claims are JSON, the mac
 * is HMAC-SHA256 of the claims part with the database's key. Anyone can read the claims; nobody
 * without the key can make or change them.
 *
 * Verifying does the same work for any input (one HMAC, one constant-time comparison of equal
 * lengths), so a made-up token is answered exactly like no token, in the same time.
 */
import { SECOND_MS } from '../../shared/constants/time.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token is for: a token of one kind is never accepted as the other. */
export type TokenKind = 'converted' | 'preview';

export interface Claims {
  kind: TokenKind;
  /** The client the token belongs to. */
  client: string;
  /** The pop-up it names. */
  poptin: string;
  /** Unix time (seconds) after which it is refused. */
  expires: number;
  /** Preview only: the conversions of this preview are stored. */
  storeLeads?: boolean;
}

/** Why a token was refused: `invalid` (unsigned, tampered, another kind or client) or `expired`. */
export type Verified = { ok: true; claims: Claims } | { ok: false; reason: 'invalid' | 'expired' };

/** The claims as sent, with short keys: tokens travel in URLs and on every display call. */
interface Wire {
  k: TokenKind;
  c: string;
  p: string;
  x: number;
  s?: 1;
}

export interface Signer {
  /** A token for `claims` without `expires`, valid `ttlSeconds` from now. */
  sign(claims: Omit<Claims, 'expires'>, ttlSeconds: number): { token: string; expires: number };
  /** The claims of `token` when it is ours, of `kind`, for `client`, and not expired. */
  verify(token: string, kind: TokenKind, client: string): Verified;
}

const INVALID: Verified = { ok: false, reason: 'invalid' };

function parseClaims(part: string): Claims | null {
  try {
    const wire = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Partial<Wire>;
    if (typeof wire.k !== 'string' || typeof wire.c !== 'string' || typeof wire.p !== 'string' || typeof wire.x !== 'number') return null;
    return { kind: wire.k, client: wire.c, poptin: wire.p, expires: wire.x, ...(wire.s === 1 ? { storeLeads: true } : {}) };
  } catch {
    return null;
  }
}

export function createSigner(key: Buffer, now: () => number = Date.now): Signer {
  const mac = (part: string) => createHmac('sha256', key).update(part, 'utf8').digest();
  const nowSeconds = () => Math.floor(now() / SECOND_MS);
  return {
    sign(claims, ttlSeconds) {
      const expires = nowSeconds() + ttlSeconds;
      const wire: Wire = { k: claims.kind, c: claims.client, p: claims.poptin, x: expires, ...(claims.storeLeads ? { s: 1 as const } : {}) };
      const part = Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
      return { token: `${part}.${mac(part).toString('base64url')}`, expires };
    },
    verify(token, kind, client) {
      const dot = token.lastIndexOf('.');
      const part = dot < 0 ? token : token.slice(0, dot);
      const expected = mac(part);
      // Copied into a buffer of the expected length, so the comparison runs whatever was sent.
      const given = Buffer.alloc(expected.length);
      const sent = Buffer.from(dot < 0 ? '' : token.slice(dot + 1), 'base64url');
      sent.copy(given);
      const signed = timingSafeEqual(given, expected) && sent.length === expected.length;
      if (!signed) return INVALID;
      const claims = parseClaims(part);
      if (!claims || claims.kind !== kind || claims.client !== client) return INVALID;
      return claims.expires > nowSeconds() ? { ok: true, claims } : { ok: false, reason: 'expired' };
    },
  };
}
