/** Types of the gallery machine (content-site spec 001, sections 2 "Gallery" and 9). */

/** What the element reads from the theme's markup when it connects. */
export interface GalleryInput {
  /** How many thumbnails the gallery has. */
  count: number;
  /** The thumbnail the big preview shows at first (the theme's; 0 when it says none). */
  current?: number;
  /** The visitor asks for reduced motion: the thumbnails show at once, without fades. */
  reducedMotion: boolean;
}

export interface GalleryContext {
  /** See {@link GalleryInput.count}. */
  count: number;
  /** The thumbnail whose image the big preview shows. */
  current: number;
  /** How many thumbnails have faded in, in order (all of them once `shown`). */
  revealed: number;
  /** Checks of the thumbnails' images made so far (at most `GALLERY.PRELOAD_CHECK_MAX_LOOPS`). */
  checks: number;
  /** See {@link GalleryInput.reducedMotion}. */
  reducedMotion: boolean;
}

export type GalleryEvent =
  /** Every thumbnail's image has loaded or failed (their load and error events). */
  | { type: 'IMAGES.LOADED' }
  /** The visitor chose thumbnail `index` (click, tap, Enter or Space). */
  | { type: 'SELECT'; index: number }
  /** The next thumbnail, wrapping after the last (an arrow key, a swipe on the preview). */
  | { type: 'SELECT.NEXT' }
  /** The previous thumbnail, wrapping before the first. */
  | { type: 'SELECT.PREV' }
  /** The first thumbnail (Home). */
  | { type: 'SELECT.FIRST' }
  /** The last thumbnail (End). */
  | { type: 'SELECT.LAST' };

/** Emitted events; the element dispatches each as `kite-gallery-<type>`. */
export type GalleryEmitted =
  /** The big preview now shows thumbnail `index`. */
  | { type: 'change'; index: number }
  /** Every thumbnail has faded in. */
  | { type: 'shown' };
