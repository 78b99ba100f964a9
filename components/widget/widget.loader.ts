import { startWidget, type WidgetOptions } from '../../shared/widget/start.ts';
import { claimStart } from '../../shared/widget/global.ts';

/**
 * widget.js, the site owner's one script tag:
 * `<script src=".../widget.js" data-client-id="ID" data-api="https://api-host" async></script>`.
 * It starts the widget and loads the rest (widget-runtime.js, React, XState) from its own
 * directory only when the display call returns pop-ups.
 */
const script = document.currentScript as HTMLScriptElement | null;

if (script?.src && claimStart()) {
  const data = script.dataset;
  const options: WidgetOptions = {
    clientId: data.clientId ?? '',
    api: data.api || new URL(script.src).origin,
    base: new URL('.', script.src).href,
    lang: data.lang,
    delayedStart: 'delayedStart' in data,
    store: data.store === 'shopify' ? 'shopify' : null,
  };
  if (!options.clientId) console.warn('Kite: widget.js needs data-client-id');
  else
    void startWidget(options).then(async (started) => {
      if (!started?.response.poptins.length) return;
      const runtime: typeof import('./widget.runtime.ts') = await import(/* @vite-ignore */ `${options.base}widget-runtime.js`);
      runtime.runWidget(options, started);
    });
}
