import { apiUrl } from '../../shared/api/url.ts';
import { STORAGE_KEY } from '../../shared/constants/widget.ts';
import { safeStorage } from '../../shared/storage/storage.ts';
import type { WidgetOptions } from '../../shared/widget/start.ts';

/**
 * POST /api/display/{conversion-activities|total-website-session}/{client_id} (widget spec
 * section 7): a known lead's views, closes and website sessions, with the lead's email, this
 * site's host and the store. Fire and forget, surviving a page unload; a failure is logged only.
 */
export function postActivity({ api, clientId, store }: WidgetOptions, path: string, body?: Record<string, string>): void {
  fetch(apiUrl(api, `/api/display/${path}/${encodeURIComponent(clientId)}`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: safeStorage.get(STORAGE_KEY.CONVERTED_EMAIL),
      url_host: location.host,
      ...(store ? { store_integration: store } : {}),
      ...body,
    }),
    credentials: 'omit',
    keepalive: true,
  }).catch((error: Error) => console.warn(`Kite: ${path} call failed: ${error.message}`));
}
