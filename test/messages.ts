import * as english from '../shared/i18n/languages/en.ts';
import * as hebrew from '../shared/i18n/languages/he.ts';

/** Every English message, all areas in one object: what the tests expect on screen. */
export const en = { ...english.widget, ...english.owner, ...english.blocks, ...english.site };

/** Every Hebrew message, as `en`. */
export const he = { ...hebrew.widget, ...hebrew.owner, ...hebrew.blocks, ...hebrew.site };
