/** The page-wide `window.kite` object: shared by widget.js, `kite-widget` and any second copy of either. */
interface KiteGlobal {
  started?: boolean;
}

declare global {
  interface Window {
    kite?: KiteGlobal;
  }
}

/** True for the first caller on the page only: the widget starts once, however it is included. */
export function claimStart(): boolean {
  const kite = (window.kite ??= {});
  if (kite.started) return false;
  kite.started = true;
  return true;
}
