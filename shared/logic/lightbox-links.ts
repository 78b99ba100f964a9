/**
 * Which links the lightbox opens, and as what (content-site spec 001: section 2 "Lightbox",
 * section 3 "Lightbox item", section 5 "Lightbox exclusions"). Pure: the element reads the
 * link's attributes and its surroundings and passes them in.
 */
import { parseVideoUrl, type VideoId } from './video-url.ts';
import { decodeEntities } from './entities.ts';

/** What a lightbox item shows (section 3: image, inline, ajax, iframe; videos are embedded iframes). */
export type LightboxItemKind = 'image' | 'video' | 'iframe' | 'inline' | 'ajax';

/** Why a link is left alone: it keeps its ordinary behaviour. */
export type LightboxExclusion =
  /** Marked `noLightbox` (or `no-lightbox`), on the link or an ancestor. */
  | 'no-lightbox'
  /** Marked `fakeLightbox` (or `fake-lightbox`): looks like a lightbox link, is not one. */
  | 'fake-lightbox'
  /** Points at a file-sharing host ({@link FILE_SHARING_HOSTS}): its page, not the file. */
  | 'file-sharing'
  /** A pagination link (previous / next page, page numbers). */
  | 'pagination'
  /** Already handled by another lightbox script (`lightbox-added`). */
  | 'processed'
  /** Neither `http:`, `https:` nor a same-page `#id` (`javascript:`, `data:`, ...), or not an address at all. */
  | 'unsafe-address'
  /** A legacy type no browser plays any more: Flash (`.swf`, `.flv`) and the closed Screenr site. */
  | 'obsolete'
  /** An ordinary link: not an image, video or marked item (a page, an in-page anchor, a download). */
  | 'not-lightbox';

/** A video item: one of the two video sites, or a video file the browser plays itself. */
export type LightboxVideo = VideoId | { provider: 'file' };

/** The verdict on one link. `src` is the address the item shows (resolved against `base` when given). */
export type LightboxLink =
  | { kind: 'image' | 'iframe' | 'ajax'; src: string }
  | { kind: 'video'; src: string; video: LightboxVideo }
  | { kind: 'inline'; src: string; /** Id of the element whose content is shown. */ target: string }
  | { kind: 'excluded'; reason: LightboxExclusion };

/** What the element knows about a link besides its address and classes. */
export interface LightboxLinkOptions {
  /** The link's `data-type`: `image`, `iframe`, `inline` or `ajax` (others are ignored). */
  type?: string | null;
  /** The link's `rel` (`lightbox`, `prettyPhoto[...]`, `next`, `prev`). */
  rel?: string | null;
  /** Classes of the link's ancestors, up to the lightbox element. */
  ancestorClasses?: Iterable<string>;
  /** The address of the page, to resolve relative links and to recognise same-page `#id` links. */
  base?: string;
  /** A `#id` link whose target exists and is hidden in the page: an inline item without a mark. */
  inlineTargetHidden?: boolean;
}

/**
 * File-sharing hosts (and their subdomains): their links open the host's page, which a lightbox
 * cannot show (the original excludes its best-known one, dropbox.com).
 */
export const FILE_SHARING_HOSTS = [
  'dropbox.com',
  'dropboxusercontent.com',
  'drive.google.com',
  'docs.google.com',
  'onedrive.live.com',
  '1drv.ms',
  'box.com',
  'wetransfer.com',
  'we.tl',
  'mega.nz',
  'mediafire.com',
] as const;

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif|svg|bmp)$/i;
/** Video files the browser plays in a `<video>` element (`.mov`: the legacy type, mostly H.264 today). */
const VIDEO_FILE = /\.(?:mp4|m4v|mov|webm|ogv)$/i;
const FLASH_FILE = /\.(?:swf|flv)$/i;
const OBSOLETE_HOSTS = ['screenr.com'];

/** Class marks, compared without case, hyphens or underscores (`noLightbox`, `no-lightbox`, `no_lightbox`). */
const MARK = {
  noLightbox: 'nolightbox',
  fakeLightbox: 'fakelightbox',
  processed: 'lightboxadded',
  /** Marks a link for the lightbox; its type is an image unless something says otherwise. */
  lightbox: 'lightbox',
} as const;
/** Classes that name the item type: Magnific Popup's `mfp-*` and our `lightbox-*`. */
const TYPE_CLASSES: Record<string, Exclude<LightboxItemKind, 'video'>> = {
  mfpimage: 'image',
  lightboximage: 'image',
  mfpiframe: 'iframe',
  lightboxiframe: 'iframe',
  mfpinline: 'inline',
  lightboxinline: 'inline',
  mfpajax: 'ajax',
  lightboxajax: 'ajax',
};
const DATA_TYPES = new Set(['image', 'iframe', 'inline', 'ajax']);
/** Pagination containers and links of common themes (WordPress `page-numbers`, `nav-links`; Enfold `next_page`), normalised. */
const PAGINATION_CLASSES = new Set(['pagination', 'pagenumbers', 'navlinks', 'nextpage', 'prevpage', 'previouspage']);
/** Any base works for the checks; it only stands in when the caller gave none. */
const PLACEHOLDER_BASE = 'https://kite.invalid/';

const normalise = (name: string) => name.toLowerCase().replace(/[-_]/g, '');
const classSet = (classes: string | Iterable<string> | null | undefined): Set<string> => {
  const list = typeof classes === 'string' ? classes.split(/\s+/) : [...(classes ?? [])];
  return new Set(list.filter(Boolean).map(normalise));
};
const relWords = (rel: string | null | undefined) => (rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);

const onHost = (host: string, hosts: readonly string[]) => hosts.some((name) => host === name || host.endsWith(`.${name}`));

function parseAddress(href: string, base: string | undefined): URL | null {
  try {
    return new URL(href, base ?? PLACEHOLDER_BASE);
  } catch {
    return null;
  }
}

/** `#id` of `url` when it points into the page at `base` itself (or is a bare `#id`), else null. */
function samePageTarget(href: string, url: URL, base: string | undefined): string | null {
  if (!url.hash || url.hash === '#') return null;
  const page = parseAddress(base ?? PLACEHOLDER_BASE, undefined);
  const samePage = href.startsWith('#') || (page !== null && url.href.split('#')[0] === page.href.split('#')[0]);
  if (!samePage) return null;
  try {
    return decodeURIComponent(url.hash.slice(1));
  } catch {
    return null;
  }
}

/**
 * How the lightbox treats the link `href` with `classes` (a `class` attribute or a `classList`).
 *
 * In order: excluded when processed, marked no-lightbox or fake-lightbox (on the link or an
 * ancestor), a pagination link, not an `http(s)` or same-page address, or on a file-sharing host.
 * Then the type: a `data-type` or a type class (`mfp-iframe`, `lightbox-ajax`, ...) decides; a
 * marked iframe that is a video link is a video. Unmarked: a hidden same-page `#id` target is
 * inline; `iframe=true` in the query (the legacy prettyPhoto mark) is an iframe; a video link is
 * a video; a video file is a video; Flash and Screenr are obsolete; an image file is an image;
 * a link marked `lightbox` (class, or `rel="lightbox"` / `rel="prettyPhoto"`) is an image; the
 * rest are ordinary links. Never throws.
 */
export function classifyLightboxLink(
  href: string,
  classes: string | Iterable<string> = '',
  options: LightboxLinkOptions = {},
): LightboxLink {
  const own = classSet(classes);
  const around = classSet(options.ancestorClasses);
  const rel = relWords(options.rel);
  const marked = (mark: string) => own.has(mark) || around.has(mark);

  if (own.has(MARK.processed)) return { kind: 'excluded', reason: 'processed' };
  if (marked(MARK.noLightbox)) return { kind: 'excluded', reason: 'no-lightbox' };
  if (marked(MARK.fakeLightbox)) return { kind: 'excluded', reason: 'fake-lightbox' };
  if (rel.includes('next') || rel.includes('prev') || [...own, ...around].some((name) => PAGINATION_CLASSES.has(name)))
    return { kind: 'excluded', reason: 'pagination' };

  const text = typeof href === 'string' ? href.trim() : '';
  const url = text ? parseAddress(text, options.base) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return { kind: 'excluded', reason: 'unsafe-address' };
  const host = url.hostname.toLowerCase();
  if (onHost(host, FILE_SHARING_HOSTS)) return { kind: 'excluded', reason: 'file-sharing' };

  const src = options.base ? url.href : text;
  const target = samePageTarget(text, url, options.base);
  const dataType = (options.type ?? '').trim().toLowerCase();
  const declared =
    (DATA_TYPES.has(dataType) ? (dataType as Exclude<LightboxItemKind, 'video'>) : undefined) ??
    [...own].map((name) => TYPE_CLASSES[name]).find(Boolean);
  const path = url.pathname;

  if (declared === 'inline') return target ? { kind: 'inline', src, target } : { kind: 'excluded', reason: 'not-lightbox' };
  if (declared === 'iframe') {
    const video = parseVideoUrl(url.href);
    return video ? { kind: 'video', src, video } : { kind: 'iframe', src };
  }
  if (declared) return { kind: declared, src };

  if (target) return options.inlineTargetHidden ? { kind: 'inline', src, target } : { kind: 'excluded', reason: 'not-lightbox' };
  if (url.searchParams.get('iframe') === 'true') return { kind: 'iframe', src };
  // No video site's address ends in an image file's extension: a gallery's links (most of them
  // images, all classified as its page starts) skip the video parse.
  const imageFile = IMAGE_FILE.test(path);
  const video = imageFile ? null : parseVideoUrl(url.href);
  if (video) return { kind: 'video', src, video };
  if (VIDEO_FILE.test(path)) return { kind: 'video', src, video: { provider: 'file' } };
  if (FLASH_FILE.test(path) || onHost(host, OBSOLETE_HOSTS)) return { kind: 'excluded', reason: 'obsolete' };
  if (imageFile) return { kind: 'image', src };
  if (own.has(MARK.lightbox) || rel.some((word) => word.startsWith('lightbox') || word.startsWith('prettyphoto')))
    return { kind: 'image', src };
  return { kind: 'excluded', reason: 'not-lightbox' };
}

/** Where a lightbox item's title may come from, in the spec's order of preference. */
export interface LightboxTitleSources {
  /** The link's `title` attribute. */
  title?: string | null;
  /** The `title` of the image inside the link. */
  imageTitle?: string | null;
  /** The caption: the `figcaption` of the figure around the link (or the theme's caption text). */
  caption?: string | null;
  /** The `alt` of the image inside the link; used only when `useAlt` is set. */
  alt?: string | null;
}

const clean = (text: string | null | undefined) => decodeEntities(text ?? '').replace(/\s+/g, ' ').trim();

/**
 * The item's title: the link's title attribute, else the image's title, else the caption, else
 * (only with `useAlt`) the image's alt text; `''` when none has text (spec section 9, last line).
 * Character references a CMS left encoded are decoded (`Tom &amp; Jerry` is `Tom & Jerry`): the
 * title is text, shown as text. Whitespace is collapsed. Never throws.
 */
export function lightboxTitle(sources: LightboxTitleSources, useAlt = false): string {
  const chain = [sources.title, sources.imageTitle, sources.caption, useAlt ? sources.alt : null];
  for (const candidate of chain) {
    const text = clean(candidate);
    if (text) return text;
  }
  return '';
}

/**
 * The link attribute that opts a lightbox iframe out of the sandbox (`<a data-type="iframe"
 * data-kite-iframe-unsandboxed href="...">`), for a page the site trusts that needs more than the
 * sandbox allows.
 */
export const IFRAME_UNSANDBOXED_ATTRIBUTE = 'data-kite-iframe-unsandboxed';

/** What a sandboxed lightbox iframe may still do: run its scripts, open pop-ups, send forms, present. */
const IFRAME_SANDBOX = ['allow-scripts', 'allow-popups', 'allow-popups-to-escape-sandbox', 'allow-forms', 'allow-presentation'];

/**
 * The `sandbox` of a lightbox iframe showing `src`, or null for none (the link opted out). A page
 * of another origin keeps its own origin (its cookies and storage); a page of this origin does not,
 * because with both scripts and its own origin it could reach into this page and lift the sandbox.
 */
export function lightboxIframeSandbox(src: string, pageOrigin: string, optedOut: boolean): string | null {
  if (optedOut) return null;
  let origin: string | null = null;
  try {
    origin = new URL(src, pageOrigin).origin;
  } catch {
    // Not a URL: sandboxed without an origin.
  }
  const sameOrigin = origin === null || origin === 'null' || origin === pageOrigin;
  return (sameOrigin ? IFRAME_SANDBOX : [...IFRAME_SANDBOX, 'allow-same-origin']).join(' ');
}
