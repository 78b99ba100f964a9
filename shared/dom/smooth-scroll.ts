import { SCROLL } from '../constants/site.ts';
import { easedPosition } from '../logic/easing.ts';
import { setAttribute } from './dom-writes.ts';
import { prefersReducedMotion } from './reduced-motion.ts';

/**
 * In-page anchors (spec 001, section 2): links to a place on this page scroll there smoothly
 * (`SCROLL.SMOOTH_MS`, easeInOutQuint; at once under reduced motion), stopping below the sticky
 * header. A "next section" link goes to the next visible section. Links the theme marks
 * `no-scroll`, previous / next links and comment-reply links keep the browser's own behaviour.
 */

/** Links left to the browser: the theme's opt-out, post and slide navigation, and the comment form's reply links. */
const LEFT_ALONE = '.no-scroll, .prev, .next, [rel="prev"], [rel="next"], .comment-reply-link, #cancel-comment-reply-link';
/** The theme's "next section" links. */
const NEXT_SECTION_LINK = '.av-scroll-down, .scroll-down-link';
/** What counts as a content section for "next section". */
const SECTION = 'section, .avia-section';

let running: (() => void) | null = null;

/** Stops a smooth scroll in progress (the visitor took over with the wheel, a touch or a key). */
export function stopSmoothScroll(): void {
  running?.();
}

/** Scrolls the window to `top` (pixels), smoothly unless the visitor prefers reduced motion; resolves when there. */
export function smoothScrollTo(top: number): Promise<void> {
  stopSmoothScroll();
  const target = Math.max(0, Math.min(top, document.documentElement.scrollHeight - innerHeight));
  if (prefersReducedMotion()) {
    scrollTo({ top: target, behavior: 'instant' });
    return Promise.resolve();
  }
  const from = scrollY;
  return new Promise((resolve) => {
    let start: number | null = null;
    let frame = 0;
    const takeOver = () => stopSmoothScroll();
    const finish = () => {
      cancelAnimationFrame(frame);
      for (const type of ['wheel', 'touchstart', 'keydown'] as const) removeEventListener(type, takeOver);
      running = null;
      resolve();
    };
    const step = (now: number) => {
      start ??= now;
      const elapsed = now - start;
      scrollTo({ top: easedPosition(from, target, elapsed, SCROLL.SMOOTH_MS), behavior: 'instant' });
      if (elapsed >= SCROLL.SMOOTH_MS) finish();
      else frame = requestAnimationFrame(step);
    };
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) addEventListener(type, takeOver, { passive: true });
    running = finish;
    frame = requestAnimationFrame(step);
  });
}

/** The visible section after the one holding `link`, or null. */
function nextSection(link: Element): Element | null {
  let section = link.closest(SECTION)?.nextElementSibling ?? null;
  while (section && !(section.matches(SECTION) && section.getClientRects().length > 0)) section = section.nextElementSibling;
  return section;
}

/** Where a link to this page should take the visitor: an element, `top`, or null when it is not ours to handle. */
function destinationOf(link: HTMLAnchorElement): Element | 'top' | null {
  if (link.matches(LEFT_ALONE)) return null;
  if (link.matches(NEXT_SECTION_LINK)) return nextSection(link);
  const url = new URL(link.href, location.href);
  if (!url.hash || url.href.slice(0, -url.hash.length) !== location.href.slice(0, location.href.length - location.hash.length)) return null;
  const id = decodeURIComponent(url.hash.slice(1));
  const element = document.getElementById(id) ?? document.getElementsByName(id)[0] ?? null;
  if (element) return element;
  return id === '' || id === 'top' ? 'top' : null;
}

/** What `kite-header` tells about its bar: the height its ResizeObserver measured last (no layout read). */
interface StickyHeader extends HTMLElement {
  readonly barHeight?: number;
}

/**
 * The height of the window's top that the sticky header covers (spec 001, section 9: anchors stop
 * below it): the page's `kite-header` bar, else a theme's `#header` while it sticks, else 0.
 */
export function stickyHeaderHeight(): number {
  const header: StickyHeader | null = document.querySelector('kite-header') ?? document.querySelector<HTMLElement>('#header');
  if (!header) return 0;
  if (typeof header.barHeight === 'number') return header.barHeight;
  return /^(sticky|fixed)$/.test(getComputedStyle(header).position) ? header.getBoundingClientRect().height : 0;
}

/**
 * Gives `element` focus without scrolling, so keyboard and screen-reader users continue from there;
 * a tabindex added for it goes again when focus leaves.
 */
function moveFocusTo(element: Element): void {
  if (!(element instanceof HTMLElement)) return;
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.addEventListener('blur', setAttribute(element, 'tabindex', '-1'), { once: true });
  element.focus({ preventScroll: true });
}

/**
 * Takes the reader to `element`: scrolls (smoothly, see `smoothScrollTo`) until it is `offset`
 * pixels below the window's top, puts its id in the address and moves focus to it.
 */
export function scrollToElement(element: Element, offset: number): Promise<void> {
  if (element.id) history.pushState(history.state, '', `#${encodeURIComponent(element.id)}`);
  const arrived = smoothScrollTo(element.getBoundingClientRect().top + scrollY - offset);
  moveFocusTo(element);
  return arrived;
}

/**
 * Handles clicks on in-page anchors anywhere in the page, stopping below the sticky header
 * (`stickyHeaderHeight`). Returns the uninstall.
 */
export function enhanceAnchors(): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const link = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && node.hasAttribute('href'));
    if (!link) return;
    const destination = destinationOf(link);
    if (!destination) return;
    event.preventDefault();
    if (destination === 'top') void smoothScrollTo(0);
    else void scrollToElement(destination, stickyHeaderHeight());
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
