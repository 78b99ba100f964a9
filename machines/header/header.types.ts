/**
 * Types of the header machine (content-site spec 001, sections 3 "Header", 4 "Header" and 9).
 */

/** What the element knows when it connects. */
export interface HeaderInput {
  /** The header's full height in pixels, measured at scroll position 0. */
  height: number;
  /** The shrink threshold as a percentage of the full height (`shrink-factor`; `HEADER.SHRINK_FACTOR_DEFAULT_PERCENT` when unset). */
  shrinkFactor: number;
  /** The header is transparent at the top of the page (`transparent`). */
  transparent: boolean;
}

export interface HeaderContext {
  /** Full height in pixels, measured at the top of the page (a shrunk header is not measured). */
  height: number;
  /** Shrink threshold as a percentage of {@link height}. */
  shrinkFactor: number;
  /** The header is a transparent one. */
  transparent: boolean;
}

export type HeaderEvent =
  /** The page scrolled; `y` is the vertical scroll position in pixels. */
  | { type: 'SCROLL'; y: number }
  /** The header's full height changed (only heeded at the top, where the header has its full height). */
  | { type: 'RESIZE'; height: number };

/** The header's shrink state: `top` (full height), `scrolled` (beyond the shrink threshold), `scrolled-full` (beyond full height plus `HEADER.SCROLLED_FULL_EXTRA_PX`). */
export type HeaderShrink = 'top' | 'scrolled' | 'scrolled-full';

/** Emitted events; the element dispatches each as `kite-header-<type>`. */
export type HeaderEmitted =
  /** The shrink state changed; `transparent`: whether the header shows transparent now (always false for a header that is not a transparent one). */
  { type: 'change'; shrink: HeaderShrink; transparent: boolean };
