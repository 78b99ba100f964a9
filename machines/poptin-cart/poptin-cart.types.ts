/**
 * Types of the pop-up's own add to cart on submit (widget spec section 3 "design_properties":
 * `add_to_cart` and numbered variants, `wix_add_to_cart` and variants).
 */
import type { PoptinCartLine } from '../../shared/logic/products.ts';
import type { AddToCartOutcome } from '../product-recommendations/product-recommendations.types.ts';

export interface PoptinCartInput {
  /** The record's lines, in the order they are added (shared/logic/products.ts `poptinCartLines`). */
  lines: PoptinCartLine[];
  /** Where a line's redirect flag sends the visitor once every line is in the cart; null: the record redirects itself, so the cart does not. */
  cartPage: string | null;
}

export interface PoptinCartContext {
  lines: PoptinCartLine[];
  cartPage: string | null;
  /** Each line's outcome by its index; a line without one is still to add (a retry clears the failed ones). */
  outcomes: Record<number, AddToCartOutcome>;
  /** How many times the lines were asked for: 1 on the submit, one more for each retry. */
  attempts: number;
}

export type PoptinCartEvent =
  /** The pop-up's lead went through: add the lines. */
  | { type: 'CART.ADD' }
  /** Add the lines that failed again. */
  | { type: 'CART.RETRY' };

export type PoptinCartEmitted =
  /** Every line is in the cart and one asked to go to the cart page. */
  { type: 'redirect'; url: string };
