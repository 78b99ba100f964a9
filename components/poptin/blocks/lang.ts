import type { DateTagLanguage } from '../../../shared/logic/date-tags.ts';

/** The date-tag language of a page language: Hebrew or else English. */
export const dateTagLanguage = (lang: string): DateTagLanguage => (lang === 'he' ? 'he' : 'en');
