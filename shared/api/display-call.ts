import type { DisplayResponse } from '../schema/poptin-record.ts';
import { apiUrl } from './url.ts';

/** The visitor context the display call sends (widget spec section 7). */
export interface DisplayContext {
  domain: string;
  url: string;
  referrer: string;
  previous_url: string;
  page_title: string;
  cookies: Record<string, string>;
  visited_pages: string[];
  /** The pop-up ids the page's links and buttons carry (`data-poptin`) when the widget started. */
  triggers?: string[];
  /** The converted values this browser holds (shared/api/converted.ts). */
  converted?: string[];
  /** The page's `ppt-preview` value: the owner's signed preview token. Dropped when the server refused it. */
  preview_token?: string;
  visitor_id: string;
  cart?: { total_price: number; item_count: number } | null;
  store_integration?: string;
  /**
   * The store's signed-in customer (issue 18 item 5): not sent with the display call; the store's
   * chunk (components/widget/store.ts) fills it in once it has read the page, for the conversion call.
   */
  store_integration_customer_id?: string;
}


/**
 * POST /api/display/{clientId}. Resolves with the answer, or null (with one console warning)
 * when the network fails or the answer is not a display response: the page must keep working.
 */
export async function displayCall(api: string, clientId: string, context: DisplayContext): Promise<DisplayResponse | null> {
  try {
    const response = await fetch(apiUrl(api, `/api/display/${encodeURIComponent(clientId)}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(context),
      credentials: 'omit',
    });
    const body: unknown = await response.json();
    if (!response.ok) throw new Error((body as { error?: string })?.error ?? `HTTP ${response.status}`);
    if (!body || typeof body !== 'object' || !Array.isArray((body as DisplayResponse).poptins)) {
      throw new Error('the answer has no poptins list');
    }
    return body as DisplayResponse;
  } catch (error) {
    console.warn(`Kite: display call failed: ${(error as Error).message}`);
    return null;
  }
}
