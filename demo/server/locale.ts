/**
 * The display answer's `country`, `cc` and `lang` (widget spec section 7). A provider reads the
 * country from the caller's address; the reference server has no address-to-country data, so it
 * reads what the visitor's browser says it prefers (`Accept-Language`), which is what a test or a
 * visitor can set: `lang` is the most preferred language's primary code, `country` (`cc` in lower
 * case) the region of the most preferred tag that names one. The defaults fill what it does not say.
 */
import type { IncomingMessage } from 'node:http';
import { DISPLAY_DEFAULTS } from './constants.ts';

/** A language tag as browsers send it: a primary code of 2 or 3 letters, then optional subtags. */
const TAG = /^([a-z]{2,3})(?:-[a-z]{4})?(?:-([a-z]{2}))?(?:-|$)/i;

export interface VisitorLocale {
  country: string;
  cc: string;
  lang: string;
}

export function visitorLocale(req: Pick<IncomingMessage, 'headers'>): VisitorLocale {
  const tags = String(req.headers['accept-language'] ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { match: TAG.exec(tag.trim()), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((tag) => tag.match && tag.q > 0)
    // Most preferred first; equal weights keep the order sent.
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((tag) => tag.match!);
  const lang = tags[0]?.[1]?.toLowerCase() ?? DISPLAY_DEFAULTS.LANG;
  const country = tags.find((tag) => tag[2])?.[2]?.toUpperCase() ?? DISPLAY_DEFAULTS.COUNTRY;
  return { country, cc: country.toLowerCase(), lang };
}
