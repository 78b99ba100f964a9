/**
 * The reference identity service's own numbers (the spec's are in shared/constants/identity.ts):
 * lifetimes of its one-time values and tokens, its scrypt cost and its captcha threshold.
 */
import { SECOND_MS } from '../../../shared/constants/time.ts';

const MINUTE_MS = 60 * SECOND_MS;

export const IDENTITY_SERVICE = {
  /** The path prefix of every identity endpoint on the demo server (`/identity/v2/login`). */
  PREFIX: '/identity',
  /** An authorization code is single-use and lives this long (RFC 6749 section 4.1.2 recommends at most 10 minutes). */
  CODE_TTL_MS: MINUTE_MS,
  /** An access token's life. */
  ACCESS_TOKEN_TTL_MS: 15 * MINUTE_MS,
  /** A refresh token's life (each refresh rotates it). */
  REFRESH_TOKEN_TTL_MS: 30 * 24 * 60 * MINUTE_MS,
  /** A login in progress (its state token), a session token and a verification code live this long. */
  STATE_TTL_MS: 30 * MINUTE_MS,
  /** A recovery link's life. */
  RECOVERY_TTL_MS: 60 * MINUTE_MS,
  /** A captcha challenge's life. */
  CAPTCHA_TTL_MS: 5 * MINUTE_MS,
  /** The demo's members page: its mails link to it (the page finishes a verification or a recovery from the link's parameters). */
  MEMBERS_PAGE: '/members/',
  /** The browser session on the identity service's origin (the silent flow reads it). */
  SESSION_TTL_MS: 24 * 60 * MINUTE_MS,
  /** From this many failed logins in a row on one email, a login must carry a solved captcha. */
  CAPTCHA_AFTER_FAILED_LOGINS: 3,
  /** Verification codes: this many digits. */
  VERIFICATION_CODE_DIGITS: 6,
  /** Random tokens (state, session, refresh, codes): this many bytes, base64url. */
  TOKEN_BYTES: 32,
  /** scrypt's salt bytes and key length; N, r and p are node's defaults (N = 16384, r = 8, p = 1). */
  SCRYPT_SALT_BYTES: 16,
  SCRYPT_KEY_BYTES: 64,
  /** Passwords: length bounds. */
  PASSWORD_MIN_LENGTH: 8,
  PASSWORD_MAX_LENGTH: 256,
  /**
   * The page cookie a site sets to the member's access token so that the widget's display call (which
   * sends the page's `poptin_` cookies) gets the members-only pop-ups (demo/public/members/members.js).
   */
  MEMBER_COOKIE: 'poptin_member',
  /** The session cookie on the identity service's origin. */
  SESSION_COOKIE: 'kite_idp_session',
} as const;

/**
 * Codes of the service's own refusals beside the spec's auth codes (AUTH_ERROR_CODE); the OAuth
 * ones are RFC 6749 section 5.2's and 4.1.2.1's.
 */
export const SERVICE_ERROR_CODE = {
  INVALID_CODE: 'INVALID_VERIFICATION_CODE',
  INVALID_STATE_TOKEN: 'INVALID_STATE_TOKEN',
  INVALID_RECOVERY_TOKEN: 'INVALID_RECOVERY_TOKEN',
  FACTOR_NOT_ENROLLED: 'FACTOR_NOT_ENROLLED',
  UNKNOWN_IDENTITY: 'UNKNOWN_IDENTITY',
  INVALID_TOKEN: 'INVALID_TOKEN',
  INVALID_GRANT: 'invalid_grant',
  INVALID_CLIENT: 'invalid_client',
  INVALID_REQUEST: 'invalid_request',
  LOGIN_REQUIRED: 'login_required',
} as const;

/** The GraphQL endpoint (`/graphql/{apiVersion}`, spec 001 section 7). */
export const GRAPHQL_SERVICE = {
  /** The API versions served; IDENTITY.GRAPHQL_API_VERSION_DEFAULT is one of them. */
  VERSIONS: ['alpha'],
  /** The most members one list call returns, whatever it asks for. */
  PAGE_LIMIT_MAX: 100,
  /** Queries longer than this are refused before parsing. */
  QUERY_MAX_CHARS: 10_000,
} as const;
