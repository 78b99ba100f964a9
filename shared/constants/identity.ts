/**
 * The identity SDK's numbers, codes and messages, spec 001 (content site). Section 9 "Business
 * constants and limits" (row "Identity SDK") gives the numbers; section 8 "The error catalogue"
 * (part "Identity SDK") the auth codes and the messages, word for word; section 7 "The calls it
 * makes" the API version. Nothing else in the tree writes these values.
 */

/** Section 9, row "Identity SDK". */
export const IDENTITY = {
  /** A list call that names no limit asks for this many items. */
  PAGE_LIMIT_DEFAULT: 50,
  /** The silent OAuth flow gives up after this long ("OAuth flow timed out"). */
  OAUTH_TIMEOUT_MS: 120_000,
  /** A PKCE code verifier has at least this many characters (RFC 7636 section 4.1 agrees)... */
  PKCE_VERIFIER_MIN_LENGTH: 43,
  /** ...and at most this many. */
  PKCE_VERIFIER_MAX_LENGTH: 128,
  /** A URL whose query string is longer than this is sent by the fallback (a POST with the parameters as a form body). */
  URL_PARAMS_MAX_CHARS: 4000,
  /** Section 7: the API version of `/graphql/{apiVersion}` when the caller names none. */
  GRAPHQL_API_VERSION_DEFAULT: 'alpha',
} as const;

/**
 * Section 8, "Auth codes", as the source has them (missing captcha -19971, invalid -19970). The
 * service answers them as an application error's `code`; the login machine reads them.
 */
export const AUTH_ERROR_CODE = {
  MISSING_CAPTCHA: '-19971',
  INVALID_CAPTCHA: '-19970',
  EMAIL_EXISTS: '-19995',
  INVALID_PASSWORD: '-19976',
  RESET_PASSWORD: '-19973',
} as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODE)[keyof typeof AUTH_ERROR_CODE];

/** Section 8's identity messages, word for word; developer-facing (thrown errors), so not translated. */
export const IDENTITY_MESSAGE = {
  /** The code of a validation error. */
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
  /** Followed by the request id of the failed call. */
  SYSTEM_ERROR_PREFIX: 'System error occurred, request-id: ',
  OAUTH_TIMED_OUT: 'OAuth flow timed out',
  AUTH_TOKEN_UNRESOLVED: 'Failed to resolve auth token',
  JWT_NOT_VALID: 'JWT not valid',
  SERVICE_PLUGIN_MULTIPLE: 'Multiple service plugin implementations found',
  SERVICE_PLUGIN_MISSING: 'No service plugin implementation found',
  CONTEXT_NOT_INITIALISED: 'The context is not available and must be initialised before using SDK modules',
  ELEVATED_CLIENT_REQUIRED: 'an elevated client is required for elevated modules',
  FETCH_WITH_AUTH_UNAVAILABLE: 'fetchWithAuth is not available in this context',
  GRAPHQL_UNAVAILABLE: 'graphql is not available in this context',
  /** `{status}` is the answer's HTTP status. */
  GRAPHQL_FAILED: 'GraphQL request failed with status {status}',
  /** Section 5: a verifier of another length; the bounds are IDENTITY's. */
  PKCE_VERIFIER_LENGTH: 'PKCE code verifier length must be between {min} and {max} characters',
} as const;
