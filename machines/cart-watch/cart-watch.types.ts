import type { CartSnapshot } from '../../shared/logic/cart.ts';
import type { CartTrigger } from '../../shared/logic/cart-trigger.ts';

/** A pop-up's cart trigger, armed until it fires. */
export interface ArmedCartTrigger {
  poptinId: string;
  trigger: CartTrigger;
}

export interface CartWatchInput {
  /** The cart triggers of the armed pop-ups; each fires once. */
  triggers: ArmedCartTrigger[];
  /** The cart as the page already knows it (a Wix-style display answer's `wix_cart_details`): taken as the first read, none is made. */
  known?: CartSnapshot;
}

export interface CartWatchContext {
  /** The cart given at start, if any (input `known`). */
  known: CartSnapshot | null;
  /** The triggers not fired yet. */
  triggers: ArmedCartTrigger[];
  /** The cart as it last settled; null before the first read succeeded. */
  settled: CartSnapshot | null;
  /** The latest read of the current poll, and how many reads in a row answered that same cart. */
  lastRead: CartSnapshot | null;
  sameReads: number;
  /** Reads since the cart call that started the current poll. */
  reads: number;
}

/** `CART.CALLED`: the page called the cart (add, change, update or clear); sent by the view (components/widget/cart-calls.ts notices them). */
export type CartWatchEvent = { type: 'CART.CALLED' };

/**
 * `settled`: the cart settled different from before (`before` null on the page's first read);
 * `fire`: the pop-ups whose cart trigger that change fires; `read-failed`: a cart read failed
 * (the view logs 'Cart Error', nothing else).
 */
export type CartWatchEmitted =
  | { type: 'settled'; before: CartSnapshot | null; after: CartSnapshot }
  | { type: 'fire'; poptinIds: string[] }
  | { type: 'read-failed' };
