/**
 * The one way an element tells its host something: a bubbling, composed `CustomEvent`
 * named `kite-<surface>-<what>` (contract, "Elements").
 */

/** Detail of every `kite-*` event, keyed by event name. */
export interface KiteEventDetails {
  'kite-fold-section-change': { folded: boolean };
  'kite-fold-section-height-change': { folded: boolean; height: number };
  'kite-poptin-show': { poptinId: string; trigger: string };
  'kite-poptin-close': { poptinId: string; closeTrigger: string };
  'kite-poptin-convert': { poptinId: string; conversionId: string | null };
  'kite-poptin-request-close': { poptinId: string; closeTrigger: string };
  'kite-widget-ready': { clientId: string; poptins: number };
  'kite-widget-error': { message: string };
  /** The tab teaser starts to show. */
  'kite-tab-teaser-show': { poptinId: string };
  /** The tab teaser finished hiding; `gone`: it will not show again on this page. */
  'kite-tab-teaser-hide': { poptinId: string; gone: boolean };
  /** The visitor activated the tab teaser: the host opens the pop-up `poptinId`. */
  'kite-tab-teaser-open': { poptinId: string };
}

export type KiteEventName = keyof KiteEventDetails;

declare global {
  interface GlobalEventHandlersEventMap {
    'kite-fold-section-change': CustomEvent<KiteEventDetails['kite-fold-section-change']>;
    'kite-fold-section-height-change': CustomEvent<KiteEventDetails['kite-fold-section-height-change']>;
    'kite-poptin-show': CustomEvent<KiteEventDetails['kite-poptin-show']>;
    'kite-poptin-close': CustomEvent<KiteEventDetails['kite-poptin-close']>;
    'kite-poptin-convert': CustomEvent<KiteEventDetails['kite-poptin-convert']>;
    'kite-poptin-request-close': CustomEvent<KiteEventDetails['kite-poptin-request-close']>;
    'kite-widget-ready': CustomEvent<KiteEventDetails['kite-widget-ready']>;
    'kite-widget-error': CustomEvent<KiteEventDetails['kite-widget-error']>;
    'kite-tab-teaser-show': CustomEvent<KiteEventDetails['kite-tab-teaser-show']>;
    'kite-tab-teaser-hide': CustomEvent<KiteEventDetails['kite-tab-teaser-hide']>;
    'kite-tab-teaser-open': CustomEvent<KiteEventDetails['kite-tab-teaser-open']>;
  }
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
