import { useEffect, type RefObject } from 'react';
import type { LightboxActor, LightboxSnapshot } from '../../machines/lightbox/lightbox.machine.ts';
import { afterNextPaint } from '../../shared/dom/next-frame.ts';
import { thumbnailOf, type Entry, type Session } from './lightbox.links.ts';

/** The image bridge: decodes the images the machine asks for and answers `ITEM.LOADED` or `ITEM.FAILED`. */

/**
 * Images decoded ahead (on hover or focus of their link, or by an earlier opening), by address.
 * Holding the decoded `Image` keeps it in the browser's memory cache, so an `<img>` with that
 * address paints in its first frame.
 */
export class DecodedImages {
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

/** An image item the page already holds decoded: its thumbnail is the same file, or it was decoded ahead. */
export const isAvailable = (entry: Entry | undefined, decoded: DecodedImages) =>
  entry?.item.kind === 'image' && (decoded.has(entry.item.src) || thumbnailOf(entry)?.currentSrc === entry.item.src);

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
