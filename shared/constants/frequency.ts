import { FREQUENCY_EVERYTIME } from './widget.ts';

/**
 * Display frequency rules (`d_f_r`, sections 3 and 4 "Display frequency rules"), written
 * `{audience}@{rule}` with a number after the rules that take one, e.g. `all@display_once_every_days_3`.
 * The names are ours where the spec shows none; docs/poptin-record.md lists them.
 */
export const FREQUENCY = {
  ...FREQUENCY_EVERYTIME,
  AUDIENCES: ['all', 'new', 'returning'],
  ONCE_PER_SESSION: 'display_once_per_session',
  ONCE_A_DAY: 'display_once_a_day',
  /** Followed by `_{days}`. */
  EVERY_DAYS: 'display_once_every_days',
  /** Followed by `_{visits}`. */
  EVERY_VISITS: 'display_once_every_visits',
  /** Separates the parts of the seen cookie's value: when, session, visit number, kind. */
  SEEN_SEPARATOR: '_',
  /** The kind letter in the seen cookie: an embedded pop-up or any other. */
  SEEN_EMBEDDED: 'e',
  SEEN_OTHER: 'o',
  /** `cookie_filter` and `js_filter` `show` values: role and text separated by this marker (`show@equals`). */
  FILTER_MARKER: '@',
  /** `engagement_with_other_poptin_filter` parts are separated by this. */
  ENGAGEMENT_SEPARATOR: '|',
  /** A global read by `js_filter` is at most this many dots deep. */
  JS_PATH_MAX_PARTS: 8,
} as const;
