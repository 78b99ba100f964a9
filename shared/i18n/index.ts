import { widget as en } from './en/widget.ts';
import { widget as he } from './he/widget.ts';
import { translator } from './translate.ts';

/**
 * Messages live in one folder per language (`en/`, `he/`), one file per area, so a page loads
 * the messages of what it shows: a third language is one more folder and one line per area.
 */
const LANGUAGES = ['en', 'he'];

/** The page's language: an explicit `lang`, else the document's, reduced to a language we have. */
export function pageLanguage(lang?: string | null): string {
  const code = (lang || document.documentElement.lang || 'en').slice(0, 2).toLowerCase();
  return LANGUAGES.includes(code) ? code : 'en';
}

export const isRightToLeft = (lang: string) => lang === 'he';

export type MessageKey = keyof typeof en;

/** The widget's message `key` in `lang`, with `{name}` placeholders filled from `values`. */
export const t = translator<MessageKey>({ en, he });
