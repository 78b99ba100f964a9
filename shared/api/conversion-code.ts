/**
 * The conversion answer's `integration.conversion_code` (widget spec section 7): the owner's
 * scripts (pixels, analytics) appended to the page head. Each script is re-created, so it runs,
 * and carries the page's CSP nonce, so a page with a nonce-based policy lets it run; under
 * Trusted Types its text and URL go through the `kite` policy.
 */

/** The spec's console note when a lead's answer brings no pixel code (with `window.kite.debug`). */
export const MISSING_PIXEL_NOTE = 'Poptin pixel Code not exist';

/** The nonce of the page's own scripts, or '' (the `nonce` property: browsers hide the attribute). */
export function pageNonce(doc: Document = document): string {
  for (const script of doc.querySelectorAll<HTMLScriptElement>('script')) {
    if (script.nonce) return script.nonce;
  }
  return '';
}

/**
 * Appends the scripts of `code` to the head (through the `kite` Trusted Types policy,
 * shared/dom/trusted.ts, fetched only when there is code); resolves to how many. Anything else in
 * it is ignored. Call it only once the conversion is marked: the owner's code may throw or be
 * refused by the page's CSP, and must not undo or hold up what the visitor sees.
 */
export async function appendConversionCode(code: string, doc: Document = document): Promise<number> {
  if (!code.trim()) {
    // Widget spec section 8: "Missing pixel code: console note". For a site owner checking their
    // pixel, so only when asked for: most leads come without one, and a visitor's console is not
    // the place to say so.
    if ((globalThis as { kite?: { debug?: unknown } }).kite?.debug === true) console.info(MISSING_PIXEL_NOTE);
    return 0;
  }
  const { ownerScripts } = await import('../dom/trusted.ts');
  const nonce = pageNonce(doc);
  const scripts = ownerScripts(code, doc);
  for (const script of scripts) {
    if (nonce) script.nonce = nonce;
    doc.head.append(script);
  }
  return scripts.length;
}

/** The error helper: failures the spec sends to it are logged with their context (section 8). */
export function reportError(error: unknown, context: string): void {
  console.error(`Kite: ${context}:`, error instanceof Error ? error.message : error);
}
