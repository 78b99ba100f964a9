/**
 * The site's ajax endpoint (content-site spec 001, section 7): one address the theme names in its
 * global settings (`avia_framework_globals.ajaxurl`, with `lang=en`), a form post whose `action`
 * field names the handler. Each handler answers text (an HTML fragment), as the theme's do; a
 * missing or unknown action, or a field out of bounds, is a 400 naming the reason.
 */
import { LIVE_SEARCH } from '../../../shared/constants/site.ts';
import { HttpError, readBody, sendText } from '../http.ts';
import type { Context, Route } from '../router.ts';
import { SITE_SEARCH, type SiteSearch } from '../site-search.ts';

/** The ajax endpoint's path on the site's host (the theme's `admin-ajax.php`). */
export const AJAX_PATH = '/wp-admin/admin-ajax.php';
/** A `lang` parameter: two lowercase letters. */
const LANG = /^[a-z]{2}$/;
const DEFAULT_LANG = 'en';

type Fields = Record<string, string | string[]>;

/** One field's single value; 400 when it is repeated. */
function single(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  if (Array.isArray(value)) throw new HttpError(400, `${name}: must be given once`);
  return value;
}

/** What the site's handlers need besides the request. */
export interface AjaxServices {
  search: SiteSearch;
}

type AjaxHandler = (fields: Fields, lang: string, services: AjaxServices) => string;

/** `avia_ajax_search`: the field `s`, answered with the results' fragment or `0` for none. */
function liveSearch(fields: Fields, lang: string, { search }: AjaxServices): string {
  const typed = single(fields, 's');
  if (typed === undefined) throw new HttpError(400, 's: the search field is missing');
  if (typed.length > SITE_SEARCH.MAX_QUERY_CHARS) throw new HttpError(400, `s: longer than ${SITE_SEARCH.MAX_QUERY_CHARS} characters`);
  return search.search(typed, lang) ?? LIVE_SEARCH.NO_RESULTS_ANSWER;
}

/** The handlers by `action`. */
const HANDLERS: Record<string, AjaxHandler> = {
  [LIVE_SEARCH.ACTION]: liveSearch,
};

/** The endpoint's route, over the server's services. */
export function ajaxRoutes(services: AjaxServices): Route[] {
  return [
    {
      method: 'POST',
      path: AJAX_PATH,
      async handler({ req, res, query }: Context) {
        const lang = query.get('lang') ?? DEFAULT_LANG;
        if (!LANG.test(lang)) throw new HttpError(400, 'lang: must be a two-letter language code');
        const fields = (await readBody(req, ['form'])) as Fields;
        const action = single(fields, 'action');
        if (!action) throw new HttpError(400, 'action: missing');
        const handler = Object.hasOwn(HANDLERS, action) ? HANDLERS[action]! : undefined;
        if (!handler) throw new HttpError(400, `action: unknown action ${JSON.stringify(action.slice(0, SITE_SEARCH.MAX_QUERY_CHARS))}`);
        sendText(res, 200, handler(fields, lang, services), { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        return undefined;
      },
    },
  ];
}
