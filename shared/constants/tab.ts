/** Widget spec numbers of the tab teaser (re-exported by widget.ts, where the others are). */
import { SECOND_MS } from './time.ts';

/** Tab teaser, section 4 "Tab teaser" and section 9; its z-index is `LAYOUT.TAB_Z_INDEX`. */
export const TAB = {
  /** "Tab entry animation cleanup 1 s": the entry animation is removed this long after the tab starts to show. */
  ENTRY_CLEANUP_MS: SECOND_MS,
  /** "tab pulse toggles every 3 s": on for this long, then off for as long, while the tab shows. */
  PULSE_MS: 3 * SECOND_MS,
  /** Slide of the entry (up) and exit (down) animations. Not in the spec: ours, well inside the entry cleanup. */
  SLIDE_MS: 400,
  /** The display modes: from the start (and again after each close), only until the pop-up shows, only after it closes. */
  DISPLAY_MODES: ['always', 'before_show', 'after_close'],
  /** The display frequency rule (`d_f_r`) under which a close with the X hides the tab for good. */
  EVERYTIME_EVERYPAGE_RULE: 'display_everytime_everypage',
} as const;
