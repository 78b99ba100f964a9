/**
 * Calls `onScroll` with the window's scroll position now and on every scroll, from a passive
 * listener (scrolling never waits for it). Returns the uninstall.
 */
export function watchScroll(onScroll: (y: number) => void): () => void {
  const listener = () => onScroll(scrollY);
  addEventListener('scroll', listener, { passive: true });
  listener();
  return () => removeEventListener('scroll', listener);
}
