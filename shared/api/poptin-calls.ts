import { apiUrl } from './url.ts';
import type { ClosedRequest, Sendable, ViewedRequest } from './schemas.ts';
import type { DisplayContext } from './display-call.ts';

/**
 * The store fields of the viewed, closed and conversion calls (widget spec section 7): the page's
 * platform and the store's signed-in customer, as the run knows them; '' for none.
 */
export const storeFields = (page: Partial<DisplayContext> | undefined) => ({
  store_integration: page?.store_integration ?? '',
  store_integration_customer_id: page?.store_integration_customer_id ?? '',
});

/**
 * The site withdrew its consent (`window.kite.consent(false)`): from then on no call leaves the
 * page, not even the view of a pop-up shown before, whose call code may arrive after it.
 */
const consentWithdrawn = () => typeof window !== 'undefined' && window.kite?.consented === false;

/** POST /api/display/viewed/{poptin_id}; resolves with `poptin_view_id`, or null when it failed (logged) or consent was withdrawn. */
export async function recordView(api: string, poptinId: string, body: Sendable<ViewedRequest>): Promise<string | null> {
  if (consentWithdrawn()) return null;
  try {
    const response = await fetch(apiUrl(api, `/api/display/viewed/${encodeURIComponent(poptinId)}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    });
    const answer = (await response.json()) as { poptin_view_id?: unknown };
    return typeof answer.poptin_view_id === 'string' ? answer.poptin_view_id : null;
  } catch (error) {
    console.warn(`Kite: viewed call failed: ${(error as Error).message}`);
    return null;
  }
}

/** POST /api/display/closed/{poptin_id}; fire and forget, surviving a page unload; none once consent was withdrawn. */
export function recordClose(api: string, poptinId: string, body: Sendable<ClosedRequest>): void {
  if (consentWithdrawn()) return;
  fetch(apiUrl(api, `/api/display/closed/${encodeURIComponent(poptinId)}`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'omit',
    keepalive: true,
  }).catch((error: Error) => console.warn(`Kite: closed call failed: ${error.message}`));
}
