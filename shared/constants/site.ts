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
