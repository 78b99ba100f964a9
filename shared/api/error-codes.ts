/**
 * The typed `code` the display API puts beside `error` in the JSON body of every 4xx it answers
 * (`{ "error": "reason for a person", "code": "lead_refused" }`). The lead outbox drops a lead
 * only when the display API itself said, with one of LEAD_REFUSAL_CODES, that the lead can never
 * be taken; any other 4xx (a proxy's bare 403 or 404, a captive portal) is retried like a 5xx.
 */
export const API_ERROR_CODE = {
  /** The request's fields are malformed or out of range; the same request will never be taken. */
  INVALID_REQUEST: 'invalid_request',
  /** The body is over the endpoint's limit. */
  TOO_LARGE: 'too_large',
  /** No such client. */
  UNKNOWN_CLIENT: 'unknown_client',
  /** No such pop-up. */
  UNKNOWN_POPTIN: 'unknown_poptin',
  /** The pop-up exists but is switched off: it takes no lead. */
  INACTIVE_POPTIN: 'inactive_poptin',
  /** The client named does not own the pop-up named. */
  NOT_OWNER: 'not_owner',
  /** Too many requests from this address or for this client (429, with Retry-After). */
  RATE_LIMITED: 'rate_limited',
  /** The owner endpoints' bearer token is missing or wrong (401), or guessed too often (429). */
  UNAUTHORIZED: 'unauthorized',
  /** A preview link that is unsigned, tampered with or expired. */
  BAD_PREVIEW: 'bad_preview',
  /** No such endpoint or method. */
  NOT_FOUND: 'not_found',
} as const;

/**
 * The play call's own code (issue 16), apart from API_ERROR_CODE: the lightbox pop-up carries that
 * table for its outbox, and the game reads no code (any failure is its own draw).
 */
export const PLAY_ERROR_CODE = {
  /** The play call named a pop-up that has no game (or no prize) to draw from. */
  NO_GAME: 'no_game',
} as const;

export type ApiErrorCode =
  | (typeof API_ERROR_CODE)[keyof typeof API_ERROR_CODE]
  | (typeof PLAY_ERROR_CODE)[keyof typeof PLAY_ERROR_CODE];

/** Codes that mean the lead itself is refused for good: the outbox drops it and says why. */
export const LEAD_REFUSAL_CODES: ReadonlySet<string> = new Set<ApiErrorCode>([
  API_ERROR_CODE.INVALID_REQUEST,
  API_ERROR_CODE.TOO_LARGE,
  API_ERROR_CODE.UNKNOWN_CLIENT,
  API_ERROR_CODE.UNKNOWN_POPTIN,
  API_ERROR_CODE.INACTIVE_POPTIN,
  API_ERROR_CODE.NOT_OWNER,
  // A preview's lead under a link that expired or was never the owner's: retrying cannot fix it.
  API_ERROR_CODE.BAD_PREVIEW,
]);

/** True when a 4xx body is the display API's own word that the lead can never be taken. */
export function isLeadRefusal(body: unknown): boolean {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'string' && LEAD_REFUSAL_CODES.has(code);
}
