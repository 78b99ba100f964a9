import { defineElement, reactElement } from '../../shared/dom/react-element.ts';
import { firstRenderInTurn } from '../../shared/dom/first-render-queue.ts';
import { foldSectionStyles } from './fold-section.styles.ts';
import { FoldSectionView } from './fold-section.view.tsx';

/**
 * Folds long content to a set height, with a More / Less button.
 * It enhances the markup a CMS theme already writes, so without JavaScript everything shows.
 *
 * Light-DOM contract:
 * - **container**: the first *direct child* matching `[data-fold-content]` or `.av-fold-unfold-container`.
 *   It is what folds; children before it stay above, everything after it (the button) below.
 * - **inner content**: inside the container, `[data-fold-inner]` or `.av-fold-unfold-content`.
 * - **button**: the first `[data-fold-toggle]`, `.av-fold-button` or `.av-fold-button-container` outside the container. Any
 *   element works (the theme's `<a href="#">` too): a non-`<button>` gets `role="button"`, a tab
 *   stop, Enter and Space. It gets `aria-expanded` and `aria-controls` (the container gets an id if it has none).
 * - Parts inside a nested `kite-fold-section` belong to that section, not to this one.
 * - **plain content**: with none of the parts above, everything inside folds and the element
 *   supplies its own button (`part="toggle"`, a native `<button>` with `aria-expanded` and
 *   `aria-controls`): `<kite-fold-section height="150">` around any content works.
 * - **Enfold's whole section**: a child carrying `data-fold_unfold` (Enfold's `.avia-fold-unfold-section`)
 *   whose own child is the container folds in place, as Enfold's script does it: an empty container
 *   takes the content after it (`avia_sc_text`: the `.avia_textblock`; `avia_sc_columns`: the siblings,
 *   into its `.av-fold-unfold-inner`; `avia_sc_grid_row` / `avia_sc_section`: the element after the
 *   section), the container gets its `max-height`, `overflow: clip` and transition from script and
 *   the theme's `folded` / `unfolded` classes (Enfold's CSS draws its fade on `.folded`; the `fade`
 *   part is not used). The theme's `.av-fold-button-container` is the button. Removed, the element
 *   puts everything back where the theme wrote it.
 * - **settings**: the theme's JSON in `data-fold_unfold` on the element or on a child of it
 *   (`{"height":"150","more":"…","less":"…","context":"avia_sc_text"}`); each of the element's
 *   own attributes wins over the JSON's value.
 * - Markup that arrives after the element upgraded (an ajax-loaded block) is enhanced once the
 *   parts are all there.
 *
 * Behaviour: starts folded at `height` px, with a fade at the bottom; the button toggles between
 * folded and unfolded (measured content height plus `FOLD.UNFOLDED_EXTRA_PX`). The content is
 * re-measured when it or the viewport resizes (debounced `FOLD.RESIZE_DEBOUNCE_MS`). Moving focus
 * into the hidden part unfolds it. A section inside another one is disabled: shown fully, its
 * button hidden, no events. With theme parts but not all three (container, inner content, button), or without a valid `height`, the
 * section is not initialised: the markup is left as it is (one `console.debug` says what is missing).
 * With `prefers-reduced-motion: reduce` the height changes at once.
 *
 * @summary Fold / unfold content to a set height with More and Less.
 *
 * @slot - The container (see above), the button and any other content of the section.
 *
 * @attr {number} height - Folded height in pixels. Required (here or in the JSON settings).
 * @attr {string} more - Button text while folded. Unset: the JSON's `more`, else the theme button's own text, else "Read more" in the page's language.
 * @attr {string} less - Button text while unfolded. Unset: the JSON's `less`, else "Read less" in the page's language. Only the button's text changes; icons in it stay.
 * @attr {string} context - Where the section sits: `avia_sc_text`, `avia_sc_grid_row`, `avia_sc_section` or `avia_sc_columns` (other values are ignored). Exposed as `data-context` on the `base` part.
 *
 * @event kite-fold-section-change - `FOLD.CHANGE_EVENT_MS` after the last toggle (a toggle within that time restarts the wait). `detail: { folded }`.
 * @event kite-fold-section-height-change - The height transition ended (at once with reduced motion). `detail: { folded, height }`, height being the applied maximum in pixels.
 *
 * @csspart base - Wrapper of the whole section; `data-state` is `folded` or `unfolded`.
 * @csspart content - The clipping box around the container; its `max-height` transitions. Not with Enfold's whole section (folded in place).
 * @csspart fade - The gradient over the bottom of folded content.
 * @csspart toggle - The element's own More / Less button, around plain content only.
 *
 * @cssproperty --kite-fold-section-duration - Duration of the height transition. Default `0.4s`.
 * @cssproperty --kite-fold-section-easing - Timing function of the height transition. Default `ease-in-out`.
 * @cssproperty --kite-fold-section-fade-color - Colour the fade ends in: the section's background. Default `Canvas`.
 * @cssproperty --kite-fold-section-fade-size - Height of the fade. Default `4em`.
 */
export class KiteFoldSection extends firstRenderInTurn(
  reactElement(FoldSectionView, {
    props: { height: 'number', more: 'string', less: 'string', context: 'string' },
    styles: foldSectionStyles,
    // Enhances the page's markup: shows it as written until the view renders.
    lightDom: 'placeholder',
  }),
) {
  /** Folded height in pixels (reflects `height`). */
  declare height: number | undefined;
  /** Button text while folded (reflects `more`). */
  declare more: string | undefined;
  /** Button text while unfolded (reflects `less`). */
  declare less: string | undefined;
  /** Layout context (reflects `context`). */
  declare context: string | undefined;

}

// The tag as a literal: the manifest analyzer reads it from this call.
defineElement('kite-fold-section', KiteFoldSection);

declare global {
  interface HTMLElementTagNameMap {
    'kite-fold-section': KiteFoldSection;
  }
}
