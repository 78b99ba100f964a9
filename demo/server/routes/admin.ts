/**
 * Owner endpoints under /api/admin/: leads, stats and pop-up records. Every call is the owner's,
 * checked once per request by the server's admin guard (admin-auth.ts: the bearer token or a
 * dashboard session, run on every path under /api/admin/ before routing, so an unknown admin path
 * is 401 too). No CORS: the owner's tools run on this origin or outside a browser.
 */
import { SECOND_MS } from '../../../shared/constants/time.ts';
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { adminPreviewLinkRequestSchema, adminPutClientRequestSchema, adminPutPoptinRequestSchema, id } from '../../../shared/api/schemas.ts';
import { PREVIEW_PARAM } from '../../../shared/constants/widget.ts';
import { integer, map, object, optional, refine, string, union, validate } from '../../../shared/schema/validate.ts';
import { ADMIN, BODY_LIMITS, DEMO_CLIENT_ID, SERVER, SIGNING } from '../constants.ts';
import { csvRow, CSV_HEADERS } from '../csv.ts';
import { HttpError, readValid } from '../http.ts';
import { unknownParamError, type Context, type Reply, type Route } from '../router.ts';
import type { LeadRow, Poptin } from '../store.ts';

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

/** `q`: text the lead's email, name or phone holds (any case). */
const search = optional(string({ min: 1, max: ADMIN.SEARCH_MAX_CHARS }));

const leadsQuery = object({
  poptin_id: optional(id()),
  q: search,
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
 * GET /api/admin/leads[?poptin_id=&q=&limit=&cursor=]: a page of leads, newest first, and
 * `next_cursor` for the next page (null on the last), so the owner can walk every lead.
 */
async function leads(ctx: Context): Promise<Reply> {
  const query = validate(leadsQuery, Object.fromEntries(ctx.query), 'query');
  if (!query.ok) throw new HttpError(400, query.error);
  const limit = Math.min(query.value.limit ?? SERVER.LEADS_MAX, SERVER.LEADS_MAX);
  if (limit < 1) throw new HttpError(400, 'limit: must be at least 1');
  const before = query.value.cursor === undefined ? null : decodeCursor(query.value.cursor)!;
  // One more than the page: whether it exists says whether there is a next page.
  const rows = await ctx.store.leads(query.value.poptin_id ?? null, before, limit + 1, query.value.q ?? null);
  const page = rows.slice(0, limit);
  return {
    body: {
      leads: page.map(toLead),
      next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.seq) : null,
    },
  };
}

const exportQuery = object({ poptin_id: optional(id()), q: search });

/** The export's columns, in order: the lead's own, then every field as sent (JSON). */
const CSV_COLUMNS = ['created_at', 'poptin_id', 'email', 'name', 'phone', 'url', 'fields', 'conversion_id'] as const;

/**
 * GET /api/admin/leads.csv[?poptin_id=&q=]: every lead the same query finds, newest first, as a
 * CSV file (RFC 4180, csv.ts), read a page at a time so a large export never sits in memory whole.
 */
async function leadsCsv(ctx: Context): Promise<undefined> {
  const query = validate(exportQuery, Object.fromEntries(ctx.query), 'query');
  if (!query.ok) throw new HttpError(400, query.error);
  const { res } = ctx;
  res.writeHead(200, CSV_HEADERS);
  /** Writes `text`; when the socket's buffer is full, waits until it drains (or the owner went away). */
  const write = async (text: string) => {
    if (!res.write(text)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  };
  await write(csvRow(CSV_COLUMNS));
  let before: number | null = null;
  for (;;) {
    const rows = await ctx.store.leads(query.value.poptin_id ?? null, before, SERVER.LEADS_MAX, query.value.q ?? null);
    for (const row of rows) {
      const lead: Record<(typeof CSV_COLUMNS)[number], string | null> = { ...row, fields: row.fields_json };
      await write(csvRow(CSV_COLUMNS.map((column) => lead[column])));
      if (res.destroyed) return undefined;
    }
    if (rows.length < SERVER.LEADS_MAX) break;
    before = rows[rows.length - 1]!.seq;
  }
  res.end();
  return undefined;
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

const dailyQuery = object({ days: optional(union(integer({ min: 1, max: ADMIN.DAILY_DAYS_MAX }), digits)) });

const DAY_MS = 24 * 60 * 60 * SECOND_MS;
/** `YYYY-MM-DD` of a time, in UTC: how the store groups views and conversions. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * GET /api/admin/stats/daily[?days=]: views and conversions per pop-up per UTC day for the last
 * `days` days (today included, `ADMIN.DAILY_DAYS_DEFAULT` by default): `days` lists the dates,
 * oldest first, and each pop-up's `views` and `conversions` hold one count per date.
 */
async function dailyStats(ctx: Context): Promise<Reply> {
  const query = validate(dailyQuery, Object.fromEntries(ctx.query), 'query');
  if (!query.ok) throw new HttpError(400, query.error);
  const count = query.value.days ?? ADMIN.DAILY_DAYS_DEFAULT;
  if (count < 1 || count > ADMIN.DAILY_DAYS_MAX) throw new HttpError(400, `days: must be from 1 to ${ADMIN.DAILY_DAYS_MAX}`);
  const today = ctx.now();
  const days = Array.from({ length: count }, (_, index) => dayOf(today - (count - 1 - index) * DAY_MS));
  const { views, conversions } = await ctx.store.daily(`${days[0]}T00:00:00.000Z`);
  const perDay = (rows: typeof views, poptinId: string) => {
    const counts = new Map(rows.filter((row) => row.poptin_id === poptinId).map((row) => [row.day, row.count]));
    return days.map((day) => counts.get(day) ?? 0);
  };
  return {
    body: {
      days,
      poptins: (await ctx.store.allPoptins()).map((poptin) => ({
        poptin_id: poptin.poptin_id,
        poptin_name: poptin.record.poptin_name ?? null,
        views: perDay(views, poptin.poptin_id),
        conversions: perDay(conversions, poptin.poptin_id),
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

/** Every path under /api/admin/: the server guards that prefix (admin-auth.ts), not each handler. */
export const adminRoutes: Route[] = [
  { method: 'GET', path: '/api/admin/contact-messages', handler: contactMessages },
  { method: 'GET', path: '/api/admin/leads', handler: leads },
  { method: 'GET', path: '/api/admin/leads.csv', handler: leadsCsv },
  { method: 'GET', path: '/api/admin/stats', handler: stats },
  { method: 'GET', path: '/api/admin/stats/daily', handler: dailyStats },
  { method: 'GET', path: '/api/admin/poptins', handler: listPoptins },
  { method: 'GET', path: '/api/admin/poptins/:poptin_id', handler: getPoptin },
  { method: 'PUT', path: '/api/admin/poptins/:poptin_id', handler: putPoptin },
  { method: 'PUT', path: '/api/admin/clients/:client_id', handler: putClient },
  { method: 'POST', path: '/api/admin/poptins/:poptin_id/preview-link', handler: previewLink },
];
