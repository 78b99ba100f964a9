import { owner as en } from './languages/en.ts';
import { translator } from './translate.ts';

export type MessageKey = keyof typeof en;

/** Messages only a site's owner sees (preview banner, plan-limit pop-up) in `lang`: in their chunks, not in every pop-up's. */
export const t = translator<MessageKey>('owner', en);
