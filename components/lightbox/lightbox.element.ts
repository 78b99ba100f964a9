import { opensInstantly } from '../../machines/lightbox/lightbox.opening.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { undoAll, type Undo } from '../../shared/dom/dom-writes.ts';
import { afterNextPaint, afterTwoPaints } from '../../shared/dom/next-frame.ts';
import { prefersReducedMotion } from '../../shared/dom/reduced-motion.ts';
import { hasMessages, isRightToLeft, loadMessages, pageLanguage } from '../../shared/i18n/translate.ts';
import { DecodedImages, isAvailable } from './lightbox.decoded.ts';
import { GalleryLinks, type Entry } from './lightbox.links.ts';
import { listenForOpening, type Handoff, type LightboxStart, type OpenRequest } from './lightbox.opener.ts';
import { StandInDialog } from './lightbox.stand-in.ts';
import { lightboxHostStyles, lightboxStyles } from './lightbox.styles.ts';
import type { LightboxProps, mountLightbox } from './lightbox.view.tsx';

/**
 * Opens the image, video, iframe, inline and ajax links placed inside it in a lightbox, one
 * gallery per element. It enhances the markup a CMS theme already
 * writes: without JavaScript every link still goes where it points.
 *
 * Light-DOM contract: every `<a href>` inside the element (not inside a nested `kite-lightbox`)
 * that is a lightbox item; the items of one element form one gallery, in page order.
 * - **image**: a link to an image file (`.jpg`, `.jpeg`, `.png`, `.gif`, `.webp`, `.avif`, `.svg`,
 *   `.bmp`, with or without a query), or any link with the `lightbox` class, `rel="lightbox..."`,
 *   `rel="prettyPhoto..."`, `data-type="image"` or class `mfp-image`. Typically
 *   `<a href="big.jpg" title="Title"><img src="thumb.jpg" alt="..."></a>`, optionally in a
 *   `<figure>` with a `<figcaption>`.
 * - **video**: a YouTube watch, shorts or `youtu.be` link, or a Vimeo page or player link (6 to 11
 *   digit id, optional hash), played through `youtube-nocookie.com` or Vimeo's player; a video
 *   file (`.mp4`, `.m4v`, `.mov`, `.webm`, `.ogv`) played by the browser. A video site is framed
 *   only with the page's video consent (as `kite-video-embed`): without it the item shows a notice
 *   and a link to watch the video on its site (part `consent`, `consent-link`; `consent-allow`
 *   with `<meta name="kite-video-consent" content="ask">`), framed as soon as consent comes.
 * - **iframe**: a link with `data-type="iframe"`, class `mfp-iframe` or `lightbox-iframe`
 *   ("marked iframe"; a marked video link is still played as a video), or `iframe=true` in its query.
 *   The frame is sandboxed (`allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms
 *   allow-presentation`, plus `allow-same-origin` for a page of another origin: a same-origin page
 *   with both could lift its own sandbox). A link with `data-kite-iframe-unsandboxed` opts out,
 *   for a page the site trusts that needs more.
 * - **inline**: a same-page `#id` link with `data-type="inline"` or class `mfp-inline` /
 *   `lightbox-inline`, or whose target is hidden (`hidden`, `.mfp-hide`, `display: none`). A copy
 *   of the target is shown (in the lightbox's shadow root: it inherits text styles, the page's
 *   other rules do not reach it; style it through `::part(panel)`). A missing target shows
 *   "Content not found". Other `#id` links are in-page anchors and keep scrolling.
 * - **ajax**: a link with `data-type="ajax"` or class `mfp-ajax` / `lightbox-ajax`: its address is
 *   fetched (GET, same-origin credentials) and the HTML shown after DOMPurify sanitized it
 *   (no scripts, event handlers, `javascript:` links or `<style>`).
 * - **excluded** (the link keeps its own behaviour): `noLightbox` / `no-lightbox` on the link or an
 *   ancestor, `fakeLightbox` / `fake-lightbox`, file-sharing hosts (Dropbox, Google Drive, ...),
 *   pagination links (`rel="next"`/`"prev"`, `.page-numbers`, inside `.pagination` / `.nav-links`),
 *   links already processed by another lightbox script (`lightbox-added`), Flash and other
 *   obsolete types, addresses that are not `http(s)`, and ordinary links.
 *
 * Behaviour: a click (or Enter) on an item opens a modal dialog on it; a click with Ctrl, Meta,
 * Alt or Shift, and a middle click, do what the browser does unless `mid-click` is set. The
 * dialog is labelled by the item's title (the link's title, else the image's title, else the
 * caption, else with `use-alt` the image's alt). Focus moves into it, onto the item (`figure`);
 * Tab stays in it, and focus returns to the link when it closes. It closes by its close button,
 * Esc or a click on the background. Previous and next buttons, the arrow keys and touch swipes
 * (at least `SWIPE.MIN_HORIZONTAL_PX`, then a `SWIPE.LOCK_MS` lock) move through the gallery, which wraps at
 * both ends; the counter reads "current / total". The current item fades out for
 * `LIGHTBOX.NAVIGATION_DELAY_MS` before the next shows; 1 image before and 1 after the current one
 * are loaded ahead. Until the visitor first shows intent (a pointer over a gallery link, focus on
 * one, a touch) only a small part of the element runs: it marks the links and listens; the rest
 * (React, the machine, the dialog) loads then, and the link's image is decoded meanwhile. An image
 * already on the page (its thumbnail is the same file) or decoded ahead shows in the lightbox's
 * first frame: without `zoom`, the click itself opens the dialog on it while the machine is
 * `presenting` (before the rest has loaded, a plain dialog with the same parts and the same
 * dialog behaviour stands in, and the rest takes its place once here), and the machine opens (with
 * `data-phase`, the caption, the counter and the `kite-lightbox-open` event) once that frame is
 * painted; a command in the dialog before then (Esc, an arrow key, a swipe, a click) opens it
 * first, then is handled.
 * Otherwise its thumbnail stands in, with a loader, until it is decoded, or
 * "The image could not be loaded." shows with a link to its address (also after
 * `IMAGE_RETRY_COUNT * IMAGE_RETRY_INTERVAL_MS` without an answer). Opening shows the item at once;
 * with `zoom` it grows from its thumbnail over `LIGHTBOX.ZOOM_MS`, opaque throughout, while the
 * background fades in. Closing fades out over `LIGHTBOX.REMOVAL_DELAY_MS`, and a playing video
 * stops at once. With `prefers-reduced-motion: reduce` there is no zoom or fade and nothing waits
 * for one. Hebrew pages get `dir="rtl"`, with mirrored arrow keys and swipes. Links that open the
 * lightbox get `aria-haspopup="dialog"`. Addresses from the page reach the dialog only as element
 * properties, never inside an HTML string.
 *
 * @summary Opens image, video, iframe, inline and ajax links, and galleries, in a lightbox.
 *
 * @slot - The page's content with its links (the gallery).
 *
 * @attr {boolean} use-alt - The image's alt text is the last fallback of the title.
 * @attr {boolean} mid-click - Open on a middle click or a modified click too, instead of a new tab.
 * @attr {string} lang - Language of the labels and messages (`en`, `he`). Default: the page's.
 * @attr {boolean} zoom - Opening zooms the item in from its thumbnail over `LIGHTBOX.ZOOM_MS` (off by default, as in Magnific Popup).
 *
 * @prop {string} lang - Language of the labels (reflects `lang`).
 *
 * @event kite-lightbox-open - The lightbox opened. `detail: { index, count, src }` (index 0-based).
 * @event kite-lightbox-change - Another item shows, after the navigation delay. `detail: { index, count, src }`.
 * @event kite-lightbox-close - The lightbox closed and is gone (after the removal delay). `detail: { index, count, src, trigger }`, trigger `button`, `escape`, `background` or `api`.
 *
 * @csspart dialog - The modal `<dialog>` covering the window; its own box is the background. `data-phase` is `zooming`, `shown`, `leaving` or `closing` (still `closed` in the first frames of an image opened by the click itself, until the machine opens); `data-kind` and `data-status` (`loading`, `ready`, `error`) describe the current item.
 * @csspart stage - The area around the item (a click there closes, too).
 * @csspart figure - The item with its caption.
 * @csspart image - The big image.
 * @csspart placeholder - The thumbnail standing in for the big image while it loads.
 * @csspart embed - The 16:9 box of a video or iframe item.
 * @csspart frame - The `<iframe>` of a video or iframe item.
 * @csspart video - The `<video>` of a video file.
 * @csspart panel - The box of inline and ajax content.
 * @csspart caption - The bar under the item: title and counter.
 * @csspart title - The item's title.
 * @csspart counter - "current / total" (galleries only).
 * @csspart loader - The loading indicator.
 * @csspart error - The error message.
 * @csspart error-link - The link to the address in an error message.
 * @csspart close - The close button.
 * @csspart previous - The previous button (galleries only).
 * @csspart next - The next button (galleries only).
 * @csspart consent - Without video consent, in place of a video site's frame: the notice; `consent-link` its link to the video's page, `consent-allow` its allow button.
 *
 * @cssproperty --kite-lightbox-overlay - Background over the page. Default `rgb(11 11 11 / 0.9)`.
 * @cssproperty --kite-lightbox-color - Colour of the controls, caption and messages. Default `#f3f3f3`.
 * @cssproperty --kite-lightbox-control-size - Size of the close, previous and next buttons. Default `44px`.
 * @cssproperty --kite-lightbox-panel-background - Background of inline and ajax content. Default `#fff`.
 * @cssproperty --kite-lightbox-panel-color - Text colour of inline and ajax content. Default `#1a1a1a`.
 * @cssproperty --kite-lightbox-panel-width - Width of inline and ajax content. Default `40rem`.
 * @cssproperty --kite-lightbox-embed-width - Width of a video or iframe. Default `56rem`.
 * @cssproperty --kite-lightbox-zoom-scale - Scale the item zooms out to on close, and in from with `zoom` when it has no thumbnail. Default `0.8`.
 * @cssproperty --kite-lightbox-focus-ring - Outline of the focused control. Default `2px solid currentColor`.
 * @cssproperty --kite-lightbox-font - Font of the dialog. Default: inherited.
 */
export class KiteLightbox extends HTMLElement {
  static readonly observedAttributes = ['use-alt', 'mid-click', 'lang', 'zoom'];

  readonly #links = new GalleryLinks();
  readonly #decoded = new DecodedImages();
  readonly #viewRoot = document.createElement('div');
  #stop: Undo | null = null;
  /** The rest of the lightbox (React, the machine, the dialog), once asked for; null again when it could not load or the element left. */
  #loading: Promise<void> | null = null;
  #view: ReturnType<typeof mountLightbox> | null = null;
  /** The view's handler of opening requests, once it has mounted. */
  #open: ((request: OpenRequest) => void) | null = null;
  /** An opening asked for before the view mounted, for it to take over. */
  #pending: Handoff | null = null;
  /** Cancels the load of the rest waiting for the next two frames to be painted, if one waits. */
  #cancelLoad: Undo | null = null;

  readonly #start: LightboxStart = {
    links: this.#links,
    decoded: this.#decoded,
    attach: (open) => {
      this.#open = open;
      const pending = this.#pending;
      this.#pending = null;
      return pending;
    },
    detach: () => {
      this.#open = null;
    },
  };

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    adoptStyles(root, lightboxHostStyles);
    this.#viewRoot.setAttribute('data-kite-view', '');
    root.append(document.createElement('slot'), this.#viewRoot);
  }

  /**
   * The alt text falls back as the title (reflects `use-alt`).
   * @attr use-alt
   */
  get useAlt(): boolean {
    return this.hasAttribute('use-alt');
  }
  set useAlt(value: boolean) {
    this.toggleAttribute('use-alt', Boolean(value));
  }

  /**
   * Middle and modified clicks open the lightbox (reflects `mid-click`).
   * @attr mid-click
   */
  get midClick(): boolean {
    return this.hasAttribute('mid-click');
  }
  set midClick(value: boolean) {
    this.toggleAttribute('mid-click', Boolean(value));
  }

  /**
   * Opening zooms in from the thumbnail (reflects `zoom`).
   * @attr zoom
   */
  get zoom(): boolean {
    return this.hasAttribute('zoom');
  }
  set zoom(value: boolean) {
    this.toggleAttribute('zoom', Boolean(value));
  }

  connectedCallback(): void {
    this.#stop = undoAll([
      this.#links.watch(this, () => this.useAlt),
      listenForOpening(this, {
        links: this.#links,
        settings: () => ({ useAlt: this.useAlt, midClick: this.midClick }),
        open: (request) => this.#request(request),
        intend: (entry) => this.#intend(entry),
      }),
    ]);
  }

  disconnectedCallback(): void {
    this.#stop?.();
    this.#stop = null;
    this.#cancelLoad?.();
    this.#cancelLoad = null;
    // Removed while the stand-in shows: the page gets its scroll and focus back.
    this.#pending?.standIn?.close();
    this.#pending = null;
    this.#view?.unmount();
    this.#view = null;
    this.#loading = null;
  }

  attributeChangedCallback(name: string): void {
    if (name === 'use-alt') this.#links.refresh();
    // `mid-click` is read at each click.
    else if (name !== 'mid-click') this.#view?.render(this.#props());
  }

  #props(): LightboxProps {
    return { container: this.shadowRoot!, start: this.#start, lang: this.getAttribute('lang') ?? undefined, zoom: this.zoom };
  }

  /** Loads and mounts the rest of the lightbox, once; the dialog's styles come first, for the stand-in and React's dialog alike. */
  #load(): void {
    if (this.#loading) return;
    adoptStyles(this.shadowRoot!, lightboxStyles);
    const loading = import('./lightbox.view.tsx').then(
      ({ mountLightbox }) => {
        const mount = () => {
          if (this.#loading === loading && this.isConnected) this.#view = mountLightbox(this.#viewRoot, this.#props());
        };
        // A stand-in on show: React's first render waits until its frame is painted, not to delay it.
        if (this.#pending?.standIn) afterNextPaint(mount);
        else mount();
      },
      (error: Error) => {
        if (this.#loading !== loading) return;
        this.#loading = null;
        // Nothing will take the stand-in over: it closes, and a later click tries again.
        this.#pending?.standIn?.close();
        this.#pending = null;
        console.warn(`Kite: could not load kite-lightbox: ${error.message}`);
      },
    );
    this.#loading = loading;
  }

  /**
   * Loads the rest after the next two frames are painted, not in the task of the input that asked:
   * a click often comes in the same task as its pointer's arrival, and its stand-in's frame, and
   * the one after it, go first (the rest's preload links and its scripts, run as they arrive, would
   * hold them).
   */
  #loadAfterPaints(): void {
    if (this.#loading || this.#cancelLoad) return;
    this.#cancelLoad = afterTwoPaints(() => {
      this.#cancelLoad = null;
      this.#load();
    });
  }

  #lang(): string {
    return pageLanguage(this.getAttribute('lang') ?? undefined);
  }

  /** A click may come next: the rest of the lightbox loads, the page's messages (for the stand-in too), and the link's image is decoded. */
  #intend(entry: Entry): void {
    this.#loadAfterPaints();
    void loadMessages(this.#lang());
    if (entry.item.kind === 'image' && !isAvailable(entry, this.#decoded)) this.#decoded.load(entry.item.src).catch(() => {});
  }

  #request(request: OpenRequest): void {
    if (this.#open) return this.#open(request);
    // Already opening (a script clicked a link behind the stand-in): that opening stays.
    if (this.#pending) return;
    // First: the dialog's styles, for the stand-in too.
    adoptStyles(this.shadowRoot!, lightboxStyles);
    const pending: Handoff = { request, standIn: null, commands: [] };
    const entry = request.entries[request.index]!;
    const lang = this.#lang();
    // An opening that zooms starts from the page as it is: React's zoom shows it. Without the
    // page's messages yet (no intent came first), the stand-in would not know its labels nor
    // which arrow key goes forward: React's dialog shows it, with them.
    if (opensInstantly({ reducedMotion: prefersReducedMotion(), zoom: this.zoom }) && hasMessages(lang)) {
      pending.standIn = new StandInDialog(this.shadowRoot!, {
        entry,
        count: request.entries.length,
        ready: isAvailable(entry, this.#decoded),
        lang,
        rtl: isRightToLeft(lang),
        command: (event) => pending.commands.push(event),
      });
    }
    this.#pending = pending;
    // The stand-in's frame first: the rest's scripts, run as they arrive, would delay it.
    if (pending.standIn) this.#loadAfterPaints();
    else this.#load();
  }
}

// The tag as a literal: the manifest analyzer reads it from this call.
defineElement('kite-lightbox', KiteLightbox);

declare global {
  interface HTMLElementTagNameMap {
    'kite-lightbox': KiteLightbox;
  }
}
