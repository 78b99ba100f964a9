/**
 * Types of the swipe machine: swipe navigation between posts (content-site spec 001, sections 2
 * "Swipe navigation" and 9 "Swipe").
 */

export type SwipeDirection = 'left' | 'right';

export type SwipeEvent =
  /** A touch ended; `dx` and `dy` are its travel in pixels from where it started (positive: right, down). */
  { type: 'SWIPE'; dx: number; dy: number };

/** Emitted events; the element dispatches each as `kite-<surface>-<type>`. */
export type SwipeEmitted =
  /** A swipe to the `left` or `right` was recognised. */
  { type: 'swipe'; direction: SwipeDirection };
