/**
 * The animated number's frames and format (spec 001, section 3 "Animated number"), pure: the
 * view asks for the value at each animation frame, so a dropped frame never slows the count.
 */

/** Digits after the decimal point of a number as the page wrote it (`"99.5"` has 1). */
export function decimalsOf(written: string): number {
  const match = /\.(\d+)/.exec(written.trim());
  return match ? match[1]!.length : 0;
}

/**
 * The number shown `elapsedMs` into a count from `from` to `to` lasting `durationMs`: a straight
 * line, as the theme counts (a fixed step per frame), with `decimals` digits; `to` once done.
 */
export function counterValueAt(from: number, to: number, elapsedMs: number, durationMs: number, decimals = 0): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return to;
  const share = Math.max(0, elapsedMs) / durationMs;
  const scale = 10 ** decimals;
  // Truncated toward the start, so the final number shows only at the end.
  const value = from + (to - from) * share;
  return (to >= from ? Math.floor(value * scale) : Math.ceil(value * scale)) / scale;
}

/**
 * `value` as the counter shows it: padded with leading zeros to as many integer digits as
 * `final` has (the width stays still while it counts, as the theme's), `decimals` digits after
 * the point, and `separator` (the theme's `number_format`, e.g. `,` or `.`) between each group
 * of three integer digits; none when empty.
 */
export function formatCounter(value: number, final: number, decimals: number, separator: string): string {
  const [integer = '0', fraction] = Math.abs(value).toFixed(decimals).split('.');
  const width = Math.abs(Math.trunc(final)).toString().length;
  const padded = integer.padStart(width, '0');
  const grouped = separator ? padded.replace(/\B(?=(\d{3})+(?!\d))/g, separator) : padded;
  const decimalPoint = separator === '.' ? ',' : '.';
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : decimalPoint + fraction}`;
}

/** The number a page wrote (`"1,250"`, `"12.5"`), read leniently: digits, one point, a minus. NaN when none. */
export function parseCounterNumber(written: string | null | undefined): number {
  const clean = (written ?? '').replace(/[^\d.-]/g, '');
  return clean ? Number.parseFloat(clean) : Number.NaN;
}
