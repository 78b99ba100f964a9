/**
 * Link URLs of the pop-up's extra buttons (widget spec section 5: "Button URLs without scheme get
 * // prepended"). The URL comes from the pop-up's owner, so it is also the one place that keeps a
 * script out of an `href`.
 */

/** Schemes a button may link to. Everything else (`javascript:`, `data:`, `vbscript:`, `file:`, ...) is refused. */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'sms', 'callto', 'ftp', 'whatsapp']);

/** Refused even when hidden behind characters a browser or an old parser would skip. */
const SCRIPT_SCHEME = /^(?:javascript|data|vbscript):/;

/** The URL parser removes ASCII tab and newline anywhere (WHATWG URL, "basic URL parser"). */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
/** ...and C0 controls and spaces at either end. */
// oxlint-disable-next-line no-control-regex -- the URL parser's C0 controls, matched on purpose
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
/** Controls, spaces and invisible characters, removed only to look for a hidden script scheme. */
// oxlint-disable-next-line no-control-regex, no-misleading-character-class -- each code point alone on purpose; escapes, so nothing combines in the source
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):(.*)$/s;
/** `example.com:8080/x` is a host and a port, not a scheme called `example.com`. */
const PORT = /^\d+(?:[/?#]|$)/;
/** Already a path or a reference on this site: `/x`, `//host/x`, `./x`, `../x`, `?q`, `#id`. */
const RELATIVE = /^[/.?#\\]/;

/**
 * The `href` for a button link, or `null` when the button must not be a link:
 *
 * - `javascript:`, `data:`, `vbscript:` in any case and with tabs, newlines, control or
 *   invisible characters mixed in, and any scheme not in the allowed list, give `null`;
 * - `http:`, `https:`, `mailto:`, `tel:`, `sms:` (and `callto:`, `ftp:`, `whatsapp:`) are kept;
 * - paths (`/offer`, `./x`, `?q=1`, `#terms`) and protocol-relative `//host/x` are kept;
 * - anything else has no scheme and gets `//`: `example.com/sale` becomes `//example.com/sale`.
 *
 * Tabs and newlines are removed and the ends trimmed, as the browser's URL parser would.
 * Normalising a result again returns it unchanged. Never throws.
 */
export function normaliseButtonUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const clean = url.replace(TAB_OR_NEWLINE, '').replace(EDGE_CONTROLS, '');
  if (!clean) return null;
  if (SCRIPT_SCHEME.test(clean.replace(INVISIBLE, '').toLowerCase())) return null;
  if (RELATIVE.test(clean)) return clean;
  const scheme = SCHEME.exec(clean);
  if (scheme && !PORT.test(scheme[2]!)) return ALLOWED_SCHEMES.has(scheme[1]!.toLowerCase()) ? clean : null;
  return `//${clean}`;
}

/** The scheme of a normalised URL in lower case (`https`), or `null` for paths and `//host` links. */
export function urlScheme(normalised: string): string | null {
  const scheme = SCHEME.exec(normalised);
  return scheme && !PORT.test(scheme[2]!) ? scheme[1]!.toLowerCase() : null;
}

/**
 * A media address (a video file or page, a poster image): {@link normaliseButtonUrl}, then only
 * `http:`, `https:`, paths and `//host` links; `mailto:` and the like give `null` too.
 */
export function normaliseMediaUrl(url: unknown): string | null {
  const normalised = normaliseButtonUrl(url);
  if (normalised === null) return null;
  const scheme = urlScheme(normalised);
  return scheme === null || scheme === 'http' || scheme === 'https' ? normalised : null;
}
