/**
 * The site's ajax endpoint (content-site spec 001, section 7): one address the theme names in its
 * global settings (`avia_framework_globals.ajaxurl`, with `lang=en`), a form post whose `action`
 * field names the handler. Each handler answers text (an HTML fragment), as the theme's do; a
 * missing or unknown action, or a field out of bounds, is a 400 naming the reason.
 */
import { AJAX_ENDPOINT, AJAX_PATH, LIVE_SEARCH, MASONRY } from '../../../shared/constants/site.ts';
import { HttpError, readBody, sendText } from '../http.ts';
import type { Context, Route } from '../router.ts';
import { escapeHtml } from '../escape-html.ts';
import { withShell, type Shells } from '../shell.ts';
import { SITE_SEARCH, type SiteSearch } from '../site-search.ts';
import { masonryAnswer } from '../masonry-fragment.ts';
import { PORTFOLIO, type Portfolio } from '../portfolio.ts';

/** The ajax endpoint's path on the site's host (the theme's `admin-ajax.php`). */
export { AJAX_PATH };
/** A `lang` parameter: two lowercase letters. */
const LANG = /^[a-z]{2}$/;
const DEFAULT_LANG = 'en';

type Fields = Record<string, string | string[]>;

/** The request's `lang` parameter (English when absent); 400 when it is no two-letter code. */
function requestLang(query: URLSearchParams): string {
  const lang = query.get(AJAX_ENDPOINT.LANG_PARAM) ?? DEFAULT_LANG;
  if (!LANG.test(lang)) throw new HttpError(400, 'lang: must be a two-letter language code');
  return lang;
}

/** What the visitor typed, for the endpoint and the search page alike; 400 when it is too long. */
function checkedTyped(typed: string): string {
  if (typed.length > SITE_SEARCH.MAX_QUERY_CHARS) throw new HttpError(400, `s: longer than ${SITE_SEARCH.MAX_QUERY_CHARS} characters`);
  return typed;
}

/** One field's single value; 400 when it is repeated. */
function single(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  if (Array.isArray(value)) throw new HttpError(400, `${name}: must be given once`);
  return value;
}

/** What the site's handlers need besides the request. */
export interface AjaxServices {
  search: SiteSearch;
  /** The theme shell the search page is printed in, as every page of the site. */
  shells: Shells;
  /** The demo portfolio the masonry grid loads more of. */
  portfolio: Portfolio;
}

type AjaxHandler = (fields: Fields, lang: string, services: AjaxServices) => string | Promise<string>;

/** `avia_ajax_search`: the field `s`, answered with the results' fragment or `0` for none. */
function liveSearch(fields: Fields, lang: string, { search }: AjaxServices): string {
  const typed = single(fields, 's');
  if (typed === undefined) throw new HttpError(400, 's: the search field is missing');
  return search.search(checkedTyped(typed), lang) ?? LIVE_SEARCH.NO_RESULTS_ANSWER;
}

/** A whole number written in digits (no sign, no fraction, no exponent). */
const WHOLE = /^\d{1,9}$/;

/** Field `name` as a whole number from 0 to `max`; 400 naming the field when it is missing or out of bounds. */
function wholeNumber(fields: Fields, name: string, max: number, min = 0): number {
  const value = single(fields, name);
  if (value === undefined) throw new HttpError(400, `${name}: missing`);
  if (!WHOLE.test(value) || Number(value) < min || Number(value) > max) throw new HttpError(400, `${name}: must be a whole number from ${min} to ${max}`);
  return Number(value);
}

/** The field that lists the ids shown, as the theme's jQuery posts an array. */
const LOADED_FIELD = 'loaded[]';

/**
 * `avia_ajax_masonry_more`: `items`, `offset`, `post_id`, `loaded[]` (ids shown) and an optional
 * `category`. Answers the loaded marker and up to `items + 1` items from `offset` on, skipping the
 * ids shown: the one beyond `items` is the theme's probe, telling the grid that more are left.
 */
async function masonryMore(fields: Fields, lang: string, { portfolio }: AjaxServices): Promise<string> {
  const items = wholeNumber(fields, 'items', PORTFOLIO.MAX_ITEMS, 1);
  const offset = wholeNumber(fields, 'offset', PORTFOLIO.MAX_OFFSET);
  // One portfolio on the demo site: the id is checked, not used.
  wholeNumber(fields, 'post_id', Number.MAX_SAFE_INTEGER);
  const listed = fields[LOADED_FIELD] ?? [];
  const loaded = Array.isArray(listed) ? listed : [listed];
  if (loaded.length > PORTFOLIO.MAX_LOADED) throw new HttpError(400, `${LOADED_FIELD}: more than ${PORTFOLIO.MAX_LOADED} ids`);
  if (!loaded.every((id) => WHOLE.test(id))) throw new HttpError(400, `${LOADED_FIELD}: ids must be whole numbers`);
  const category = single(fields, 'category') ?? null;
  if (category !== null && !(PORTFOLIO.CATEGORIES as readonly string[]).includes(category)) {
    throw new HttpError(400, `category: must be one of ${PORTFOLIO.CATEGORIES.join(', ')}`);
  }
  return masonryAnswer(await portfolio.page({ offset, limit: items + 1, category, loaded: loaded.map(Number), lang }));
}

/** The handlers by `action`. */
const HANDLERS: Record<string, AjaxHandler> = {
  [LIVE_SEARCH.ACTION]: liveSearch,
  [MASONRY.ACTION]: masonryMore,
};

/** The search form's own action: the page a search without JavaScript gets. */
export const SEARCH_PAGE_PATH = '/search';
/** The search page's words and direction, by language; a language with none here reads English, in the English shell. */
const SEARCH_PAGE_TEXT: Record<string, { title: string; none: string; home: string; dir?: 'rtl' }> = {
  en: { title: 'Search results for “{s}”', none: 'Sorry, nothing matched your search.', home: 'Home' },
  he: { title: 'תוצאות החיפוש עבור „{s}”', none: 'מצטערים, לא נמצאו תוצאות לחיפוש.', home: 'דף הבית', dir: 'rtl' },
};

/**
 * The search results as a whole page of the site (the form submitted without JavaScript, or Enter
 * with no result chosen): the same results, the typed words escaped, inside the theme shell as every
 * page of the site, so the visitor keeps the header, the menu and the search form to search again.
 */
function searchPage({ res, query, pagePolicy }: Context, { search, shells }: AjaxServices): undefined {
  const lang = requestLang(query);
  const typed = checkedTyped(query.get('s') ?? '');
  const shown = Object.hasOwn(SEARCH_PAGE_TEXT, lang) ? lang : DEFAULT_LANG;
  const text = SEARCH_PAGE_TEXT[shown]!;
  const results = search.search(typed, lang);
  const heading = escapeHtml(text.title.replace('{s}', typed));
  const page =
    `<!doctype html>\n<html lang="${lang}"${text.dir ? ` dir="${text.dir}"` : ''}>\n<head>\n<meta charset="utf-8" />\n` +
    '<meta name="viewport" content="width=device-width, initial-scale=1" />\n' +
    `<title>${heading}</title>\n<link rel="icon" href="data:," />\n<link rel="stylesheet" href="/site.css" />\n` +
    '<script type="module" src="/kite/kite.js"></script>\n</head>\n' +
    `<body>\n<!-- kite:shell${shown === DEFAULT_LANG ? '' : ` ${shown}`} -->\n<main class="page search-page">\n<h1>${heading}</h1>\n` +
    `<div class="search-results">${results ?? `<p>${text.none}</p>`}</div>\n<p><a href="/">${text.home}</a></p>\n</main>\n</body>\n</html>\n`;
  sendText(res, 200, withShell(page, SEARCH_PAGE_PATH, shells), {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': pagePolicy,
  });
  return undefined;
}

/** The endpoint's route and the search page, over the server's services. */
export function ajaxRoutes(services: AjaxServices): Route[] {
  return [
    { method: 'GET', path: SEARCH_PAGE_PATH, handler: (ctx) => searchPage(ctx, services) },
    {
      method: 'POST',
      path: AJAX_PATH,
      async handler({ req, res, query }: Context) {
        const lang = requestLang(query);
        const fields = (await readBody(req, ['form'])) as Fields;
        const action = single(fields, 'action');
        if (!action) throw new HttpError(400, 'action: missing');
        const handler = Object.hasOwn(HANDLERS, action) ? HANDLERS[action]! : undefined;
        if (!handler) throw new HttpError(400, `action: unknown action ${JSON.stringify(action.slice(0, SITE_SEARCH.MAX_QUERY_CHARS))}`);
        sendText(res, 200, await handler(fields, lang, services), { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        return undefined;
      },
    },
  ];
}
