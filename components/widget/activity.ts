import { apiUrl } from '../../shared/api/url.ts';

/**
 * POST /api/display/{conversion-activities|total-website-session}/{client_id} (widget spec
 * section 7): a known lead's views, closes and website sessions. Fire and forget, surviving a
 * page unload; a failure is logged only.
 */
export function postActivity(api: string, path: string, body: Record<string, string>): void {
  fetch(apiUrl(api, `/api/display/${path}`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'omit',
    keepalive: true,
  }).catch((error: Error) => console.warn(`Kite: ${path.split('/')[0]} call failed: ${error.message}`));
}
