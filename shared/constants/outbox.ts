/**
 * The lead outbox (issue 5; the spec has none): every lead is stored before it is sent and
 * retried until the server answers. The numbers are ours. (Re-exported by widget.ts; this module
 * imports nothing, so the two never wait on each other.)
 */
export const OUTBOX = {
  /** First retry delay; doubles each try up to the cap. */
  RETRY_BASE_MS: 1_000,
  RETRY_MAX_MS: 60_000,
  /** Each delay is drawn between (1 - this) and 1 times the backoff, so tabs and visitors spread out. */
  RETRY_JITTER: 0.5,
  /** A server's `Retry-After` is honoured up to this long. */
  RETRY_AFTER_MAX_MS: 60 * 60_000,
  /** A send that has not answered by then is aborted and retried. */
  REQUEST_TIMEOUT_MS: 15_000,
  /** A redirect after submit waits at most this long for the answer (the lead stays in the outbox). */
  REDIRECT_WAIT_MS: 2_000,
  /** IndexedDB that has not opened by then (some private modes hang) is given up for local storage. */
  STORAGE_OPEN_TIMEOUT_MS: 3_000,
  /** Without Web Locks, a tab's claim on a lead lapses after this long (a closed tab's claim too). */
  LEASE_MS: 10_000,
  /** A send made while the page goes away (`pagehide`) keeps other tabs off that lead this long. */
  PAGEHIDE_SEND_MS: 3_000,
  /** Local storage key prefix of the marks of sends in flight (one per lead), which other tabs respect. */
  FLIGHT_KEY_PREFIX: 'kite_outbox_flight:',
  /** A claim younger than this is respected even when its tab's lock is not seen yet (lock grants are asynchronous). */
  CLAIM_GRACE_MS: 2_000,
  /** Leads sent at once by one tab. */
  PARALLEL_SENDS: 4,
  /** Refused leads (4xx) are kept with their reason, the newest this many. */
  FAILED_KEPT: 50,
  /** IndexedDB database and object store. */
  DB_NAME: 'kite-outbox',
  DB_STORE: 'leads',
  /** Web Locks names: one per tab that holds leads, one around local storage updates. */
  TAB_LOCK_PREFIX: 'kite-outbox-tab:',
  STORAGE_LOCK: 'kite-outbox-storage',
} as const;
