/** Types of the animated sections' reveal queue (content-site spec 001, sections 5 and 9). */

export interface AnimateInput {
  /** The visitor asks for reduced motion: an item is revealed as soon as it is seen, with no wait. */
  reducedMotion: boolean;
}

export interface AnimateContext {
  /** Items waiting in the queue now (each waits this many staggers from when it joined). */
  waiting: number;
  /** The most items the queue counts: `ANIMATION.QUEUE_CAP`, raised to `ANIMATION.QUEUE_CAP_RAISED` after `ANIMATION.QUEUE_CAP_RAISE_AFTER_MS`. */
  cap: number;
  reducedMotion: boolean;
}

export type AnimateEvent =
  /** Item `index` came into view (its offset reached): its reveal triggers after the waypoint delay. */
  | { type: 'ITEM.SEEN'; index: number }
  /** Internal: item `index`'s waypoint delay passed; it joins the queue. */
  | { type: 'ITEM.TRIGGER'; index: number }
  /** Internal: item `index`'s turn in the queue came. */
  | { type: 'ITEM.REVEAL'; index: number }
  /** The reduced-motion preference changed. */
  | { type: 'MOTION.SET'; reduced: boolean };

/** Emitted events; the element dispatches each as `kite-animate-<type>`. */
export type AnimateEmitted =
  /** Item `index` (in page order within the element) is revealed: its animation starts. */
  { type: 'reveal'; index: number };
