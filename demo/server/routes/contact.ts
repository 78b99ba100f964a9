/**
 * The demo site's contact form (content-site spec: "Contact form send", a form post to the form's
 * own action URL answered with an HTML fragment). The demo form posts to /contact; the message is
 * stored and the owner reads it at GET /api/admin/contact-messages. Same origin only.
 */
import { contactRequestSchema } from '../../../shared/api/schemas.ts';
import { HttpError, readValid, remoteAddress } from '../http.ts';
import type { Context, Reply, Route } from '../router.ts';

/** Answer fragments: fixed text, nothing the visitor sent is echoed back. */
export const CONTACT_FRAGMENT = {
  SUCCESS: '<div class="kite-contact-response" role="status"><p>Thank you, your message has been sent.</p></div>',
  EMPTY: '<div class="kite-contact-error" role="alert"><p>Please fill in at least one field.</p></div>',
} as const;

const HTML = { 'Content-Type': 'text/html; charset=utf-8' };

/** Fields the form adds for itself, not typed by the visitor. */
const CONTROL_FIELDS = new Set(['ajax', 'form_id', 'avia_generated_form', 'subscribe']);

async function contact(ctx: Context): Promise<Reply | undefined> {
  const fields = await readValid(ctx.req, contactRequestSchema, ['form', 'json']);
  const typed = Object.entries(fields).filter(([key, value]) => !CONTROL_FIELDS.has(key) && String(value).trim() !== '');
  const formId = typeof fields.form_id === 'string' && fields.form_id !== '' ? fields.form_id : null;
  if (typed.length === 0) {
    ctx.res.writeHead(400, { ...HTML, 'Content-Length': String(Buffer.byteLength(CONTACT_FRAGMENT.EMPTY)) });
    ctx.res.end(CONTACT_FRAGMENT.EMPTY);
    return undefined;
  }
  if (formId !== null && formId.length > 64) throw new HttpError(400, 'form_id: must be at most 64 characters');
  ctx.store.insertContact(formId, fields, remoteAddress(ctx.req));
  ctx.res.writeHead(200, { ...HTML, 'Cache-Control': 'no-store', 'Content-Length': String(Buffer.byteLength(CONTACT_FRAGMENT.SUCCESS)) });
  ctx.res.end(CONTACT_FRAGMENT.SUCCESS);
  return undefined;
}

export const contactRoutes: Route[] = [{ method: 'POST', path: '/contact', handler: contact }];
