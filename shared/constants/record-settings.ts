/**
 * Numbers of the record settings (docs/poptin-record.md "Record settings"). The widget spec names
 * these settings without their numbers (section 3), so these are ours; they load with the settings'
 * lazy chunk, not with the start code.
 */

/** `auto_pilot_trigger`: the moment the widget picks for the owner, whichever of these comes first. */
export const AUTO_PILOT = {
  /** Exit intent (desktop and touch) is the main signal; this share of the page scrolled means a reader... */
  SCROLL_PERCENT: 50,
  /** ...and this long on the page a visitor who neither leaves nor scrolls. */
  SECONDS: 30,
} as const;

/** `switch_mobile_editor`: a window this wide or narrower gets the mobile design (the usual phone breakpoint). */
export const MOBILE_EDITOR = {
  MAX_WIDTH_PX: 767,
} as const;

/** `poptin_design_content_lock`: how the held-back page content looks. */
export const CONTENT_LOCK = {
  /** Blur of the page behind the pop-up: its layout shows, its text cannot be read. */
  BLUR_PX: 8,
} as const;
