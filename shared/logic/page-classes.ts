import { BREAKPOINTS } from '../constants/site.ts';

/** Mobile user agents, as the theme script tells them apart (spec 001, section 2 "Page classes"). */
const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i;

/** What the page classes depend on, read from the browser by shared/dom/page-classes.ts. */
export interface PageFeatures {
  userAgent: string;
  /** The device has a touch screen. */
  touch: boolean;
  /** `CSS.supports('transform', value)`. */
  supportsTransform: (value: string) => boolean;
}

/**
 * The classes the page gets, in the spec's order: `avia_mobile` (a mobile user agent with touch)
 * or `avia_desktop`, then `js_active`, then `avia_transform` and `avia_transform3d` when supported.
 */
export function pageClasses({ userAgent, touch, supportsTransform }: PageFeatures): string[] {
  const classes = [MOBILE_AGENT.test(userAgent) && touch ? 'avia_mobile' : 'avia_desktop', 'js_active'];
  if (supportsTransform('translate(0, 0)')) classes.push('avia_transform');
  if (supportsTransform('translate3d(0, 0, 0)')) classes.push('avia_transform3d');
  return classes;
}

/** The theme's breakpoint names, narrowest first (section 9 "Breakpoints"). */
export type Breakpoint = 'mini' | 'small' | 'medium' | 'desktop';

/** The widest viewport of each breakpoint but the last. */
const MAXIMA: Array<[Breakpoint, number]> = [
  ['mini', BREAKPOINTS.MINI_MAX_PX],
  ['small', BREAKPOINTS.SMALL_MAX_PX],
  ['medium', BREAKPOINTS.MEDIUM_MAX_PX],
];

/** The breakpoint of a viewport `width` CSS pixels wide. */
export function breakpointOf(width: number): Breakpoint {
  return MAXIMA.find(([, max]) => width <= max)?.[0] ?? 'desktop';
}

/** One media query per breakpoint but the last, `[name, query]`, narrowest first: the first that matches names the breakpoint. */
export const BREAKPOINT_QUERIES: ReadonlyArray<readonly [Breakpoint, string]> = MAXIMA.map(([name, max]) => [name, `(max-width: ${max}px)`]);
