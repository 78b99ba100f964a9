/**
 * Where a redirect goes (widget spec sections 4 "Redirect" and 5): after a submit, from a prize,
 * from a redirect link. The address comes from the pop-up's owner; these rules make it safe and
 * complete. Pure: no DOM (shared/widget/redirect.ts performs the redirect).
 */
import { normaliseButtonUrl, urlScheme } from './button-url.ts';

/** Schemes a redirect may go to. `javascript:`, `data:`, `vbscript:` and every other scheme are never followed. */
const REDIRECT_SCHEMES = new Set(['http', 'https', 'tel', 'sms', 'mailto']);
/** Schemes that open an app, not a page: never worth a new tab. */
export const APP_SCHEMES = new Set(['tel', 'sms', 'mailto']);
/** "only digits and symbols": what a phone number is made of. */
const PHONE_LIKE = /^[\d\s()+\-.*#/]+$/;
const APP_LINK = /^(?:tel|sms|mailto):/i;

/**
 * The address to redirect to, or `null` when there must be no redirect:
 *
 * - empty, or a `javascript:`, `data:` or `vbscript:` URL (in any case, with tabs, newlines or
 *   invisible characters mixed in), or any scheme but http, https, tel, sms, mailto: `null`;
 * - `tel:`, `sms:`, `mailto:` are kept as they are;
 * - `mobile` (a mobile pop-up): an address of only digits and phone symbols becomes `tel:` with
 *   the digits, `+`, `*` and `#` (encoded);
 * - paths (`/thanks`, `?q`, `#x`) and `//host/x` are kept;
 * - anything else without a scheme gets `http://`: `example.com/sale` becomes `http://example.com/sale`.
 *
 * Normalising a result again returns it unchanged. Never throws.
 */
export function redirectUrl(url: unknown, options: { mobile?: boolean } = {}): string | null {
  const checked = normaliseButtonUrl(url);
  if (checked === null) return null;
  const clean = String(url).replace(/[\t\n\r]/g, '').trim();
  // An app link is kept as written (`tel:123` is not a host called tel on port 123).
  if (APP_LINK.test(clean)) return clean;
  if (options.mobile && PHONE_LIKE.test(clean) && /\d/.test(clean)) {
    return `tel:${clean.replace(/[^\d+*#]/g, '').replace(/#/g, '%23')}`;
  }
  const scheme = urlScheme(checked);
  if (scheme !== null) return REDIRECT_SCHEMES.has(scheme) ? checked : null;
  // normaliseButtonUrl gave `//` to what had no scheme; a redirect takes `http://` instead.
  if (checked.startsWith('//') && !(typeof url === 'string' && url.trim().startsWith('//'))) return `http:${checked}`;
  return checked;
}

/**
 * The redirect-with-form-data option (`poptin_design_redirect_send_form_data`): the form's
 * values added to the address's query, before any `#fragment`. Only for web addresses and paths;
 * `tel:`, `sms:` and `mailto:` are returned unchanged.
 */
export function redirectWithFormData(url: string, values: Record<string, string>): string {
  const scheme = urlScheme(url);
  if (scheme !== null && APP_SCHEMES.has(scheme)) return url;
  const query = new URLSearchParams(Object.entries(values).filter(([, value]) => typeof value === 'string')).toString();
  if (!query) return url;
  const hashAt = url.indexOf('#');
  const [base, hash] = hashAt < 0 ? [url, ''] : [url.slice(0, hashAt), url.slice(hashAt)];
  const joiner = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${joiner}${query}${hash}`;
}
