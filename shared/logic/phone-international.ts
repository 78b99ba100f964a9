/**
 * International phone numbers with libphonenumber-js (widget spec section 5 "Phone,
 * international"): the check, as-you-type formatting and the country list with dial codes.
 * This module carries the library (about 30 KB gzipped with its minimal metadata), so the form
 * imports it only when an international phone field shows; rollup puts it in its own chunk.
 */
import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { widget as en } from '../i18n/languages/en.ts';
import { validatePhone as validatePhoneWith, type PhoneOptions, type PhoneResult } from './phone.ts';

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  /** The calling code without `+`. */
  dialCode: string;
  /** The country's name in the page's language (the code when the browser cannot name it). */
  name: string;
}

const known = new Set<string>(getCountries());

/** The country as the library knows it, or undefined (any case accepted). */
function phoneCountry(code: string | undefined): CountryCode | undefined {
  const upper = (code ?? '').trim().toUpperCase();
  return known.has(upper) ? (upper as CountryCode) : undefined;
}

/** The dial code of a country (`IL` gives `972`), or '' for an unknown country. */
export function dialCodeOf(code: string | undefined): string {
  const country = phoneCountry(code);
  return country ? getCountryCallingCode(country) : '';
}

/**
 * The library's check (widget spec section 5): the number is parsed in the selected country
 * (or as an international number when it starts with `+`) and must be a valid number there.
 * `formatted` is the E.164 form. Never throws.
 */
export function checkInternationalPhone(value: string, country: string | undefined): PhoneResult {
  try {
    const parsed = parsePhoneNumberFromString(String(value).trim(), phoneCountry(country));
    if (parsed?.isValid()) return { valid: true, formatted: parsed.number };
  } catch {
    /* the library refused the text: not a number */
  }
  return { valid: false, message: en.phoneInternational, code: 'phoneInternational' };
}

/**
 * What the visitor typed, formatted as they type (`0501234567` in IL gives `050-123-4567`).
 * Characters the library drops are dropped. Formatting the result again gives the same text.
 */
export function formatPhoneAsYouType(value: string, country: string | undefined): string {
  try {
    return new AsYouType(phoneCountry(country)).input(String(value));
  } catch {
    return String(value);
  }
}

/** Every country the library knows, with its dial code, sorted by name in `lang`. */
export function phoneCountries(lang: string): PhoneCountry[] {
  let names: { of(code: string): string | undefined } | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    /* an old browser: show the codes */
  }
  return [...known]
    .map((code) => ({ code, dialCode: getCountryCallingCode(code as CountryCode), name: names?.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
}

/** `validatePhone` of shared/logic/phone.ts with the international check built in (`kite-elements/logic`). */
export function validatePhone(value: string, options: PhoneOptions = {}): PhoneResult {
  return validatePhoneWith(value, options, checkInternationalPhone);
}
