/**
 * Types of the lightbox machine (content-site spec 001: sections 3 "Lightbox item", 4 "Lightbox",
 * 8 and 9).
 */
import type { LightboxItemKind } from '../../shared/logic/lightbox-links.ts';

export type { LightboxItemKind };

/** One item of the lightbox (a gallery has several). The machine reads `kind`; the rest travels with it. */
export interface LightboxItem {
  /** What the item shows; images are the ones that load ahead and time out. */
  kind: LightboxItemKind;
  /** The address the item shows (image, page, fragment) or, for inline items, `#id`. */
  src: string;
  /** The item's title, from the spec's fallback chain; `''` when none. */
  title: string;
}

/**
 * Where an item is. `idle`: not asked for yet. Images go `loading` when they are current or
 * preloaded; other items when they are current. Then `ready`, or `error` (the spec's image states
 * loading, ready, error; also used for ajax, inline and embed content).
 */
export type LightboxItemStatus = 'idle' | 'loading' | 'ready' | 'error';

/** What closed the lightbox. */
export type LightboxCloseTrigger = 'button' | 'escape' | 'background' | 'api';

/** What the view knows when the machine starts. */
export interface LightboxInput {
  /** The visitor asked for reduced motion: no zoom, no fades, so nothing waits for them. */
  reducedMotion?: boolean;
  /**
   * Opening zooms in for the zoom delay (the spec's zoom duration). Default true, as the spec's
   * timings read; `kite-lightbox` turns it on only with its `zoom` attribute, an opt-in effect as in
   * the lightbox the spec describes.
   */
  zoom?: boolean;
}

export interface LightboxContext {
  /** The items of the open lightbox, in page order; empty when closed. */
  items: LightboxItem[];
  /** The current item, 0-based. */
  index: number;
  /** While the current item fades out (`open.stage.leaving`): the item that comes next. */
  pending: number | null;
  /** Status of each item, by index. */
  statuses: LightboxItemStatus[];
  /** What closed the lightbox last; null until it closes. */
  closeTrigger: LightboxCloseTrigger | null;
  /** See {@link LightboxInput.reducedMotion}. */
  reducedMotion: boolean;
  /** See {@link LightboxInput.zoom}. */
  zoom: boolean;
}

export type LightboxEvent =
  /**
   * Open on `items[index]` (a click on a link). Ignored without items or with an index out of
   * range. `ready`: the indexes of items the view already holds (an image decoded ahead), `ready`
   * from the start.
   */
  | {
      type: 'OPEN';
      items: LightboxItem[];
      index: number;
      ready?: number[];
      /**
       * The view can show the item in the click's own task (its dialog is built and closed). With
       * the item `ready`, an image, and nothing to zoom, the machine then goes `presenting`.
       */
      canPresent?: boolean;
    }
  /** `presenting`: the frame showing the dialog is painted; the machine opens. */
  | { type: 'OPEN.PAINTED' }
  /** The next item; after the last comes the first. */
  | { type: 'NAV.NEXT' }
  /** The previous item; before the first comes the last. */
  | { type: 'NAV.PREV' }
  /** Item `index` (out of range: ignored). */
  | { type: 'NAV.GO'; index: number }
  /**
   * A finished horizontal pointer gesture, in pixels, as seen in reading direction: `dx < 0` moves
   * towards the end (the next item). The machine decides whether it is a swipe.
   */
  | { type: 'SWIPE'; dx: number; dy: number }
  /** Close, by the close button, Esc, a background click or the host page. */
  | { type: 'CLOSE'; trigger: LightboxCloseTrigger }
  /** Item `index` loaded (an image decoded, ajax content fetched, inline target found, embed loaded). */
  | { type: 'ITEM.LOADED'; index: number }
  /** Item `index` failed (image error, ajax failure, inline target missing). */
  | { type: 'ITEM.FAILED'; index: number }
  /** Internal: the current image has not loaded within `imageTimeout`. */
  | { type: 'ITEM.TIMEOUT'; index: number }
  /** The reduced-motion preference changed. */
  | { type: 'MOTION.SET'; reduced: boolean }
  /** The zoom option changed; it applies from the next opening. */
  | { type: 'ZOOM.SET'; enabled: boolean };

/** Emitted events; the element dispatches each as `kite-lightbox-<type>`. */
export type LightboxEmitted =
  /** The lightbox opened on item `index` (0-based) of `count`; `src` is that item's address. */
  | { type: 'open'; index: number; count: number; src: string }
  /** The current item changed (after the navigation delay) to `index` of `count`. */
  | { type: 'change'; index: number; count: number; src: string }
  /** The lightbox closed and was removed (after the removal delay), on item `index`, by `trigger`. */
  | { type: 'close'; index: number; count: number; src: string; trigger: LightboxCloseTrigger };
