import { useEffect, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { preloadIndexes, type LightboxActor } from '../../machines/lightbox/lightbox.machine.ts';
import { afterNextPaint } from '../../shared/dom/next-frame.ts';
import { isShowing } from './lightbox.connect.ts';
import { DecodedImages, isAvailable } from './lightbox.images.ts';
import { entryOf, ownLinkAt, type LinkEntries, type Session } from './lightbox.links.ts';
import type { AheadDialog } from './lightbox.modal.ts';

/**
 * The link bridge: a click on a gallery link becomes `OPEN` (delegated on the host, so links added
 * later work too); a pointer or focus on a link, just before its click, builds the dialog and
 * decodes the link's image meanwhile.
 */

/** Longest wait for idle time to build the dialog ahead (ours): a click before it builds it. */
export const PREBUILD_TIMEOUT_MS = 500;

interface OpenerOptions {
  host: HTMLElement | undefined;
  actor: LightboxActor;
  links: LinkEntries;
  decoded: DecodedImages;
  session: RefObject<Session>;
  ahead: RefObject<AheadDialog | null>;
  /** The current `useAlt` and `midClick`, read at each click. */
  settings: RefObject<{ useAlt: boolean; midClick: boolean }>;
  /** Builds the dialog ahead, with controls for `links.entries.length` items, once. */
  setPrepared: Dispatch<SetStateAction<number | null>>;
}

export function useOpenOnClick({ host, actor, links, decoded, session, ahead, settings, setPrepared }: OpenerOptions) {
  useEffect(() => {
    if (!host) return;
    // Once built, a pointer or focus on a link (just before its click) schedules no React render.
    let built = false;
    const build = () => {
      if (built) return;
      built = true;
      setPrepared((count) => count ?? links.entries.length);
    };
    /** Sends `OPEN.PAINTED` once the frame a click showed the dialog ahead in is painted. */
    let cancelPainted: (() => void) | null = null;
    const tryOpen = (event: MouseEvent) => {
      const link = ownLinkAt(host, event.target);
      if (!link) return;
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
      if (isShowing(actor.getSnapshot())) return;
      const entries = [...links.entries];
      entries[index] = fresh;
      // Only the items shown first can be ready at once; the others are checked when they are wanted.
      const ready = [index, ...preloadIndexes(index, entries.length)].filter((i) => isAvailable(entries[i], decoded));
      session.current = { entries, opener: link, id: session.current.id + 1 };
      build();
      const items = entries.map((entry) => entry.item);
      actor.send({ type: 'OPEN', items, index, ready, canPresent: Boolean(ahead.current?.canShow()) });
      if (!actor.getSnapshot().matches('presenting')) return;
      // An image the page already holds, opening without a zoom: the dialog built ahead shows it
      // in this very task; the machine opens, and React renders, once that frame is painted, so
      // the click's own work is the dialog's and nothing more.
      ahead.current!.show(fresh);
      cancelPainted?.();
      cancelPainted = afterNextPaint(() => actor.send({ type: 'OPEN.PAINTED' }));
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      // A modified click opens a new tab or window, as the visitor asked, unless midClick.
      if (!settings.current.midClick && (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey)) return;
      tryOpen(event);
    };
    const onAuxClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 1 || !settings.current.midClick) return;
      tryOpen(event);
    };
    // A pointer over a link, or focus on it, usually comes just before its click: the dialog is
    // built and the link's image decoded meanwhile, so the click shows it at once.
    const prepare = (event: Event) => {
      const link = ownLinkAt(host, event.target);
      const entry = link && links.entries.find((candidate) => candidate.link === link);
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
      cancelPainted?.();
      if (idle !== undefined) cancelIdleCallback(idle);
      host.removeEventListener('click', onClick);
      host.removeEventListener('auxclick', onAuxClick);
      host.removeEventListener('pointerover', prepare);
      host.removeEventListener('focusin', prepare);
    };
  }, [host, actor, decoded, links, session, ahead, settings, setPrepared]);
}
