import { site as en } from './en/site.ts';
import { site as he } from './he/site.ts';
import { translator } from './translate.ts';

export type MessageKey = keyof typeof en;

/** Messages of the content-site elements (lightbox, media player, contact form), in `lang`. */
export const t = translator<MessageKey>({ en, he });
