/**
 * Types of the preloader machine (content-site spec 001, sections 2, 4 "Preloader", 5 "Page
 * transition" and 9).
 */

/** What the element knows when it connects. */
export interface PreloaderInput {
  /** The visitor asks for reduced motion: the preloader hides at once, without a fade. */
  reducedMotion: boolean;
}

export interface PreloaderContext {
  /** See {@link PreloaderInput.reducedMotion}. */
  reducedMotion: boolean;
  /** Asset checks made so far while covering the page at load (at most `PRELOADER.CHECK_MAX_LOOPS`). */
  checks: number;
}

export type PreloaderEvent =
  /** The page's `load` event fired (or had already fired when the element connected). */
  | { type: 'LOAD' }
  /** The fade out ended (the overlay's transition ended or was cancelled). */
  | { type: 'FADE.END' }
  /** The visitor leaves through an internal link (see `isPageTransition`): cover the page again. */
  | { type: 'LEAVE'; url: string }
  /** The page came back from the back-forward cache: it must not stay covered. */
  | { type: 'PAGE.RESTORED' };

/** Emitted events; the element dispatches each as `kite-preloader-<type>`. */
export type PreloaderEmitted =
  /** The preloader is gone: the page is uncovered. */
  | { type: 'hide' }
  /** The preloader covers the page again while it leaves for `url`. */
  | { type: 'show'; url: string };
