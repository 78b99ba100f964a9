/**
 * easeInOutQuint (content-site spec 001, section 9 "Smooth scroll"): slow start, fast middle, slow
 * end. `progress` is the share of the duration elapsed, clamped to [0, 1]; returns the share of the
 * distance covered.
 */
export function easeInOutQuint(progress: number): number {
  const t = Math.min(1, Math.max(0, progress));
  return t < 0.5 ? 16 * t ** 5 : 1 - (-2 * t + 2) ** 5 / 2;
}

/** Where an eased move from `from` to `to` lasting `durationMs` is after `elapsedMs` (at `to` once done). */
export function easedPosition(from: number, to: number, elapsedMs: number, durationMs: number): number {
  if (durationMs <= 0) return to;
  return from + (to - from) * easeInOutQuint(elapsedMs / durationMs);
}

/**
 * easeInOutQuart (content-site spec 001, section 9 "Slider"): the slide change's easing. `progress`
 * is the share of the duration elapsed, clamped to [0, 1]; returns the share of the distance covered.
 */
export function easeInOutQuart(progress: number): number {
  const t = Math.min(1, Math.max(0, progress));
  return t < 0.5 ? 8 * t ** 4 : 1 - (-2 * t + 2) ** 4 / 2;
}

/**
 * `easing` as a CSS `linear()` easing of `steps` + 1 points, so a compositor animation (Web
 * Animations, CSS) follows the very function the spec names rather than a cubic-bézier guess.
 */
export function cssLinearEasing(easing: (progress: number) => number, steps: number): string {
  const points = Array.from({ length: steps + 1 }, (_, step) => Number(easing(step / steps).toFixed(4)));
  return `linear(${points.join(', ')})`;
}
