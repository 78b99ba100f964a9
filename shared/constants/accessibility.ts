/**
 * Sizes every surface keeps for a visitor on a phone (issue 23, item 2). Ours, from WCAG 2.2: the
 * specs set none (but the widget's close icon, `LAYOUT.CLOSE_ICON_PX`, which is this size too).
 */
export const A11Y = {
  /** WCAG 2.5.5 Target Size (Enhanced): a control is at least this wide and this tall, in CSS pixels. */
  TARGET_MIN_PX: 44,
  /** The smallest text set, in CSS pixels (computed font size): legible on a phone without zooming. */
  TEXT_MIN_PX: 12,
} as const;
