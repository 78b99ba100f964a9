/** Why a pop-up closed: the spec's close_trigger values (widget spec section 4 "Ways to close"). */
export type CloseTrigger = 'x_click' | 'cancel_click' | 'skip' | 'close_button' | 'auto_close' | 'bg_click' | 'timer' | 'escape' | 'link_click' | 'thank_you';

/** What became of a submitted lead (the lead outbox's answer). */
export type ConversionResult =
  /** The server set its success flag. */
  | { status: 'sent'; conversionId: string | null }
  /** The network failed; the lead is kept in the outbox and retried, so the visitor is done. */
  | { status: 'queued' }
  /** The server refused it with a reason; the visitor can correct and send again. */
  | { status: 'rejected'; message: string };

export interface PoptinInput {
  poptinId: string;
  /** Embedded pop-ups ignore Escape and close without an exit delay. */
  embedded?: boolean;
  /** The exit effect; `none` closes without the exit delay. */
  exitEffect?: string;
  /** Fullpage pop-ups close without the exit delay. */
  fullpage?: boolean;
  /** Close on a click outside the pop-up (`poptin_design_close_on_screen_click`). */
  closeOnBackground?: boolean;
  /** Automatic close after this many ms; null for none (`poptin_design_auto_close_sec`). */
  autoCloseMs?: number | null;
  /** Show the thank-you screen after a submit (`poptin_design_thank_screen`). */
  thankYou?: boolean;
  /** Thank-you auto-close; null when the pop-up sets none (then the spec's fallback applies). */
  thankYouAutoCloseMs?: number | null;
  /** Teasers on: removal waits for the tab's entry. */
  teasersOn?: boolean;
  /** The X or skip button starts disabled for this many seconds (`poptin_design_show_x_after_sec`). */
  closeLockedSeconds?: number;
}

export interface PoptinContext extends Required<Omit<PoptinInput, 'autoCloseMs' | 'thankYouAutoCloseMs' | 'closeLockedSeconds'>> {
  /** Seconds until the X or skip button is enabled; 0 when enabled. */
  closeLockedFor: number;
  autoCloseMs: number | null;
  thankYouAutoCloseMs: number | null;
  /** The trigger that showed it. */
  trigger: string | null;
  closeTrigger: CloseTrigger | null;
  /** `poptin_view_id` from the viewed call, sent with the conversion. */
  viewId: string | null;
  conversionId: string | null;
  /** The server's reason when it refused the lead. */
  errorMessage: string | null;
  submitted: boolean;
}

export type PoptinEvent =
  | { type: 'SHOW'; trigger: string }
  | { type: 'CLOSE'; closeTrigger: CloseTrigger }
  | { type: 'ESCAPE' }
  | { type: 'BACKGROUND.CLICK' }
  | { type: 'SUBMIT'; values: Record<string, string> }
  | { type: 'VIEW.RECORDED'; viewId: string };

/** Emitted events become `kite-poptin-<type>` DOM events. */
export type PoptinEmitted =
  | { type: 'show'; poptinId: string; trigger: string }
  | { type: 'convert'; poptinId: string; conversionId: string | null }
  | { type: 'close'; poptinId: string; closeTrigger: string; submitted: boolean }
  | { type: 'removed'; poptinId: string };
