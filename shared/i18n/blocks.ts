import { blocks as en } from './languages/en.ts';
import { translator } from './translate.ts';

export type MessageKey = keyof typeof en;

/** Messages of the pop-up's content blocks in `lang` (the pop-up loads its language first). */
export const t = translator<MessageKey>('blocks', en);
