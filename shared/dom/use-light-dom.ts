import { useEffect, useState } from 'react';

/** Same own values: a re-read that found the same nodes is not a change. */
const sameValues = (a: unknown, b: unknown): boolean =>
  Object.is(a, b) ||
  (typeof a === 'object' &&
    typeof b === 'object' &&
    a !== null &&
    b !== null &&
    Object.keys(a).length === Object.keys(b).length &&
    Object.entries(a).every(([key, value]) => Object.is(value, (b as Record<string, unknown>)[key])));

/**
 * What an enhancing element found in its light DOM: `undefined` while the parser is still writing
 * the page (an element upgraded mid-parse has no children yet), then `read(host)`. Markup that
 * arrives after that (an ajax-loaded block, a framework filling the children in later) is read
 * again: while `isComplete` says the required markup is not all there, a MutationObserver watches
 * the host's subtree; it stops once it is, so a working element pays for no observer.
 */
export function useLightDom<T>(host: HTMLElement | undefined, read: (host: HTMLElement) => T, isComplete: (found: T) => boolean): T | undefined {
  const [found, setFound] = useState<T | undefined>(() => (host && document.readyState !== 'loading' ? read(host) : undefined));
  const unread = found === undefined;
  const waiting = unread || !isComplete(found);
  useEffect(() => {
    if (!host || !waiting) return;
    const update = () => {
      const next = read(host);
      setFound((current) => (current !== undefined && sameValues(current, next) ? current : next));
    };
    if (unread) {
      if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', update, { once: true });
        return () => document.removeEventListener('DOMContentLoaded', update);
      }
      update();
      return;
    }
    const observer = new MutationObserver(update);
    observer.observe(host, { childList: true, subtree: true });
    // Markup may have arrived between the render that read it and this effect.
    update();
    return () => observer.disconnect();
  }, [host, waiting, unread, read]);
  return found;
}
