/**
 * The send (spec section 7 "Contact form send") and the one place server HTML enters the page.
 *
 * The answer is parsed inertly (`DOMParser`: no script runs, no image loads), sanitized first and
 * typed through the `kite` Trusted Types policy (shared/dom/trusted.ts), only to find the
 * containers; the machine carries their HTML as text; {@link sanitizedFragment} cleans it with
 * DOMPurify at the moment it is inserted, so nothing the server sends can run in the page.
 */
import DOMPurify from 'dompurify';
import type { ContactField, ContactSendResult } from '../../machines/contact-form/contact-form.types.ts';
import { CONTACT_POST, contactErrorId, contactPostBody, contactResponseId } from '../../shared/logic/contact.ts';
import { sanitizedHTML } from '../../shared/dom/trusted.ts';

/** What one send needs besides the fields. */
export interface ContactSendOptions {
  /** The form's action URL (absolute; `form.action`). */
  action: string;
  /** Keys the containers of the answer: `#ajaxresponse_{formId}` and `#ajaxresponse_error_{formId}`. */
  formId: string | null;
  /**
   * The custom-send variant: the fields are posted as a plain form (no ajax flag) and the response
   * container is picked out of the whole page that answers.
   */
  customSend: boolean;
  /** Add the mailing-list flag. */
  mailingList: boolean;
  signal?: AbortSignal;
}

/** The first container the answer holds: keyed by the form id, else by class. */
function container(doc: Document, formId: string | null, id: (formId: string) => string, className: string): Element | null {
  return (formId ? doc.getElementById(id(formId)) : null) ?? doc.getElementsByClassName(className)[0] ?? null;
}

/**
 * Reads an answer: its error container (then it is an error, whatever the status), else, for a
 * 2xx answer, its response container's content. A 2xx plain ajax answer without a container is
 * the response itself; a custom-send page without one, or any other status, is an error without
 * container.
 */
export function readContactAnswer(html: string, ok: boolean, options: Pick<ContactSendOptions, 'formId' | 'customSend'>): ContactSendResult {
  // DOMParser is a Trusted Types sink: a plain string throws under `require-trusted-types-for 'script'`.
  const doc = new DOMParser().parseFromString(sanitizedHTML(html) as string, 'text/html');
  const error = container(doc, options.formId, contactErrorId, CONTACT_POST.ERROR_CLASS);
  if (error) return { ok: false, error: error.outerHTML };
  if (!ok) return { ok: false, error: null };
  const response = container(doc, options.formId, contactResponseId, CONTACT_POST.RESPONSE_CLASS);
  if (response) return { ok: true, response: response.innerHTML };
  return options.customSend ? { ok: false, error: null } : { ok: true, response: doc.body.innerHTML };
}

/**
 * Posts the fields URL-encoded to the form's action (with `ajax_request=true`, and
 * `mailing_list=true` when asked) and reads the answer. Rejects only when the network fails.
 */
export async function sendContactForm(fields: readonly ContactField[], options: ContactSendOptions): Promise<ContactSendResult> {
  // A simple request (no custom header): a form on another origin needs no preflight, as a form post.
  const response = await fetch(options.action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: contactPostBody(fields, options),
    credentials: 'same-origin',
    signal: options.signal,
  });
  return readContactAnswer(await response.text(), response.ok, options);
}

/**
 * Server HTML, made safe to insert: no scripts, event handlers, `javascript:` links, styles (a
 * strict CSP would refuse them anyway) or forms (no fake fields inside the page's own answer).
 */
export function sanitizedFragment(html: string): DocumentFragment {
  return DOMPurify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ['style', 'form'],
    FORBID_ATTR: ['style'],
  });
}
