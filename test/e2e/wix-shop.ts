// What the Wix-style demo store's end-to-end files share: the shop's cookie bar
// (demo/public/wix/store.js) holds the widget (data-consent="required") until the shopper accepts.
import type { BrowserContext } from 'playwright-core';

/** Where the demo shop's own cookie bar remembers the shopper's choice (demo/public/wix/store.js). */
export const WIX_SHOP_COOKIE_CHOICE_KEY = 'kite-wind-shop-cookies';

/** A shopper who accepted the shop's cookies on an earlier visit: every page of `context` starts with consent. */
export async function acceptedWixShopCookies(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => localStorage.setItem(key, 'accepted'), WIX_SHOP_COOKIE_CHOICE_KEY);
}
