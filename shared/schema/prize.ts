/**
 * The game of a gamified pop-up (docs/poptin-record.md "Games"): which game follows the record's
 * format (`gamified_format_1` gift box, `_2` scratch card, `_3` wheel); the prizes are what it draws from.
 */
export interface GameBlock {
  type: 'game';
  /** In order: the wheel's segments go round in it, repeating to fill the 12. */
  prizes: Prize[];
  /** The play control's text (Spin, Scratch, Open); the page language's word by default. With a form, its button plays. */
  play_text?: string;
}

/** A prize of a gamified pop-up (widget spec section 3 "Prize (gamified)"). */
export interface Prize {
  /** What the visitor reads on the segment, box or card, and on the result screen. */
  label: string;
  /** The coupon code the visitor wins (copyable on the winning screen); empty for none. */
  code?: string;
  /** Chance weight in percent; a prize of 0 is never drawn. */
  chances: number;
  /** 0 for a win; any other value is a losing prize ("try again"). */
  loosing_option: number;
  is_winner?: boolean;
  prize_id?: string;
  /** Redirect after the result (through the safe-redirect rules, shared/logic/redirect.ts). */
  redirect_to?: boolean;
  redirect_to_options?: {
    redirect_to_url?: string;
    /** Close the pop-up when redirecting. */
    redirect_close?: boolean;
    /** Seconds from the result to the redirect. */
    redirect_close_delay?: number;
  };
}
