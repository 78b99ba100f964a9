import { en, type Catalogue, type MessageKey } from './en.ts';
import { he } from './he.ts';

/** One catalogue per language: a third language is one more file and one line here. */
const catalogues: Record<string, Catalogue> = { en, he };

/** The page's language: an explicit `lang`, else the document's, reduced to a catalogue we have. */
export function pageLanguage(lang?: string | null): string {
  const code = (lang || document.documentElement.lang || 'en').slice(0, 2).toLowerCase();
  return code in catalogues ? code : 'en';
}

export const isRightToLeft = (lang: string) => lang === 'he';

/** The message `key` in `lang`, with `{name}` placeholders filled from `values`. */
export function t(lang: string, key: MessageKey, values: Record<string, string> = {}): string {
  const text = (catalogues[lang] ?? en)[key];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

export type { MessageKey };
