import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Entry, Session } from './lightbox.links.ts';
import { presentModal, type StandInDialog } from './lightbox.stand-in.ts';

/**
 * The dialog plumbing (WAI-ARIA dialog pattern): the modal dialog with the page inert and not
 * scrolling, focus on the item and back on the opening link once closed, the dialog built ahead
 * that a click shows in its own task while the machine is `presenting`, and the take-over of the
 * stand-in dialog the first click showed before React loaded. The focus trap is
 * shared/dom/focus-trap.ts.
 */

/** The dialog built ahead, while React renders it closed: a click shows an image item with it at once. */
export interface AheadDialog {
  /** Built, closed and not on screen: it can show an item now. */
  canShow(): boolean;
  /** Shows the image item `entry` as a plain `<img>` in the modal dialog; React's render for the open machine takes it over. */
  show(entry: Entry): void;
}

/**
 * The modal dialog's life: while React renders it closed it offers itself as the {@link AheadDialog};
 * rendered open, it is shown modal (or, shown ahead, its plain image leaves as React's own, of the
 * same decoded file, arrives in this commit; or it takes the place of the stand-in dialog in the
 * same task, so no frame shows neither); removed while shown ahead, it gives the page back.
 */
export function useModalDialog(
  open: boolean,
  dialog: RefObject<HTMLDialogElement | null>,
  figure: RefObject<HTMLElement | null>,
  ahead: RefObject<AheadDialog | null>,
  standIn: RefObject<StandInDialog | null>,
) {
  /** A dialog shown ahead of React's open render: its stand-in image and how to close it. */
  const shown = useRef<{ image: HTMLImageElement; close: () => void } | null>(null);

  useLayoutEffect(() => {
    if (open) return;
    ahead.current = {
      canShow: () => Boolean(dialog.current && figure.current && !dialog.current.open),
      show(entry) {
        const image = document.createElement('img');
        image.setAttribute('part', 'image');
        image.alt = entry.alt;
        image.draggable = false;
        image.src = entry.item.src;
        figure.current!.prepend(image);
        shown.current = { image, close: presentModal(dialog.current!, figure.current!) };
      },
    };
    return () => {
      ahead.current = null;
    };
  }, [open, ahead, dialog, figure]);

  // Removed while shown ahead or by the stand-in (the machine never opened): the page gets its scroll and focus back.
  useLayoutEffect(
    () => () => {
      shown.current?.image.remove();
      shown.current?.close();
      shown.current = null;
      standIn.current?.close();
      standIn.current = null;
    },
    [standIn],
  );

  useLayoutEffect(() => {
    if (!open) return;
    const shownAhead = shown.current;
    shown.current = null;
    shownAhead?.image.remove();
    if (shownAhead) return shownAhead.close;
    const close = presentModal(dialog.current!, figure.current!);
    // Then the stand-in goes, in the same task: focus moves once, from its item to this one's.
    standIn.current?.leave();
    standIn.current = null;
    return close;
  }, [open, dialog, figure, standIn]);
}

/** Closed: focus goes back to the link that opened the lightbox (WAI-ARIA dialog pattern), and the session ends. */
export function useFocusReturn(open: boolean, session: RefObject<Session>) {
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
}
