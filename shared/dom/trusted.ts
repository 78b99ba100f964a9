/**
 * The one Trusted Types policy of Kite, named {@link TRUSTED_TYPES_POLICY} (`kite`). Every HTML
 * and script sink in shipped code takes its value from here, so a page that sets
 * `require-trusted-types-for 'script'` works unchanged. A page that also lists the policies it
 * allows (`trusted-types ...`) must allow `kite` and `dompurify` (DOMPurify's own, used while it
 * parses).
 *
 * - HTML is always sanitized by DOMPurify first; nothing here passes HTML through untouched.
 * - Scripts are only the site owner's conversion code (the display API's
 *   `integration.conversion_code`): that code runs by design, so its text passes as it is; its
 *   script URLs must be http(s).
 *
 * The policy is created on first use, and only where the browser has Trusted Types.
 */
import DOMPurify from 'dompurify';
import type { TrustedHTML, TrustedTypePolicy, TrustedTypePolicyFactory } from 'trusted-types/lib/index.js';

/** The name of Kite's Trusted Types policy, for a page's `trusted-types` directive. */
export const TRUSTED_TYPES_POLICY = 'kite';

/** The URL schemes a conversion script may be loaded from. */
const SCRIPT_URL_PROTOCOLS = new Set(['https:', 'http:']);

/** The attributes a conversion script keeps (besides `src`); event handlers and the rest are dropped. */
const SCRIPT_ATTRIBUTES = ['type', 'async', 'defer', 'crossorigin', 'charset', 'id', 'integrity', 'referrerpolicy', 'nomodule'];

/** An http(s) script URL, absolute; throws for any other scheme (`javascript:`, `data:`). */
function scriptURL(url: string): string {
  const parsed = new URL(url, document.baseURI);
  if (!SCRIPT_URL_PROTOCOLS.has(parsed.protocol)) throw new TypeError(`a conversion script's URL must be http(s): ${url}`);
  return parsed.href;
}

const trustedTypes = () => (globalThis as { trustedTypes?: TrustedTypePolicyFactory }).trustedTypes;

/** The policy; `null` when the browser has no Trusted Types or the page's CSP refused the name. */
let policy: TrustedTypePolicy | null | undefined;

function kitePolicy(): TrustedTypePolicy | null {
  if (policy !== undefined) return policy;
  try {
    policy =
      trustedTypes()?.createPolicy(TRUSTED_TYPES_POLICY, {
        createHTML: (html) => DOMPurify.sanitize(html),
        createScript: (code) => code,
        createScriptURL: scriptURL,
      }) ?? null;
  } catch {
    // The page's `trusted-types` directive does not list the name: say what to allow.
    console.info(`Kite: the page's CSP does not allow the Trusted Types policy '${TRUSTED_TYPES_POLICY}'; add it to 'trusted-types'.`);
    policy = null;
  }
  return policy;
}

/**
 * `html` sanitized by DOMPurify, typed for an HTML sink (`innerHTML`, `DOMParser`): through the
 * `kite` policy, else DOMPurify's own trusted output, else (no Trusted Types) a string.
 */
export function sanitizedHTML(html: string): TrustedHTML | string {
  return kitePolicy()?.createHTML(html) ?? DOMPurify.sanitize(html, { RETURN_TRUSTED_TYPE: true });
}

/**
 * The `<script>` elements of the owner's conversion code, made afresh in `doc` so they run once
 * appended. Only scripts are taken; their text goes through the `kite` policy's `createScript`,
 * their `src` through `createScriptURL` (http(s) only: a script with another scheme is left out).
 * With Trusted Types but no `kite` policy (the page's CSP refused it) there are none, with a
 * console note: those scripts could not run anyway.
 */
export function ownerScripts(code: string, doc: Document = document): HTMLScriptElement[] {
  const trusted = kitePolicy();
  if (!trusted && trustedTypes()) return [];
  // Parsed by DOMPurify (inert, through its own policy), keeping scripts only; FORCE_BODY keeps a
  // leading script where it is, SAFE_FOR_XML off keeps script text such as `a<b`.
  const parsed = DOMPurify.sanitize(code, {
    ALLOWED_TAGS: ['script'],
    ALLOWED_ATTR: ['src', ...SCRIPT_ATTRIBUTES],
    FORCE_BODY: true,
    SAFE_FOR_XML: false,
    RETURN_DOM_FRAGMENT: true,
  });
  const scripts: HTMLScriptElement[] = [];
  for (const source of parsed.querySelectorAll('script')) {
    const script = doc.createElement('script');
    for (const name of SCRIPT_ATTRIBUTES) {
      const value = source.getAttribute(name);
      if (value !== null) script.setAttribute(name, value);
    }
    try {
      const src = source.getAttribute('src');
      if (src !== null) script.src = (trusted ? trusted.createScriptURL(src) : scriptURL(src)) as string;
      script.text = (trusted ? trusted.createScript(source.text) : source.text) as string;
    } catch (error) {
      console.info(`Kite: a conversion script was left out: ${(error as Error).message}`);
      continue;
    }
    scripts.push(script);
  }
  return scripts;
}
