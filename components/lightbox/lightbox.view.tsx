import { useActorRef, useSelector } from '@xstate/react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import type { ActorRefFrom } from 'xstate';
import { lightboxMachine, lightboxPhaseOf, opensInstantly, preloadIndexes, type LightboxSnapshot } from '../../machines/lightbox/lightbox.machine.ts';
import type { LightboxItem, LightboxItemStatus } from '../../machines/lightbox/lightbox.types.ts';
import { LIGHTBOX } from '../../shared/constants/site.ts';
import { useKiteEvents } from '../../shared/dom/use-kite-events.ts';
import { setAttribute } from '../../shared/dom/dom-writes.ts';
import { keepTabInside } from '../../shared/dom/focus-trap.ts';
import { afterNextPaint } from '../../shared/dom/next-frame.ts';
import { prefersReducedMotion } from '../../shared/dom/reduced-motion.ts';
import { onReducedMotionChange } from '../../shared/dom/reduced-motion-change.ts';
import { lockScroll } from '../../shared/dom/scroll-lock.ts';
import { isRightToLeft, pageLanguage } from '../../shared/i18n/index.ts';
import { useMessages } from '../../shared/i18n/use-messages.ts';
import { t, type MessageKey } from '../../shared/i18n/site.ts';
import {
  classifyLightboxLink,
  IFRAME_UNSANDBOXED_ATTRIBUTE,
  lightboxIframeSandbox,
  lightboxTitle,
  type LightboxVideo,
} from '../../shared/logic/lightbox-links.ts';
import { videoEmbedUrl } from '../../shared/logic/video-url.ts';

export const LIGHTBOX_TAG = 'kite-lightbox';


/** `allow` of a video embed: play at once (the visitor just asked for it), fullscreen, picture in picture. */
const VIDEO_ALLOW = 'autoplay; fullscreen; picture-in-picture; encrypted-media';
/** `allow` of any other embedded page. */
const FRAME_ALLOW = 'fullscreen';
/**
 * Farthest a press may move and still be a click (ours, not the spec's): a longer drag, a swipe
 * or a text selection, ends with a click event too, which must not close the lightbox or page on.
 */
const TAP_TOLERANCE_PX = 10;
/** Longest wait for idle time to build the dialog ahead (ours): a click before it builds it. */
export const PREBUILD_TIMEOUT_MS = 500;
/** Tags an ajax answer may not bring: a `<style>` would restyle the lightbox's own controls. */
const AJAX_FORBIDDEN_TAGS = ['style', 'link', 'meta', 'base'];

/** Events in the shadow root that first send the `OPEN` of a dialog shown ahead (see `ShowAhead`). */
const PENDING_OPEN_FLUSHERS = ['keydown', 'pointerdown', 'click', 'cancel', 'close'] as const;

export interface LightboxProps {
  /** Falls back to the image's alt text for the title (the title attribute, image title and caption come first). */
  useAlt?: boolean;
  /** Opens on a middle click and on clicks with Ctrl, Meta, Alt or Shift too (Magnific Popup's `midClick`). */
  midClick?: boolean;
  /** Language of the labels and messages (`en`, `he`); default: the page's. */
  lang?: string;
  /** Opening zooms the item in from its thumbnail (Magnific Popup's `zoom`, off by default there too). */
  zoom?: boolean;
  /** The shadow root, passed by r2wc. */
  container?: ShadowRoot;
}

/** What the view keeps about each item of the open lightbox, beside the machine's item. */
interface Entry {
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

type LightboxActor = ActorRefFrom<typeof lightboxMachine>;

/**
 * Images decoded ahead (on hover or focus of their link, or by an earlier opening), by address.
 * Holding the decoded `Image` keeps it in the browser's memory cache, so an `<img>` with that
 * address paints in its first frame.
 */
class DecodedImages {
  readonly #loads = new Map<string, Promise<void>>();
  readonly #ready = new Map<string, HTMLImageElement>();

  has(src: string): boolean {
    return this.#ready.has(src);
  }

  /** Loads and decodes `src` once; a failure is forgotten, so a later attempt tries again. */
  load(src: string): Promise<void> {
    let load = this.#loads.get(src);
    if (!load) {
      const image = new Image();
      image.decoding = 'async';
      image.src = src;
      // decode(): ready only when it can be painted at once; rejects on a load or decode error.
      load = image.decode().then(
        () => void this.#ready.set(src, image),
        (error: unknown) => {
          this.#loads.delete(src);
          throw error;
        },
      );
      this.#loads.set(src, load);
    }
    return load;
  }
}

/** The link's own thumbnail, when it already shows the big image's very address (loaded, nothing to fetch). */
function thumbnailOf(entry: Entry | undefined): HTMLImageElement | null {
  const thumbnail = entry?.link.querySelector('img');
  return thumbnail?.complete && thumbnail.naturalWidth > 0 ? thumbnail : null;
}

/** An image item the page already holds decoded: its thumbnail is the same file, or it was decoded ahead. */
const isAvailable = (entry: Entry | undefined, decoded: DecodedImages) =>
  entry?.item.kind === 'image' && (decoded.has(entry.item.src) || thumbnailOf(entry)?.currentSrc === entry.item.src);

/** The links that belong to `host`: not those of a lightbox nested in it. */
function ownLinks(host: HTMLElement): HTMLAnchorElement[] {
  return [...host.querySelectorAll<HTMLAnchorElement>('a[href]')].filter((link) => link.closest(LIGHTBOX_TAG) === host);
}

/** The element with `id` in the page (or the shadow root the lightbox sits in). */
function findById(host: HTMLElement, id: string): HTMLElement | null {
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

/** The lightbox entry of `link`, or null when the link is excluded (it keeps its own behaviour). */
function entryOf(link: HTMLAnchorElement, host: HTMLElement, useAlt: boolean): Entry | null {
  const ancestorClasses: string[] = [];
  for (let element = link.parentElement; element; element = element.parentElement) {
    ancestorClasses.push(...element.classList);
    if (element === host) break;
  }
  const id = samePageId(link);
  const target = id ? findById(host, id) : null;
  const verdict = classifyLightboxLink(link.getAttribute('href') ?? '', link.classList, {
    type: link.dataset.type ?? null,
    rel: link.rel,
    ancestorClasses,
    base: document.baseURI,
    inlineTargetHidden: target ? isHidden(target) : false,
  });
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

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** A click on this element is a click on the background (the dialog's own box or the stage around the item). */
const isBackground = (target: EventTarget | null) => target instanceof Element && target.hasAttribute('data-background');

/** Fetches an ajax item and sanitizes it (DOMPurify: no scripts, no event handlers, no `javascript:` links). */
export async function loadAjax(src: string, signal: AbortSignal): Promise<DocumentFragment> {
  const response = await fetch(src, { signal, credentials: 'same-origin', headers: { Accept: 'text/html' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const html = await response.text();
  // Loaded on first use: pages without ajax items never download it.
  const { default: DOMPurify } = await import('dompurify');
  return DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORBID_TAGS: AJAX_FORBIDDEN_TAGS });
}

/** A copy of the inline target to show in the lightbox, visible there even where the page hides it. */
function cloneInline(target: HTMLElement): DocumentFragment {
  const clone = target.cloneNode(true) as HTMLElement;
  // Ids in the copy live in the lightbox's shadow root, apart from the page's; the root's own id is the page's.
  clone.removeAttribute('id');
  clone.hidden = false;
  clone.classList.remove('mfp-hide');
  const fragment = document.createDocumentFragment();
  fragment.append(clone);
  return fragment;
}

/**
 * Enhances the links inside the element: a click on one opens the lightbox (a modal dialog) on
 * its item, with every other lightbox link of the element as the gallery. Behaviour lives in
 * `lightboxMachine`; this turns clicks, keys and gestures into its events and renders its state.
 */
export function LightboxView({ container: root, useAlt = false, midClick = false, lang: langProp, zoom = false }: LightboxProps) {
  const host = root?.host as HTMLElement | undefined;
  const lang = pageLanguage(langProp);
  // Renders again in the page's language once its file is here (English pages need none).
  useMessages(lang);
  const rtl = isRightToLeft(lang);
  const actor = useActorRef(lightboxMachine, { input: { reducedMotion: prefersReducedMotion(), zoom } });
  useKiteEvents(actor, root, 'lightbox');

  /** The open lightbox's entries (same order as the machine's items) and the link that opened it. */
  const session = useRef<{ entries: Entry[]; opener: HTMLElement | null; id: number }>({ entries: [], opener: null, id: 0 });
  const settings = useRef({ useAlt, midClick });
  settings.current = { useAlt, midClick };
  const decoded = useRef(new DecodedImages()).current;
  /**
   * The dialog is built ahead of the first click and stays in the shadow root, closed and hidden
   * but styled and laid out: a click then changes state and builds and restyles next to nothing.
   * `null` until built; else how many items the gallery had then (its previous and next buttons
   * are built too).
   */
  const [prepared, setPrepared] = useState<number | null>(null);
  /** Set by the dialog built ahead while it is closed: see {@link ShowAhead}. */
  const showAhead = useRef<ShowAhead | null>(null);

  const links = useLinkEntries(host, useAlt);

  // Clicks on the links (delegated: links added later work too).
  useEffect(() => {
    if (!host) return;
    // Once built, a pointer or focus on a link (just before its click) schedules no React render.
    let built = false;
    const build = () => {
      if (built) return;
      built = true;
      setPrepared((count) => count ?? links.entries.length);
    };
    const tryOpen = (event: globalThis.MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
      if (!link || link === host || !host.contains(link) || link.closest(LIGHTBOX_TAG) !== host) return;
      // The clicked link is classified afresh (its title may have changed without a mutation the
      // entries follow, or its inline target been hidden elsewhere); the others come from the cache.
      const fresh = entryOf(link, host, settings.current.useAlt);
      if (!fresh) return; // excluded: the link does what links do
      let index = links.entries.findIndex((entry) => entry.link === link);
      if (index < 0) {
        links.refresh();
        index = links.entries.findIndex((entry) => entry.link === link);
        if (index < 0) return;
      }
      event.preventDefault();
      // Already open (a script clicked a link behind the modal dialog): the open one stays as it is.
      const snapshot = actor.getSnapshot();
      if (pendingOpen || snapshot.matches('open')) return;
      const entries = [...links.entries];
      entries[index] = fresh;
      // Only the items shown first can be ready at once; the others are checked when they are wanted.
      const ready = [index, ...preloadIndexes(index, entries.length)].filter((i) => isAvailable(entries[i], decoded));
      session.current = { entries, opener: link, id: session.current.id + 1 };
      build();
      const open = { type: 'OPEN', items: entries.map((entry) => entry.item), index, ready } as const;
      // An image the page already holds, opening without a zoom, shows in the dialog built ahead in
      // this very task; the machine and React follow once that frame is painted, so the click's own
      // work is the dialog's and nothing more.
      const instant = ready.includes(index) && opensInstantly(snapshot.context);
      if (!instant || !showAhead.current?.(entries[index]!)) {
        actor.send(open);
        return;
      }
      // Whatever the visitor does in the dialog meanwhile reaches a machine that knows it is open:
      // these capturing listeners run before React's, which listen further in.
      for (const type of PENDING_OPEN_FLUSHERS) root?.addEventListener(type, sendPendingOpen, true);
      pendingOpen = { send: () => actor.send(open), cancel: afterNextPaint(sendPendingOpen) };
    };
    /** The `OPEN` of a dialog shown ahead, until it is sent, and how to cancel its scheduled send. */
    let pendingOpen: { send: () => void; cancel: () => void } | null = null;
    const dropPendingOpen = () => {
      for (const type of PENDING_OPEN_FLUSHERS) root?.removeEventListener(type, sendPendingOpen, true);
      pendingOpen?.cancel();
      pendingOpen = null;
    };
    const sendPendingOpen = () => {
      const send = pendingOpen?.send;
      dropPendingOpen();
      send?.();
    };
    const onClick = (event: globalThis.MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      // A modified click opens a new tab or window, as the visitor asked, unless midClick.
      if (!settings.current.midClick && (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey)) return;
      tryOpen(event);
    };
    const onAuxClick = (event: globalThis.MouseEvent) => {
      if (event.defaultPrevented || event.button !== 1 || !settings.current.midClick) return;
      tryOpen(event);
    };
    // A pointer over a link, or focus on it, usually comes just before its click: the dialog is
    // built and the link's image decoded meanwhile, so the click shows it at once.
    const prepare = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
      if (!link || link.closest(LIGHTBOX_TAG) !== host) return;
      const entry = links.entries.find((candidate) => candidate.link === link);
      if (!entry) return;
      build();
      if (entry.item.kind === 'image' && !isAvailable(entry, decoded)) decoded.load(entry.item.src).catch(() => {});
    };
    // Safari has no requestIdleCallback: there a pointer or focus on a link builds it. A busy page
    // (a slow device still loading) may have no idle time before the first click: then the timeout.
    const idle = globalThis.requestIdleCallback?.(build, { timeout: PREBUILD_TIMEOUT_MS });
    host.addEventListener('click', onClick);
    host.addEventListener('auxclick', onAuxClick);
    host.addEventListener('pointerover', prepare);
    host.addEventListener('focusin', prepare);
    return () => {
      // Unmounted before its machine heard of it: the dialog goes with the view, which gives back the page.
      dropPendingOpen();
      if (idle !== undefined) cancelIdleCallback(idle);
      host.removeEventListener('click', onClick);
      host.removeEventListener('auxclick', onAuxClick);
      host.removeEventListener('pointerover', prepare);
      host.removeEventListener('focusin', prepare);
    };
  }, [host, root, actor, decoded, links]);

  useEffect(() => {
    actor.send({ type: 'ZOOM.SET', enabled: zoom });
  }, [actor, zoom]);

  // The reduced-motion preference can change while the page is open.
  useEffect(() => onReducedMotionChange((reduced) => actor.send({ type: 'MOTION.SET', reduced })), [actor]);

  if (!host || prepared === null) return null;
  return (
    <LightboxDialog
      actor={actor}
      host={host}
      root={root!}
      preparedCount={prepared}
      session={session}
      decoded={decoded}
      showAhead={showAhead}
      lang={lang}
      rtl={rtl}
    />
  );
}

/** The lightbox links of the host, kept up to date by {@link useLinkEntries}. */
interface LinkEntries {
  /** The entry of each link that opens the lightbox, in page order. */
  entries: Entry[];
  /** Classifies the links again at once (for a change the observer does not see). */
  refresh(): void;
}

/**
 * The entries of the host's lightbox links, classified once and again only when the content
 * changes, so a click builds its gallery without walking every link; and `aria-haspopup="dialog"`
 * on each of those links.
 */
function useLinkEntries(host: HTMLElement | undefined, useAlt: boolean): LinkEntries {
  const [links] = useState<LinkEntries>(() => ({ entries: [], refresh: () => {} }));
  useEffect(() => {
    if (!host) return;
    const marked = new Map<HTMLAnchorElement, () => void>();
    let queued = false;
    const update = () => {
      queued = false;
      links.entries = ownLinks(host).flatMap((link) => entryOf(link, host, useAlt) ?? []);
      const current = new Set(links.entries.map((entry) => entry.link));
      for (const [link, restore] of marked) {
        if (current.has(link)) continue;
        restore();
        marked.delete(link);
      }
      for (const link of current) if (!marked.has(link)) marked.set(link, setAttribute(link, 'aria-haspopup', 'dialog'));
    };
    links.refresh = update;
    update();
    const observer = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      queueMicrotask(update);
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
      links.entries = [];
      links.refresh = () => {};
      for (const restore of marked.values()) restore();
    };
  }, [host, useAlt, links]);
  return links;
}

/**
 * Shows an image item in the closed dialog built ahead, at once: its image, then the modal dialog
 * as {@link presentModal} opens it. False when there is no such dialog (not built yet, or still
 * open or closing). The dialog's next render for an open machine takes it over.
 */
type ShowAhead = (entry: Entry) => boolean;

interface DialogProps {
  actor: LightboxActor;
  host: HTMLElement;
  root: ShadowRoot;
  /** While closed: how many items to build the controls for. */
  preparedCount: number;
  session: RefObject<{ entries: Entry[]; opener: HTMLElement | null; id: number }>;
  decoded: DecodedImages;
  showAhead: RefObject<ShowAhead | null>;
  lang: string;
  rtl: boolean;
}

/**
 * Opens the dialog as a modal one (the page behind is inert and does not scroll), with focus on
 * the item and its caption; returns how to close it and give the page back.
 */
function presentModal(dialog: HTMLDialogElement, figure: HTMLElement): () => void {
  const unlock = lockScroll();
  // The dialog's own focusing steps take the element marked autofocus: focus moves once, instead
  // of to the close button and then again (each move runs the focus events through React). Only
  // for this call: an element inserted with autofocus could take the page's focus as it loads.
  figure.setAttribute('autofocus', '');
  dialog.showModal();
  figure.removeAttribute('autofocus');
  return () => {
    unlock();
    dialog.close();
  };
}

/** What one opening keeps: opened again (even while closing), the lightbox starts afresh. */
interface Opening {
  /** Contents fetched or copied, by item index. */
  contents: Map<number, DocumentFragment>;
  /** When the zoom began (`performance.now()`), once it has. */
  zoomStartedAt: number | null;
}

/**
 * The dialog, built while closed (in the shadow root, hidden) and shown on opening. It alone
 * follows the machine's state, so an opening re-renders nothing else.
 */
function LightboxDialog({ actor, host, root, preparedCount, session, decoded, showAhead, lang, rtl }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const phase = useSelector(actor, lightboxPhaseOf);
  const open = phase !== 'closed';
  const index = useSelector(actor, (snapshot) => (open ? snapshot.context.index : 0));
  const items = useSelector(actor, (snapshot) => snapshot.context.items);
  // The current item's status alone: a neighbour loaded ahead re-renders nothing.
  const status = useSelector(actor, (snapshot): LightboxItemStatus => (open ? (snapshot.context.statuses[snapshot.context.index] ?? 'idle') : 'idle'));
  const count = open ? items.length : preparedCount;
  const item: LightboxItem | undefined = open ? items[index] : undefined;
  const entry = item && session.current.entries[index];
  const sessionId = session.current.id;
  const opening = useMemo<Opening>(() => ({ contents: new Map(), zoomStartedAt: null }), [sessionId]);
  /** Where the current press began, to tell a background click and a swipe from other gestures. */
  const press = useRef<{ x: number; y: number; background: boolean; moved: number } | null>(null);
  const figure = useRef<HTMLElement>(null);
  const thumbnail = item?.kind === 'image' ? entry?.link.querySelector('img') : null;

  /** A dialog shown ahead of the machine's `OPEN`: its stand-in image and how to close it. */
  const ahead = useRef<{ image: HTMLImageElement; close: () => void } | null>(null);

  // Closed: a click on an image the page holds can show it at once (see ShowAhead), with a plain
  // image in place of the item React renders once the machine has opened.
  useLayoutEffect(() => {
    if (open) return;
    showAhead.current = (entry) => {
      const element = dialog.current;
      const content = figure.current;
      if (!element || !content || element.open || entry.item.kind !== 'image') return false;
      const image = document.createElement('img');
      image.setAttribute('part', 'image');
      image.alt = entry.alt;
      image.draggable = false;
      image.src = entry.item.src;
      content.prepend(image);
      ahead.current = { image, close: presentModal(element, content) };
      return true;
    };
    return () => {
      showAhead.current = null;
    };
  }, [open, showAhead]);
  // Removed while shown ahead (the machine never opened): the page gets its scroll and focus back.
  useLayoutEffect(
    () => () => {
      ahead.current?.image.remove();
      ahead.current?.close();
      ahead.current = null;
    },
    [],
  );

  // Open: a modal dialog named by the title, focus on the item (already so when shown ahead, whose
  // stand-in image leaves as React's own, of the same decoded file, arrives in this commit).
  useLayoutEffect(() => {
    if (!open) return;
    const shownAhead = ahead.current;
    ahead.current = null;
    shownAhead?.image.remove();
    return shownAhead?.close ?? presentModal(dialog.current!, figure.current!);
  }, [open]);

  // After the dialog is in the page: the zoom measures where the item shows.
  useZoomFromThumbnail(figure, phase === 'zooming' ? thumbnail : null, status, opening);

  // Closed: focus goes back to the link that opened the lightbox (WAI-ARIA dialog pattern).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const { opener } = session.current;
    session.current = { entries: [], opener: null, id: session.current.id };
    if (opener?.isConnected) opener.focus();
  }, [open, session]);

  useImageLoading(actor, session, decoded);
  useAjaxLoading(actor, item, index, status, session, opening);

  // Inline content is copied as it is shown (a layout effect: no frame of "loading").
  useLayoutEffect(() => {
    if (item?.kind !== 'inline' || status !== 'loading' || !entry?.target) return;
    const target = findById(host, entry.target);
    if (!target) {
      actor.send({ type: 'ITEM.FAILED', index });
      return;
    }
    opening.contents.set(index, cloneInline(target));
    actor.send({ type: 'ITEM.LOADED', index });
  }, [actor, host, item, index, status, entry, opening]);

  const several = count > 1;
  const next = () => actor.send({ type: 'NAV.NEXT' });
  const previous = () => actor.send({ type: 'NAV.PREV' });

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Tab') return dialog.current && keepTabInside(event, dialog.current, root.activeElement);
    if (event.key === 'Escape') {
      // Handled here, not by the dialog's own cancel: the machine closes after its removal delay.
      event.preventDefault();
      actor.send({ type: 'CLOSE', trigger: 'escape' });
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || isEditable(event.target)) return;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key !== forward && event.key !== back) return;
    event.preventDefault();
    if (event.key === forward) next();
    else previous();
  }

  function onPointerDown(event: PointerEvent<HTMLDialogElement>) {
    if (!event.isPrimary) return;
    press.current = { x: event.clientX, y: event.clientY, background: isBackground(event.target), moved: 0 };
  }

  function onPointerUp(event: PointerEvent<HTMLDialogElement>) {
    const start = press.current;
    if (!start || !event.isPrimary) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start.moved = Math.hypot(dx, dy);
    // Touch and pen only: a mouse drag selects text. In reading direction: right-to-left pages mirror it.
    if (event.pointerType !== 'mouse') actor.send({ type: 'SWIPE', dx: rtl ? -dx : dx, dy });
  }

  function onClick(event: MouseEvent<HTMLDialogElement>) {
    const start = press.current;
    press.current = null;
    // A drag or a swipe ends with a click too; it is no click.
    if (start && start.moved > TAP_TOLERANCE_PX) return;
    // Only a press that began and ended on the background: a text selection dragged out of the
    // content ends with a click on the background too.
    if (start?.background && isBackground(event.target)) actor.send({ type: 'CLOSE', trigger: 'background' });
    // Magnific Popup's navigateByImgClick: a click on the image shows the next one.
    else if (several && event.target instanceof HTMLImageElement && event.target.getAttribute('part') === 'image') next();
  }

  const title = item?.title ?? '';
  const counter = several ? t(lang, 'lightboxCounter', { current: String(index + 1), total: String(count) }) : '';

  return (
    <dialog
      ref={dialog}
      part="dialog"
      tabIndex={-1}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : t(lang, 'lightboxLabel')}
      lang={lang}
      dir={rtl ? 'rtl' : 'ltr'}
      data-phase={phase}
      data-zoom={phase === 'zooming' && thumbnail ? 'thumbnail' : undefined}
      data-kind={item?.kind}
      data-status={status}
      data-background=""
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        actor.send({ type: 'CLOSE', trigger: 'escape' });
      }}
      onClose={(event) => {
        // Closed by something else than the machine (a form with method="dialog" in inline content).
        // The event is a queued task: when a click (input goes first) has opened the dialog again
        // meanwhile, it is stale and must not close the new opening.
        if (!event.currentTarget.open && actor.getSnapshot().matches('open')) actor.send({ type: 'CLOSE', trigger: 'api' });
      }}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (press.current = null)}
      onClick={onClick}
    >
      <button part="close" type="button" aria-label={t(lang, 'lightboxClose')} onClick={() => actor.send({ type: 'CLOSE', trigger: 'button' })}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
      {several && (
        <>
          <button part="previous" type="button" aria-label={t(lang, 'lightboxPrevious')} onClick={previous}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" />
            </svg>
          </button>
          <button part="next" type="button" aria-label={t(lang, 'lightboxNext')} onClick={next}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" />
            </svg>
          </button>
        </>
      )}
      <div part="stage" data-background="">
        <figure part="figure" ref={figure} tabIndex={-1}>
          {item && (
            <ItemContent
              key={`${sessionId}:${index}`}
              actor={actor}
              entry={entry}
              item={item}
              index={index}
              status={status}
              lang={lang}
              stopped={phase === 'closing'}
              content={opening.contents.get(index)}
            />
          )}
          {(title || counter) && (
            <figcaption part="caption" aria-live="polite">
              {title && (
                <span part="title" id={titleId}>
                  {title}
                </span>
              )}
              {counter && <span part="counter">{counter}</span>}
            </figcaption>
          )}
        </figure>
      </div>
    </dialog>
  );
}

/**
 * The zoom, as Magnific Popup's: the image (or its placeholder) grows from the thumbnail's place
 * and size to its own, opaque from the first frame. A placeholder replaced by the image mid-way
 * hands the rest of the zoom on to it.
 */
function useZoomFromThumbnail(
  figure: RefObject<HTMLElement | null>,
  thumbnail: Element | null | undefined,
  status: LightboxItemStatus,
  opening: Opening,
) {
  useLayoutEffect(() => {
    const media = figure.current?.querySelector<HTMLElement>('[part~="image"], [part~="placeholder"]');
    if (!thumbnail?.isConnected || !media) return;
    const from = thumbnail.getBoundingClientRect();
    const to = media.getBoundingClientRect();
    if (!from.width || !from.height || !to.width || !to.height) return;
    opening.zoomStartedAt ??= performance.now();
    const start = `translate(${from.left - to.left}px, ${from.top - to.top}px) scale(${from.width / to.width}, ${from.height / to.height})`;
    const animation = media.animate(
      [
        { transformOrigin: '0 0', transform: start },
        { transformOrigin: '0 0', transform: 'none' },
      ],
      { duration: LIGHTBOX.ZOOM_MS, delay: opening.zoomStartedAt - performance.now(), easing: 'ease-out' },
    );
    return () => animation.cancel();
  }, [figure, thumbnail, status, opening]);
}

/**
 * Loads the images the machine asks for (the current one and its neighbours), once per opening.
 * It follows the actor, not React state, so a neighbour loaded ahead re-renders nothing. The
 * current image starts at once; the neighbours after the frame that shows it, which they would
 * otherwise delay.
 */
function useImageLoading(actor: LightboxActor, session: DialogProps['session'], decoded: DecodedImages) {
  useEffect(() => {
    let opening = -1;
    const started = new Set<number>();
    let later: Array<{ index: number; src: string }> = [];
    let cancelLoadLater: (() => void) | null = null;
    const load = (index: number, src: string) => {
      const id = session.current.id;
      decoded.load(src).then(
        () => session.current.id === id && actor.send({ type: 'ITEM.LOADED', index }),
        () => session.current.id === id && actor.send({ type: 'ITEM.FAILED', index }),
      );
    };
    const cancelLater = () => {
      cancelLoadLater?.();
      cancelLoadLater = null;
      later = [];
    };
    const loadLater = () => {
      cancelLoadLater = afterNextPaint(() => {
        const queued = later;
        cancelLoadLater = null;
        later = [];
        if (actor.getSnapshot().matches('open')) for (const { index, src } of queued) load(index, src);
      });
    };
    const onSnapshot = (snapshot: LightboxSnapshot) => {
      if (!snapshot.matches('open')) return;
      if (session.current.id !== opening) {
        opening = session.current.id;
        started.clear();
        cancelLater();
      }
      const { items, index, statuses } = snapshot.context;
      statuses.forEach((status, i) => {
        const item = items[i];
        if (status !== 'loading' || item?.kind !== 'image' || started.has(i)) return;
        started.add(i);
        if (i === index) load(i, item.src);
        else later.push({ index: i, src: item.src });
      });
      if (later.length && !cancelLoadLater) loadLater();
    };
    // An opening that came before this dialog was built is picked up here.
    onSnapshot(actor.getSnapshot());
    const subscription = actor.subscribe(onSnapshot);
    return () => {
      subscription.unsubscribe();
      cancelLater();
    };
  }, [actor, session, decoded]);
}

/** Fetches the current ajax item; leaving it (or closing) aborts, coming back fetches again. */
function useAjaxLoading(
  actor: LightboxActor,
  item: LightboxItem | undefined,
  index: number,
  status: LightboxItemStatus,
  session: DialogProps['session'],
  { contents }: Opening,
) {
  useEffect(() => {
    if (item?.kind !== 'ajax' || status !== 'loading') return;
    const controller = new AbortController();
    const id = session.current.id;
    loadAjax(item.src, controller.signal).then(
      (fragment) => {
        if (session.current.id !== id || controller.signal.aborted) return;
        contents.set(index, fragment);
        actor.send({ type: 'ITEM.LOADED', index });
      },
      () => {
        if (session.current.id === id && !controller.signal.aborted) actor.send({ type: 'ITEM.FAILED', index });
      },
    );
    return () => controller.abort();
  }, [actor, item, index, status, session, contents]);
}

interface ItemContentProps {
  actor: LightboxActor;
  entry: Entry | undefined;
  item: LightboxItem;
  index: number;
  status: LightboxItemStatus;
  lang: string;
  /** Closing: embeds are removed at once, so a playing video stops. */
  stopped: boolean;
  content: DocumentFragment | undefined;
}

function ItemContent({ actor, entry, item, index, status, lang, stopped, content }: ItemContentProps) {
  const loaded = () => actor.send({ type: 'ITEM.LOADED', index });
  const failed = () => actor.send({ type: 'ITEM.FAILED', index });

  if (item.kind === 'image') {
    if (status === 'error') return <LoadError lang={lang} message="lightboxImageError" link="lightboxImageLink" href={item.src} />;
    if (status === 'ready') return <img part="image" src={item.src} alt={entry?.alt ?? item.title} draggable={false} />;
    // Loading: the thumbnail, already on the page, stands in at the size the image will take.
    const thumbnail = thumbnailOf(entry);
    if (!thumbnail) return <Loader lang={lang} />;
    const ratio = { '--ratio': String(thumbnail.naturalWidth / thumbnail.naturalHeight) } as CSSProperties;
    return (
      <div className="pending">
        <img part="placeholder" src={thumbnail.currentSrc} alt="" draggable={false} style={ratio} />
        <Loader lang={lang} />
      </div>
    );
  }

  if (item.kind === 'video' || item.kind === 'iframe') {
    const video = entry?.video;
    if (status === 'error') return <LoadError lang={lang} message="lightboxContentError" link="lightboxContentLink" href={item.src} />;
    return (
      <div part="embed" data-status={status}>
        {status === 'loading' && <Loader lang={lang} />}
        {stopped ? null : video?.provider === 'file' ? (
          <video part="video" src={item.src} controls autoPlay playsInline onLoadedData={loaded} onError={failed} aria-label={item.title || t(lang, 'lightboxVideo')} />
        ) : (
          <iframe
            part="frame"
            src={video ? videoEmbedUrl(video, { autoplay: true }) : item.src}
            title={item.title || t(lang, video ? 'lightboxVideo' : 'lightboxFrame')}
            allow={video ? VIDEO_ALLOW : FRAME_ALLOW}
            sandbox={entry?.sandbox ?? undefined}
            referrerPolicy="strict-origin-when-cross-origin"
            onLoad={loaded}
          />
        )}
      </div>
    );
  }

  // Inline and ajax: a panel holding the copied or fetched (and sanitized) content.
  if (status === 'error') {
    return item.kind === 'inline' ? (
      <p part="error" role="alert">
        {t(lang, 'lightboxNotFound')}
      </p>
    ) : (
      <LoadError lang={lang} message="lightboxContentError" link="lightboxContentLink" href={item.src} />
    );
  }
  if (status !== 'ready' || !content) return <Loader lang={lang} />;
  return <Panel content={content} />;
}

/** The inline or ajax content, as nodes (never as an HTML string). */
function Panel({ content }: { content: DocumentFragment }) {
  const panel = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    panel.current?.replaceChildren(content.cloneNode(true));
  }, [content]);
  return <div part="panel" ref={panel} />;
}

function Loader({ lang }: { lang: string }) {
  return (
    <div part="loader" role="status">
      <span className="visually-hidden">{t(lang, 'lightboxLoading')}</span>
    </div>
  );
}

/** The spec's error text with its link to the address: "<a>The image</a> could not be loaded." */
function LoadError({ lang, message, link, href }: { lang: string; message: MessageKey; link: MessageKey; href: string }) {
  const MARK = '\u0000';
  const [before = '', after = ''] = t(lang, message, { link: MARK }).split(MARK);
  return (
    <p part="error" role="alert">
      {before}
      <a part="error-link" href={href}>
        {t(lang, link)}
      </a>
      {after}
    </p>
  );
}
