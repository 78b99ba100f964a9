/**
 * The conversion answer's `integration.conversion_code` (widget spec section 7): the owner's
 * scripts (pixels, analytics) appended to the page head. Each script is re-created, so it runs,
 * and carries the page's CSP nonce, so a page with a nonce-based policy lets it run.
 */

/** The nonce of the page's own scripts, or '' (the `nonce` property: browsers hide the attribute). */
export function pageNonce(doc: Document = document): string {
  for (const script of doc.querySelectorAll<HTMLScriptElement>('script')) {
    if (script.nonce) return script.nonce;
  }
  return '';
}

/** Appends the scripts of `code` to the head; returns how many. Anything else in it is ignored. */
export function appendConversionCode(code: string, doc: Document = document): number {
  if (!code.trim()) {
    // Widget spec section 8: "Missing pixel code: console note".
    console.info('Poptin pixel Code not exist');
    return 0;
  }
  const template = doc.createElement('template');
  template.innerHTML = code;
  const nonce = pageNonce(doc);
  let count = 0;
  for (const source of template.content.querySelectorAll('script')) {
    const script = doc.createElement('script');
    for (const { name, value } of source.attributes) if (name !== 'nonce') script.setAttribute(name, value);
    script.text = source.text;
    if (nonce) script.nonce = nonce;
    doc.head.append(script);
    count++;
  }
  return count;
}

/** The error helper: failures the spec sends to it are logged with their context (section 8). */
export function reportError(error: unknown, context: string): void {
  console.error(`Kite: ${context}:`, error instanceof Error ? error.message : error);
}
