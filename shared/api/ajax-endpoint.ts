/**
 * The site's ajax endpoint (content-site spec 001, section 7): the theme names it in a global
 * settings object (`window.avia_framework_globals.ajaxurl`, on the site's own host, with
 * `lang=en`); live search posts its form to it, masonry's load-more its request. An element's
 * `endpoint` attribute names another one.
 */
import { AJAX_ENDPOINT } from '../constants/site.ts';

/** The ajax endpoint's absolute URL: `override` when given, else the theme's global; `null` when neither names one. */
function siteAjaxEndpoint(override?: string | null): URL | null {
  const globals = (globalThis as Record<string, unknown>)[AJAX_ENDPOINT.GLOBAL] as Record<string, unknown> | undefined;
  const named = override?.trim() || globals?.[AJAX_ENDPOINT.FIELD];
  if (typeof named !== 'string' || !named) return null;
  try {
    return new URL(named, document.baseURI);
  } catch {
    return null;
  }
}

/** Tags an answer may not bring: a `<style>` or `<link>` would restyle the page, a form post elsewhere. */
const FORBIDDEN_TAGS = ['style', 'link', 'meta', 'base', 'form', 'input', 'button'];

/** An ajax answer: its text, and its markup made safe to insert (DOMPurify, fetched beside the request). */
export interface AjaxAnswer {
  text: string;
  sanitize: (html: string) => DocumentFragment;
}

/**
 * Posts `body` to the site's ajax endpoint (`endpoint`, the element's attribute, or the theme's
 * global) for the element `tag`; rejects when neither names one, on a network failure, an abort or
 * a non-2xx status.
 */
export async function postAjax(tag: string, endpoint: string | null | undefined, body: URLSearchParams, signal?: AbortSignal): Promise<AjaxAnswer> {
  const url = siteAjaxEndpoint(endpoint);
  if (!url) throw new Error(`Kite: ${tag} has no ajax endpoint (window.avia_framework_globals.ajaxurl or its endpoint attribute)`);
  const post = async () => {
    const response = await fetch(url, { method: 'POST', body, credentials: 'same-origin', signal });
    if (!response.ok) throw new Error(`the ajax endpoint answered ${response.status}`);
    return response.text();
  };
  const [text, { default: DOMPurify }] = await Promise.all([post(), import('dompurify')]);
  return { text, sanitize: (html) => DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORBID_TAGS: FORBIDDEN_TAGS }) };
}
