import { useEffect, useLayoutEffect, type RefObject } from 'react';
import type { LightboxActor } from '../../machines/lightbox/lightbox.machine.ts';
import type { LightboxItem, LightboxItemStatus } from '../../machines/lightbox/lightbox.types.ts';
import { findById, type Entry, type Session } from './lightbox.links.ts';

/** The content bridge: fetches ajax items and copies inline ones, and answers `ITEM.LOADED` or `ITEM.FAILED`. */

/** Tags an ajax answer may not bring: a `<style>` would restyle the lightbox's own controls. */
const AJAX_FORBIDDEN_TAGS = ['style', 'link', 'meta', 'base'];

/** What one opening keeps: opened again (even while closing), the lightbox starts afresh. */
export interface Opening {
  /** Contents fetched or copied, by item index. */
  contents: Map<number, DocumentFragment>;
  /** When the zoom began (`performance.now()`), once it has. */
  zoomStartedAt: number | null;
}

/** The current item of the open lightbox, as the content bridges need it. */
interface Current {
  item: LightboxItem | undefined;
  index: number;
  status: LightboxItemStatus;
}

/** Fetches an ajax item and sanitizes it (DOMPurify: no scripts, no event handlers, no `javascript:` links). */
export async function loadAjax(src: string, signal: AbortSignal): Promise<DocumentFragment> {
  const response = await fetch(src, { signal, credentials: 'same-origin', headers: { Accept: 'text/html' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const html = await response.text();
  // Loaded on first use: pages without ajax items never download it.
  const { default: DOMPurify } = await import('dompurify');
  return DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORBID_TAGS: AJAX_FORBIDDEN_TAGS });
}

/** A copy of the inline target to show in the lightbox, visible there even where the page hides it. */
function cloneInline(target: HTMLElement): DocumentFragment {
  const clone = target.cloneNode(true) as HTMLElement;
  // Ids in the copy live in the lightbox's shadow root, apart from the page's; the root's own id is the page's.
  clone.removeAttribute('id');
  clone.hidden = false;
  clone.classList.remove('mfp-hide');
  const fragment = document.createDocumentFragment();
  fragment.append(clone);
  return fragment;
}

/** Fetches the current ajax item; leaving it (or closing) aborts, coming back fetches again. */
export function useAjaxLoading(actor: LightboxActor, { item, index, status }: Current, session: RefObject<Session>, { contents }: Opening) {
  useEffect(() => {
    if (item?.kind !== 'ajax' || status !== 'loading') return;
    const controller = new AbortController();
    const id = session.current.id;
    loadAjax(item.src, controller.signal).then(
      (fragment) => {
        if (session.current.id !== id || controller.signal.aborted) return;
        contents.set(index, fragment);
        actor.send({ type: 'ITEM.LOADED', index });
      },
      () => {
        if (session.current.id === id && !controller.signal.aborted) actor.send({ type: 'ITEM.FAILED', index });
      },
    );
    return () => controller.abort();
  }, [actor, item, index, status, session, contents]);
}

/** Copies the current inline item's target as it is shown (a layout effect: no frame of "loading"). */
export function useInlineContent(actor: LightboxActor, host: HTMLElement, { item, index, status }: Current, entry: Entry | undefined, opening: Opening) {
  useLayoutEffect(() => {
    if (item?.kind !== 'inline' || status !== 'loading' || !entry?.target) return;
    const target = findById(host, entry.target);
    if (!target) {
      actor.send({ type: 'ITEM.FAILED', index });
      return;
    }
    opening.contents.set(index, cloneInline(target));
    actor.send({ type: 'ITEM.LOADED', index });
  }, [actor, host, item, index, status, entry, opening]);
}
