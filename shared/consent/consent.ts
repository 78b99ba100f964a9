/**
 * `window.kite.consent(granted, 'video')`, the video purpose of the widget's consent call, on any
 * page that loads kite-elements (with or without widget.js). Small on purpose: kite.js runs it as
 * it is imported, so a consent manager may call it before any element that reads it has loaded.
 */
import type { KiteEventDetails } from '../dom/events.ts';
import type {} from '../widget/global.ts'; // the type of `window.kite`

type KiteObject = NonNullable<Window['kite']>;
type Consent = NonNullable<KiteObject['consent']>;

/** Marks a consent function that knows the video purpose; global, so a second copy of kite-elements does not wrap it again. */
const VIDEO_PURPOSE = Symbol.for('kite.consent.video');

/**
 * Tells the page, as events.ts `emit` does; written here because kite.js runs this module and an
 * import of events.ts would make kite.js wait for a second file before it looks for elements.
 */
const announce = <Name extends 'kite-video-consent' | 'kite-widget-consent'>(name: Name, detail: KiteEventDetails[Name]) =>
  void window.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));

/**
 * `window.kite`, its `consent` answering the video purpose too. The widget's copy (widget.js,
 * shared/widget/global.ts) leaves that purpose alone, for its own bytes: coming first, it is
 * wrapped here; coming later, it finds this one and keeps it. Only an own property of window
 * counts, as there (page markup named "kite" shows through `window.kite`); the rule is written
 * again here because that module's chunk is the widget's, which kite.js must not load.
 */
export function kiteWithVideoConsent(): KiteObject {
  const kite = ({}.hasOwnProperty.call(window, 'kite') && window.kite) || (window.kite = {});
  const widgetConsent = kite.consent;
  if (widgetConsent && VIDEO_PURPOSE in widgetConsent) return kite;
  const consent: Consent = (granted, purpose) => {
    if (purpose === 'video') return announce('kite-video-consent', { granted: (kite.videoConsented = granted === true) });
    if (widgetConsent) return widgetConsent(granted);
    // No widget on the page yet: its part, as widget.js does it, so a widget.js loaded later finds it done.
    announce('kite-widget-consent', { granted: (kite.consented = granted === true) });
  };
  kite.consent = Object.assign(consent, { [VIDEO_PURPOSE]: true });
  return kite;
}
