import { VIDEO_EMBED_ORIGINS } from '../../shared/logic/video-url.ts';

/**
 * Limits and settings of the reference server. These are ours, not the spec's (the spec gives no
 * server limits); field limits of the request bodies live in shared/api/schemas.ts.
 */
export const SERVER = {
  /** Largest request body accepted; more is answered 413. */
  BODY_MAX_BYTES: 64 * 1024,
  /** Deepest JSON nesting accepted; a body nested deeper is refused before anything walks it. */
  JSON_MAX_DEPTH: 32,
  /** Most leads one admin call returns. */
  LEADS_MAX: 1_000,
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

/**
 * The Trusted Types directive (`startServer({ trustedTypes: true })` adds it to {@link DEMO_CSP}):
 * every HTML and script sink must take a typed value, so only Kite's `kite` policy (and
 * DOMPurify's) can write markup or scripts into the page.
 */
export const REQUIRE_TRUSTED_TYPES = "require-trusted-types-for 'script'";
