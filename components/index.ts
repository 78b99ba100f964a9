/**
 * `kite-elements`: importing this registers every element. Each element's code loads the
 * first time its tag appears in the page (in the document or in an open shadow root the page
 * adds later), so importing costs a few hundred bytes, not React.
 */
import { kiteWithVideoConsent } from '../shared/consent/consent.ts';

/**
 * Loads `element` once React (with XState, which its bridge imports) has run, a task earlier:
 * evaluating both with the fold section's code was one task of about 50 ms at 4x CPU on the
 * content page (issue 22, item 7). The element's own files are fetched after React's then, a round
 * trip later, while the page shows its markup at the size it reserved for the sections.
 */
const afterReact = (element: () => Promise<unknown>) =>
  import('../shared/dom/react-element.ts')
    .then(() => new Promise((next) => setTimeout(next)))
    .then(element);

const loaders: Record<string, () => Promise<unknown>> = {
  // The runtime, not the element alone: widget.js loads the runtime too, and the element then
  // travels in the runtime's file instead of a chunk of its own (one request and one gzip text
  // fewer on every page with a pop-up, issue 22).
  'kite-widget': () => import('./widget/widget.runtime.ts'),
  'kite-poptin': () => import('./poptin/poptin.element.ts'),
  'kite-fold-section': () => afterReact(() => import('./fold-section/fold-section.element.ts')),
  'kite-tab-teaser': () => import('./tab-teaser/tab-teaser.element.ts'),
  'kite-contact-form': () => import('./contact-form/contact-form.element.ts'),
  'kite-lightbox': () => import('./lightbox/lightbox.element.ts'),
  'kite-player': () => import('./player/player.element.ts'),
  'kite-product-recommendations': () => import('./product-recommendations/product-recommendations.element.ts'),
  // lit elements: none of them loads React or r2wc (`npm run size` checks it).
  'kite-header': () => import('./header/header.element.ts'),
  'kite-preloader': () => import('./preloader/preloader.element.ts'),
  'kite-scroll-top': () => import('./scroll-top/scroll-top.element.ts'),
  'kite-post-nav': () => import('./post-nav/post-nav.element.ts'),
  'kite-menu': () => import('./menu/menu.element.ts'),
  'kite-toc': () => import('./toc/toc.element.ts'),
  'kite-video-embed': () => import('./video-embed/video-embed.element.ts'),
  'kite-counter': () => import('./counter/counter.element.ts'),
  'kite-gallery': () => import('./gallery/gallery.element.ts'),
  'kite-parallax': () => import('./parallax/parallax.element.ts'),
  'kite-tabs': () => import('./tabs/tabs.element.ts'),
  'kite-tooltip': () => import('./tooltip/tooltip.element.ts'),
  'kite-animate': () => import('./animate/animate.element.ts'),
  'kite-slider': () => import('./slider/slider.element.ts'),
  'kite-live-search': () => import('./live-search/live-search.element.ts'),
  'kite-masonry': () => import('./masonry/masonry.element.ts'),
};

const started = new Set<string>();

/** Loads the code of `tag` now, for example before creating one with `document.createElement`. */
export function loadElement(tag: string): Promise<unknown> {
  const load = loaders[tag];
  if (!load) return Promise.reject(new Error(`Kite: no element ${tag}`));
  started.add(tag);
  return load().catch((error: Error) => {
    started.delete(tag);
    console.warn(`Kite: could not load ${tag}: ${error.message}`);
  });
}

/** Loads the tags not started yet that `root` is or holds: one selector query per added node, however many tags. */
function discover(root: ParentNode): void {
  const pending = Object.keys(loaders).filter((tag) => !started.has(tag));
  if (!pending.length) return;
  const selector = pending.join(',');
  const found = [...root.querySelectorAll(selector)].map((node) => node.localName);
  if (root instanceof Element && root.matches(selector)) found.push(root.localName);
  for (const tag of new Set(found)) void loadElement(tag);
}

if (typeof document !== 'undefined') {
  // `window.kite.consent(...)` from the first moment, on a page without widget.js too: a consent
  // manager may decide (`consent(true, 'video')`) before any element that reads it has loaded.
  kiteWithVideoConsent();
  discover(document);
  new MutationObserver((mutations) => {
    for (const mutation of mutations) for (const node of mutation.addedNodes) if (node instanceof Element) discover(node);
  }).observe(document.documentElement, { childList: true, subtree: true });
}

/**
 * Remembers the language the visitor chose in a language switcher (content-site spec 001, section
 * 1: the language cookie, kept for `LANGUAGE_COOKIE.MAX_AGE_DAYS`). The cookie code loads on the
 * first call, so a page that never switches fetches none of it. Rejects an invalid language code.
 */
export async function rememberLanguage(lang: string): Promise<void> {
  const { writeLanguageCookie } = await import('../shared/i18n/language-cookie.ts');
  writeLanguageCookie(lang);
}

export type { KiteWidget } from './widget/widget.element.ts';
export type { KitePoptin } from './poptin/poptin.element.ts';
export type { KiteFoldSection } from './fold-section/fold-section.element.ts';
export type { KiteTabTeaser } from './tab-teaser/tab-teaser.element.ts';
export type { KiteContactForm } from './contact-form/contact-form.element.ts';
export type { KiteLightbox } from './lightbox/lightbox.element.ts';
export type { KitePlayer } from './player/player.element.ts';
export type { KiteHeader } from './header/header.element.ts';
export type { KitePreloader } from './preloader/preloader.element.ts';
export type { KiteScrollTop } from './scroll-top/scroll-top.element.ts';
export type { KitePostNav } from './post-nav/post-nav.element.ts';
export type { KiteMenu } from './menu/menu.element.ts';
export type { KiteToc } from './toc/toc.element.ts';
export type { KiteVideoEmbed } from './video-embed/video-embed.element.ts';
export type { KiteCounter } from './counter/counter.element.ts';
export type { KiteGallery } from './gallery/gallery.element.ts';
export type { KiteParallax } from './parallax/parallax.element.ts';
export type { KiteTabs } from './tabs/tabs.element.ts';
export type { KiteTooltip } from './tooltip/tooltip.element.ts';
export type { KiteAnimate } from './animate/animate.element.ts';
export type { KiteSlider } from './slider/slider.element.ts';
export type { KiteLiveSearch } from './live-search/live-search.element.ts';
export type { KiteProductRecommendations } from './product-recommendations/product-recommendations.element.ts';
export type { KiteMasonry } from './masonry/masonry.element.ts';

/** Every `kite-*` DOM event's detail by name, derived from the machines' emitted events (shared/dom/events.ts). */
export type { KiteEventDetails, KiteEventMap, KiteEventName, PoptinSkipReason } from '../shared/dom/events.ts';
