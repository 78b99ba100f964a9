import type * as english from './languages/en.ts';

export type Direction = 'ltr' | 'rtl';

/**
 * What a language file (`languages/<code>.ts`) exports: its writing direction and one set of
 * messages per area, with English's keys. A new language is one such file, nothing else: the page
 * whose `lang` names it fetches it (see translate.ts), and a missing key fails the type check.
 */
export interface Language {
  direction: Direction;
  /** The pop-up widget: dialog, form, validation, preview and upgrade messages. */
  widget: Record<keyof typeof english.widget, string>;
  owner: Record<keyof typeof english.owner, string>;
  /** The pop-up's content blocks: countdown, coupon, ticker, video, buttons, credit badge. */
  blocks: Record<keyof typeof english.blocks, string>;
  /** The content-site elements: lightbox, media player, contact form. */
  site: Record<keyof typeof english.site, string>;
  /** Product recommendations and add to cart. */
  products: Record<keyof typeof english.products, string>;
}

export type Area = Exclude<keyof Language, 'direction'>;
