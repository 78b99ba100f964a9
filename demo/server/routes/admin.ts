/**
 * Owner endpoints under /api/admin/: leads, stats and pop-up records. Every call needs
 * `Authorization: Bearer <admin token>`, checked once per request by the server's admin guard
 * (`createAdminGuard`, run on every path under /api/admin/ before routing, so an unknown admin path
 * is 401 too); the token is compared in constant time. No CORS: the owner's tools run on this origin
 * or outside a browser.
 */
import { SECOND_MS } from '../../../shared/constants/time.ts';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { adminPreviewLinkRequestSchema, adminPutClientRequestSchema, adminPutPoptinRequestSchema, id } from '../../../shared/api/schemas.ts';
import { PREVIEW_PARAM } from '../../../shared/constants/widget.ts';
import { integer, map, object, optional, refine, string, union, validate } from '../../../shared/schema/validate.ts';
import { ADMIN, BODY_LIMITS, DEMO_CLIENT_ID, SERVER, SIGNING } from '../constants.ts';
import { HttpError, readValid, remoteAddress } from '../http.ts';
import { enforce, networkOf, type RateLimit, type RateLimiter } from '../rate-limit.ts';
import { unknownParamError, type Context, type Reply, type Route } from '../router.ts';
import type { LeadRow, Poptin } from '../store.ts';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="kite-admin"' };

/** Hashing first makes both sides the same length, so the comparison time says nothing about the token. */
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Why a request is not the owner's: it carries no bearer token, or a wrong one; undefined when it
 * is. `tokenDigest` is the admin token's digest, made once when the server starts.
 */
function tokenProblem(req: IncomingMessage, tokenDigest: Buffer): 'missing' | 'wrong' | undefined {
  const header = req.headers.authorization;
  const match = header === undefined ? null : /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!match) return 'missing';
  return timingSafeEqual(digest(match[1]!), tokenDigest) ? undefined : 'wrong';
}

const TOKEN_ERRORS = {
  missing: 'missing bearer token: send Authorization: Bearer <admin token>',
  wrong: 'wrong admin token',
} as const;

/**
 * The reason `startServer` refuses an admin token, or undefined when it is fit: too short to resist
 * guessing, or with a space no Authorization header can carry.
 */
export function adminTokenProblem(token: string): string | undefined {
  if (token.length < ADMIN.TOKEN_MIN_LENGTH) {
    return `the admin token (KITE_ADMIN_TOKEN) must be at least ${ADMIN.TOKEN_MIN_LENGTH} characters, got ${token.length}; leave it unset to have one generated`;
  }
  if (/\s/.test(token)) return 'the admin token (KITE_ADMIN_TOKEN) must not contain spaces';
  return undefined;
}

/** Wrong admin tokens one network may send per window (a fixed window, as every rate limit's). */
const GUESSES: RateLimit = { max: ADMIN.GUESSES_MAX, windowMs: ADMIN.GUESS_WINDOW_MS };

/**
 * The owner check, run once per admin request (throws 401 unless the request carries the admin
 * token), with wrong guesses throttled through the server's rate limiter: after
 * `ADMIN.GUESSES_MAX` wrong tokens from one network (an IPv4 address, an IPv6 /64) within a
 * window, every admin call from it answers 429 with Retry-After until the window ends, even with
 * the right token, so guessing gains nothing. A missing token is not a guess.
 */
export function createAdminGuard(adminToken: string, limiter: RateLimiter): (req: IncomingMessage) => Promise<void> {
  const tokenDigest = digest(adminToken);
  return async (req) => {
    const key = `admin-guess:${networkOf(remoteAddress(req))}`;
    enforce(await limiter.peek(key, GUESSES), 'too many wrong admin tokens from this address');
    const problem = tokenProblem(req, tokenDigest);
    if (problem === 'wrong') await limiter.take(key, GUESSES);
    if (problem) throw new HttpError(401, TOKEN_ERRORS[problem], { headers: CHALLENGE });
  };
}

/** A query string carries numbers as digits. */
const digits = map(string({ pattern: /^\d{1,9}$/, patternMessage: 'expected a whole number' }), Number);

/**
 * A page of leads ends at a lead; the next page starts after it. The cursor names that lead's
 * place, wrapped so callers pass it back as they got it instead of building one.
 */
const CURSOR_PREFIX = 'lead:';
const encodeCursor = (seq: number) => Buffer.from(`${CURSOR_PREFIX}${seq}`, 'utf8').toString('base64url');
const CURSOR_SEQ = new RegExp(`^${CURSOR_PREFIX}([1-9]\\d{0,14})$`);
/** The lead place a cursor names; undefined for anything `next_cursor` never answers. */
function decodeCursor(cursor: string): number | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  const match = CURSOR_SEQ.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

const leadsQuery = object({
  poptin_id: optional(id()),
  limit: optional(union(integer({ min: 1, max: SERVER.LEADS_MAX }), digits)),
  cursor: optional(refine(string({ min: 1, max: SERVER.LEADS_CURSOR_MAX_CHARS }), (cursor) =>
    decodeCursor(cursor) === undefined ? 'is not a cursor this server gave (pass next_cursor back unchanged)' : undefined,
  )),
});

const toLead = (row: LeadRow) => {
  const { seq: _seq, fields_json, new_extra_fields, ...columns } = row;
  return { ...columns, fields: JSON.parse(fields_json) as unknown, new_extra_fields: JSON.parse(new_extra_fields) as unknown };
};

/**
 * GET /api/admin/leads[?poptin_id=&limit=&cursor=]: a page of leads, newest first, and
 * `next_cursor` for the next page (null on the last), so the owner can walk every lead.
 */
async function leads(ctx: Context): Promise<Reply> {
  const query = validate(leadsQuery, Object.fromEntries(ctx.query), 'query');
  if (!query.ok) throw new HttpError(400, query.error);
  const limit = Math.min(query.value.limit ?? SERVER.LEADS_MAX, SERVER.LEADS_MAX);
  if (limit < 1) throw new HttpError(400, 'limit: must be at least 1');
  const before = query.value.cursor === undefined ? null : decodeCursor(query.value.cursor)!;
  // One more than the page: whether it exists says whether there is a next page.
  const rows = await ctx.store.leads(query.value.poptin_id ?? null, before, limit + 1);
  const page = rows.slice(0, limit);
  return {
    body: {
      leads: page.map(toLead),
      next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.seq) : null,
    },
  };
}

/** Digits kept in a conversion rate (0.3333). */
const RATE_DIGITS = 4;

/** GET /api/admin/stats: views, conversions and closes per pop-up. */
async function stats(ctx: Context): Promise<Reply> {
  const scale = 10 ** RATE_DIGITS;
  return {
    body: {
      stats: (await ctx.store.stats()).map((row) => ({
        poptin_id: row.poptin_id,
        client_id: row.client_id,
        poptin_name: row.poptin_name,
        active: row.active === 1,
        views: row.views,
        conversions: row.conversions,
        closes: row.closes,
        conversion_rate: row.views > 0 ? Math.round((row.conversions / row.views) * scale) / scale : 0,
      })),
    },
  };
}

const poptinJson = (poptin: Poptin) => ({
  poptin_id: poptin.poptin_id,
  client_id: poptin.client_id,
  active: poptin.active,
  record: poptin.record,
  created_at: poptin.created_at,
  updated_at: poptin.updated_at,
});

/** GET /api/admin/poptins: every pop-up, briefly. */
async function listPoptins(ctx: Context): Promise<Reply> {
  return {
    body: {
      poptins: (await ctx.store.allPoptins()).map((poptin) => ({
        poptin_id: poptin.poptin_id,
        client_id: poptin.client_id,
        active: poptin.active,
        poptin_name: poptin.record.poptin_name ?? null,
        poptin_type: poptin.record.poptin_type,
        updated_at: poptin.updated_at,
      })),
    },
  };
}

/** GET /api/admin/poptins/{poptin_id} */
async function getPoptin(ctx: Context): Promise<Reply> {
  const poptin = await ctx.store.poptin(ctx.params.poptin_id!);
  if (!poptin) throw unknownParamError('poptin_id');
  return { body: poptinJson(poptin) };
}

/**
 * PUT /api/admin/poptins/{poptin_id} `{ record?, active?, client_id? }`: changes a pop-up, or
 * creates it (201) when `record` is given for a new id.
 */
async function putPoptin(ctx: Context): Promise<Reply> {
  const id = ctx.params.poptin_id!;
  const body = await readValid(ctx.req, adminPutPoptinRequestSchema, ['json'], BODY_LIMITS.RECORD_MAX_BYTES);
  if (body.record === undefined && body.active === undefined) throw new HttpError(400, 'body: give record, active or both');
  if (body.record !== undefined && body.record.poptin_id !== id) {
    throw new HttpError(400, 'record.poptin_id: must equal the pop-up id in the path');
  }
  if (await ctx.store.poptin(id)) {
    await ctx.store.updatePoptin(id, body);
    return { body: { success: true, poptin: poptinJson((await ctx.store.poptin(id))!) } };
  }
  if (body.record === undefined) throw unknownParamError('poptin_id');
  const clientId = body.client_id ?? DEMO_CLIENT_ID;
  if (!(await ctx.store.client(clientId))) throw unknownParamError('client_id');
  await ctx.store.seedPoptin(clientId, body.record, body.active ?? true);
  return { status: 201, body: { success: true, poptin: poptinJson((await ctx.store.poptin(id))!) } };
}

/**
 * PUT /api/admin/clients/{client_id} `{ name }`: a new site owner's client, so their pop-ups and
 * leads are theirs alone (201); an existing one is left as it is (200). Its widget snippet names it.
 */
async function putClient(ctx: Context): Promise<Reply> {
  // The router has checked the id's form (a malformed one names nothing: 404).
  const clientId = ctx.params.client_id!;
  const body = await readValid(ctx.req, adminPutClientRequestSchema);
  const created = await ctx.store.createClient(clientId, body.name);
  const client = (await ctx.store.client(clientId))!;
  return { status: created ? 201 : 200, body: { success: true, created, client: { client_id: client.id, name: client.name } } };
}

/** True when the request has a body (a declared length above 0, or a chunked one). */
const hasBody = (req: IncomingMessage) =>
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') || req.headers['transfer-encoding'] !== undefined;

/**
 * POST /api/admin/poptins/{poptin_id}/preview-link `{ store_leads?, url? }` (body optional): a
 * signed preview token of the pop-up, valid `SIGNING.PREVIEW_TTL_S`, and `url` with it as
 * `ppt-preview` (null when no url was given). Only such a link previews a pop-up.
 */
async function previewLink(ctx: Context): Promise<Reply> {
  const poptin = await ctx.store.poptin(ctx.params.poptin_id!);
  if (!poptin) throw unknownParamError('poptin_id');
  const body = hasBody(ctx.req) ? await readValid(ctx.req, adminPreviewLinkRequestSchema) : {};
  const { token, expires } = ctx.signer.sign(
    { kind: 'preview', client: poptin.client_id, poptin: poptin.poptin_id, storeLeads: body.store_leads === true },
    SIGNING.PREVIEW_TTL_S,
  );
  let url: string | null = null;
  if (body.url !== undefined) {
    const page = new URL(body.url);
    page.searchParams.set(PREVIEW_PARAM, token);
    url = page.href;
  }
  return {
    status: 201,
    body: { token, url, expires_at: new Date(expires * SECOND_MS).toISOString(), store_leads: body.store_leads === true },
  };
}

const contactQuery = object({ limit: optional(union(integer({ min: 1, max: SERVER.LEADS_MAX }), digits)) });

/** GET /api/admin/contact-messages[?limit=]: the contact form's messages, newest first. */
async function contactMessages(ctx: Context): Promise<Reply> {
  const query = validate(contactQuery, Object.fromEntries(ctx.query), 'query');
  if (!query.ok) throw new HttpError(400, query.error);
  const limit = query.value.limit ?? SERVER.LEADS_MAX;
  if (limit < 1 || limit > SERVER.LEADS_MAX) throw new HttpError(400, `limit: must be from 1 to ${SERVER.LEADS_MAX}`);
  return { body: { messages: await ctx.store.contacts(limit) } };
}

/** Every path under /api/admin/: the server guards that prefix (`createAdminGuard`), not each handler. */
export const adminRoutes: Route[] = [
  { method: 'GET', path: '/api/admin/contact-messages', handler: contactMessages },
  { method: 'GET', path: '/api/admin/leads', handler: leads },
  { method: 'GET', path: '/api/admin/stats', handler: stats },
  { method: 'GET', path: '/api/admin/poptins', handler: listPoptins },
  { method: 'GET', path: '/api/admin/poptins/:poptin_id', handler: getPoptin },
  { method: 'PUT', path: '/api/admin/poptins/:poptin_id', handler: putPoptin },
  { method: 'PUT', path: '/api/admin/clients/:client_id', handler: putClient },
  { method: 'POST', path: '/api/admin/poptins/:poptin_id/preview-link', handler: previewLink },
];
