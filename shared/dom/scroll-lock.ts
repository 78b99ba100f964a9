/**
 * The page's scroll lock while a modal surface (lightbox, pop-up, menu overlay) covers it. Locks
 * are counted: the page scrolls again only when the last one is released, so a lightbox opened
 * from the burger overlay and closed first does not unlock the page under the overlay.
 */
import { setStyle, type Undo } from './dom-writes.ts';

let locks = 0;
let unlockPage: Undo | null = null;

/** Stops the page from scrolling until every lock is released; returns this lock's release (calling it twice releases once). */
export function lockScroll(): Undo {
  if (locks++ === 0) unlockPage = setStyle(document.documentElement, 'overflow', 'hidden');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--locks === 0) {
      unlockPage?.();
      unlockPage = null;
    }
  };
}
