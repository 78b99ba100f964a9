import type { PoptinTriggers } from '../../shared/schema/poptin-record.ts';

/** Which trigger showed a pop-up; sent with the viewed and conversion calls. */
/** `teaser`: re-opened from its tab teaser. */
export type TriggerName = 'page_load' | 'seconds' | 'scroll' | 'exit_intent' | 'teaser';

/** What the widget machine needs of each pop-up record. */
export interface ArmedPoptin {
  poptinId: string;
  /** Lightbox, gamified and fullpage pop-ups are modal: one at a time (widget spec section 4). */
  modal: boolean;
  triggers: PoptinTriggers;
}

/** Browser facts the element feeds in; the machines never read the DOM. */
export type PageEvent =
  | { type: 'PAGE.LOADED' }
  /** How far down the page the visitor has scrolled, 0 to 100. */
  | { type: 'PAGE.SCROLL'; percent: number }
  /** The mouse left through the top of the viewport. */
  | { type: 'PAGE.EXIT_INTENT' };

export type WidgetEvent =
  | PageEvent
  | { type: 'TRIGGER.FIRED'; poptinId: string; trigger: TriggerName }
  | { type: 'POPTIN.CLOSED'; poptinId: string; closeTrigger: string; submitted: boolean }
  /** The 1 s follow-up after a dismissal is due. */
  | { type: 'FOLLOW_UP'; poptinId: string }
  /** The visitor opened the pop-up again from its tab teaser. */
  | { type: 'TEASER.OPEN'; poptinId: string }
  /** Show the next queued pop-up if the modal slot is free. */
  | { type: 'NEXT' };

export type PoptinStatus = 'armed' | 'queued' | 'shown' | 'done';

export interface WidgetContext {
  poptins: Record<string, { modal: boolean; status: PoptinStatus; triggers: PoptinTriggers }>;
  /** The modal pop-up on screen, if any. */
  activeModal: string | null;
  /** Modal pop-ups whose trigger fired while another was on screen, first come first shown. */
  queue: Array<{ poptinId: string; trigger: TriggerName }>;
}

export interface WidgetInput {
  poptins: ArmedPoptin[];
}

/**
 * Emitted `show` asks the element to mount the pop-up; `follow-up` says a dismissal's follow-up
 * time has passed (the tab teaser and the next queued pop-up come then).
 */
export type WidgetEmitted = { type: 'show'; poptinId: string; trigger: TriggerName } | { type: 'follow-up'; poptinId: string };
