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
