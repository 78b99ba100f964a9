/**
 * The theme's colour and font-size classes (content-site spec 001, section 5 "Class-name helpers"):
 * a class names a value, and only a well-formed one is applied. Pure: never throws; anything
 * malformed gives `null` and is ignored.
 */
import { ANIMATION, CLASS_HELPERS, MIN_HEIGHT } from '../constants/site.ts';

const HEX_DIGITS = /^[\da-f]+$/i;
const NUMBER = /^\d+(?:\.\d+)?$/;
const PART_SEPARATOR = '-';

/**
 * The text colour an `av-custom-color-<hex>` class names, as `#<hex>` (lowercase): 3 or 6 hex
 * digits, otherwise `null` (`av-custom-color-c0392b` → `#c0392b`, `av-custom-color-f60` → `#f60`,
 * `av-custom-color-ff00` → `null`).
 */
export function colourFromClass(className: string): string | null {
  if (typeof className !== 'string' || !className.startsWith(CLASS_HELPERS.COLOUR_PREFIX)) return null;
  const hex = className.slice(CLASS_HELPERS.COLOUR_PREFIX.length);
  if (!HEX_DIGITS.test(hex) || !(CLASS_HELPERS.HEX_LENGTHS as readonly number[]).includes(hex.length)) return null;
  return `#${hex.toLowerCase()}`;
}

/**
 * The font size an `av-font-size-<number>-<unit>` class names, as a CSS length: exactly two parts
 * after the prefix, a non-negative number and a known unit, otherwise `null`
 * (`av-font-size-24-px` → `24px`, `av-font-size-1.5-rem` → `1.5rem`, `av-font-size-24` → `null`).
 */
export function fontSizeFromClass(className: string): string | null {
  if (typeof className !== 'string' || !className.startsWith(CLASS_HELPERS.FONT_SIZE_PREFIX)) return null;
  const parts = className.slice(CLASS_HELPERS.FONT_SIZE_PREFIX.length).split(PART_SEPARATOR);
  if (parts.length !== 2) return null;
  const [number, unit] = parts as [string, string];
  if (!NUMBER.test(number) || !(CLASS_HELPERS.FONT_SIZE_UNITS as readonly string[]).includes(unit)) return null;
  return `${Number(number)}${unit}`;
}

/** `av-animated-when-visible-<n>`: the item triggers when its top passes n % of the window's height. */
const OFFSET_CLASS = /^av-animated-when-visible-(\d+)$/;
/** `av-minimum-height-<n>`: the section is at least n % of the window's height. */
const MIN_HEIGHT_CLASS = /^av-minimum-height-([1-9]\d*)$/;

/**
 * Where, in percent of the window's height from its top, an animated item with these classes
 * triggers: an offset class counts only below `ANIMATION.OFFSET_LIMIT` (section 5), else the
 * theme's class offsets, else `null` (not an animated item).
 */
export function animationOffsetOf(classNames: Iterable<string>): number | null {
  let fromThemeClass: number | null = null;
  for (const name of classNames) {
    const offset = OFFSET_CLASS.exec(name);
    if (offset && Number(offset[1]) < ANIMATION.OFFSET_LIMIT) return Number(offset[1]);
    if (Object.hasOwn(ANIMATION.OFFSETS_PERCENT, name)) fromThemeClass ??= ANIMATION.OFFSETS_PERCENT[name as keyof typeof ANIMATION.OFFSETS_PERCENT];
  }
  return fromThemeClass;
}

/** The minimum-height preset (percent of the window's height) a class names, or `null` when it names none of `MIN_HEIGHT.PRESETS_PERCENT`. */
export function minimumHeightOf(className: string): number | null {
  const preset = MIN_HEIGHT_CLASS.exec(className);
  const percent = preset ? Number(preset[1]) : NaN;
  return (MIN_HEIGHT.PRESETS_PERCENT as readonly number[]).includes(percent) ? percent : null;
}
