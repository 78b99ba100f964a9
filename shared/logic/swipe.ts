import { SWIPE } from '../constants/site.ts';

/**
 * A finished touch that moved `dx`, `dy` pixels is a swipe (spec 001, sections 2 and 9): at least
 * SWIPE.MIN_HORIZONTAL_PX sideways, and more sideways than up or down. A non-finite travel (a
 * touch the browser lost) is none. The lightbox's gallery and the post navigation share it.
 */
export function isSwipe(dx: number, dy: number): boolean {
  return Number.isFinite(dx) && Number.isFinite(dy) && Math.abs(dx) >= SWIPE.MIN_HORIZONTAL_PX && Math.abs(dx) > Math.abs(dy);
}
