import './widget.element.ts';
import type { StartResult, WidgetOptions } from '../../shared/widget/start.ts';

/**
 * What widget.js loads once the display call has pop-ups to run: the orchestrator element,
 * handed the start widget.js already made, so the display call is not made twice.
 */
export function runWidget(options: WidgetOptions, started: StartResult): void {
  const widget = document.createElement('kite-widget');
  widget.started = started;
  widget.setAttribute('client-id', options.clientId);
  widget.setAttribute('api', options.api);
  if (options.lang) widget.setAttribute('lang', options.lang);
  document.body.append(widget);
}
