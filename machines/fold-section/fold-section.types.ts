/**
 * Types of the fold / unfold section machine (content-site spec 001, sections 2, 3, 4 and 9).
 */

/** What the view knows about the section when it starts. */
export interface FoldSectionInput {
  /** Folded height in pixels (the `height` setting). */
  height: number;
  /** The section sits inside another fold section: it is disabled, shown fully, without a button. */
  nested: boolean;
  /** The button, the container and the inner content are all present; without them the section is not initialised. */
  complete: boolean;
}

export interface FoldSectionContext {
  /** Folded height in pixels. */
  height: number;
  /** Inside another fold section (see {@link FoldSectionInput.nested}). */
  nested: boolean;
  /** Button, container and inner content present (see {@link FoldSectionInput.complete}). */
  complete: boolean;
  /** Last measured natural height of the content in pixels; 0 until the first measurement. */
  contentHeight: number;
}

export type FoldSectionEvent =
  /** The visitor pressed the button (click, Enter or Space). */
  | { type: 'TOGGLE' }
  /** Focus moved into the hidden part of folded content: unfold so the focused element is visible. Ignored when unfolded. */
  | { type: 'REVEAL' }
  /** The height transition finished (or there was none to run, e.g. with reduced motion). */
  | { type: 'TRANSITION.END' }
  /** The content or the viewport changed size; the content is re-measured once resizing settles. */
  | { type: 'RESIZE' }
  /** Internal: raised `resizeDebounce` after the last `RESIZE`. */
  | { type: 'RESIZE.SETTLED' }
  /** The `height` setting changed. Non-finite or negative heights are ignored. */
  | { type: 'HEIGHT.SET'; height: number };

/** Emitted events; the element dispatches each as `kite-fold-section-<type>`. */
export type FoldSectionEmitted =
  /** `changeEvent` after the last toggle: the state the section settled in. */
  | { type: 'change'; folded: boolean }
  /** At the end of the height transition: the new state and its maximum height in pixels. */
  | { type: 'height-change'; folded: boolean; height: number };
