/**
 * Types of the tab teaser machine (widget spec sections 2, 3, 4 "Tab teaser" and 9).
 */

/**
 * When the tab shows (`TAB.DISPLAY_MODES`):
 * - `always`: from the start, and again after each close of the pop-up (it hides while the pop-up is open);
 * - `before_show`: from the start until the pop-up shows, then never again;
 * - `after_close`: only once the pop-up has closed (and again after each later close).
 */
export type TabTeaserDisplayMode = 'always' | 'before_show' | 'after_close';

/** What the view knows when the tab starts: the pop-up it belongs to, its setting and the visitor's cookies. */
export interface TabTeaserInput {
  /** Id of the pop-up the tab re-opens. */
  poptinId: string;
  /** When the tab shows (see {@link TabTeaserDisplayMode}). */
  displayMode: TabTeaserDisplayMode;
  /** The visitor converted on this pop-up (the `poptin_conversion_{id}` cookie): the tab never shows. */
  converted: boolean;
  /** The visitor closed this pop-up with the X (the `poptin_c_p_o_x_c_{id}` cookie). Hides the tab only under {@link everytimeEverypage}. */
  closedByX: boolean;
  /** The pop-up's display frequency rule (`d_f_r`) is display_everytime_everypage: a close with the X hides the tab for good. */
  everytimeEverypage: boolean;
  /**
   * The pop-up already showed on this page before the tab started (see `poptinLifeFacts`), so a tab
   * created late starts where one present from the start would be. Default false.
   */
  poptinShown?: boolean;
  /** The pop-up is open now: the tab starts hidden. Default false. */
  poptinOpen?: boolean;
  /** The pop-up already closed on this page: in `after_close` mode the tab shows at once. Default false. */
  poptinClosed?: boolean;
  /** The pop-up was skipped on this page (it will not show here after all): the tab never shows. Default false. */
  poptinSkipped?: boolean;
}

export interface TabTeaserContext extends Omit<TabTeaserInput, 'poptinShown' | 'poptinOpen' | 'poptinClosed' | 'poptinSkipped'> {
  /** The pop-up has shown on this page; in `before_show` mode the tab is then done. */
  poptinShown: boolean;
  /** The pop-up will not show on this page: the tab, which would open nothing, is done. */
  poptinSkipped: boolean;
  /** At start: the tab waits for the pop-up to close (`after_close` mode before any close, or the pop-up is open). */
  startsHidden: boolean;
}

export type TabTeaserEvent =
  /** The visitor activated the tab (click, Enter or Space): it hides and asks the host to open the pop-up. */
  | { type: 'CLICK' }
  /** The pop-up showed (`kite-poptin-show`): the tab gets out of its way; in `before_show` mode for good. */
  | { type: 'POPTIN.SHOWN' }
  /**
   * The pop-up closed (`kite-poptin-close`), after its exit animation. The tab shows, unless the mode is
   * `before_show`, the pop-up was submitted, or `closeTrigger` is the X (`x_click`, `cancel_click`) under the
   * everytime-everypage rule.
   */
  | { type: 'POPTIN.CLOSED'; closeTrigger: string; submitted?: boolean }
  /** The visitor converted (`kite-poptin-convert`): the tab hides for good. */
  | { type: 'POPTIN.CONVERTED' }
  /** The pop-up will not show on this page after all (`kite-poptin-skip`): the tab hides for good, as it would open nothing. */
  | { type: 'POPTIN.SKIPPED' };

/** The pop-up's own events, the ones a tab hears from `kite-poptin-*`. */
export type PoptinLifeEvent = Extract<TabTeaserEvent, { type: 'POPTIN.SHOWN' | 'POPTIN.CLOSED' | 'POPTIN.CONVERTED' | 'POPTIN.SKIPPED' }>;

/** Emitted events; the element dispatches each as `kite-tab-teaser-<type>`. */
export type TabTeaserEmitted =
  /** The tab starts to show (its entry animation begins). */
  | { type: 'show'; poptinId: string }
  /** The tab finished hiding (its exit animation ended). `gone`: it will not show again on this page. */
  | { type: 'hide'; poptinId: string; gone: boolean }
  /** The visitor activated the tab: the host should open the pop-up `poptinId`. */
  | { type: 'open'; poptinId: string };
