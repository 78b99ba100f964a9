/**
 * Decoding HTML character references in text, without a DOM (and so without an HTML sink): for
 * text a CMS encoded twice, such as a `title="Tom &amp;amp; Jerry"` attribute whose value reads
 * `Tom &amp; Jerry`. The result is text, to be shown as text, never parsed as HTML.
 */

/** The named references CMSs write in titles and captions; any other name is left as it is. */
const NAMED: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0',
  hellip: '\u2026', ndash: '\u2013', mdash: '\u2014', lsquo: '\u2018', rsquo: '\u2019', sbquo: '\u201a',
  ldquo: '\u201c', rdquo: '\u201d', bdquo: '\u201e', laquo: '\u00ab', raquo: '\u00bb', bull: '\u2022',
  middot: '\u00b7', copy: '\u00a9', reg: '\u00ae', trade: '\u2122', euro: '\u20ac', pound: '\u00a3',
  yen: '\u00a5', cent: '\u00a2', deg: '\u00b0', times: '\u00d7', divide: '\u00f7', shy: '\u00ad',
};

/** The highest Unicode code point; a reference beyond it (or a surrogate) is left as it is. */
const MAX_CODE_POINT = 0x10ffff;
const SURROGATES = { FIRST: 0xd800, LAST: 0xdfff } as const;

const REFERENCE = /&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|([a-zA-Z]+));/g;

function decodeOnce(text: string): string {
  return text.replace(REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED[name] ?? whole;
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    const valid = code > 0 && code <= MAX_CODE_POINT && (code < SURROGATES.FIRST || code > SURROGATES.LAST);
    return valid ? String.fromCodePoint(code) : whole;
  });
}

/**
 * `text` with its character references decoded, as often as it was encoded (`&amp;amp;` becomes
 * `&`), so decoding its result again changes nothing. Never throws.
 */
export function decodeEntities(text: string): string {
  let current = text;
  // Each pass that changes something shortens the text, so this ends.
  for (let next = decodeOnce(current); next !== current; next = decodeOnce(current)) current = next;
  return current;
}
