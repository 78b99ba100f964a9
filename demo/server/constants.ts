import { VIDEO_EMBED_ORIGINS } from '../../shared/logic/video-url.ts';
import { SECOND_MS } from '../../shared/constants/time.ts';

/**
 * Limits and settings of the reference server. These are ours, not the spec's (the spec gives no
 * server limits); field limits of the request bodies live in shared/api/schemas.ts.
 */
export const SERVER = {
  /** Largest request body accepted; more is answered 413. */
  BODY_MAX_BYTES: 64 * 1024,
  /** Deepest JSON nesting accepted; a body nested deeper is refused before anything walks it. */
  JSON_MAX_DEPTH: 32,
  /** Most leads one admin call returns; `next_cursor` pages through the rest. */
  LEADS_MAX: 1_000,
  /** Longest `cursor` read; the ones the server gives are far shorter. */
  LEADS_CURSOR_MAX_CHARS: 64,
  /** A slow client gets this long to send its headers and its whole request. */
  HEADERS_TIMEOUT_MS: 10_000,
  REQUEST_TIMEOUT_MS: 30_000,
  /** Browsers may cache a CORS preflight answer this long. */
  PREFLIGHT_MAX_AGE_S: 600,
  /** Lifetime of the demo store's cart cookie. */
  CART_COOKIE_MAX_AGE_S: 14 * 24 * 60 * 60,
  /** Cookie that names the visitor's cart on the demo origin. */
  CART_COOKIE: 'cart',
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
  /** Wrong tokens one address may send within the window; its next admin call answers 429. */
  GUESSES_MAX: 10,
  /** The window counts from an address's first wrong token; when it has passed, the address starts afresh. */
  GUESS_WINDOW_MS: 15 * 60 * SECOND_MS,
  /** Addresses remembered at once, so a flood of addresses cannot grow memory without bound. */
  TRACKED_ADDRESSES_MAX: 10_000,
} as const;

/** Defaults of `startServer` and `main.ts`. */
export const DEFAULTS = {
  PORT: 8080,
  HOST: '127.0.0.1',
  DATA_DIR: 'data',
  DIST_DIR: 'dist',
  PUBLIC_DIR: 'demo/public',
  POPTINS_DIR: 'demo/poptins',
  /** SQLite file inside the data directory. */
  DB_FILE: 'kite.sqlite',
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

/** What the fixed parts of the display answer say (the reference server does no geo lookup). */
export const DISPLAY_DEFAULTS = {
  COUNTRY: 'US',
  CC: 'us',
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
