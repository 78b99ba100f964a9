/**
 * The visitor's reduced-motion preference, the one place every surface reads it: effects become
 * instant changes while it is set (house style, section 7).
 */

/** The media query of the preference. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** True while the visitor asks for reduced motion. */
export const prefersReducedMotion = (): boolean => matchMedia(REDUCED_MOTION_QUERY).matches;
