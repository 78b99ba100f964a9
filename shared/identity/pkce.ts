/**
 * PKCE (RFC 7636) with the S256 method, through Web Crypto only: a verifier of 43 to 128
 * unreserved characters (spec 001 section 5; a length outside raises an error), and its
 * challenge BASE64URL(SHA-256(verifier)).
 */
import { IDENTITY, IDENTITY_MESSAGE } from '../constants/identity.ts';
import { sdkError } from './errors.ts';

/** RFC 7636 section 4.1: ALPHA / DIGIT / "-" / "." / "_" / "~". */
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
/** The largest multiple of the alphabet's size below 256: bytes above it are dropped, so every character is equally likely. */
const UNBIASED_BYTE_LIMIT = 256 - (256 % UNRESERVED.length);
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]*$/;

export const PKCE_METHOD = 'S256';

/** Raises the spec's error for a verifier of another length (or with a character RFC 7636 forbids). */
export function assertVerifier(verifier: string): void {
  const { PKCE_VERIFIER_MIN_LENGTH: min, PKCE_VERIFIER_MAX_LENGTH: max } = IDENTITY;
  if (verifier.length < min || verifier.length > max || !VERIFIER_PATTERN.test(verifier)) {
    throw sdkError(IDENTITY_MESSAGE.PKCE_VERIFIER_LENGTH.replace('{min}', String(min)).replace('{max}', String(max)), 'INVALID_ARGUMENT');
  }
}

/** A random verifier of `length` characters (default the longest allowed). */
export function createVerifier(length: number = IDENTITY.PKCE_VERIFIER_MAX_LENGTH): string {
  let verifier = '';
  while (verifier.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < UNBIASED_BYTE_LIMIT && verifier.length < length) verifier += UNRESERVED[byte % UNRESERVED.length];
    }
  }
  assertVerifier(verifier);
  return verifier;
}

/** Base64url without padding (RFC 7636 appendix A). */
export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The S256 challenge of `verifier`. */
export async function challengeOf(verifier: string): Promise<string> {
  assertVerifier(verifier);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/** A fresh verifier and its challenge: keep the verifier, send the challenge. */
export async function createPkce(length?: number): Promise<{ verifier: string; challenge: string; method: typeof PKCE_METHOD }> {
  const verifier = createVerifier(length);
  return { verifier, challenge: await challengeOf(verifier), method: PKCE_METHOD };
}
