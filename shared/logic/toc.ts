/**
 * Table of contents ids (content-site spec 001, section 5 "Table of contents"): a heading without
 * an id gets one made from its text.
 */
import { TOC } from '../constants/site.ts';

/** German letters written out as in an address (spec: umlauts transliterated), after lowercasing. */
const TRANSLITERATED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * The id a heading's `text` gives: German umlauts and ß transliterated (ä→ae, ö→oe, ü→ue, ß→ss),
 * lowercased, every run of other characters than letters and digits turned into one hyphen, no
 * leading or trailing hyphen. Letters and digits of any script count (a Hebrew heading keeps its
 * letters, so it gets an id too); `''` when the text has none. Slugifying a slug changes nothing.
 */
export function slugifyHeading(text: string): string {
  return String(text)
    .normalize('NFC')
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => TRANSLITERATED[letter]!)
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * `slug`, or the first of `slug-2`, `slug-3`, ... that is not in `taken`: repeated headings get
 * distinct ids. The caller adds the result to `taken`.
 */
export function uniqueSlug(slug: string, taken: ReadonlySet<string>): string {
  if (!taken.has(slug)) return slug;
  let suffix: number = TOC.FIRST_REPEAT_SUFFIX;
  while (taken.has(`${slug}-${suffix}`)) suffix += 1;
  return `${slug}-${suffix}`;
}
