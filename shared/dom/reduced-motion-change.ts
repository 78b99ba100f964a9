/**
 * Following the reduced-motion preference as it changes, for the surfaces that stay on screen
 * (lightbox, menu, animated backgrounds). Apart from `reduced-motion.ts` so that a pop-up, which
 * reads the preference once as it shows, does not ship it.
 */
import { REDUCED_MOTION_QUERY } from './reduced-motion.ts';

/** One query list for every element that follows the preference: 20 carousels made 20 (`matchMedia` costs a style lookup each). */
let shared: MediaQueryList | null = null;

const query = () => (shared ??= matchMedia(REDUCED_MOTION_QUERY));

/** The preference now, from the shared list. `prefersReducedMotion` asks `matchMedia` afresh each time: a cached list there costs the pop-up path 21 B, and a pop-up reads it once as it shows. */
export const reducedMotionNow = (): boolean => query().matches;

/** Calls `onChange` with the new preference each time the visitor changes it; returns how to stop. */
export function onReducedMotionChange(onChange: (reduced: boolean) => void): () => void {
  const list = query();
  const listener = () => onChange(list.matches);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}
