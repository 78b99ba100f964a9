/**
 * The pop-up's own add to cart on submit (`wix_add_to_cart`, else `add_to_cart`; widget spec
 * section 3 "design_properties"), fetched by the lead's code only for a record that has one.
 */
import type { StorePlatform } from '../constants/products.ts';
import { parseAddToCart } from '../logic/products.ts';
import { storeCart } from './store-cart.ts';

/**
 * Adds the setting's line to `platform`'s cart; resolves with the cart page when it was added and
 * the setting's redirect flag is on, else null (nothing to add, or the store refused: logged by the adapter).
 */
export async function addSettingToCart(setting: string, platform: StorePlatform): Promise<string | null> {
  const line = parseAddToCart(setting);
  if (!line) return null;
  const cart = storeCart(platform);
  const outcome = await cart.add({ variantId: line.variantId, productId: line.productId, quantity: line.quantity });
  return outcome === 'added' && line.redirect ? cart.cartPage : null;
}
