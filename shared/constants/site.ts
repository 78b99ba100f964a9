/**
 * Every number of the content-site spec (specs/001), named, with a pointer to its section.
 * No spec number appears anywhere else in the code or the tests: import it from here.
 */

/** Fold / unfold sections, sections 4 and 9. */
export const FOLD = {
  /** The change event fires this long after a toggle. */
  CHANGE_EVENT_MS: 500,
  /** Added to the measured content height when unfolded, so late-growing content is not cut. */
  UNFOLDED_EXTRA_PX: 200,
  /** Resize debounce for fold sections. */
  RESIZE_DEBOUNCE_MS: 200,
  /** The contexts a section may declare (section 3). */
  CONTEXTS: ['avia_sc_text', 'avia_sc_grid_row', 'avia_sc_section', 'avia_sc_columns'],
} as const;

/** Resize debounces, section 9. */
export const RESIZE = {
  THEME_DEBOUNCE_MS: 150,
  MASONRY_DEBOUNCE_MS: 100,
} as const;

/** Contact form, sections 4, 5 and 9. */
export const CONTACT_FORM = {
  /** On success the form slides up, then the response slides down, each this long (section 9 "Form"). */
  SLIDE_MS: 400,
  /** `is_email` and its variants: fewest letters of the top-level domain (section 5). */
  EMAIL_TLD_MIN_LETTERS: 2,
  /** `is_email` and its variants: most letters of the top-level domain (section 5). */
  EMAIL_TLD_MAX_LETTERS: 20,
  /** `is_phone`: fewest characters (section 5). */
  PHONE_MIN_CHARS: 3,
} as const;

/** Lightbox, sections 4 ("Lightbox"), 8 and 9. */
export const LIGHTBOX = {
  /** Closing: the lightbox stays this long (its fade and zoom out) before it is removed. */
  REMOVAL_DELAY_MS: 300,
  /** Gallery preload: this many items before the current one are loaded ahead... */
  PRELOAD_BEFORE: 1,
  /** ...and this many after it. */
  PRELOAD_AFTER: 1,
  /** Between a previous / next command and the change: the current item fades out meanwhile. */
  NAVIGATION_DELAY_MS: 120,
  /** The zoom in when the lightbox opens. */
  ZOOM_MS: 300,
  /**
   * Image load: the spec retries 200 times at 100 ms. The browser's own load and error events
   * replace the polling; these bound the wait: an image neither loaded nor failed after
   * `IMAGE_RETRY_COUNT * IMAGE_RETRY_INTERVAL_MS` counts as failed.
   */
  IMAGE_RETRY_COUNT: 200,
  IMAGE_RETRY_INTERVAL_MS: 100,
} as const;

/** Swipe gestures, sections 2 ("Swipe navigation") and 9. */
export const SWIPE = {
  /** Least horizontal travel of a swipe; a shorter or more vertical move is no swipe. */
  MIN_HORIZONTAL_PX: 50,
  /** After a swipe, further swipes are ignored this long. */
  LOCK_MS: 300,
} as const;
