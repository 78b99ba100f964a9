/**
 * Redirects, widget spec sections 4 "Redirect" and 5 (re-exported by widget.ts, where the others
 * are; the contact form redirects too, without loading the widget's numbers).
 */
export const REDIRECT = {
  /** A blocked new window is tried once more through a hidden link; this long later, if none opened, the tab goes. Ours. */
  LINK_FALLBACK_MS: 300,
  /** Window name prefix for the hidden link, so the widget can tell whether it opened. */
  WINDOW_NAME_PREFIX: 'kite_redirect_',
} as const;
