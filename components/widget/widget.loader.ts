import { leadsMayBeWaiting } from '../../shared/api/outbox-pending.ts';
import { startWidget, type StartResult, type WidgetOptions } from '../../shared/widget/start.ts';
import { claimStart } from '../../shared/widget/global.ts';
import { CONSENT } from '../../shared/constants/widget.ts';
import { POPTIN_FILES, RUNTIME_FILES } from '../../shared/widget/runtime-files.ts';
import { popUpDueSoon } from '../../shared/widget/due-soon.ts';

type Runtime = typeof import('./widget.runtime.ts');

/**
 * widget.js, the site owner's one script tag:
 * `<script src=".../widget.js" data-client-id="ID" data-api="https://api-host" async></script>`.
 * Options: `data-lang`, `data-delayed-start`, `data-store="shopify"` or `"wix"`, `data-spa` (re-run on
 * History API navigations) and `data-consent="required"` (hold everything until the site calls
 * `window.kite.consent(true)`). It starts the widget and loads the rest (widget-runtime.js, React, XState) from its own
 * directory only when the display call returns pop-ups.
 */
const script = document.currentScript as HTMLScriptElement | null;

/**
 * Asks for the runtime and everything it imports at once, and the pop-up's code with React when
 * one is due at once: importing the runtime alone, the browser would find its imports only once it
 * had arrived, and the pop-up's once it had run, round trips later, with the pop-up waiting.
 */
function preloadRuntime(base: string, started: StartResult): void {
  for (const file of popUpDueSoon(started) ? [...RUNTIME_FILES, ...POPTIN_FILES] : RUNTIME_FILES) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = base + file;
    document.head.append(link);
  }
}

if (script?.src && claimStart()) {
  const data = script.dataset;
  const options: WidgetOptions = {
    clientId: data.clientId ?? '',
    api: data.api || new URL(script.src).origin,
    base: new URL('.', script.src).href,
    lang: data.lang,
    delayedStart: 'delayedStart' in data,
    // Read by the start and the store's chunk: an unknown name is no store.
    store: data.store,
    consentRequired: data.consent === CONSENT.REQUIRED,
    spa: 'spa' in data,
  };
  if (!options.clientId) console.warn('Kite: widget.js needs data-client-id');
  else
    void startWidget(options).then(async (started) => {
      // A single-page app needs the runtime even now: the next page of the app may have pop-ups.
      const runtimeUrl = `${options.base}widget-runtime.js`;
      if (!started?.response.poptins.length && !started?.response.is_client_restriction && !options.spa) {
        // Nothing to show, but a lead from an earlier page may still wait to be sent: never lose it.
        if (started && leadsMayBeWaiting()) ((await import(/* @vite-ignore */ runtimeUrl)) as Runtime).resumeLeads();
        return;
      }
      if (started?.response.poptins.length) preloadRuntime(options.base, started);
      ((await import(/* @vite-ignore */ runtimeUrl)) as Runtime).runWidget(options, started);
    });
}
