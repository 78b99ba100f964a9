import { emit } from '../../shared/dom/events.ts';

/** Marks a History object whose methods this module already wraps (one wrap per page, however many widgets). */
const WRAPPED = Symbol.for('kite.history-wrapped');

/**
 * Single-page apps (widget spec section 2): tells the page, with `kite-widget-navigate` on
 * `window`, each time the address may have changed: after `history.pushState` and
 * `history.replaceState` (wrapped once per page, calling through to whatever was there) and on
 * `popstate` (the back and forward buttons). Returns the stop; the wrap itself stays, as it does
 * nothing without a listener.
 */
export function watchHistory(): () => void {
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
