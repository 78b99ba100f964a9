import { defineElement, reactElement } from '../../shared/dom/react-element.ts';
import { tabTeaserStyles } from './tab-teaser.styles.ts';
import { TabTeaserView } from './tab-teaser.view.tsx';

/** The spec's `d_f_r` in kebab case. r2wc derives attribute names from camelCase props, and no prop name gives this one. */
const FREQUENCY_RULE_ATTRIBUTE = 'd-f-r';

/** The base class's attribute handling (r2wc's, through `reactElement`), which its constructor type does not show. */
interface AttributeHandling {
  observedAttributes: string[];
  prototype: { attributeChangedCallback(name: string, old: string | null, value: string | null): void };
}
const baseOf = (element: typeof KiteTabTeaser) => Object.getPrototypeOf(element) as AttributeHandling;

/**
 * The collapsed tab that re-opens a pop-up: a button fixed at a
 * bottom corner of the window, above the page and under the pop-ups (`LAYOUT.TAB_Z_INDEX`).
 *
 * When it shows, by `display-mode`:
 * - `always` (default): from the start; it hides while the pop-up is open and comes back after each close;
 * - `before_show`: from the start until the pop-up shows, then never again on this page;
 * - `after_close`: once the pop-up has closed, and after each later close.
 *
 * It never shows when the visitor converted on the pop-up (the `poptin_conversion_{id}` cookie, or a
 * `kite-poptin-convert` / submitted `kite-poptin-close` for it), nor when the visitor closed it with the X
 * (the `poptin_c_p_o_x_c_{id}` cookie, or a `kite-poptin-close` with `closeTrigger` `x_click` or
 * `cancel_click`) under the everytime-everypage frequency rule (`d-f-r`), nor once the pop-up was
 * skipped (`kite-poptin-skip`: it will not show on this page, so the tab would open nothing). It reads
 * those cookies when it starts, and hears the pop-up's life from the `kite-poptin-show`,
 * `kite-poptin-close`, `kite-poptin-convert` and `kite-poptin-skip` events on `window` whose
 * `detail.poptinId` is its `poptin-id`. Those are heard
 * from the moment this element's code loads, so a tab created after its pop-up showed or closed starts
 * where it would be had it been there all along (hidden while the pop-up is open, and so on).
 *
 * It slides up when it shows (the entry animation is cleaned up after `TAB.ENTRY_CLEANUP_MS`), pulses
 * every other `TAB.PULSE_MS` while it shows, and slides down when it hides. With
 * `prefers-reduced-motion: reduce` nothing slides or pulses. Hebrew pages get `dir="rtl"`.
 *
 * Activating the tab (click, Enter or Space: it is a native `<button>` named by its text) hides it and
 * dispatches `kite-tab-teaser-open`. The tab does not open the pop-up itself: the host (`kite-widget`)
 * listens for that event and shows the pop-up `detail.poptinId` again.
 *
 * @summary The collapsed tab that re-opens a pop-up.
 *
 * @attr {string} poptin-id - Id of the pop-up the tab re-opens. Required: without it the tab does not show.
 * @attr {'always' | 'before_show' | 'after_close'} display-mode - When the tab shows (see above). Other values read as `always`.
 * @attr {string} label - The tab's text. Default: "Special offer" in the page's language.
 * @attr {'left' | 'right'} position - The bottom corner it sits in. Default `right`.
 * @attr {string} d-f-r - The pop-up's display frequency rule, e.g. `all@display_everytime_everypage_5`.
 * @attr {string} lang - Language of the default text and the text direction (`en`, `he`). Default: the page's.
 *
 * @prop {string} poptinId - Reflects `poptin-id`.
 * @prop {string} displayMode - Reflects `display-mode`.
 * @prop {string} label - Reflects `label`.
 * @prop {string} position - Reflects `position`.
 * @prop {string} frequencyRule - The `d-f-r` rule; set by the attribute, or directly (not reflected).
 * @prop {string} lang - Reflects `lang`.
 *
 * @event kite-tab-teaser-show - The tab starts to show (its entry animation begins). `detail: { poptinId }`.
 * @event kite-tab-teaser-hide - The tab finished hiding. `detail: { poptinId, gone }`; `gone`: it will not show again on this page, so the host may remove it.
 * @event kite-tab-teaser-open - The visitor activated the tab; the host should open the pop-up. `detail: { poptinId }`.
 *
 * @csspart base - The tab: a `<button>` with `data-state` (`entering`, `shown`, `exiting`), `data-position` (`left`, `right`) and the class `pulse` while it pulses.
 * @csspart label - The tab's text.
 * @csspart icon - The decorative arrow after the text.
 *
 * @cssproperty --kite-tab-teaser-background - Background of the tab. Default `#1f5eff`.
 * @cssproperty --kite-tab-teaser-color - Text colour of the tab (and of its focus ring). Default `#ffffff`.
 * @cssproperty --kite-tab-teaser-font - Font family. Default `system-ui, sans-serif`.
 * @cssproperty --kite-tab-teaser-radius - Radius of the top corners. Default `0.5rem`.
 * @cssproperty --kite-tab-teaser-inset - Distance from the side of the window. Default `1.5rem`.
 * @cssproperty --kite-tab-teaser-shadow - Shadow of the tab. Default `0 -2px 12px rgb(0 0 0 / 0.2)`.
 * @cssproperty --kite-tab-teaser-z-index - Stacking order. Default `999998` (the protocol's tab z-index, under the pop-ups).
 * @cssproperty --kite-tab-teaser-pulse-duration - One beat of the pulse; it repeats while the pulse is on. Default `1s`.
 */
export class KiteTabTeaser extends reactElement(TabTeaserView, {
  props: {
    poptinId: 'string',
    displayMode: 'string',
    label: 'string',
    position: 'string',
    // Set from the `d-f-r` attribute below, or as a property.
    frequencyRule: 'property',
    lang: 'string',
  },
  styles: tabTeaserStyles,
}) {
  /** Id of the pop-up the tab re-opens (reflects `poptin-id`). */
  declare poptinId: string | undefined;
  /** `always`, `before_show` or `after_close` (reflects `display-mode`). */
  declare displayMode: string | undefined;
  /** The tab's text (reflects `label`). */
  declare label: string | undefined;
  /** `left` or `right` (reflects `position`). */
  declare position: string | undefined;
  /** The pop-up's display frequency rule (`d_f_r`; set by the `d-f-r` attribute). */
  declare frequencyRule: string | undefined;
  /** Language of the default text (reflects `lang`). */
  declare lang: string;

  static get observedAttributes(): string[] {
    return [...baseOf(KiteTabTeaser).observedAttributes, FREQUENCY_RULE_ATTRIBUTE];
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    // Unlike r2wc's own attributes, removing it clears the rule.
    if (name === FREQUENCY_RULE_ATTRIBUTE) this.frequencyRule = value ?? undefined;
    else baseOf(KiteTabTeaser).prototype.attributeChangedCallback.call(this, name, old, value);
  }
}

// The tag as a literal: the manifest analyzer reads it from this call.
defineElement('kite-tab-teaser', KiteTabTeaser);

declare global {
  interface HTMLElementTagNameMap {
    'kite-tab-teaser': KiteTabTeaser;
  }
}
