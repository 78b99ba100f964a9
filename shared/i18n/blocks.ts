import { blocks as en } from './en/blocks.ts';
import { blocks as he } from './he/blocks.ts';
import { translator } from './translate.ts';

export type MessageKey = keyof typeof en;

/** Messages of the pop-up's content blocks, loaded with them, in `lang`. */
export const t = translator<MessageKey>({ en, he });
