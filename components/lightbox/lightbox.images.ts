import { useEffect, type RefObject } from 'react';
import type { LightboxActor, LightboxSnapshot } from '../../machines/lightbox/lightbox.machine.ts';
import { afterNextPaint } from '../../shared/dom/next-frame.ts';
import type { DecodedImages } from './lightbox.decoded.ts';
import type { Session } from './lightbox.links.ts';

/** The image bridge: decodes the images the machine asks for and answers `ITEM.LOADED` or `ITEM.FAILED`. */

/**
 * Loads the images the machine asks for (the current one and its neighbours), once per opening.
 * It follows the actor, not React state, so a neighbour loaded ahead re-renders nothing. The
 * current image starts at once; the neighbours after the frame that shows it, which they would
 * otherwise delay.
 */
export function useImageLoading(actor: LightboxActor, session: RefObject<Session>, decoded: DecodedImages) {
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
