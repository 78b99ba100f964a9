import { emit } from '../dom/events.ts';

/** The page-wide `window.kite` object: shared by widget.js, `kite-widget` and any second copy of either. */
interface KiteGlobal {
  started?: boolean;
  /**
   * The generic consent gate: `true` once the site's consent manager said yes. A page whose
   * consent manager runs before the widget may set `window.kite = { consented: true }` itself.
   */
  consented?: boolean;
  /**
   * The video consent (`kite-video-embed`, `kite-lightbox`, `kite-player`): `true` or `false` once
   * the site decided; unset, the page's policy decides (shared/consent/video-consent.ts). A page whose
   * consent manager runs first may set `window.kite = { videoConsented: true }` itself.
   */
  videoConsented?: boolean;
  /**
   * `window.kite.consent(true)` releases a widget held by `data-consent="required"`;
   * `window.kite.consent(true, 'video')` allows video embeds (`false` withdraws either).
   */
  consent?: (granted: boolean, purpose?: 'video') => void;
  /** Diagnostics for the site owner in the console (`window.kite = { debug: true }`), such as a lead's missing pixel code. */
  debug?: boolean;
}

declare global {
  interface Window {
    kite?: KiteGlobal;
  }
}

/**
 * `window.kite`, with its `consent` function defined (by whichever copy of the widget comes first).
 * Only an own property of window counts: page markup named "kite" (`<form id="kite">`) shows
 * through `window.kite` too, and is neither ours nor the page script's; ours then shadows it.
 */
export function kiteGlobal(): KiteGlobal {
  const kite = ({}.hasOwnProperty.call(window, 'kite') && window.kite) || (window.kite = {});
  kite.consent ??= (granted: boolean, purpose?: 'video') => {
    // Another purpose's call (`consent(true, 'video')`) is not the widget's: kite-elements, which
    // has the video embeds, takes it over (shared/consent/video-consent.ts). Handled here, it would
    // cost widget.js the bytes of a purpose it never uses.
    if (purpose) return;
    kite.consented = granted === true;
    emit(window, 'kite-widget-consent', { granted: kite.consented });
  };
  return kite;
}

/** True for the first caller on the page only: the widget starts once, however it is included. */
export function claimStart(): boolean {
  const kite = kiteGlobal();
  if (kite.started) return false;
  kite.started = true;
  return true;
}
