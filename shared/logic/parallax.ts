/**
 * Parallax settings and moves (spec 001, sections 3 "Parallax" and 9), pure: the element reads
 * the scroll position once per frame and the layer's place once per resize, and asks these.
 */
import { PARALLAX } from '../constants/site.ts';
import type { Breakpoint } from './page-classes.ts';

/**
 * The directions the theme names: `bottom_top` (the layer rises slower than the page: the
 * default), `left_right` and `right_left` (it slides sideways as the page scrolls),
 * `no_parallax` (still). A breakpoint's `inherit` takes the general setting.
 */
export const PARALLAX_DIRECTIONS = ['bottom_top', 'left_right', 'right_left', 'no_parallax'] as const;
export type ParallaxDirection = (typeof PARALLAX_DIRECTIONS)[number];

export interface ParallaxSettings {
  direction: ParallaxDirection;
  /** Share of the scroll the layer moves by. */
  speed: number;
}

/** What the page wrote: the general direction and speed and, per breakpoint, its own (any may be missing). */
export interface ParallaxAttributes {
  direction?: string | null;
  speed?: string | null;
  breakpoints?: Partial<Record<Breakpoint, { direction?: string | null; speed?: string | null }>>;
}

const directionOf = (written: string | null | undefined, fallback: ParallaxDirection): ParallaxDirection =>
  (PARALLAX_DIRECTIONS as readonly string[]).includes(written ?? '') ? (written as ParallaxDirection) : fallback;

const speedOf = (written: string | null | undefined, fallback: number): number => {
  const speed = Number.parseFloat(written ?? '');
  return Number.isFinite(speed) ? speed : fallback;
};

/**
 * The direction and speed at `breakpoint`: the breakpoint's own when it gives one (and not
 * `inherit`), else the general ones; an unknown direction is the default `bottom_top`, a speed
 * that is no number `PARALLAX.DEFAULT_SPEED`.
 */
export function parallaxSettings(attributes: ParallaxAttributes, breakpoint: Breakpoint): ParallaxSettings {
  const general = { direction: directionOf(attributes.direction, 'bottom_top'), speed: speedOf(attributes.speed, PARALLAX.DEFAULT_SPEED) };
  const own = attributes.breakpoints?.[breakpoint];
  if (!own?.direction || own.direction === 'inherit') return { ...general, speed: speedOf(own?.speed, general.speed) };
  return { direction: directionOf(own.direction, general.direction), speed: speedOf(own.speed, general.speed) };
}

/** The page and the section, measured once per resize (the scroll position once per frame). */
export interface ParallaxGeometry {
  /** The page's scroll position. */
  scrollY: number;
  viewportWidth: number;
  viewportHeight: number;
  /** The section's top from the top of the page, and its height. */
  top: number;
  height: number;
}

/**
 * The layer's shift in pixels. Across the section's pass through the viewport (from its top at
 * the viewport's bottom to its bottom at the viewport's top) the layer moves `speed` pixels per
 * pixel scrolled, centred (no shift when the section is in the middle of its pass), never beyond
 * `PARALLAX.OFFSET_FACTOR` of the viewport: the layer is oversized by that much, so no edge shows.
 * Out of view the shift stays at its end.
 */
export function parallaxShift({ direction, speed }: ParallaxSettings, geometry: ParallaxGeometry): { x: number; y: number } {
  if (direction === 'no_parallax') return { x: 0, y: 0 };
  const pass = geometry.viewportHeight + geometry.height;
  const travelled = Math.min(pass, Math.max(0, geometry.scrollY + geometry.viewportHeight - geometry.top));
  const fromMiddle = (travelled - pass / 2) * speed;
  const clamp = (value: number, limit: number) => Math.round(Math.min(limit, Math.max(-limit, value)));
  if (direction === 'bottom_top') return { x: 0, y: clamp(fromMiddle, PARALLAX.OFFSET_FACTOR * geometry.viewportHeight) };
  const x = clamp(fromMiddle, PARALLAX.OFFSET_FACTOR * geometry.viewportWidth);
  return { x: direction === 'left_right' ? x : -x, y: 0 };
}
