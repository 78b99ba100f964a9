/**
 * The website (url) field (widget spec section 3 poptinDesignWebsiteField): an address without a
 * scheme gets `http://`, as section 5 says for redirect addresses (shared/logic/redirect.ts).
 */

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
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
