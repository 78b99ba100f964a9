/**
 * Why a pop-up closed: the spec's close_trigger values (widget spec section 4 "Ways to close").
 * The X records `x_click` and the skip button (`closing_options-button`) `cancel_click`: the spec's
 * "X click: recorded x_click or cancel_click", the two controls that dismiss the pop-up.
 */
export type CloseTrigger = 'x_click' | 'cancel_click' | 'close_button' | 'auto_close' | 'bg_click' | 'timer' | 'escape' | 'link_click' | 'thank_you';

/** What `sendConversion` gets: the lead, and how long to hold its send after storing it. */
export interface ConversionInput {
  values: SubmittedValues;
  viewId: string | null;
  /** `THANK_YOU.REDIRECT_LINK_SUBMIT_MS` for a redirect link's submit, else 0. */
  delayMs: number;
}

/** What became of a submitted lead (the lead outbox's answer). */
export type ConversionResult =
  /** The server set its success flag. */
  | { status: 'sent'; conversionId: string | null }
  /** The network failed; the lead is kept in the outbox and retried, so the visitor is done. */
  | { status: 'queued' }
  /** The server refused it with a reason; the visitor can correct and send again. */
  | { status: 'rejected'; message: string };

/** The form's values as sent: one text per key, or a list for a repeated field (a checkbox group). */
export type FormValues = Record<string, string | string[]>;

/** A redirect link the visitor clicked: the form is submitted after a delay, then the page goes there. */
export interface RedirectLink {
  url: string;
  /** `_blank`: a new tab (opened by the click itself); `_self`: this tab, after the answer. */
  target: '_self' | '_blank';
}

/**
 * The form attaches the redirect link it was submitted by to the values object under this key.
 * A symbol, so the link travels with the values through any view unchanged and is never sent as
 * a form field (URLSearchParams and object spread skip symbol keys).
 */
export const REDIRECT_LINK: unique symbol = Symbol.for('kite.poptin.redirectLink');

/** What SUBMIT carries: the values, and the redirect link when a link click submitted them. */
export type SubmittedValues = FormValues & { [REDIRECT_LINK]?: RedirectLink };

/** The X or the skip button closed it: both count as closed by X (cookie, teaser rule, follow-up). */
export const isXClose = (closeTrigger: string | null) => closeTrigger === 'x_click' || closeTrigger === 'cancel_click';

export interface PoptinInput {
  poptinId: string;
  /** Embedded pop-ups ignore Escape and close without an exit delay. */
  embedded?: boolean;
  /**
   * It lies over the page's content (a modal, a box or a corner pop-up), so Escape pressed anywhere
   * on the page dismisses it (`PAGE.ESCAPE`): content that covers the page must be dismissible
   * without moving focus (WCAG 1.4.13, 2.4.11). A bar pads the page instead of covering it, and an
   * embedded pop-up is part of the page: Escape on the page leaves them (focus inside still closes a bar).
   */
  overPage?: boolean;
  /** The exit effect; `none` closes without the exit delay. */
  exitEffect?: string;
  /** Fullpage pop-ups close without the exit delay. */
  fullpage?: boolean;
  /** Gamified pop-ups reset their submitted (and so redirected) flag on close, so they fire `poptinClose` even after a play. */
  gamified?: boolean;
  /** Close on a click outside the pop-up (`poptin_design_close_on_screen_click`). */
  closeOnBackground?: boolean;
  /** Automatic close after this many ms; null for none (`poptin_design_auto_close_sec`). */
  autoCloseMs?: number | null;
  /** Show the thank-you screen after a submit (`poptin_design_thank_screen`). */
  thankYou?: boolean;
  /** Thank-you auto-close; null when the pop-up sets none (then the spec's fallback applies). */
  thankYouAutoCloseMs?: number | null;
  /**
   * A game's pop-up: its play is its submit, and it closes its post-play time after the result
   * (`GAME.RESULT`), not after the submit.
   */
  game?: boolean;
  /** Teasers on: removal waits for the tab's entry. */
  teasersOn?: boolean;
  /** The X or skip button starts disabled for this many seconds (`poptin_design_show_x_after_sec`). */
  closeLockedSeconds?: number;
  /**
   * Nothing the visitor does closes it: `content_lock` (`poptin_design_content_lock`) until the
   * lead went through; `landing_page` (landing-page mode) ever, and a submit leaves it on screen.
   */
  hold?: 'content_lock' | 'landing_page';
  /** It opens on its welcome screen; `WELCOME.START` (the call to action) leads to the form. In the context: still on it. */
  welcome?: boolean;
  /**
   * Shown from the start, as if `SHOW` with these came first: a pop-up whose element is open when
   * it mounts renders shown the first time instead of rendering hidden and again once shown.
   */
  shown?: { trigger: string; alreadyShown?: boolean };
}

export interface PoptinContext extends Required<Omit<PoptinInput, 'autoCloseMs' | 'thankYouAutoCloseMs' | 'closeLockedSeconds' | 'hold' | 'shown'>> {
  hold: PoptinInput['hold'] | null;
  /** A game's result is on screen: how long it stays (null until then, and for a pop-up without a game). */
  postPlayMs: number | null;
  /** Seconds until the X or skip button is enabled; 0 when enabled. */
  closeLockedFor: number;
  autoCloseMs: number | null;
  thankYouAutoCloseMs: number | null;
  /** The trigger that showed it. */
  trigger: string | null;
  /** This visitor had seen the pop-up before this showing: the thank-you fallback is the long one. */
  alreadyShown: boolean;
  closeTrigger: CloseTrigger | null;
  /** `poptin_view_id` from the viewed call, sent with the conversion. */
  viewId: string | null;
  conversionId: string | null;
  /** The server's reason when it refused the lead. */
  errorMessage: string | null;
  submitted: boolean;
  /** The values of the submit under way (a clicked redirect link stays attached). */
  pendingValues: SubmittedValues | null;
  /** Where a clicked redirect link goes once the lead is submitted; null for none. */
  redirectTo: RedirectLink | null;
  /** The values of the last submit while the repeat-submit guard holds (as text); null when released. */
  guardedValues: string | null;
  /** The pop-up's own add to cart is adding or failed (poptin-cart.machine.ts): the close after the submit waits. Unset: no cart. */
  cartBusy?: boolean;
}

export type PoptinEvent =
  /** `alreadyShown`: this visitor had seen the pop-up before this showing. */
  | { type: 'SHOW'; trigger: string; alreadyShown?: boolean }
  | { type: 'CLOSE'; closeTrigger: CloseTrigger }
  /** Escape with focus in the pop-up. */
  | { type: 'ESCAPE' }
  /** Escape elsewhere on the page that nothing on the page used (the view forwards only such a key); closes an `overPage` pop-up. */
  | { type: 'PAGE.ESCAPE' }
  | { type: 'BACKGROUND.CLICK' }
  /** The form's values; a redirect link attached under `REDIRECT_LINK` submits them after its delay. */
  | { type: 'SUBMIT'; values: SubmittedValues }
  | { type: 'VIEW.RECORDED'; viewId: string }
  /** A game's result is on screen: it stays `postPlayMs` (the play itself was the submit). */
  | { type: 'GAME.RESULT'; postPlayMs: number }
  /** The welcome screen's call to action: on to the form. */
  | { type: 'WELCOME.START' }
  /** The pop-up's own add to cart started or failed (`busy`), or ended with an outcome the visitor can only read. */
  | { type: 'CART.BUSY'; busy: boolean };

/** Emitted events become `kite-poptin-<type>` DOM events. */
export type PoptinEmitted =
  /** The pop-up shows, opened by `trigger`. */
  | { type: 'show'; poptinId: string; trigger: string }
  /** The lead went through (or is safely queued); `conversionId` is the server's, `null` when none. */
  | { type: 'convert'; poptinId: string; conversionId: string | null }
  /** The pop-up closed, after its exit; `submitted`: it was closed after a lead went through. */
  | { type: 'close'; poptinId: string; closeTrigger: string; submitted: boolean }
  /** The closed pop-up may be taken out of the page. */
  | { type: 'removed'; poptinId: string };
