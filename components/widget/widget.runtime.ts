import './widget.element.ts';
import type { StartResult, WidgetOptions } from '../../shared/widget/start.ts';
import { CONSENT } from '../../shared/constants/widget.ts';

/** For a page with no pop-up whose earlier page left leads: send them (widget.js calls it). */
export { resumeOutbox as resumeLeads } from '../../shared/api/outbox.ts';

/**
 * What widget.js loads once the display call has pop-ups to run: the orchestrator element,
 * handed the start widget.js already made, so the display call is not made twice (`null`: that
 * start found nothing, and a single-page app waits for its next page).
 */
export function runWidget(options: WidgetOptions, started: StartResult | null): void {
  const widget = document.createElement('kite-widget');
  widget.started = started;
  widget.setAttribute('client-id', options.clientId);
  widget.setAttribute('api', options.api);
  if (options.lang) widget.setAttribute('lang', options.lang);
  if (options.spa) widget.toggleAttribute('spa', true);
  // Its next runs (a single-page app's pages, after a withdrawal) wait for consent as this one did.
  if (options.consentRequired) widget.setAttribute('consent', CONSENT.REQUIRED);
  if (options.store) widget.setAttribute('store', options.store);
  // First in the page: a pop-up that takes no focus (a bar, a corner box) is then reached by the
  // first Tab, not after every control of the page.
  document.body.prepend(widget);
}
