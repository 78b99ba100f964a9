import { pageClasses } from '../logic/page-classes.ts';

let applied = false;

/**
 * Tags the page as the theme's CSS expects (spec 001, section 2 "Page classes"): `avia_mobile` or
 * `avia_desktop`, `js_active`, then `avia_transform` / `avia_transform3d` where supported. The
 * first site element to connect calls it; later calls do nothing.
 */
export function applyPageClasses(root: HTMLElement = document.documentElement): void {
  if (applied) return;
  applied = true;
  root.classList.add(
    ...pageClasses({
      userAgent: navigator.userAgent,
      touch: 'ontouchstart' in root || navigator.maxTouchPoints > 0,
      supportsTransform: (value) => CSS.supports('transform', value),
    }),
  );
}
