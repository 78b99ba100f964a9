import { PREVIEW_PARAM, START } from '../constants/widget.ts';
import { displayCall, type DisplayContext } from '../api/display-call.ts';
import { clipText, pageUrl } from '../api/url.ts';
import { cookiesWithPrefix } from '../storage/storage.ts';
import { convertedValues } from '../api/converted.ts';
import { kiteGlobal } from './global.ts';
import { recordVisit, type Visit } from './visit.ts';
import type { DisplayResponse } from '../schema/poptin-record.ts';

/** How a page starts the widget: from the script tag's data attributes or `kite-widget`'s attributes. */
export interface WidgetOptions {
  clientId: string;
  /** Base URL of the display API. */
  api: string;
  /** Directory the widget's own files are loaded from. */
  base: string;
  /** The optional start, 1.5 s after page load. */
  delayedStart?: boolean;
  /**
   * The store platform, as the page wrote it (`data-store`, kite-widget's `store`): `shopify` reads
   * the cart from `/cart.js` for the display context; `wix` sends the platform (the Wix-style cart
   * comes back in the answer). Any other value is no store.
   */
  store?: string | null;
  lang?: string;
  /** Hold everything (no cookie, no storage, no call) until `window.kite.consent(true)`. */
  consentRequired?: boolean;
  /** Single-page app: re-run on History API changes and the back button. */
  spa?: boolean;
  /** A re-run after a single-page-app navigation: no start delay. */
  rerun?: boolean;
}

export interface StartResult {
  response: DisplayResponse;
  context: DisplayContext;
  /** The preview token the server honoured; null when there is none or it was refused. */
  previewId: string | null;
  /** The visit's bookkeeping (session, visit number, page views) as read before this page wrote. */
  visit?: Visit;
  /** A Shopify-style store's `/cart.js` answer as read for the call: the cart watch starts from it instead of reading it again. */
  cartAnswer?: unknown;
}

type Consent = 'yes' | 'no' | 'undecided';

interface ShopifyPrivacy {
  currentVisitorConsent?: () => { marketing?: string };
}

/**
 * Resolves once the site has called `window.kite.consent(true)` (at once if it already has). Here
 * and not in global.ts: only the start waits for it, and global.ts is in every pop-up's code.
 */
function genericConsent(): Promise<void> {
  const kite = kiteGlobal();
  return new Promise((resolve) => {
    if (kite.consented === true) return resolve();
    const onConsent = () => {
      if (kite.consented !== true) return;
      removeEventListener('kite-widget-consent', onConsent);
      resolve();
    };
    addEventListener('kite-widget-consent', onConsent);
  });
}

/** The Shopify-style consent answer; any other site has nothing to ask. */
function shopifyConsent(): Consent {
  const privacy = (window as { Shopify?: { customerPrivacy?: ShopifyPrivacy } }).Shopify?.customerPrivacy;
  if (!privacy?.currentVisitorConsent) return 'yes';
  const marketing = privacy.currentVisitorConsent().marketing;
  return marketing === 'yes' ? 'yes' : marketing === 'no' ? 'no' : 'undecided';
}

/** Resolves once consent is yes (polled each second while undecided); never when it is no. */
function consentGiven(): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      const consent = shopifyConsent();
      if (consent === 'undecided') setTimeout(check, START.CONSENT_POLL_MS);
      else resolve(consent === 'yes');
    };
    check();
  });
}

/**
 * The display call's `triggers`: the pop-up ids the page's links and buttons carry (`data-poptin`),
 * the click triggers on this page as it started (docs/display-api.md). Only what could be an id
 * is sent, so a theme's stray value never costs the page its pop-ups.
 */
const pageTriggers = () =>
  [...new Set([...document.querySelectorAll('[data-poptin]')].map((node) => node.getAttribute('data-poptin')!))]
    .filter((id) => /^[\w-]{1,64}$/.test(id))
    .slice(0, START.TRIGGER_IDS_MAX);

const pageLoaded = () =>
  document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => addEventListener('load', () => resolve(), { once: true }));

/** The `noJqueryUi` and `noConflict` flags skip the optional start delay. */
const skipsDelay = () => {
  const flags = window as { noJqueryUi?: unknown; noConflict?: unknown };
  return Boolean(flags.noJqueryUi || flags.noConflict);
};

/** The Shopify-style cart's `/cart.js` answer; null when it cannot be read. */
async function readCart(): Promise<{ total_price?: number; item_count?: number } | null> {
  try {
    const response = await fetch('/cart.js', { credentials: 'same-origin' });
    return response.ok ? await response.json() : {};
  } catch {
    console.warn('Cart Error');
    return null;
  }
}

/**
 * The widget start (widget spec section 4 "Pop-up life"): the generic consent gate (when the
 * site asks for it), the Shopify-style consent gate, optional delay, the visit's bookkeeping and
 * the display call. Resolves with the answer, or null when there is nothing to show (no consent,
 * failed call, refused without the upgrade pop-up). Nothing is written and no call is made
 * before consent.
 */
export async function startWidget(options: WidgetOptions): Promise<StartResult | null> {
  if (options.consentRequired) await genericConsent();
  if (!(await consentGiven())) return null;
  if (options.delayedStart && !options.rerun && !skipsDelay()) {
    await pageLoaded();
    await new Promise((resolve) => setTimeout(resolve, START.PAGE_LOAD_DELAY_MS));
  }
  const visit = recordVisit();
  let previewId = new URLSearchParams(location.search).get(PREVIEW_PARAM);
  // The platform the page names (an unknown name is no store), else a Shopify page says so itself.
  const store = /^(shopify|wix)$/.test(options.store as string) ? options.store : (window as { Shopify?: unknown }).Shopify ? 'shopify' : null;
  const cart = store === 'shopify' ? await readCart() : undefined;
  const context: DisplayContext = {
    domain: location.hostname,
    url: pageUrl(),
    referrer: visit.referrer,
    previous_url: visit.previousUrl,
    page_title: clipText(document.title),
    cookies: cookiesWithPrefix('poptin_'),
    visited_pages: visit.visitedPages,
    triggers: pageTriggers(),
    visitor_id: visit.visitorId,
    preview_token: previewId || undefined,
    converted: convertedValues(),
    ...(store ? { store_integration: store, cart: cart && { total_price: Number(cart.total_price) || 0, item_count: Number(cart.item_count) || 0 } } : {}),
  };
  const response = await displayCall(options.api, options.clientId, context);
  if (!response) return null;
  if (response.display === 'not_allowed') {
    // Logged only, unless the owner's plan asks for the upgrade pop-up (widget spec section 8).
    console.info(`Kite: ${response.message ?? 'not allowed'}`);
    if (!response.is_client_restriction) return null;
  }
  if (previewId && !response.preview?.shown) {
    // Not the owner's link, or an expired one: the page gets its normal pop-ups, and no call carries the token.
    console.warn(`Kite: preview not shown: ${response.preview?.error}`);
    previewId = null;
    delete context.preview_token;
  }
  return { response, context, previewId, visit, cartAnswer: cart };
}
