import { LANGUAGE_COOKIE } from '../constants/site.ts';
import { days, getCookie, setCookie } from '../storage/storage.ts';

/** A primary language code as the switcher writes it: `en`, `he`. */
const LANGUAGE_CODE = /^[a-z]{2,3}$/;

/**
 * The language the switcher chose (content-site spec 001, section 1): the cookie's value, read as
 * English (`LANGUAGE_COOKIE.DEFAULT`) when there is none or it is not a language code.
 */
export function readLanguageCookie(): string {
  const value = getCookie(LANGUAGE_COOKIE.NAME)?.toLowerCase() ?? '';
  return LANGUAGE_CODE.test(value) ? value : LANGUAGE_COOKIE.DEFAULT;
}

/** Remembers the visitor's choice of `lang` for `LANGUAGE_COOKIE.MAX_AGE_DAYS`; an invalid code is refused. */
export function writeLanguageCookie(lang: string): void {
  const code = lang.toLowerCase();
  if (!LANGUAGE_CODE.test(code)) throw new RangeError(`Kite: "${lang}" is not a language code`);
  setCookie(LANGUAGE_COOKIE.NAME, code, days(LANGUAGE_COOKIE.MAX_AGE_DAYS));
}
