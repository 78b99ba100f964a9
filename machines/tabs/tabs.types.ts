/** Types of the tab set's machine (content-site spec 001, sections 2 "Tab sets" and 4 "Tabs"). */

/** How a tab that receives focus is activated (WAI-ARIA APG Tabs). */
export type TabsActivation = 'automatic' | 'manual';

export interface TabsInput {
  /** Each tab's fake id (the hash that opens it, without `#`), in order; `null` for a tab without one. */
  fakeIds: ReadonlyArray<string | null>;
  /** The tab active at first (the theme's `active_tab`), else the first. */
  active?: number;
  /** `automatic` (default): a tab is active as soon as it has focus; `manual`: Enter or Space activates the focused tab. */
  activation?: TabsActivation;
}

export interface TabsContext {
  /** Each tab's fake id, in order. */
  fakeIds: ReadonlyArray<string | null>;
  /** The active tab's index: exactly one tab is active while there is any (-1 when there is none). */
  active: number;
  /** The tab that has (or last had) keyboard focus: the one tab in the Tab sequence (roving tabindex). */
  focused: number;
  activation: TabsActivation;
}

export type TabsEvent =
  /** The visitor clicked tab `index`, or pressed Enter or Space on it. */
  | { type: 'TAB.SELECT'; index: number }
  /** Arrow keys, Home or End move focus: to the next, previous, first or last tab (ends wrap round). */
  | { type: 'FOCUS.MOVE'; to: 'next' | 'previous' | 'first' | 'last' }
  /** The address' hash is `hash` (without `#`): the tab whose fake id it is opens. */
  | { type: 'HASH.SET'; hash: string }
  /** The tabs were read again from the markup; `active`, the one it marks active (else the active one stays, if still there). */
  | { type: 'TABS.SET'; fakeIds: ReadonlyArray<string | null>; active?: number };

/** Emitted events; the element dispatches each as `kite-tabs-<type>`. */
export type TabsEmitted =
  /** Tab `index` became the active one (by click, key or hash); `id` is its fake id (`null` without one); `trigger` says how. */
  { type: 'change'; index: number; id: string | null; trigger: 'select' | 'focus' | 'hash' };
