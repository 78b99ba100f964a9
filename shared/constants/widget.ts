/**
 * Every number of the widget spec (specs/000), named, with a pointer to its section.
 * No spec number appears anywhere else in the code or the tests: import it from here, or, for
 * what only loads later, from its sibling module (content.ts, tab.ts, owner-limits.ts,
 * redirect.ts, frequency.ts), so those numbers travel with their lazy chunks instead of the start code.
 */

import { SECOND_MS } from './time.ts';
import type { FieldKind } from '../schema/poptin-record.ts';

export { SECOND_MS };
const DAY_S = 24 * 60 * 60;

/** Widget start, section 4 "Pop-up life". */
export const START = {
  /** The Shopify-style consent gate polls while the visitor has not decided. */
  CONSENT_POLL_MS: 1_000,
  /** The optional start delay after page load, skipped with `noJqueryUi` or `noConflict`. */
  PAGE_LOAD_DELAY_MS: 1_500,
  /**
   * The display call's `triggers` (ours: the spec names the field only): at most this many pop-up
   * ids the page's links and buttons carry (`data-poptin`); the reference server refuses more.
   */
  TRIGGER_IDS_MAX: 50,
} as const;

/** Cookie and storage lifetimes, sections 3 "Client storage" and 9. */
export const COOKIE = {
  CONVERSION_DAYS: 365,
  LAST_VISIT_DAYS: 365,
  CLIENT_ID_DAYS: 365,
  /** "session about 0.02 days (30 minutes)". */
  SESSION_DAYS: 0.02,
  /** The session timer cookie lives one minute... */
  SESSION_TIMER_S: 60,
  /** ...and is refreshed every 20 s while the page is open. */
  SESSION_TIMER_REFRESH_MS: 20 * SECOND_MS,
  OLD_USER_DAYS: 2,
  /** Viewed (seen) and closed markers. */
  MARKER_DAYS: 1,
  /** "referrer about 2 minutes, refreshed every 60 s". */
  REFERRER_S: 120,
  REFERRER_REFRESH_MS: 60 * SECOND_MS,
  ACCOUNT_SESSION_DAYS: 30,
  SECONDS_PER_DAY: DAY_S,
} as const;

/** Names of the cookies and storage keys, section 3 "Client storage". */
export const STORAGE_KEY = {
  CLIENT_ID: 'poptin_client_id',
  SESSION: 'poptin_session',
  SESSION_TIMER: 'poptin_session_timer',
  LAST_VISIT: 'poptin_last_visit',
  OLD_USER: 'poptin_old_user',
  REFERRER: 'poptin_referrer',
  PREVIOUS_URL: 'poptin_previous_url',
  /** Prefix of the per-pop-up "seen" cookie: `poptin_o_a_d_{id}`. */
  SEEN_PREFIX: 'poptin_o_a_d_',
  /** Prefix of the per-pop-up "closed by X" cookie: `poptin_c_p_o_x_c_{id}`. */
  CLOSED_X_PREFIX: 'poptin_c_p_o_x_c_',
  /** Prefix of the per-pop-up "converted" cookie: `poptin_conversion_{id}`. */
  CONVERSION_PREFIX: 'poptin_conversion_',
  CONVERTED_EMAIL: 'poptin_converted_email',
  PREVIOUS_VISITED_PAGES: 'poptin_previous_visited_pages',
  ORIGIN_LANDING_PAGE: 'poptin_origin_landing_page',
  LANDED_URL: 'pop_landed_url',
  /**
   * Session storage (meaning ours: the spec names it only): the paths of this tab's pages on which
   * a pop-up showed, pipe-separated, oldest first, each once; sent with a lead.
   */
  POP_URLS: 'pop_urls',
  /**
   * Session storage prefix, `apt_{id}` (meaning ours: the spec names it only): a modal pop-up's
   * trigger fired while another was on screen, and the visitor left the page before it showed;
   * the value is the trigger. The tab's next page shows it once it is armed there, then removes it.
   */
  ACTIVE_TRIGGER_PREFIX: 'apt_',
  /** Lead outbox: conversions waiting for the server's success flag. */
  OUTBOX: 'kite_conversion_outbox',
  /** Set while leads wait in the outbox's IndexedDB: the next page then loads the outbox at start. */
  OUTBOX_PENDING: 'kite_outbox_pending',
  /**
   * How many visits (sessions) this visitor has made, for "once every few visits" and the
   * new / returning audience of `d_f_r`. Ours: the spec names no such cookie.
   */
  VISIT_COUNT: 'poptin_visit_count',
  /** Pages seen in this session, for the page-visit count trigger. Ours, like the visit count. */
  PAGE_VIEWS: 'poptin_page_views',
} as const;

/** Limits on the visited-pages list kept in local storage. */
export const VISITED_PAGES = {
  /** Paths kept, newest last; older ones drop off so the cookie-sized context stays small. */
  MAX_ENTRIES: 20,
  SEPARATOR: '|',
} as const;

/**
 * Page metadata the widget sends (addresses, referrers, titles, visited paths) is cut to these
 * lengths, so a long address never turns the widget off or costs a lead: the display API refuses
 * longer text (its text fields take 4096 characters, a lead's values 10 000; docs/display-api.md).
 * Ours: the spec only says requests with GET parameters over 4000 characters switch to a fallback.
 */
export const METADATA = {
  /** An address, referrer or title; short enough that the previous-address cookie still fits a browser's 4 KB cookie. */
  TEXT_MAX_CHARS: 2_000,
  /** One path of the visited-pages list: all of them joined stay far under a lead value's limit. */
  PATH_MAX_CHARS: 256,
} as const;

/** Query parameter that switches preview mode on, section 2. It carries the owner's signed preview token. */
export const PREVIEW_PARAM = 'ppt-preview';

/** Trigger timings, sections 4 and 9. */
export const TRIGGER = {
  SCROLL_DEBOUNCE_MS: 300,
  /** A link or button carrying a pop-up id opens it: ids are this long. */
  POPTIN_ID_LENGTH: 13,
  /**
   * Touch exit intent (issue 4; the spec has no numbers): a scroll up of at least this many
   * pixels...
   */
  MOBILE_SCROLL_UP_PX: 200,
  /** ...made within this long of where the upward move started counts as reaching for the address bar. */
  MOBILE_SCROLL_UP_WINDOW_MS: 300,
  /** What counts as a touch device (no mouse to leave the window with). */
  TOUCH_QUERY: '(hover: none) and (pointer: coarse)',
} as const;

/**
 * What the widget machine needs of the display frequency rules (`d_f_r`), to tell a pop-up with
 * no rule to decide (every time, every page) from one the lazily loaded rules module decides. The
 * other rules are `FREQUENCY` in frequency.ts, which travels with that module.
 */
export const FREQUENCY_EVERYTIME = {
  /** Separates the audience from the rule. */
  AUDIENCE_SEPARATOR: '@',
  EVERYTIME: 'display_everytime_everypage',
} as const;

/** Single-page apps (section 2 "In single-page-app mode"). */
export const SPA = {
  /** Embedded forms are rendered again every 5 seconds. */
  EMBED_REFRESH_MS: 5 * SECOND_MS,
  /** History changes this close together are one navigation (a push then a replace); ours. */
  NAVIGATION_SETTLE_MS: 50,
} as const;

/** The generic consent gate (issue 4): `window.kite.consent(true)` releases a held widget. */
export const CONSENT = {
  /** `data-consent` on the script tag, `consent` on kite-widget: this value holds the widget. */
  REQUIRED: 'required',
} as const;

/** Closing, section 4 "Ways to close" and section 9. */
export const CLOSE = {
  /** Escape closes after this long (the exit animation plays meanwhile). */
  ESCAPE_MS: 800,
  /** Exit animation before removal, unless effect none, embedded or fullpage. */
  EXIT_ANIMATION_MS: 800,
  /** Removal after an immediate close. */
  REMOVE_IMMEDIATE_MS: 200,
  /** Removal otherwise. */
  REMOVE_MS: 5 * SECOND_MS,
  /** Removal with teasers on. */
  REMOVE_WITH_TEASER_MS: 1_500,
  /** The follow-up after an X or background click, unless redirect or convert. */
  FOLLOW_UP_MS: SECOND_MS,
} as const;

/** Entry effects, section 2 "Entry effects": how long one plays (ours; the spec gives only the exit time, CLOSE.EXIT_ANIMATION_MS). */
export const EFFECT = {
  ENTRY_MS: 400,
} as const;

/** After submission, section 4 "After submission" and section 9. */
export const THANK_YOU = {
  /** Auto-close when the pop-up sets none. */
  AUTO_CLOSE_DEFAULT_MS: 5 * SECOND_MS,
  FALLBACK_CLOSE_MS: 60 * SECOND_MS,
  FALLBACK_CLOSE_ALREADY_SHOWN_MS: 600 * SECOND_MS,
  /** "closing after 2 seconds in some cases": with a 'Sent successfully!' button and no redirect. */
  SENT_BUTTON_CLOSE_MS: 2 * SECOND_MS,
  /** "...or about 0.1 to 1 second otherwise". */
  SENT_QUICK_CLOSE_MS: 100,
  /** A click on a redirect link submits after this long. */
  REDIRECT_LINK_SUBMIT_MS: 1_500,
} as const;

/**
 * The key each kind of the core form (components/poptin/poptin.form.tsx) posts its value under
 * in the conversion call (section 3 "Form fields and submission"). The other kinds' keys load
 * with their fields: {@link FORM_KEY} (form-keys.ts) is this table with them, the one the server reads.
 */
const CORE_FORM_KEYS = {
  email: 'email',
  name: 'name',
  first_name: 'first_name',
  last_name: 'last_name',
  phone: 'phone',
  checkbox: 'checkbox_checked',
  message: 'message',
  hidden: 'hidden',
} as const;
/** Indexed by a kind, a kind without a key here gives undefined. */
export const CORE_FORM_KEY: typeof CORE_FORM_KEYS & Partial<Record<FieldKind, string>> = CORE_FORM_KEYS;

/** Form limits, sections 5 and 9. */
export const FORM = {
  EMAIL_MAX_LENGTH: 254,
  NAME_MAX_LENGTH: 254,
  REQUIRED_NAME_MIN: 1,
  REQUIRED_NAME_MAX: 40,
  PHONE_MIN_DIGITS: 7,
  PHONE_MAX_DIGITS: 15,
  /**
   * "basic mode max length 15" (section 9): digits the phone input takes as typed. Counted in
   * digits, not characters, so a number written with its plus, parentheses, hyphens and spaces
   * ('+1 (555) 010-9999') is never cut short.
   */
  PHONE_BASIC_MAX_LENGTH: 15,
  /**
   * Repeat submits are blocked until this much later (the machine's `submitGuard` delay). The
   * spec does not give the value: ours, longer than a double click or a held Enter key repeat.
   */
  SUBMIT_GUARD_MS: 2 * SECOND_MS,
  /** "Number inputs ... round to 2 decimals on blur". */
  NUMBER_DECIMALS: 2,
  /** "Date format dd/mm/yyyy": what date and birthday fields submit. */
  DATE_FORMAT: 'dd/mm/yyyy',
  /**
   * Business-email check: the free-mail and disposable domain list is split into shards by the
   * first hex digits of a hash of the domain; one check downloads one shard (ours: 2 digits,
   * 256 shards, so the 132,627 domains of the public lists give shards of about 4.2 KB gzipped).
   */
  EMAIL_DOMAIN_SHARD_HEX_DIGITS: 2,
  /** A shard that has not arrived by then lets the address pass (never blocks a lead); ours. */
  EMAIL_DOMAIN_TIMEOUT_MS: 3 * SECOND_MS,
  /** The reference server's shard address: `{api}` + this + `{shard}`. */
  EMAIL_DOMAIN_PATH: '/api/display/email-domains/',
  /** Browsers may keep a shard this long (ours): the list changes rarely. */
  EMAIL_DOMAIN_CACHE_S: 24 * 60 * 60,
  /** "The container shakes (not on mobile)": what counts as mobile here. */
  MOBILE_QUERY: '(hover: none) and (pointer: coarse)',
  /** How long the shake plays (the stylesheet's animation). */
  SHAKE_MS: 500,
  /**
   * The conversion payload's `leader_request_cookie` is this cookie's value when the host page
   * set one (the spec names the field, not its source: ours).
   */
  LEADER_REQUEST_COOKIE: 'leader_request',
} as const;

/**
 * The lead outbox's numbers: kept in their own module (re-exported here), so they travel with the
 * outbox's lazy chunk instead of the start code every page loads.
 */
export { OUTBOX } from './outbox.ts';

/** Layout, section 9. */
export const LAYOUT = {
  /** "Default lightbox and gamified size 800 by 500": the box when the record gives no width or height. */
  LIGHTBOX_WIDTH_PX: 800,
  LIGHTBOX_HEIGHT_PX: 500,
  /** "bar width 1920": a bar spans the window; its content keeps to this design width, centred on wider windows. */
  BAR_WIDTH_PX: 1_920,
  FULLPAGE_WIDTH_PX: 1_920,
  FULLPAGE_HEIGHT_PX: 1_080,
  /**
   * Ours (the spec only scales the design to the window): below this scale a fullpage's text and
   * controls would be too small to read or tap (a portrait phone draws the design at a fifth), so a
   * window smaller than the design at this scale gets the pop-up filling it, unscaled, instead.
   */
  FULLPAGE_MIN_SCALE: 0.6,
  /** Written as in the spec; CSS clamps it to the largest z-index it accepts. */
  POPTIN_Z_INDEX: 999_999_999_999_999,
  TAB_Z_INDEX: 999_998,
  /** "Close icon enlarged from 32 to 44 px": the X's size, and so its hit area (the 32 is no longer drawn anywhere). */
  CLOSE_ICON_PX: 44,
  /** Ours: how far the X sits from the pop-up's corner. */
  CLOSE_INSET_PX: 4,
  MAX_SCALE: 1,
  TAB_INDEX_BASE: 500,
  TAB_INDEX_STEP: 100,
} as const;

/** Shared timer defaults, section 9. */
export const TIMING = {
  SHORT_DEFAULT_MS: 300,
  LONG_DEFAULT_MS: 2_000,
  POLLING_MS: 1_000,
  CART_POLL_MS: 100,
} as const;

/** Format counts per type, section 2. */
export const FORMAT_DEFAULT_COUNT = {
  mobile: 5,
  fullpage: 4,
  browsing: 1,
  sside: 4,
  bside: 3,
  social: 4,
  bar: 5,
  lightbox: 6,
} as const;

/**
 * "Formats up to a per-type number count as old-style pop-ups" (section 2). The spec does not give
 * the numbers. We take each type's default lookup count (FORMAT_DEFAULT_COUNT): the formats a type
 * falls back to are its first, original ones, and the newer formats are numbered after them. A type
 * with no default count (embedded, gamified, content) has no old-style formats.
 */
export const FORMAT_OLD_STYLE_UP_TO: Readonly<Record<string, number>> = FORMAT_DEFAULT_COUNT;

export const FORMAT_AVAILABLE_COUNT = {
  browsing: 3,
  bside: 9,
  lightbox: 22,
  sside: 19,
  social: 8,
  bar: 17,
  fullpage: 12,
  mobile: 17,
  embedded: 7,
  gamified: 3,
} as const;

