/**
 * The website (url) field and the redirect after submit (widget spec section 5): an address
 * without a scheme gets `http://`; `tel:`, `sms:` and `mailto:` are kept; a mobile pop-up's
 * redirect of only digits and symbols becomes `tel:`.
 */

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** Schemes a redirect may use; anything else (`javascript:`, `data:`, ...) is refused. */
const REDIRECT_SCHEMES = new Set(['http', 'https', 'tel', 'sms', 'mailto']);
/** `example.com:8080` is a host and a port, not a scheme. */
const HOST_PORT = /^[^/:?#]+\.[^/:?#]+:\d/;

/** A website as it is sent: trimmed, `http://` in front when it has no scheme. Idempotent. */
export function normaliseWebsite(value: string): string {
  const trimmed = String(value).trim();
  if (!trimmed) return '';
  return SCHEME.test(trimmed) && !HOST_PORT.test(trimmed) ? trimmed : `http://${trimmed.replace(/^\/+/, '')}`;
}

/** A website field: http or https, with a dotted host name. Never throws. */
export function validateWebsite(value: string): { valid: boolean; code?: 'urlInvalid' } {
  try {
    const url = new URL(normaliseWebsite(value));
    const ok = (url.protocol === 'http:' || url.protocol === 'https:') && /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname);
    return ok ? { valid: true } : { valid: false, code: 'urlInvalid' };
  } catch {
    return { valid: false, code: 'urlInvalid' };
  }
}

/**
 * Where a redirect after submit goes, or null when it must not go anywhere (empty, or a scheme
 * other than http, https, tel, sms, mailto). `mobile`: a mobile pop-up, whose address of only
 * digits and phone symbols is a number to call. Idempotent.
 */
export function normaliseRedirectUrl(url: string, mobile = false): string | null {
  const trimmed = String(url).replace(/[\t\n\r]/g, '').trim();
  if (!trimmed) return null;
  if (mobile && /^[\d\s()+\-.*#]+$/.test(trimmed) && /\d/.test(trimmed)) return `tel:${trimmed.replace(/[\s()]/g, '')}`;
  if (trimmed.startsWith('/') || trimmed.startsWith('?') || trimmed.startsWith('#')) return trimmed;
  const scheme = SCHEME.exec(trimmed);
  if (scheme && !HOST_PORT.test(trimmed)) return REDIRECT_SCHEMES.has(scheme[1]!.toLowerCase()) ? trimmed : null;
  return `http://${trimmed}`;
}
