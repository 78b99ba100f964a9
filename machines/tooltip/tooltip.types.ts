/** Types of the tooltip's machine (content-site spec 001, section 9 "Tooltip"). */

export interface TooltipInput {
  /** The visitor asks for reduced motion: the tooltip appears and goes at once, without its fade. */
  reducedMotion: boolean;
}

export interface TooltipContext {
  /** A pointer is over the trigger or the tooltip. */
  hovered: boolean;
  /** The trigger has keyboard focus. */
  focused: boolean;
  reducedMotion: boolean;
}

export type TooltipEvent =
  /** A pointer entered the trigger or the tooltip... */
  | { type: 'POINTER.ENTER' }
  /** ...or left it (for the other, or for elsewhere). */
  | { type: 'POINTER.LEAVE' }
  /** The trigger got keyboard focus... */
  | { type: 'FOCUS.IN' }
  /** ...or lost it. */
  | { type: 'FOCUS.OUT' }
  /** Escape: the tooltip goes without focus moving (WCAG 1.4.13 "dismissible"). */
  | { type: 'DISMISS' }
  /** The reduced-motion preference changed. */
  | { type: 'MOTION.SET'; reduced: boolean };

/** Emitted events; the element dispatches each as `kite-tooltip-<type>`. */
export type TooltipEmitted =
  /** The tooltip started to appear. */
  | { type: 'show' }
  /** The tooltip started to go. */
  | { type: 'hide' };
