/** Types of the parallax machine (content-site spec 001, sections 2, 3 "Parallax" and 9). */

/** What the element knows when it connects. */
export interface ParallaxInput {
  /** The page is tagged `avia_mobile` (a mobile device): no parallax there. */
  mobile: boolean;
  /** The visitor asks for reduced motion: the layers stay still. */
  reducedMotion: boolean;
}

export interface ParallaxContext {
  /** See {@link ParallaxInput.mobile}. */
  mobile: boolean;
  /** See {@link ParallaxInput.reducedMotion}; follows the visitor's setting as it changes. */
  reducedMotion: boolean;
}

export type ParallaxEvent =
  /** The visitor's reduced-motion setting changed. */
  { type: 'MOTION.SET'; reduced: boolean };
