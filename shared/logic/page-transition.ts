/**
 * Page transition rule (content-site spec 001, section 5 "Page transition"): the preloader shows
 * again only when the visitor leaves for another page of the same site through a plain link.
 */

/** What the rule needs to know about a clicked link and the click. */
export interface LeavingClick {
  /** The link's resolved address (`anchor.href`). */
  href: string;
  /** The link's `target` attribute ('' when absent). */
  target: string;
  /** The link's class list, as written. */
  className: string;
  /** A modifier key was held, or a button other than the main one was used. */
  modified: boolean;
}

/** Add-to-cart links stay on the page (the cart opens or the count updates): no transition. */
const ADD_TO_CART = /(^|\s)add_to_cart_button(\s|$)|[?&]add-to-cart=/;

/**
 * True when following `click` from `current` should show the preloader: same host, a different
 * page ignoring the hash, no target, not mailto and not add-to-cart, no modifier key.
 */
export function isPageTransition(click: LeavingClick, current: string): boolean {
  if (click.modified || click.target !== '') return false;
  let next: URL;
  let here: URL;
  try {
    next = new URL(click.href, current);
    here = new URL(current);
  } catch {
    return false;
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') return false; // mailto:, tel:, javascript:
  if (next.host !== here.host) return false;
  if (ADD_TO_CART.test(click.className) || ADD_TO_CART.test(next.search)) return false;
  const withoutHash = (url: URL) => url.href.slice(0, url.href.length - url.hash.length);
  return withoutHash(next) !== withoutHash(here);
}
