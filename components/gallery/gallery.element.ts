import { LitElement, html } from 'lit';
import { galleryMachine } from '../../machines/gallery/gallery.machine.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { listen, setAttribute, toggleClass, undoAll, type Undo } from '../../shared/dom/dom-writes.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { imagesComplete } from '../../shared/dom/images.ts';
import { prefersReducedMotion } from '../../shared/dom/reduced-motion.ts';
import { loadMessages, pageLanguage } from '../../shared/i18n/index.ts';
import { t } from '../../shared/i18n/site.ts';
import { isSwipe } from '../../shared/logic/swipe.ts';
import { galleryLightStyles, galleryStyles } from './gallery.styles.ts';

/** The theme's markup (Enfold's gallery): the big preview link and the thumbnail links. */
const PREVIEW = '.avia-gallery-big';
const THUMBS = '.avia-gallery-thumb a[href]';
/** The thumbnails' state in the light DOM: `hidden` until it fades in, then `shown`. */
const THUMB_STATE = 'data-kite-gallery-thumb';
/** The tag of the lightbox whose links open in it (components/lightbox). */
const LIGHTBOX_TAG = 'kite-lightbox';
/** A mark the lightbox reads: the preview is no item of its own, it opens its thumbnail's. */
const NO_LIGHTBOX_CLASS = 'no-lightbox';

/** Keys over the thumbnails, by the reading direction: what each asks of the machine. */
const KEY_EVENTS = {
  ltr: { ArrowRight: 'SELECT.NEXT', ArrowDown: 'SELECT.NEXT', ArrowLeft: 'SELECT.PREV', ArrowUp: 'SELECT.PREV', Home: 'SELECT.FIRST', End: 'SELECT.LAST' },
  rtl: { ArrowLeft: 'SELECT.NEXT', ArrowDown: 'SELECT.NEXT', ArrowRight: 'SELECT.PREV', ArrowUp: 'SELECT.PREV', Home: 'SELECT.FIRST', End: 'SELECT.LAST' },
} as const;

/** The image address a thumbnail puts in the preview: the theme's `data-prev-img`, else its link. */
const previewSourceOf = (thumb: HTMLAnchorElement) => thumb.dataset.prevImg || thumb.href;

/**
 * An image gallery: thumbnails and a big preview. It enhances the theme's markup (Enfold's: a `.avia-gallery-big` preview link with its
 * image, and `.avia-gallery-thumb a` thumbnail links, each with its image and an optional
 * `data-prev-img`), which without JavaScript is a set of plain image links.
 *
 * The thumbnails fade in one after another, `GALLERY.THUMB_FADE_STAGGER_MS` apart, once their
 * images have loaded (their load and error events; checked every `GALLERY.PRELOAD_CHECK_INTERVAL_MS`,
 * and shown anyway after `GALLERY.PRELOAD_CHECK_MAX_LOOPS` checks); at once with reduced motion.
 * Choosing a thumbnail (click, tap, Enter or Space) puts its image and alt text in the preview.
 * The thumbnails are one tab stop (roving focus): arrow keys move through them and choose,
 * wrapping, mirrored on right-to-left pages; Home and End go to the first and last. A swipe on
 * the preview goes to the next or previous image (mirrored on right-to-left pages). The current
 * thumbnail has `aria-current="true"`.
 *
 * Inside a `kite-lightbox`, the preview opens the lightbox at its image, with the thumbnails'
 * images as its gallery (the preview itself is marked `no-lightbox`, so no image is listed twice).
 *
 * @summary Image gallery: thumbnails fading in and a big preview they change.
 *
 * @slot - The theme's gallery markup: `.avia-gallery-big` (the preview link and image) and `.avia-gallery-thumb a` thumbnail links.
 *
 * @attr {string} label - The thumbnails' accessible name. Default: "Gallery images" in the page's language.
 * @attr {string} lang - Language of the default label (`en`, `he`). Default: the nearest `lang` around it, else the page's.
 *
 * @event kite-gallery-change - The preview shows another image. `detail: { index }`, the thumbnail's, from 0.
 * @event kite-gallery-shown - Every thumbnail has faded in.
 *
 * @cssproperty --kite-gallery-fade - Duration of a thumbnail's fade in. Default `0.4s`.
 * @cssproperty --kite-gallery-current-outline - Outline of the current thumbnail. Default `2px solid currentColor`.
 * @cssproperty --kite-gallery-focus-ring - Outline of the focused thumbnail. Default `2px solid Highlight`.
 */
export class KiteGallery extends LitElement {
  static override styles = galleryStyles;
  static override properties = {
    label: { type: String },
    // oxlint-disable-next-line lit/no-native-attributes -- a reactive `lang` re-renders the label
    lang: { type: String, reflect: true },
  };

  /** The thumbnails' accessible name (reflects `label`). */
  declare label: string | undefined;
  /** Language of the default label (reflects `lang`). */
  declare lang: string;

  #thumbs: HTMLAnchorElement[] = [];
  #preview: HTMLAnchorElement | null = null;
  #undo: Undo = () => {};
  /** True while the preview hands its click to the current thumbnail, for the lightbox to open. */
  #forwarding = false;

  readonly #machine = new MachineController(this, {
    machine: galleryMachine.provide({ guards: { areImagesLoaded: () => imagesComplete(this.#thumbImages()) } }),
    surface: 'gallery',
    input: () => {
      this.#read();
      return { count: this.#thumbs.length, current: this.#initialIndex(), reducedMotion: prefersReducedMotion() };
    },
  });

  #thumbImages(): HTMLImageElement[] {
    return this.#thumbs.flatMap((thumb) => [...thumb.querySelectorAll('img')]);
  }

  #read(): void {
    this.#preview = this.querySelector<HTMLAnchorElement>(PREVIEW);
    this.#thumbs = [...this.querySelectorAll<HTMLAnchorElement>(THUMBS)];
  }

  /** The thumbnail whose image the theme put in the preview. */
  #initialIndex(): number {
    const shown = this.#preview?.querySelector('img')?.src;
    return Math.max(0, this.#thumbs.findIndex((thumb) => new URL(previewSourceOf(thumb), document.baseURI).href === shown));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.getRootNode(), galleryLightStyles, { document: true });
    void loadMessages(this.#language()).then(() => this.requestUpdate());
    this.#enhance();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#undo();
    this.#undo = () => {};
  }

  #enhance(): void {
    const undos: Undo[] = [];
    const image = this.#preview?.querySelector('img');
    // Writing each attribute as it is returns how to put it back when the element leaves.
    if (this.#preview) undos.push(setAttribute(this.#preview, 'href', this.#preview.getAttribute('href') ?? ''));
    if (image) {
      undos.push(setAttribute(image, 'src', image.getAttribute('src') ?? ''), setAttribute(image, 'alt', image.getAttribute('alt') ?? ''));
      for (const name of ['srcset', 'sizes']) {
        const value = image.getAttribute(name);
        if (value === null) continue;
        // The thumbnails' images have one address each: the preview's own sources would hide them.
        image.removeAttribute(name);
        undos.push(() => image.setAttribute(name, value));
      }
    }
    if (this.#preview && this.closest(LIGHTBOX_TAG)) {
      undos.push(toggleClass(this.#preview, NO_LIGHTBOX_CLASS, true), listen(this.#preview, 'click', this.#openInLightbox));
    }
    const list = this.#list();
    if (list) undos.push(setAttribute(list, 'role', 'toolbar'), setAttribute(list, 'aria-label', this.#label()));
    for (const thumb of this.#thumbs) {
      undos.push(setAttribute(thumb, THUMB_STATE, 'hidden'), setAttribute(thumb, 'tabindex', '-1'));
      // aria-current is written only while current: nothing to restore but its absence.
      undos.push(() => thumb.removeAttribute('aria-current'));
    }
    undos.push(listen(this, 'click', this.#onClick), listen(this, 'keydown', this.#onKeyDown));
    undos.push(...this.#listenToImages(), ...this.#listenToSwipes());
    this.#undo = undoAll(undos);
  }

  /** The theme's box of thumbnails: one toolbar, one tab stop. */
  #list(): HTMLElement | null {
    return this.#thumbs[0]?.closest<HTMLElement>('.avia-gallery-thumb') ?? null;
  }

  /** The language the gallery is written in: its own `lang`, else its nearest ancestor's, else the page's. */
  #language(): string {
    return pageLanguage(this.closest('[lang]')?.getAttribute('lang'));
  }

  #label(): string {
    return this.label || t(this.#language(), 'galleryThumbnails');
  }

  /** The thumbnails' images loading (or failing): the machine's primary signal; its checks bound the wait. */
  #listenToImages(): Undo[] {
    const pending = this.#thumbImages().filter((image) => !image.complete);
    if (!pending.length) {
      queueMicrotask(() => this.#machine.send({ type: 'IMAGES.LOADED' }));
      return [];
    }
    let left = pending.length;
    const answered = () => {
      left -= 1;
      if (!left) this.#machine.send({ type: 'IMAGES.LOADED' });
    };
    return pending.flatMap((image) => [listen(image, 'load', answered, { once: true }), listen(image, 'error', answered, { once: true })]);
  }

  #isRightToLeft(): boolean {
    return this.matches(':dir(rtl)');
  }

  /** A finished one-finger swipe on the preview: the next image is the way the page reads. */
  #listenToSwipes(): Undo[] {
    if (!this.#preview) return [];
    let start: Touch | null = null;
    const onStart = (event: TouchEvent) => {
      start = event.touches.length === 1 ? event.touches[0]! : null;
    };
    const onEnd = (event: TouchEvent) => {
      const end = start && [...event.changedTouches].find((touch) => touch.identifier === start!.identifier);
      if (!start || !end) return;
      const dx = end.clientX - start.clientX;
      const dy = end.clientY - start.clientY;
      start = null;
      if (!isSwipe(dx, dy)) return;
      const forward = this.#isRightToLeft() ? dx > 0 : dx < 0;
      this.#machine.send({ type: forward ? 'SELECT.NEXT' : 'SELECT.PREV' });
    };
    return [
      listen(this.#preview, 'touchstart', onStart, { passive: true }),
      listen(this.#preview, 'touchend', onEnd, { passive: true }),
      listen(this.#preview, 'touchcancel', () => (start = null), { passive: true }),
    ];
  }

  #onClick = (event: MouseEvent) => {
    if (this.#forwarding) return; // the preview's click, handed to the lightbox
    const thumb = (event.target as Element).closest<HTMLAnchorElement>(THUMBS);
    const index = thumb ? this.#thumbs.indexOf(thumb) : -1;
    if (index < 0 || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    this.#machine.send({ type: 'SELECT', index });
  };

  #onKeyDown = (event: KeyboardEvent) => {
    const thumb = (event.target as Element).closest<HTMLAnchorElement>(THUMBS);
    if (!thumb || !this.#thumbs.includes(thumb) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === ' ') {
      // Space on a link would scroll the page: here it chooses, as on a button.
      event.preventDefault();
      this.#machine.send({ type: 'SELECT', index: this.#thumbs.indexOf(thumb) });
      return;
    }
    const type = KEY_EVENTS[this.#isRightToLeft() ? 'rtl' : 'ltr'][event.key as keyof (typeof KEY_EVENTS)['ltr']];
    if (!type) return;
    event.preventDefault();
    this.#machine.send({ type });
    this.#thumbs[this.#machine.snapshot.context.current]?.focus();
  };

  /** The preview opens the lightbox at the current thumbnail: its click becomes that thumbnail's. */
  #openInLightbox = (event: MouseEvent) => {
    const thumb = this.#thumbs[this.#machine.snapshot.context.current];
    // A modified click opens the image in a new tab or window, as the visitor asked.
    if (!thumb || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    this.#forwarding = true;
    try {
      thumb.click();
    } finally {
      this.#forwarding = false;
    }
  };

  override updated(): void {
    const { current, revealed } = this.#machine.snapshot.context;
    this.#thumbs.forEach((thumb, index) => {
      thumb.setAttribute(THUMB_STATE, index < revealed ? 'shown' : 'hidden');
      thumb.tabIndex = index === current ? 0 : -1;
      if (index === current) thumb.setAttribute('aria-current', 'true');
      else thumb.removeAttribute('aria-current');
    });
    this.#list()?.setAttribute('aria-label', this.#label());
    const chosen = this.#thumbs[current];
    const image = this.#preview?.querySelector('img');
    if (!chosen || !this.#preview || !image) return;
    const source = previewSourceOf(chosen);
    if (image.getAttribute('src') !== source) image.setAttribute('src', source);
    image.setAttribute('alt', chosen.querySelector('img')?.getAttribute('alt') ?? '');
    this.#preview.setAttribute('href', chosen.getAttribute('href') ?? source);
  }

  override render() {
    return html`<slot></slot>`;
  }
}

defineElement('kite-gallery', KiteGallery);

declare global {
  interface HTMLElementTagNameMap {
    'kite-gallery': KiteGallery;
  }
}
