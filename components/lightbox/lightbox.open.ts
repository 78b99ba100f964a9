import { useEffect, type RefObject } from 'react';
import { preloadIndexes, type LightboxActor } from '../../machines/lightbox/lightbox.machine.ts';
import { afterNextPaint } from '../../shared/dom/next-frame.ts';
import { isShowing } from './lightbox.connect.ts';
import { isAvailable, type DecodedImages } from './lightbox.decoded.ts';
import type { Session } from './lightbox.links.ts';
import type { AheadDialog } from './lightbox.modal.ts';
import type { Handoff, LightboxStart, OpenRequest } from './lightbox.opener.ts';
import type { StandInDialog } from './lightbox.stand-in.ts';

/**
 * The opening bridge: an opening request (a click on a gallery link, lightbox.opener.ts) becomes
 * `OPEN`. Once React is here, an image the page holds shows in the click's own task, in the dialog
 * built ahead; the first opening, asked for before React loaded, is taken over from the stand-in
 * dialog, and the visitor's commands since are replayed.
 */
export function useOpenRequests(
  start: LightboxStart,
  actor: LightboxActor,
  decoded: DecodedImages,
  session: RefObject<Session>,
  ahead: RefObject<AheadDialog | null>,
  standIn: RefObject<StandInDialog | null>,
) {
  useEffect(() => {
    /** Sends `OPEN.PAINTED` once the frame a click showed the dialog ahead in is painted. */
    let cancelPainted: (() => void) | null = null;
    const open = ({ entries, index, link }: OpenRequest, handoff?: Handoff) => {
      // Already open (a script clicked a link behind the modal dialog): the open one stays as it is.
      if (isShowing(actor.getSnapshot())) return;
      // Only the items shown first can be ready at once; the others are checked when they are wanted.
      const ready = [index, ...preloadIndexes(index, entries.length)].filter((i) => isAvailable(entries[i], decoded));
      session.current = { entries, opener: link, id: session.current.id + 1 };
      const items = entries.map((entry) => entry.item);
      const canPresent = handoff ? Boolean(handoff.standIn?.showsImage) : Boolean(ahead.current?.canShow());
      actor.send({ type: 'OPEN', items, index, ready, canPresent });
      if (handoff) return takeOver(handoff);
      if (!actor.getSnapshot().matches('presenting')) return;
      // An image the page already holds, opening without a zoom: the dialog built ahead shows it
      // in this very task; the machine opens, and React renders, once that frame is painted, so
      // the click's own work is the dialog's and nothing more.
      ahead.current!.show(entries[index]!);
      cancelPainted?.();
      cancelPainted = afterNextPaint(() => actor.send({ type: 'OPEN.PAINTED' }));
    };
    /**
     * The stand-in has been on screen (painted) since the click: the machine hears of the commands
     * given meanwhile, in order, and opens; React's render for the open machine then takes the
     * stand-in's place (useModalDialog). Closed at once by them (reduced motion), no render opens:
     * the stand-in closes itself.
     */
    const takeOver = ({ standIn: shown, commands }: Handoff) => {
      standIn.current = shown;
      for (const command of commands) actor.send(command);
      if (actor.getSnapshot().matches('presenting')) actor.send({ type: 'OPEN.PAINTED' });
      if (actor.getSnapshot().matches('closed')) {
        standIn.current?.close();
        standIn.current = null;
      }
    };
    const handoff = start.attach(open);
    if (handoff) open(handoff.request, handoff);
    return () => {
      cancelPainted?.();
      start.detach();
    };
  }, [start, actor, decoded, session, ahead, standIn]);
}
