import { VIDEO_EMBED_ORIGINS } from '../../shared/logic/video-url.ts';
import { COOKIE } from '../../shared/constants/widget.ts';
import { SECOND_MS } from '../../shared/constants/time.ts';
import { RECORD_LIMITS } from '../../shared/constants/record.ts';
import { API_LIMITS } from '../../shared/api/schemas.ts';

/**
 * Limits and settings of the reference server. These are ours, not the spec's (the spec gives no
 * server limits); field limits of the request bodies live in shared/api/schemas.ts.
 */
export const SERVER = {
  /** Largest request body of an endpoint that names no limit of its own; more is answered 413. */
  BODY_MAX_BYTES: 64 * 1024,
  /** Most leads one admin call returns; `next_cursor` pages through the rest. */
  LEADS_MAX: 1_000,
  /** Longest `cursor` read; the ones the server gives are far shorter. */
  LEADS_CURSOR_MAX_CHARS: 64,
  /** A slow client gets this long to send its headers and its whole request. */
  HEADERS_TIMEOUT_MS: 10_000,
  REQUEST_TIMEOUT_MS: 30_000,
  /**
   * A graceful stop (SIGTERM, `close()`) lets requests in flight finish this long, then drops what
   * is left: a whole request timeout, so only a stalled client is cut off.
   */
  SHUTDOWN_GRACE_MS: 30_000,
  /** Browsers may cache a CORS preflight answer this long. */
  PREFLIGHT_MAX_AGE_S: 600,
  /** Lifetime of the demo store's cart cookie. */
  CART_COOKIE_MAX_AGE_S: 14 * 24 * 60 * 60,
  /** Browsers and CDNs keep a content-hashed chunk (`/kite/chunks/name-HASH.js`) this long: its name changes with its bytes. */
  IMMUTABLE_MAX_AGE_S: 365 * 24 * 60 * 60,
  /** Smaller text files are sent as they are: compressing them saves less than the header costs. */
  COMPRESS_MIN_BYTES: 1_024,
  /**
   * Brotli level of the compressed copies: 5 is about gzip -9's size in a few milliseconds for the
   * largest chunk; 11 saves a tenth more and takes most of a second, which the first visitor after
   * a start would wait for.
   */
  BROTLI_QUALITY: 5,
  /** Compressed copies of static files kept in memory (keyed by content), at most this many bytes. */
  COMPRESSED_CACHE_MAX_BYTES: 32 * 1024 * 1024,
  /** Cookie that names the visitor's cart on the demo origin. */
  CART_COOKIE: 'cart',
  /** Cookie that names the visitor's Wix-style cart on the demo origin (a store of its own, so a cart of its own). */
  WIX_CART_COOKIE: 'wix_cart',
} as const;

/**
 * Rate limits of the visitor writes (viewed, conversion, closed, conversion-activities,
 * total-website-session, save-ordered-products, limitLogs, the contact form and the cart writes):
 * fixed windows, answered 429 with `Retry-After` and code `rate_limited`. Generous: a visitor's
 * page sends a handful of writes, and a refused lead is not lost (the outbox retries after
 * Retry-After). `startServer({ rateLimits })` overrides them.
 */
export const RATE_LIMIT = {
  WINDOW_MS: 60_000,
  /**
   * Writes per window from one network (100 a second): many visitors can share one address (an
   * office, a carrier-grade NAT), and the lead-delivery suite's 1000 leads with their retries, all
   * from 127.0.0.1, stay below it. Forged views are bounded by VIEW_COUNT, not by this.
   */
  PER_ADDRESS_MAX: 6_000,
  /** Writes per window naming one client, from every network together: a flood spread over many addresses. */
  PER_CLIENT_MAX: 30_000,
  /** How often each instance deletes the windows that are over (rate_windows). */
  SWEEP_INTERVAL_MS: 60_000,
  /** An IPv6 address counts by its first 4 groups (its /64): one subscriber holds a whole /64. */
  IPV6_PREFIX_GROUPS: 4,
} as const;

/**
 * How views count against a client's `max_views` (issue 13 item 3), so forged viewed calls cannot
 * use them up: one view per viewer (the visitor id, else the network) per pop-up per period, and
 * at most VIEWERS_PER_NETWORK_MAX viewers per network per pop-up per period (forgers minting
 * fresh visitor ids). Views over these are answered but neither stored nor counted.
 */
export const VIEW_COUNT = {
  /** The spec's viewed marker lives a day (COOKIE.MARKER_DAYS): the widget itself re-counts a visitor after that. */
  PERIOD_MS: COOKIE.MARKER_DAYS * COOKIE.SECONDS_PER_DAY * SECOND_MS,
  /** Distinct viewers one network adds per pop-up per period; more share one address than a household does only behind a large NAT. */
  VIEWERS_PER_NETWORK_MAX: 20,
} as const;

/** Most bytes one UTF-16 code unit of a string takes in a JSON body: a control character escaped as `\u001f`. */
const JSON_BYTES_PER_CHAR_MAX = 6;
/** Most bytes one UTF-16 code unit takes in a form body: a 3-byte UTF-8 character, each byte percent-encoded. */
const FORM_BYTES_PER_CHAR_MAX = 9;
/** What a record holds beside its markup (blocks, texts, triggers, settings), in JSON, for a designed pop-up. */
const RECORD_BESIDE_MARKUP_MAX_BYTES = 256 * 1024;
/**
 * Fields the widget adds to a lead beside the form's own (url, referrer, previous_url, title,
 * trigger, visited pages, browser language, ids and keys...), each at most API_LIMITS.TEXT_MAX_CHARS
 * once the widget trims its metadata.
 */
const LEAD_METADATA_FIELDS_MAX = 24;

/**
 * Body limits of the endpoints whose schema allows more than SERVER.BODY_MAX_BYTES, derived from
 * the schema limits so that a request the schema takes is never refused for its size.
 */
export const BODY_LIMITS = {
  /** PUT /api/admin/poptins/{id}: a record whose markup is at its limit, every character at its worst JSON encoding. */
  RECORD_MAX_BYTES: RECORD_LIMITS.MARKUP_MAX_CHARS * JSON_BYTES_PER_CHAR_MAX + RECORD_BESIDE_MARKUP_MAX_BYTES,
  /**
   * POST /api/display/conversion/{viewer_id}: a lead of a form at its limit (every field at its
   * longest), the widget's metadata and newExtraFields, every character at its worst form encoding.
   */
  CONVERSION_MAX_BYTES:
    (RECORD_LIMITS.FORM_FIELDS_MAX * API_LIMITS.LONG_MAX_CHARS +
      LEAD_METADATA_FIELDS_MAX * API_LIMITS.TEXT_MAX_CHARS +
      API_LIMITS.EXTRA_FIELDS_MAX_CHARS) *
    FORM_BYTES_PER_CHAR_MAX,
} as const;

/**
 * Signed values (issue 13): the converted value the conversion answers and the display call
 * takes back, and the owner's preview links. HMAC-SHA256 with the key in `server_secret`.
 */
export const SIGNING = {
  /** Bytes of the signing key, generated once per database. */
  SECRET_BYTES: 32,
  /**
   * A converted value hides its pop-up this long after the conversion: as long as the widget's
   * `poptin_conversion_{id}` cookie lives (365 days).
   */
  CONVERTED_TTL_S: COOKIE.CONVERSION_DAYS * COOKIE.SECONDS_PER_DAY,
  /** A preview link works this long after the owner asked for it. */
  PREVIEW_TTL_S: 60 * 60,
} as const;

/** The owner endpoints' bearer token, and the throttle on guessing it. */
export const ADMIN = {
  /**
   * Shortest `KITE_ADMIN_TOKEN` the server starts with: 32 random characters are far beyond
   * guessing, while a short word falls to a list of common ones.
   */
  TOKEN_MIN_LENGTH: 32,
  /** Random bytes of the token generated when none is given: 43 characters in base64url. */
  GENERATED_TOKEN_BYTES: 32,
  /** Wrong tokens one network (as RATE_LIMIT counts them) may send within a window; its next admin call answers 429. */
  GUESSES_MAX: 10,
  /** The guess window, fixed and aligned as every rate window (rate-limit.ts); when it ends, the network starts afresh. */
  GUESS_WINDOW_MS: 15 * 60 * SECOND_MS,
  /**
   * The dashboard's session cookie (POST /api/admin/session): HttpOnly and SameSite=Strict, so the
   * admin token itself never sits in a page's storage.
   */
  SESSION_COOKIE: 'kite_admin',
  /** Random bytes of a session id: 43 characters in base64url, as many as a generated token. */
  SESSION_ID_BYTES: 32,
  /** A session lasts a working day from sign-in; then the owner signs in again. */
  SESSION_TTL_MS: 8 * 60 * 60 * SECOND_MS,
  /** Days of views and conversions GET /api/admin/stats/daily answers by default, and at most. */
  DAILY_DAYS_DEFAULT: 30,
  DAILY_DAYS_MAX: 366,
  /** Longest leads search (`q`) read. */
  SEARCH_MAX_CHARS: 200,
} as const;

/** The server's random numbers (the prize draw). */
export const RANDOM = {
  /** node:crypto's randomInt takes a range below 2^48: the draw's numbers come in steps of 1 / 2^47. */
  RESOLUTION: 2 ** 47,
} as const;

/** Defaults of `startServer` and `main.ts`. */
export const DEFAULTS = {
  PORT: 8080,
  HOST: '127.0.0.1',
  DATA_DIR: 'data',
  DIST_DIR: 'dist',
  PUBLIC_DIR: 'demo/public',
  /** The demo pages' theme shell, put into each page at `<!-- kite:shell -->` (demo/server/shell.ts). */
  SHELL_DIR: 'demo/shell',
  POPTINS_DIR: 'demo/poptins',
  /** The user documentation, served read-only at /docs/ for the demo's links. */
  DOCS_DIR: 'docs',
  /** SQLite file inside the data directory. */
  DB_FILE: 'kite.sqlite',
} as const;

/** The PostgreSQL engine (`DATABASE_URL=postgres://...`, docs/deployment.md). */
export const POSTGRES = {
  /** Connections each server instance keeps open at most: a handful serves one node process's requests. */
  POOL_MAX: 10,
  /**
   * The advisory lock the migrating instance holds (pg_advisory_lock's key): the others wait on it,
   * then find the migrations applied. Any fixed number; this one is "kite" in ASCII.
   */
  MIGRATION_LOCK_KEY: 0x6b697465,
  /** `DATABASE_URL` schemes that select PostgreSQL. */
  URL_SCHEMES: ['postgres:', 'postgresql:'],
} as const;

/**
 * Modes of what holds the leads: readable by the owner only, so another account on the machine
 * cannot read addresses off the disk. SQLite gives its WAL and shared-memory files the mode of the
 * database file, so setting the database file's mode covers all three.
 */
export const DATA_MODES = {
  /** The database file (and so its -wal and -shm files). */
  FILE: 0o600,
  /** The data directory, when the server creates it. */
  DIR: 0o700,
} as const;

/** The demo client, seeded by the first migration, owns every seeded pop-up. */
export const DEMO_CLIENT_ID = 'demo-client';
/** The Wix-style demo store's own client (migration 012): its pages' script tag names it, its pop-up records carry it. */
export const WIX_DEMO_CLIENT_ID = 'demo-wix';

/** The display answer's country (`cc` is its lower case) and language when the visitor's `Accept-Language` names none (demo/server/locale.ts). */
export const DISPLAY_DEFAULTS = {
  COUNTRY: 'US',
  LANG: 'en',
} as const;

/**
 * The demo pages' Content-Security-Policy: no inline scripts or styles, no eval, so the widget is
 * proven to work under a strict policy. Frames only from the video players the lightbox and
 * `kite-player` embed (the origins their embed addresses are built from), nothing else, not even
 * this site.
 */
export const DEMO_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  `frame-src ${VIDEO_EMBED_ORIGINS.youtube} ${VIDEO_EMBED_ORIGINS.vimeo}; ` +
  "object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The Trusted Types directive (`startServer({ trustedTypes: true })` adds it to {@link DEMO_CSP}):
 * every HTML and script sink must take a typed value, so only Kite's `kite` policy (and
 * DOMPurify's) can write markup or scripts into the page.
 */
export const REQUIRE_TRUSTED_TYPES = "require-trusted-types-for 'script'";
