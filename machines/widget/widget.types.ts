import type { PoptinTriggers } from '../../shared/schema/poptin-record.ts';
import type { DisplayRules, VisitFacts, Verdict } from '../../shared/logic/display-rules.ts';

/**
 * Which trigger showed a pop-up; sent with the viewed and conversion calls. `teaser`: re-opened
 * from its tab teaser; `click`: a click on a link or button carrying its id (or a pop-up that
 * launched it); `exit_intent_mobile`: a fast scroll up or the back button on a touch device;
 * `cart`: the Shopify cart trigger (components/widget/cart-watch.ts, a store's lazy chunk).
 */
export type TriggerName =
  | 'page_load'
  | 'seconds'
  | 'scroll'
  | 'exit_intent'
  | 'exit_intent_mobile'
  | 'inactivity'
  | 'click_count'
  | 'page_visits'
  | 'click'
  | 'teaser'
  | 'cart';

/** What the widget machine needs of each pop-up record. */
export interface ArmedPoptin {
  poptinId: string;
  /** Lightbox, gamified and fullpage pop-ups are modal: one at a time (widget spec section 4). */
  modal: boolean;
  triggers: PoptinTriggers;
  /** Rendered inside the page's element with its id; re-rendered in single-page-app mode. */
  embedded?: boolean;
  /** The record's display rules (frequency, filters); none: it shows when its trigger fires. */
  rules?: DisplayRules;
}

/** Browser facts the element feeds in; the machines never read the DOM. */
export type PageEvent =
  | { type: 'PAGE.LOADED' }
  /** How far down the page the visitor has scrolled, 0 to 100, and where (`y`, CSS pixels from the top). */
  | { type: 'PAGE.SCROLL'; percent: number; y?: number }
  /** The mouse left through the top of the viewport. */
  | { type: 'PAGE.EXIT_INTENT' }
  /** The back button took the visitor off the entry the widget added (touch devices). */
  | { type: 'PAGE.BACK' }
  /**
   * A click anywhere; `poptinIds`: the pop-up ids the clicked link or button carries; `count`: the
   * clicks on the page so far, this one included (the element sends a click only when it carries
   * an id or the count reaches what a click-count trigger waits for).
   */
  | { type: 'PAGE.CLICK'; poptinIds?: string[]; count?: number };

export type WidgetEvent =
  | PageEvent
  | { type: 'TRIGGER.FIRED'; poptinId: string; trigger: TriggerName }
  | { type: 'POPTIN.CLOSED'; poptinId: string; closeTrigger: string; submitted: boolean }
  /** A shown pop-up will not come on screen after all (its record, markup, host or code failed): not a close. */
  | { type: 'POPTIN.SKIPPED'; poptinId: string }
  /** The 1 s follow-up after a dismissal is due. */
  | { type: 'FOLLOW_UP'; poptinId: string }
  /** The visitor opened the pop-up again from its tab teaser. */
  | { type: 'TEASER.OPEN'; poptinId: string }
  /** A pop-up this page did not have (fetched for a click on its id, or launched by another): show it. */
  | { type: 'POPTIN.ADD'; poptin: ArmedPoptin }
  /** Show the next queued pop-up if the modal slot is free. */
  | { type: 'NEXT' };

/**
 * `pending`: waiting for the display rules; `armed`: its triggers are watched; `idle`: its
 * frequency rule holds it back, only a click on its id opens it; `hidden`: ruled out on this
 * page; then `queued`, `shown`, `done`.
 */
export type PoptinStatus = 'pending' | 'armed' | 'idle' | 'hidden' | 'queued' | 'shown' | 'done';

export interface WidgetPoptin {
  modal: boolean;
  status: PoptinStatus;
  triggers: PoptinTriggers;
  embedded: boolean;
  rules?: DisplayRules;
}

export interface WidgetContext {
  poptins: Record<string, WidgetPoptin>;
  /** The modal pop-up on screen, if any. */
  activeModal: string | null;
  /** Modal pop-ups whose trigger fired while another was on screen, first come first shown. */
  queue: Array<{ poptinId: string; trigger: TriggerName }>;
  /** Pop-ups queued on the tab's page before when it was left (WidgetInput `carried`). */
  carried: Record<string, TriggerName>;
  /** The page has loaded (remembered, so page-load triggers armed after the rules still fire). */
  loaded: boolean;
  facts: VisitFacts;
  touch: boolean;
  idleMs?: () => number;
  pageViews: number;
  spa: boolean;
  root?: unknown;
  probeAdblock?: () => Promise<boolean>;
}

export interface WidgetInput {
  poptins: ArmedPoptin[];
  /** The visit's cookies, session and visit number, for the display rules. Default: a first visit with no cookies. */
  facts?: VisitFacts;
  /** A touch device: the mobile exit intent (fast scroll up, back button) applies. */
  touch?: boolean;
  /**
   * How long the visitor has been inactive (no mouse move, key, touch, wheel, scroll or click), ms,
   * for the inactivity trigger: read only when its wait is over. Default: no activity is watched.
   */
  idleMs?: () => number;
  /** Pages seen in this session, this one included (the page-visit count trigger). Default 1. */
  pageViews?: number;
  /** Single-page-app mode: embedded pop-ups are rendered again every `SPA.EMBED_REFRESH_MS`. */
  spa?: boolean;
  /** Where `js_filter` paths are read from (the page's `window`); handed to the `decide` actor. */
  root?: unknown;
  /** The ad-block probe, run only for pop-ups with `display_if_adblock_active`; handed to the `decide` actor. */
  probeAdblock?: () => Promise<boolean>;
  /**
   * Pop-ups whose trigger fired on the tab's page before while another was on screen, and which
   * never showed there (`apt_{id}`, docs/poptin-record.md "triggers"), by id: each fires with that
   * trigger as soon as the rules arm it here (one they rule out does not). Default: none.
   */
  carried?: Record<string, TriggerName>;
}

/** What the `decide` actor answers: a verdict per pop-up id. */
export type Verdicts = Record<string, Verdict>;

/**
 * Emitted `show` asks the element to mount the pop-up; `follow-up` says a dismissal's follow-up
 * time has passed (the tab teaser and the next queued pop-up come then); `armed` says the rules
 * are decided (ids by outcome); `refresh-embedded` (single-page apps) asks the element to render
 * again each shown embedded pop-up whose host lost it.
 */
export type WidgetEmitted =
  | { type: 'show'; poptinId: string; trigger: TriggerName }
  | { type: 'follow-up'; poptinId: string }
  | { type: 'armed'; armed: string[]; clickOnly: string[]; hidden: string[] }
  | { type: 'refresh-embedded'; poptinIds: string[] };
