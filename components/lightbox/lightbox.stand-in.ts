import type { LightboxEvent } from '../../machines/lightbox/lightbox.types.ts';
import { listen, undoAll } from '../../shared/dom/dom-writes.ts';
import { keepTabInside } from '../../shared/dom/focus-trap.ts';
import { lockScroll } from '../../shared/dom/scroll-lock.ts';
import { t } from '../../shared/i18n/site.ts';
import { eventForKey, PressTracker } from './lightbox.gesture.ts';
import { thumbnailOf, type Entry } from './lightbox.links.ts';

/**
 * The first opening, before React has loaded (plain DOM, in the element's first chunk): a modal
 * `<dialog>` with the same parts as React's, so its first frame is the one React's open dialog
 * paints, less the caption (which hangs under the item, out of its flow). The WAI-ARIA dialog
 * pattern holds from that frame: the page inert and not scrolling, focus on the item, Tab kept
 * inside, the dialog labelled. The visitor's commands (Esc, arrows, the buttons, a swipe, a click
 * on the background or the image) are queued for the machine, which replays them once React takes
 * the dialog over (lightbox.open.ts).
 */

/**
 * Opens `dialog` as a modal one (the page behind is inert and does not scroll), with focus on the
 * item and its caption; returns how to close it and give the page back.
 */
export function presentModal(dialog: HTMLDialogElement, figure: HTMLElement): () => void {
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

/** The buttons' icons, as React's dialog draws them. */
const ICONS = { close: 'M6 6l12 12M18 6L6 18', previous: 'M15 5l-7 7 7 7', next: 'M9 5l7 7-7 7' } as const;
const BUTTON_EVENTS: Record<keyof typeof ICONS, LightboxEvent> = {
  close: { type: 'CLOSE', trigger: 'button' },
  previous: { type: 'NAV.PREV' },
  next: { type: 'NAV.NEXT' },
};
const LABELS = { close: 'lightboxClose', previous: 'lightboxPrevious', next: 'lightboxNext' } as const;

/** `tag` with its attributes (all plain text: no address from the page ever reaches markup). */
function create<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

function button(name: keyof typeof ICONS, lang: string): HTMLButtonElement {
  const control = create('button', { part: name, type: 'button', 'aria-label': t(lang, LABELS[name]) });
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', ICONS[name]);
  svg.append(path);
  control.append(svg);
  return control;
}

export interface StandInOptions {
  entry: Entry;
  /** Items in the gallery: with several, the previous and next buttons. */
  count: number;
  /** The image is decoded: it shows at once; else the loader does. */
  ready: boolean;
  lang: string;
  rtl: boolean;
  /** A command of the visitor, for the machine. */
  command: (event: LightboxEvent) => void;
}

/** The modal dialog shown on the first click, until React's takes over. */
export class StandInDialog {
  /** It shows the decoded image (else the loader). */
  readonly showsImage: boolean;
  readonly #link: HTMLElement;
  /** Closes it, gives the page back and takes it out of the shadow root. */
  readonly #closeModal: () => void;
  /** Takes it out of the shadow root without moving focus, and gives the page back. */
  readonly #leave: () => void;

  constructor(root: ShadowRoot, { entry, count, ready, lang, rtl, command }: StandInOptions) {
    this.showsImage = ready;
    this.#link = entry.link;
    const dialog = create('dialog', {
      part: 'dialog',
      tabindex: '-1',
      'aria-label': entry.item.title || t(lang, 'lightboxLabel'),
      lang,
      dir: rtl ? 'rtl' : 'ltr',
      // As React's dialog shown ahead: still `closed` until the machine opens.
      'data-phase': 'closed',
      'data-kind': entry.item.kind,
      'data-status': ready ? 'ready' : 'loading',
      'data-background': '',
    });
    const figure = create('figure', { part: 'figure', tabindex: '-1' });
    if (ready) {
      const image = create('img', { part: 'image', alt: entry.alt, draggable: 'false' });
      image.src = entry.item.src;
      figure.append(image);
    } else {
      const loader = create('div', { part: 'loader', role: 'status' });
      const text = create('span', { class: 'visually-hidden' });
      text.textContent = t(lang, 'lightboxLoading');
      loader.append(text);
      // An image still loading: its thumbnail stands in, as in React's dialog (lightbox.item.tsx).
      const thumbnail = entry.item.kind === 'image' ? thumbnailOf(entry) : null;
      if (thumbnail) {
        const pending = create('div', { class: 'pending' });
        const placeholder = create('img', { part: 'placeholder', alt: '', draggable: 'false' });
        placeholder.src = thumbnail.currentSrc;
        placeholder.style.setProperty('--ratio', String(thumbnail.naturalWidth / thumbnail.naturalHeight));
        pending.append(placeholder, loader);
        figure.append(pending);
      } else figure.append(loader);
    }
    const stage = create('div', { part: 'stage', 'data-background': '' });
    stage.append(figure);
    dialog.append(button('close', lang), ...(count > 1 ? [button('previous', lang), button('next', lang)] : []), stage);

    const press = new PressTracker();
    const send = (event: LightboxEvent | null) => event && command(event);
    const stop = undoAll([
      listen(dialog, 'keydown', (event) => {
        if (event.key === 'Tab') return keepTabInside(event, dialog, root.activeElement);
        const meant = eventForKey(event, rtl);
        if (!meant) return;
        event.preventDefault();
        command(meant);
      }),
      listen(dialog, 'cancel', (event) => {
        event.preventDefault();
        command({ type: 'CLOSE', trigger: 'escape' });
      }),
      listen(dialog, 'pointerdown', (event) => press.down(event)),
      listen(dialog, 'pointerup', (event) => send(press.up(event, rtl))),
      listen(dialog, 'pointercancel', () => press.cancel()),
      listen(dialog, 'click', (event) => {
        const name = (event.target as Element).closest('button')?.getAttribute('part') as keyof typeof ICONS | undefined;
        if (name) {
          press.cancel();
          command(BUTTON_EVENTS[name]);
        } else send(press.click(event.target, count > 1));
      }),
    ]);
    root.append(dialog);
    const close = presentModal(dialog, figure);
    this.#closeModal = () => {
      stop();
      close();
      dialog.remove();
    };
    this.#leave = () => {
      stop();
      // Taken out without closing: closing would move focus back to the link, on its way from
      // this dialog's item to React's.
      dialog.remove();
      close();
    };
  }

  /** React's dialog has taken over (it opened in this same task, with focus on its item): this one goes. */
  leave(): void {
    this.#leave();
  }

  /** Closed before React took over (the machine closed at once, or React could not load): focus goes back to the link. */
  close(): void {
    this.#closeModal();
    if (this.#link.isConnected) this.#link.focus();
  }
}
