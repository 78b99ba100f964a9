import { widget as en } from './en/widget.ts';
import { translator, type Catalogues } from './translate.ts';

export type MessageKey = keyof typeof en;

/**
 * Messages live in one folder per language (`en/`, `he/`), one file per area, so a page loads
 * the messages of what it shows: a third language is one more folder and one line per area.
 * English comes with the code; the other languages' widget messages are fetched the first time a
 * page in that language needs them.
 */
const LOADERS: Record<string, () => Promise<Record<MessageKey, string>>> = {
  he: () => import('./he/widget.ts').then((module) => module.widget),
};
const LANGUAGES = ['en', ...Object.keys(LOADERS)];

/** The page's language: an explicit `lang`, else the document's, reduced to a language we have. */
export function pageLanguage(lang?: string | null): string {
  const code = (lang || document.documentElement.lang || 'en').slice(0, 2).toLowerCase();
  return LANGUAGES.includes(code) ? code : 'en';
}

export const isRightToLeft = (lang: string) => lang === 'he';

const catalogues: Catalogues<MessageKey> = { en };

/** True once the widget's messages in `lang` are here (English always is). */
export const hasMessages = (lang: string) => Boolean(catalogues[lang]) || !LOADERS[lang];

/** Fetches the widget's messages in `lang`; anything that shows text waits for it first. */
export async function loadMessages(lang: string): Promise<void> {
  if (!hasMessages(lang)) catalogues[lang] = await LOADERS[lang]();
}

/** The widget's message `key` in `lang` (English until `loadMessages(lang)`), with `{name}` placeholders filled from `values`. */
export const t = translator<MessageKey>(catalogues);
