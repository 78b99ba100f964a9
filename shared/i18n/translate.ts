import type { Area, Language } from './language.ts';

/** A page language we could have a file for: `he`, or `pt` of `pt-BR`; anything else reads English. */
const LANGUAGE_CODE = /^[a-z]{2,3}$/;

/**
 * The languages other than English this page has asked for: the file's exports once fetched,
 * `null` when there is no such file (or it failed to load), and the page reads English.
 */
const languages: Record<string, Language | null> = {};

/**
 * The language messages show in: an explicit `lang`, else the document's, reduced to its primary
 * code; English when we know there is no file for it. Call `loadMessages` before showing text.
 */
export function pageLanguage(lang?: string | null): string {
  const code = (lang || document.documentElement.lang || 'en').split(/[-_]/)[0].toLowerCase();
  return LANGUAGE_CODE.test(code) && languages[code] !== null ? code : 'en';
}

/** True once `lang`'s messages are settled: English, fetched, or known to be missing. */
export const hasMessages = (lang: string) => lang === 'en' || lang in languages;

/**
 * Fetches the language file for `lang` once per page: every language but English is one file,
 * `languages/<code>.ts`, and nothing lists them (the build makes a chunk of each file it finds).
 * Never rejects: without the file the page reads English.
 */
export async function loadMessages(lang: string): Promise<void> {
  if (hasMessages(lang) || !LANGUAGE_CODE.test(lang)) return;
  languages[lang] = (await import(`./languages/${lang}.ts`).catch(() => null)) as Language | null;
}

export const isRightToLeft = (lang: string) => languages[lang]?.direction === 'rtl';

/** A `t(lang, key, values)` over one area: `{name}` placeholders filled, English when `lang` has no file. */
export function translator<Key extends string>(area: Area, english: Record<Key, string>) {
  return (lang: string, key: Key, values: Record<string, string> = {}): string =>
    ((languages[lang]?.[area] as Record<Key, string> | undefined) ?? english)[key].replace(
      /\{(\w+)\}/g,
      (_, name: string) => values[name] ?? '',
    );
}
