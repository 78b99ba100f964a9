import { widget as en } from './languages/en.ts';
import { translator } from './translate.ts';

export { hasMessages, isRightToLeft, loadMessages, pageLanguage } from './translate.ts';

export type MessageKey = keyof typeof en;

/** The widget's message `key` in `lang` (English until `loadMessages(lang)`), with `{name}` placeholders filled from `values`. */
export const t = translator<MessageKey>('widget', en);
