/**
 * The one way an element tells its host something: a bubbling, composed `CustomEvent`
 * named `kite-<surface>-<what>` (contract, "Elements").
 */
import type { MenuCloseTrigger } from '../../machines/menu/menu.types.ts';
import type { PlayerErrorKind } from '../../machines/player/player.types.ts';
import type { HeaderShrink } from '../../machines/header/header.types.ts';
import type { SwipeDirection } from '../../machines/swipe/swipe.types.ts';
import type { AnyActorRef } from 'xstate';

/**
 * Why an open pop-up did not show: `invalid`, its record was refused (an invalid field, or its
 * countdown date has passed); `markup`, its markup was refused or could not be loaded; `no-host`,
 * an embedded pop-up has no element with its id on the page; `load-failed`, its code could not be loaded.
 */
export type PoptinSkipReason = 'invalid' | 'markup' | 'no-host' | 'load-failed';

/** Detail of every `kite-*` event, keyed by event name. */
export interface KiteEventDetails {
  'kite-fold-section-change': { folded: boolean };
  'kite-fold-section-height-change': { folded: boolean; height: number };
  'kite-poptin-show': { poptinId: string; trigger: string };
  /** The pop-up closed, after its exit; `submitted`: it was closed after a lead went through. */
  'kite-poptin-close': { poptinId: string; closeTrigger: string; submitted: boolean };
  /** An open pop-up will not show after all (it is not a close): see {@link PoptinSkipReason}. */
  'kite-poptin-skip': { poptinId: string; reason: PoptinSkipReason };
  /** The closed pop-up may be taken out of the page. */
  'kite-poptin-removed': { poptinId: string };
  'kite-poptin-convert': { poptinId: string; conversionId: string | null };
  'kite-poptin-request-close': { poptinId: string; closeTrigger: string };
  /** The widget read the display answer: `poptins` valid pop-ups. */
  'kite-widget-ready': { clientId: string; poptins: number };
  /**
   * The widget decided this page's display rules, armed the triggers and watches the page's events (pop-up ids): `armed`,
   * whose triggers are watched; `clickOnly`, held back by their frequency rule (a click on a link
   * carrying the id still opens them); `hidden`, ruled out by a filter or the audience.
   */
  'kite-widget-armed': { armed: string[]; clickOnly: string[]; hidden: string[] };
  'kite-widget-error': { message: string };
  /** On `window`: the site called `window.kite.consent(granted)`; with `true`, a held widget starts. */
  'kite-widget-consent': { granted: boolean };
  /** On `window`, in single-page-app mode: the address changed through the History API or the back button. */
  'kite-widget-navigate': { url: string };
  /** The tab teaser starts to show. */
  'kite-tab-teaser-show': { poptinId: string };
  /** The tab teaser finished hiding; `gone`: it will not show again on this page. */
  'kite-tab-teaser-hide': { poptinId: string; gone: boolean };
  /** The visitor activated the tab teaser: the host opens the pop-up `poptinId`. */
  'kite-tab-teaser-open': { poptinId: string };
  /** The lightbox opened on item `index` (0-based) of `count`; `src` is that item's address. */
  'kite-lightbox-open': { index: number; count: number; src: string };
  /** The lightbox shows another item (after the navigation delay). */
  'kite-lightbox-change': { index: number; count: number; src: string };
  /** The lightbox closed and was removed (after the removal delay); `trigger`: what closed it. */
  'kite-lightbox-close': { index: number; count: number; src: string; trigger: 'button' | 'escape' | 'background' | 'api' };
  /** A contact form submit found failing fields; nothing was sent. `fields`: their names, `labels`: their labels, in form order. */
  'kite-contact-form-invalid': { fields: string[]; labels: string[] };
  /** The contact form started sending; `fields`: the names sent. */
  'kite-contact-form-sending': { fields: string[] };
  /** The server accepted the message; `redirect`: where the page goes next, or `null` (the response replaces the form). */
  'kite-contact-form-success': { redirect: string | null };
  /** The send failed: `rejected` (the server's error container or an unusable answer) or `network`. */
  'kite-contact-form-error': { reason: 'rejected' | 'network' };
  /** Right before the page goes to the contact form's redirect address. */
  'kite-contact-form-redirect': { url: string };
  /** The media started or resumed playing. */
  'kite-player-play': { currentTime: number };
  /** The media paused (also just before it ends). */
  'kite-player-pause': { currentTime: number };
  /** The media played to its end. */
  'kite-player-ended': { currentTime: number };
  /** Every `PLAYER.TIME_UPDATE_MS` while playing. Times in seconds; `duration` is `NaN` until known and `Infinity` for a live stream. */
  'kite-player-timeupdate': { currentTime: number; duration: number };
  /** The burger overlay opened. */
  'kite-menu-open': Record<string, never>;
  /** The burger overlay closed: by its `button` (close or burger), `escape`, a followed `link`, or the viewport leaving burger mode (`resize`). */
  'kite-menu-close': { trigger: MenuCloseTrigger };
  /** A dropdown (or mega menu) of the main menu opened; `id`: the dropdown element's id. */
  'kite-menu-submenu-open': { id: string };
  /** A dropdown (or mega menu) of the main menu closed. */
  'kite-menu-submenu-close': { id: string };
  /** The table of contents was built: `count` entries (0 when the entry content has no heading to list). */
  'kite-toc-ready': { count: number };
  /** A table-of-contents link took the reader to heading `id`. */
  'kite-toc-navigate': { id: string };
  /** The player shows an error: its text as shown, its kind, and the embedded video service's code when it came from there. */
  'kite-player-error': { kind: PlayerErrorKind; message: string; code?: number };
  /** The header's shrink state changed; `transparent`: it shows transparent now. */
  'kite-header-change': { shrink: HeaderShrink; transparent: boolean };
  /** The preloader is gone: the page is uncovered. */
  'kite-preloader-hide': Record<string, never>;
  /** The preloader covers the page again while it leaves for `url` (an internal link was followed). */
  'kite-preloader-show': { url: string };
  /** A swipe was recognised on a post page; its link is followed next. */
  'kite-post-nav-swipe': { direction: SwipeDirection };
}

export type KiteEventName = keyof KiteEventDetails;

/** Every `kite-*` event as the DOM types it, so `addEventListener('kite-poptin-show', e => e.detail...)` is typed. */
type KiteEventMap = { [Name in KiteEventName]: CustomEvent<KiteEventDetails[Name]> };

declare global {
  interface GlobalEventHandlersEventMap extends KiteEventMap {}
}
/**
 * Dispatches `name` from `host`. Returns false when a listener called `preventDefault()`
 * on a cancelable request (for example `kite-poptin-request-close`).
 */
export function emit<Name extends KiteEventName>(
  host: EventTarget,
  name: Name,
  detail: KiteEventDetails[Name],
  options: { cancelable?: boolean } = {},
): boolean {
  return host.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }),
  );
}

/**
 * Dispatches every event `actor` emits as `kite-<surface>-<type>` from `host`, the detail being
 * the emitted event's other fields: the machine names what happened, the host page hears it.
 * Returns the unsubscribe.
 */
export function forwardEmitted(actor: AnyActorRef, host: EventTarget, surface: string): () => void {
  const subscription = actor.on('*', (event: { type: string }) => {
    const { type, ...detail } = event;
    emit(host, `kite-${surface}-${type}` as KiteEventName, detail as KiteEventDetails[KiteEventName]);
  });
  return () => subscription.unsubscribe();
}
