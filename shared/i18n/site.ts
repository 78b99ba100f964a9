import { site as en } from './languages/en.ts';
import { translator } from './translate.ts';

export type MessageKey = keyof typeof en;

/** Messages of the content-site elements (lightbox, media player, contact form) in `lang`; see `useMessages`. */
export const t = translator<MessageKey>('site', en);
