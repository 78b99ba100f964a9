/** Types of the live search machine (content-site spec 001, sections 2, 4, 5, 7 and 9 "Live search"). */

/** What the site's ajax endpoint answered for one search. */
export interface LiveSearchAnswer {
  /** The results' HTML fragment, already sanitized by whoever fetched it; empty for no results. */
  html: string;
  /** How many results the fragment lists (0: the endpoint answered `0`, no results). */
  count: number;
}

/** What the request actor is given: the field's value it searches for. */
export interface LiveSearchRequest {
  value: string;
}

export interface LiveSearchContext {
  /** The field's value, as last typed. */
  value: string;
  /** The value of the last search sent, `null` when none counts (cleared): the same value is not searched twice. */
  lastSearched: string | null;
  /** The answer shown (or shown again once unparked); `null` when nothing is shown. */
  answer: LiveSearchAnswer | null;
  /** Index of the result the arrow keys moved to, `-1` when none. */
  active: number;
  /** The least number of characters that starts a search. */
  minChars: number;
  /** The field is flagged to disable live search: nothing ever starts. */
  disabled: boolean;
}

export interface LiveSearchInput {
  /** Default `LIVE_SEARCH.MIN_CHARS`. */
  minChars?: number;
  /** The theme's disable flag was found on the form. */
  disabled?: boolean;
}

export type LiveSearchEvent =
  /** The visitor changed the field: `value` is what it holds now. */
  | { type: 'TYPE'; value: string }
  /** Escape in the field: results and the pending search are dropped. */
  | { type: 'CLEAR' }
  /** A click (or focus) outside the field and its results: they hide and the field is parked. */
  | { type: 'CLICK.OUTSIDE' }
  /** A click on the field: parked results show again. */
  | { type: 'FIELD.CLICK' }
  /** Arrow keys: the next or previous result becomes the active one (wrapping around). */
  | { type: 'ACTIVE.NEXT' }
  | { type: 'ACTIVE.PREVIOUS' }
  /** Enter in the field: opens the active result. */
  | { type: 'OPEN' }
  /** Internal: the typing pause is over (raised after `searchDelay`). */
  | { type: 'SEARCH.DUE' };

/** Emitted events; the element dispatches each as `kite-live-search-<type>`. */
export type LiveSearchEmitted =
  /** A request for `value` went out to the ajax endpoint. */
  | { type: 'search'; value: string }
  /** The answer for `value` is shown: `count` results (0: the no-results message). */
  | { type: 'results'; value: string; count: number }
  /** The request for `value` failed; nothing is shown. */
  | { type: 'error'; value: string }
  /** The results were cleared (Escape, or the field emptied or shortened below the minimum). */
  | { type: 'clear' }
  /** The visitor opened result `index` (Enter on the active result). */
  | { type: 'open'; index: number };
