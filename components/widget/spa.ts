import { emit } from '../../shared/dom/events.ts';
import { SPA } from '../../shared/constants/widget.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

/** Marks a History object whose methods this module already wraps (one wrap per page, however many widgets). */
const WRAPPED = Symbol.for('kite.history-wrapped');

/**
 * Single-page apps (widget spec section 2): tells the page, with `kite-widget-navigate` on
 * `window`, each time the address may have changed: after `history.pushState` and
 * `history.replaceState` (wrapped once per page, calling through to whatever was there) and on
 * `popstate` (the back and forward buttons). Returns the stop; the wrap itself stays, as it does
 * nothing without a listener.
 */
function watchHistory(): () => void {
  const marked = history as History & { [WRAPPED]?: true };
  if (!marked[WRAPPED]) {
    marked[WRAPPED] = true;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method];
      history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
        const result = original.apply(this, args);
        emit(window, 'kite-widget-navigate', { url: location.href });
        return result;
      };
    }
  }
  const onPop = () => emit(window, 'kite-widget-navigate', { url: location.href });
  addEventListener('popstate', onPop);
  return () => removeEventListener('popstate', onPop);
}

/**
 * Calls `onNavigate` each time the address (path and query) has changed, once the navigation has
 * settled (`SPA.NAVIGATION_SETTLE_MS`: a push followed by a replace, as routers do, is one); a new
 * state of the same address is not a navigation. Returns the stop.
 */
export function watchNavigations(onNavigate: () => void): () => void {
  let address = location.pathname + location.search;
  let settling: ReturnType<typeof setTimeout> | undefined;
  const stopHistory = watchHistory();
  const onChange = () => {
    clearTimeout(settling);
    settling = setTimeout(() => {
      const now = location.pathname + location.search;
      if (now === address) return;
      address = now;
      onNavigate();
    }, SPA.NAVIGATION_SETTLE_MS);
  };
  addEventListener('kite-widget-navigate', onChange);
  return () => {
    clearTimeout(settling);
    removeEventListener('kite-widget-navigate', onChange);
    stopHistory();
  };
}

/**
 * Removes the pop-ups and tab teasers of a run that ended (a single-page app's next page, or
 * consent withdrawn): those of `records`, whoever holds them (an embedded one lives in its host).
 */
export function dropRunNodes(records: ReadonlyMap<string, PoptinRecord>): void {
  for (const node of document.querySelectorAll('kite-poptin, kite-tab-teaser')) {
    const id = node.localName === 'kite-poptin' ? (node as { poptin?: PoptinRecord }).poptin?.poptin_id : node.getAttribute('poptin-id');
    if (id && records.has(id)) node.remove();
  }
}
