/** Types of the masonry grid machine (content-site spec 001, sections 3, 4, 7, 8 and 9 "Masonry"). */

/** What one load-more answer held, once its marker was found (the element parses and keeps the items). */
export interface MasonryAnswer {
  /**
   * Items in the answer. The handler is asked for one more than `items` (the theme's probe): more
   * than `items` means more are left (the probe is dropped), `items` or fewer sets the
   * no-more-items flag.
   */
  received: number;
}

/** What the load actor is given: where the next page starts and how many items it asks for. */
export interface MasonryRequest {
  offset: number;
  items: number;
}

export interface MasonryContext {
  /** Items one load asks for (the button's `data-items`). */
  items: number;
  /** Offset of the page last loaded (the button's `data-offset` at first); the next load asks for `offset + items`. */
  offset: number;
  /** The current filter (`MASONRY.ALL_FILTER`: every item). */
  filter: string;
  /** The no-more-items flag: set once an answer held no more than `items`; the button is retired. */
  noMoreItems: boolean;
  /** New items of the last answer (the probe dropped). */
  batch: number;
  /** How many of them have revealed. */
  revealed: number;
  /** Reduced motion: a batch reveals at once. */
  reducedMotion: boolean;
  /** What the grid last tells the visitor (its status line): the last load's outcome, or the filter chosen; `null` at first. */
  notice: MasonryNotice | null;
}

/** `loaded`: a batch was added (and, with `noMoreItems`, none are left); `failed`: a load failed; `filtered`: a sort link was chosen. */
export type MasonryNotice = 'loaded' | 'failed' | 'filtered';

export interface MasonryInput {
  /** Default `MASONRY.ITEMS_PER_LOAD_DEFAULT`. */
  items?: number;
  /** Default 0. */
  offset?: number;
  /** The link marked current in the markup; default `MASONRY.ALL_FILTER`. */
  filter?: string;
  /** The markup has no load-more button, or it is already marked as having no more items. */
  noMoreItems?: boolean;
  reducedMotion?: boolean;
}

export type MasonryEvent =
  /** A click (or Enter, Space) on the load-more button; ignored while a load or a reveal runs, and once no more items are left. */
  | { type: 'LOAD' }
  /** A sort link was chosen: items without the class `filter` hide, and the grid is laid out again. */
  | { type: 'FILTER'; filter: string }
  /** The grid's width changed, or an image in it loaded: it is laid out again `resizeDelay` after the last one. */
  | { type: 'RESIZE' }
  /** The visitor's reduced-motion preference changed. */
  | { type: 'MOTION.CHANGE'; reduced: boolean }
  /** Internal: the resize pause is over (raised after `resizeDelay`). */
  | { type: 'LAYOUT.DUE' };

/** Emitted events; the element dispatches each as `kite-masonry-<type>`. */
export type MasonryEmitted =
  /** A sort link was chosen. */
  | { type: 'filter'; filter: string }
  /** A load-more request went out for the page at `offset`. */
  | { type: 'load'; offset: number }
  /** `count` new items were added; `noMoreItems`: none are left, the button is retired. */
  | { type: 'loaded'; count: number; noMoreItems: boolean }
  /** A load failed (`failed`: network or status; `no-marker`: the answer had no loaded marker); the button may be used again. */
  | { type: 'error'; reason: 'failed' | 'no-marker' };
