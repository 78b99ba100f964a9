/**
 * The identity service's cryptography, all node:crypto: scrypt password hashes with a salt per
 * member and a timing-safe compare; random tokens kept only as their SHA-256; and Ed25519-signed
 * JWT access tokens (RFC 7519, `alg: EdDSA`, RFC 8037) with the key pair made at first start.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, randomInt, scrypt, sign, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { IDENTITY_SERVICE } from './constants.ts';

/** scrypt as a promise: the hash runs on libuv's pool, not the request loop. */
function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, IDENTITY_SERVICE.SCRYPT_KEY_BYTES, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<{ hash: string; salt: string }> {
  const salt = randomBytes(IDENTITY_SERVICE.SCRYPT_SALT_BYTES);
  return { hash: (await scryptAsync(password, salt)).toString('hex'), salt: salt.toString('hex') };
}

/** True when `password` hashes to `hash` with `salt`; compared in constant time. */
export async function checkPassword(password: string, hash: string, salt: string): Promise<boolean> {
  const expected = Buffer.from(hash, 'hex');
  const actual = await scryptAsync(password, Buffer.from(salt, 'hex'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A fresh random token, base64url. */
export const randomToken = () => randomBytes(IDENTITY_SERVICE.TOKEN_BYTES).toString('base64url');

/** A verification code of VERIFICATION_CODE_DIGITS digits, leading zeros kept. */
export const verificationCode = () =>
  String(randomInt(10 ** IDENTITY_SERVICE.VERIFICATION_CODE_DIGITS)).padStart(IDENTITY_SERVICE.VERIFICATION_CODE_DIGITS, '0');

/** What the database keeps of a token: its SHA-256, hex. */
export const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** S256 of a PKCE verifier (RFC 7636 section 4.6). */
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The stored key pair, PEM. */
export interface KeyPairPem {
  kid: string;
  privatePem: string;
  publicPem: string;
}

export function generateSigningKey(): KeyPairPem {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    kid: randomBytes(8).toString('hex'),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The access token's claims (RFC 7519 names plus the SDK's subject type, role and instance). */
export interface AccessClaims {
  iss: string;
  sub: string;
  aud: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
  jti: string;
  subjectType: 'MEMBER' | 'VISITOR' | 'APP';
  role: 'none' | 'visitor' | 'member';
  instanceId?: string;
}

const encodeJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export interface Jwt {
  /** The public key as a JWK (RFC 8037), for `/.well-known/jwks.json`. */
  jwk: Record<string, string>;
  sign(claims: AccessClaims): string;
  /** The claims of a token signed by this key and not expired at `nowSeconds`, else null. */
  verify(token: string, nowSeconds: number): AccessClaims | null;
}

export function createJwt({ kid, privatePem, publicPem }: KeyPairPem): Jwt {
  const privateKey: KeyObject = createPrivateKey(privatePem);
  const publicKey: KeyObject = createPublicKey(publicPem);
  const header = encodeJson({ alg: 'EdDSA', typ: 'JWT', kid });
  return {
    jwk: { ...(publicKey.export({ format: 'jwk' }) as Record<string, string>), kid, alg: 'EdDSA', use: 'sig' },
    sign(claims) {
      const body = `${header}.${encodeJson(claims)}`;
      return `${body}.${sign(null, Buffer.from(body), privateKey).toString('base64url')}`;
    },
    verify(token, nowSeconds) {
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== header) return null;
      const signature = Buffer.from(parts[2]!, 'base64url');
      if (!verify(null, Buffer.from(`${parts[0]}.${parts[1]}`), publicKey, signature)) return null;
      try {
        const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as AccessClaims;
        return typeof claims.exp === 'number' && claims.exp > nowSeconds ? claims : null;
      } catch {
        return null;
      }
    },
  };
}
