import { products as en } from './languages/en.ts';
import { translator } from './translate.ts';

export type MessageKey = keyof typeof en;

/** Messages of the product recommendations in `lang` (the surface loads its language first). */
export const t = translator<MessageKey>('products', en);
