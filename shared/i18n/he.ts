import { widget } from './he/widget.ts';
import { blocks } from './he/blocks.ts';
import { site } from './he/site.ts';
import type { Catalogue } from './en.ts';

/** Every Hebrew message (see en.ts): used when the page language is `he`. */
export const he: Catalogue = { ...widget, ...blocks, ...site };
