/**
 * The site's ajax endpoint (content-site spec 001, section 7): the theme names it in a global
 * settings object (`window.avia_framework_globals.ajaxurl`, on the site's own host, with
 * `lang=en`); live search posts its form to it, masonry's load-more its request. An element's
 * `endpoint` attribute names another one.
 */
import { AJAX_ENDPOINT } from '../constants/site.ts';

/** The ajax endpoint's absolute URL: `override` when given, else the theme's global; `null` when neither names one. */
export function siteAjaxEndpoint(override?: string | null): URL | null {
  const globals = (globalThis as Record<string, unknown>)[AJAX_ENDPOINT.GLOBAL] as Record<string, unknown> | undefined;
  const named = override?.trim() || globals?.[AJAX_ENDPOINT.FIELD];
  if (typeof named !== 'string' || !named) return null;
  try {
    return new URL(named, document.baseURI);
  } catch {
    return null;
  }
}

/** The answer of a form posted to the ajax endpoint, as text; rejects on a network failure, an abort or a non-2xx status. */
export async function postAjax(endpoint: URL, body: URLSearchParams, signal?: AbortSignal): Promise<string> {
  const response = await fetch(endpoint, { method: 'POST', body, credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`the ajax endpoint answered ${response.status}`);
  return response.text();
}
