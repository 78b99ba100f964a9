import type { LightboxEvent } from '../../machines/lightbox/lightbox.types.ts';
import { listen, undoAll, type Undo } from '../../shared/dom/dom-writes.ts';
import type { DecodedImages } from './lightbox.decoded.ts';
import { entryOf, ownLinkAt, type Entry, type GalleryLinks } from './lightbox.links.ts';
import type { StandInDialog } from './lightbox.stand-in.ts';

/**
 * The link bridge, plain DOM (the element's first chunk): a click on a gallery link becomes an
 * opening request, and a pointer over a link, focus on it or a touch (what comes just before a
 * click) an intent. Delegated on the host, so links added later work too, and the gallery's
 * events never reach React.
 */

/** A click on a gallery link: open the lightbox on `entries[index]`; `link` gets focus back. */
export interface OpenRequest {
  entries: Entry[];
  index: number;
  link: HTMLAnchorElement;
}

/** The first opening, asked for before React loaded, for React to take over. */
export interface Handoff {
  request: OpenRequest;
  /** The dialog shown meanwhile (none when the opening zooms: React's zoom starts from the page). */
  standIn: StandInDialog | null;
  /** The visitor's commands since, in order. */
  commands: LightboxEvent[];
}

/** What the element's first chunk hands the React view. */
export interface LightboxStart {
  links: GalleryLinks;
  decoded: DecodedImages;
  /** The view takes the opening requests from now on; returns the opening begun before, if any. */
  attach(open: (request: OpenRequest) => void): Handoff | null;
  /** The view is gone: requests wait for it again. */
  detach(): void;
}

interface OpenerOptions {
  links: GalleryLinks;
  /** The current `use-alt` and `mid-click`, read at each click. */
  settings: () => { useAlt: boolean; midClick: boolean };
  /** A click asks to open. */
  open: (request: OpenRequest) => void;
  /** A click on this link may come next: `entry` is its item. */
  intend: (entry: Entry) => void;
}

export function listenForOpening(host: HTMLElement, { links, settings, open, intend }: OpenerOptions): Undo {
  const tryOpen = (event: MouseEvent) => {
    const link = ownLinkAt(host, event.target);
    if (!link) return;
    // The clicked link is classified afresh (its title may have changed without a mutation the
    // entries follow, or its inline target been hidden elsewhere); the others come from the cache.
    const fresh = entryOf(link, host, settings().useAlt);
    if (!fresh) return; // excluded: the link does what links do
    let index = links.entries.findIndex((entry) => entry.link === link);
    if (index < 0) {
      links.refresh();
      index = links.entries.findIndex((entry) => entry.link === link);
      if (index < 0) return;
    }
    event.preventDefault();
    const entries = [...links.entries];
    entries[index] = fresh;
    open({ entries, index, link });
  };
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    // A modified click opens a new tab or window, as the visitor asked, unless midClick.
    if (!settings().midClick && (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey)) return;
    tryOpen(event);
  };
  const onAuxClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 1 || !settings().midClick) return;
    tryOpen(event);
  };
  const onIntent = (event: Event) => {
    const link = ownLinkAt(host, event.target);
    const entry = link && links.entries.find((candidate) => candidate.link === link);
    if (entry) intend(entry);
  };
  return undoAll([
    listen(host, 'click', onClick),
    listen(host, 'auxclick', onAuxClick),
    listen(host, 'pointerover', onIntent),
    listen(host, 'focusin', onIntent),
    listen(host, 'touchstart', onIntent, { passive: true }),
  ]);
}
