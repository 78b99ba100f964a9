/**
 * The demo site's contact form (content-site spec section 7, "Contact form send": a form post to
 * the form's own action URL, answered with an HTML fragment holding an error container or a
 * response container keyed by the form id). The demo form posts to /contact; the message is stored
 * and the owner reads it at GET /api/admin/contact-messages.
 *
 * - An ajax post (`ajax_request=true`, as `kite-contact-form` sends) gets the fragment alone:
 *   `<div id="ajaxresponse_{id}" class="ajaxresponse ...">` (200) or
 *   `<div id="ajaxresponse_error_{id}" class="avia-form-error">` (400).
 * - Any other post (the form without JavaScript, or the element's custom-send variant) gets a
 *   whole page holding the same container, with a link back to the form.
 *
 * The checks run again here with the element's own rules (`validateContactField`): a known form
 * (by id) has its fields' checks listed in {@link CONTACT_FORMS}; any other form must have at least
 * one typed field, and a field named like `email` must hold an address. Nothing is stored when a
 * check fails. Answers are fixed text: the only thing the visitor sent that is echoed is a field
 * name in an error, HTML-escaped.
 */
import type { IncomingMessage } from 'node:http';
import { contactRequestSchema } from '../../../shared/api/schemas.ts';
import { CONTACT_POST, contactErrorId, contactResponseId, validateContactField, type ContactRule } from '../../../shared/logic/contact.ts';
import { HttpError, readValid, remoteAddress } from '../http.ts';
import { escapeHtml } from '../escape-html.ts';
import type { Context, Reply, Route } from '../router.ts';

/** What the server checks of one field of a known form: the same check classes the form's markup carries. */
export interface ContactFieldDefinition {
  name: string;
  /** The field's label, for the error message. */
  label: string;
  rules: ContactRule[];
}

/**
 * The demo site's forms by form id, as the theme's server knows each form it rendered:
 * `demo/public/contact.html` is form `1`.
 */
export const CONTACT_FORMS: Record<string, ContactFieldDefinition[]> = {
  '1': [
    { name: 'name', label: 'Name', rules: ['is_empty'] },
    { name: 'email', label: 'E-Mail', rules: ['is_email'] },
    { name: 'phone', label: 'Phone', rules: ['is_phone'] },
    { name: 'company', label: 'Company', rules: [] },
    { name: 'quantity', label: 'Units per year', rules: ['is_positiv_number'] },
    { name: 'message', label: 'Message', rules: ['is_empty'] },
    { name: 'privacy', label: 'Privacy policy', rules: ['is_empty'] },
    // The theme's captcha: the verifier travels in the hidden field `human_verifier`.
    { name: 'human', label: 'Human check', rules: ['captcha'] },
  ],
};

/** The answers' texts. */
export const CONTACT_TEXT = {
  SUCCESS: 'Thank you, your message has been sent. We will answer within two working days.',
  EMPTY: 'Please fill in at least one field.',
  /** Followed by the comma-joined labels and a full stop. */
  CHECK_PREFIX: 'Please check the following field(s): ',
  PAGE_TITLE: 'Contact',
  BACK: 'Back to the form',
} as const;

/** A form id that can key an HTML id and a selector: 1 to 64 letters, digits, `_` or `-`. */
const FORM_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The theme's hidden field `avia_generated_form{id}`. */
const THEME_FORM_FIELD = /^avia_generated_form([A-Za-z0-9_-]{1,64})$/;
/** Fields of an unknown form that must hold an e-mail address when filled. */
const EMAIL_NAME = /(?:^|[_-])e-?mail$/i;


/** The success fragment: the response container, keyed by the form id when there is one. */
export function contactSuccessFragment(formId: string | null): string {
  const id = formId === null ? '' : ` id="${contactResponseId(formId)}"`;
  const keyed = formId === null ? '' : ` ${CONTACT_POST.RESPONSE_CLASS}_${formId}`;
  return `<div${id} class="${CONTACT_POST.RESPONSE_CLASS}${keyed}"><h3 class="avia-form-success">${CONTACT_TEXT.SUCCESS}</h3></div>`;
}

/** The error fragment: the error container with `message` (already HTML), keyed by the form id when there is one. */
export function contactErrorFragment(formId: string | null, message: string): string {
  const id = formId === null ? '' : ` id="${contactErrorId(formId)}"`;
  return `<div${id} class="${CONTACT_POST.ERROR_CLASS}"><p>${message}</p></div>`;
}

/** The message naming the fields to check (labels HTML-escaped). */
export const contactCheckMessage = (labels: string[]) => escapeHtml(`${CONTACT_TEXT.CHECK_PREFIX}${labels.join(', ')}.`);

/** Fields the form adds for itself, not typed by the visitor. */
const isControlField = (name: string) =>
  name === CONTACT_POST.AJAX_FLAG ||
  name === CONTACT_POST.MAILING_LIST_FLAG ||
  name === CONTACT_POST.FORM_ID_FIELD ||
  THEME_FORM_FIELD.test(name) ||
  name.endsWith('_verifier');

const asText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : (value ?? ''));

/** The form id: the `form_id` field, else the theme's `avia_generated_form{id}` field name; `null` when there is none. */
function formIdOf(fields: Record<string, string | string[]>): string | null {
  const given = asText(fields[CONTACT_POST.FORM_ID_FIELD]);
  if (given !== '') {
    if (!FORM_ID.test(given)) throw new HttpError(400, `${CONTACT_POST.FORM_ID_FIELD}: must be 1 to 64 letters, digits, _ or -`);
    return given;
  }
  for (const name of Object.keys(fields)) {
    const match = THEME_FORM_FIELD.exec(name);
    if (match) return match[1]!;
  }
  return null;
}

/** What is wrong with the post: `null` when it may be stored, else the error message (HTML). */
function problemOf(fields: Record<string, string | string[]>, formId: string | null): string | null {
  const definition = formId === null ? undefined : CONTACT_FORMS[formId];
  if (definition) {
    const failing = definition.filter(({ name, rules }) => {
      const verifier = asText(fields[`${name}_verifier`]);
      return rules.some((rule) => !validateContactField(asText(fields[name]), rule, { verifier }));
    });
    return failing.length ? contactCheckMessage(failing.map(({ label }) => label)) : null;
  }
  const typed = Object.entries(fields).filter(([name, value]) => !isControlField(name) && asText(value).trim() !== '');
  if (typed.length === 0) return escapeHtml(CONTACT_TEXT.EMPTY);
  const badEmails = typed.filter(([name, value]) => EMAIL_NAME.test(name) && !validateContactField(asText(value), 'is_email'));
  return badEmails.length ? contactCheckMessage(badEmails.map(([name]) => name)) : null;
}

/** The link back to the form on a whole-page answer: the referring page when it is on this site, else the home page. */
function backLink(req: IncomingMessage): string {
  try {
    const referer = new URL(req.headers.referer ?? '');
    if (referer.host === req.headers.host && (referer.protocol === 'http:' || referer.protocol === 'https:')) return referer.pathname + referer.search;
  } catch {
    // no or malformed Referer
  }
  return '/';
}

/** The whole page a post without JavaScript (or a custom send) gets: the fragment in the demo site's layout. */
function contactPage(fragment: string, back: string): string {
  return (
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8" />\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1" />\n' +
    `<title>${CONTACT_TEXT.PAGE_TITLE}</title>\n<link rel="icon" href="data:," />\n<link rel="stylesheet" href="/site.css" />\n</head>\n` +
    `<body>\n<main class="page">\n${fragment}\n<p><a href="${escapeHtml(back)}">${CONTACT_TEXT.BACK}</a></p>\n</main>\n</body>\n</html>\n`
  );
}

async function contact(ctx: Context): Promise<Reply | undefined> {
  const fields = await readValid(ctx.req, contactRequestSchema, ['form', 'json']);
  const formId = formIdOf(fields);
  const problem = problemOf(fields, formId);
  if (problem === null) await ctx.store.insertContact(formId, fields, remoteAddress(ctx.req));
  const fragment = problem === null ? contactSuccessFragment(formId) : contactErrorFragment(formId, problem);
  const ajax = asText(fields[CONTACT_POST.AJAX_FLAG]) === 'true';
  const body = ajax ? fragment : contactPage(fragment, backLink(ctx.req));
  ctx.res.writeHead(problem === null ? 200 : 400, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...(ajax ? {} : { 'Content-Security-Policy': ctx.pagePolicy }),
    'Content-Length': String(Buffer.byteLength(body)),
  });
  ctx.res.end(body);
  return undefined;
}

export const contactRoutes: Route[] = [{ method: 'POST', path: '/contact', handler: contact, rateLimited: true }];
