import { apiUrl, clipText, pageUrl } from '../../shared/api/url.ts';
import type { DisplayContext } from '../../shared/api/display-call.ts';

/**
 * The record of a pop-up this page does not have, for a click on a link or button carrying its
 * id (widget spec sections 1 and 7). Launched from inside another pop-up: GET
 * /api/display/click/{poptin_id} (with `?form=1` for the form variant). From the page: POST the
 * click-display call, /api/display/click-display/{clientId}/{poptin_id}, with the visit's context, so the
 * server's rules (active, restriction, A/B variant) apply. Resolves with the record, or null
 * (logged) when there is none.
 */
export async function fetchPoptin(api: string, clientId: string, poptinId: string, context: DisplayContext | null, formVariant = false): Promise<unknown> {
  try {
    const id = encodeURIComponent(poptinId);
    const response = context
      ? await fetch(apiUrl(api, `/api/display/click-display/${encodeURIComponent(clientId)}/${id}`), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...context, url: pageUrl(), page_title: clipText(document.title) }),
          credentials: 'omit',
        })
      : await fetch(apiUrl(api, `/api/display/click/${id}${formVariant ? '?form=1' : ''}`), { credentials: 'omit' });
    const answer = (await response.json()) as { poptin?: unknown; poptins?: unknown[] };
    const poptin = answer.poptin ?? answer.poptins?.[0];
    if (!response.ok || !poptin) throw new Error(`HTTP ${response.status}, no pop-up`);
    return poptin;
  } catch (error) {
    console.warn(`Kite: pop-up ${poptinId} could not be loaded: ${(error as Error).message}`);
    return null;
  }
}
