/** Types of the scroll-to-top machine (content-site spec 001, sections 2 "Scroll-to-top" and 9). */

export type ScrollTopEvent =
  /** The page scrolled; `y` is the vertical scroll position in pixels. */
  { type: 'SCROLL'; y: number };
