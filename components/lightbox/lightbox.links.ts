import type { LightboxItem } from '../../machines/lightbox/lightbox.types.ts';
import { setAttribute, type Undo } from '../../shared/dom/dom-writes.ts';
import {
  classifyLightboxLink,
  IFRAME_UNSANDBOXED_ATTRIBUTE,
  lightboxIframeSandbox,
  lightboxTitle,
  type LightboxLink,
  type LightboxVideo,
} from '../../shared/logic/lightbox-links.ts';

/**
 * The gallery: reads the page's links into the lightbox's items (classification, title, caption,
 * thumbnail) and keeps that list up to date as the page changes.
 */

export const LIGHTBOX_TAG = 'kite-lightbox';

/** What the view keeps about each item of the open lightbox, beside the machine's item. */
export interface Entry {
  link: HTMLAnchorElement;
  item: LightboxItem;
  /** Alt text of the big image: the thumbnail's alt, else the title. */
  alt: string;
  video?: LightboxVideo;
  /** Id of the inline item's target. */
  target?: string;
  /** An iframe item's `sandbox` (null: the link opted out). */
  sandbox?: string | null;
}

/** The open lightbox's entries (same order as the machine's items), the link that opened it, and which opening it is. */
export interface Session {
  entries: Entry[];
  opener: HTMLElement | null;
  id: number;
}

/** The link's own thumbnail, when it already shows the big image's very address (loaded, nothing to fetch). */
export function thumbnailOf(entry: Entry | undefined): HTMLImageElement | null {
  const thumbnail = entry?.link.querySelector('img');
  return thumbnail?.complete && thumbnail.naturalWidth > 0 ? thumbnail : null;
}

/** The links that belong to `host`: not those of a lightbox nested in it. */
function ownLinks(host: HTMLElement): HTMLAnchorElement[] {
  return [...host.querySelectorAll<HTMLAnchorElement>('a[href]')].filter((link) => link.closest(LIGHTBOX_TAG) === host);
}

/** The link of `host`'s own gallery that `target` is in, or null. */
export function ownLinkAt(host: HTMLElement, target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
  return link && link !== host && host.contains(link) && link.closest(LIGHTBOX_TAG) === host ? link : null;
}

/** The element with `id` in the page (or the shadow root the lightbox sits in). */
export function findById(host: HTMLElement, id: string): HTMLElement | null {
  const root = host.getRootNode() as Document | ShadowRoot;
  return (root.getElementById?.(id) ?? document.getElementById(id)) as HTMLElement | null;
}

/** The `#id` a link points at on this very page, or null. */
function samePageId(link: HTMLAnchorElement): string | null {
  // The link's own parsed address: no URL object per link on each click.
  if (link.hash.length < 2 || link.href.split('#')[0] !== location.href.split('#')[0]) return null;
  try {
    return decodeURIComponent(link.hash.slice(1));
  } catch {
    return null;
  }
}

const isHidden = (element: HTMLElement) =>
  Boolean(element.hidden) || element.classList.contains('mfp-hide') || getComputedStyle(element).display === 'none';

/** The theme's caption next to a linked image (WordPress `[caption]`: `.wp-caption-text` after the link or its parent). */
function captionOf(link: HTMLAnchorElement): string | null {
  const figure = link.closest('figure');
  const figcaption = figure?.querySelector('figcaption');
  if (figcaption) return figcaption.textContent;
  const next = link.nextElementSibling ?? link.parentElement?.nextElementSibling;
  return next?.classList.contains('wp-caption-text') ? next.textContent : null;
}

/** What `link` is to the lightbox (its kind and address), or `excluded`: all a link's mark needs. */
function verdictOf(link: HTMLAnchorElement, host: HTMLElement): LightboxLink {
  const ancestorClasses: string[] = [];
  for (let element = link.parentElement; element; element = element.parentElement) {
    ancestorClasses.push(...element.classList);
    if (element === host) break;
  }
  const id = samePageId(link);
  const target = id ? findById(host, id) : null;
  return classifyLightboxLink(link.getAttribute('href') ?? '', link.classList, {
    type: link.dataset.type ?? null,
    rel: link.rel,
    ancestorClasses,
    base: document.baseURI,
    inlineTargetHidden: target ? isHidden(target) : false,
  });
}

/** The lightbox entry of `link`, or null when the link is excluded (it keeps its own behaviour). */
export const entryOf = (link: HTMLAnchorElement, host: HTMLElement, useAlt: boolean): Entry | null => entryFrom(link, verdictOf(link, host), useAlt);

/** The entry of a link classified as `verdict`: its title, alt text and what its kind needs. */
function entryFrom(link: HTMLAnchorElement, verdict: LightboxLink, useAlt: boolean): Entry | null {
  if (verdict.kind === 'excluded') return null;
  const image = link.querySelector('img');
  const title = lightboxTitle(
    { title: link.getAttribute('title'), imageTitle: image?.getAttribute('title'), caption: captionOf(link), alt: image?.getAttribute('alt') },
    useAlt,
  );
  const alt = (image?.getAttribute('alt') ?? '').trim() || title;
  const item: LightboxItem = { kind: verdict.kind, src: verdict.src, title };
  if (verdict.kind === 'video') return { link, item, alt, video: verdict.video };
  if (verdict.kind === 'inline') return { link, item, alt, target: verdict.target };
  if (verdict.kind === 'iframe') {
    return { link, item, alt, sandbox: lightboxIframeSandbox(verdict.src, location.origin, link.hasAttribute(IFRAME_UNSANDBOXED_ATTRIBUTE)) };
  }
  return { link, item, alt };
}

/**
 * The entries of the host's lightbox links, classified once and again only when the content
 * changes, so a click builds its gallery without walking every link; and `aria-haspopup="dialog"`
 * on each of those links. Plain DOM: the element's first chunk keeps it from the page's start.
 * As the page starts only the classification runs (the marks need no more); each entry's title,
 * caption and alt text are read when the entries are first asked for (an intent, a click).
 */
export class GalleryLinks {
  /** The links that open the lightbox, in page order, each with its classification. */
  #classified: Array<{ link: HTMLAnchorElement; verdict: LightboxLink }> = [];
  #entries: Entry[] | null = null;
  #useAlt: () => boolean = () => false;
  #update: () => void = () => {};

  /** The entry of each link that opens the lightbox, in page order. */
  get entries(): Entry[] {
    return (this.#entries ??= this.#classified.flatMap(({ link, verdict }) => entryFrom(link, verdict, this.#useAlt()) ?? []));
  }

  /** Classifies the links again at once (for a change the observer does not see, or a new `use-alt`). */
  refresh(): void {
    this.#update();
  }

  /** Classifies `host`'s links now and whenever they change; returns how to stop (the marks are taken off). */
  watch(host: HTMLElement, useAlt: () => boolean): Undo {
    const marked = new Map<HTMLAnchorElement, Undo>();
    let queued = false;
    this.#useAlt = useAlt;
    this.#update = () => {
      queued = false;
      this.#classified = ownLinks(host).flatMap((link) => {
        const verdict = verdictOf(link, host);
        return verdict.kind === 'excluded' ? [] : [{ link, verdict }];
      });
      this.#entries = null;
      const current = new Set(this.#classified.map(({ link }) => link));
      for (const [link, restore] of marked) {
        if (current.has(link)) continue;
        restore();
        marked.delete(link);
      }
      for (const link of current) if (!marked.has(link)) marked.set(link, setAttribute(link, 'aria-haspopup', 'dialog'));
    };
    this.#update();
    const observer = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      queueMicrotask(this.#update);
    });
    // Everything an entry is made of: the links, their images and captions (text included).
    observer.observe(host, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['href', 'class', 'rel', 'data-type', 'hidden', 'title', 'alt'],
    });
    return () => {
      observer.disconnect();
      this.#classified = [];
      this.#entries = null;
      this.#update = () => {};
      for (const restore of marked.values()) restore();
    };
  }
}
