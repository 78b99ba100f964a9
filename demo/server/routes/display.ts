/**
 * The visitor endpoints of the display API (widget spec section 7). CORS for any origin; the
 * router adds the headers and answers preflights. What a call requires of its request is in
 * display-request.ts, which pop-ups a visitor gets in display-selection.ts, the product calls in
 * display-products.ts, the prize draw of a gamified pop-up in display-play.ts.
 */
import {
  closedRequestSchema,
  conversionActivityRequestSchema,
  conversionRequestSchema,
  displayRequestSchema,
  limitLogRequestSchema,
  parseExtraFields,
  viewedRequestSchema,
  websiteSessionRequestSchema,
  type ConversionRequest,
} from '../../../shared/api/schemas.ts';
import { FORM } from '../../../shared/constants/widget.ts';
import { FORM_KEY } from '../../../shared/constants/form-keys.ts';
import { isShardId } from '../../../shared/logic/email-domains.ts';
import { emailDomainShards } from '../email-domains.ts';
import type { DisplayResponse, PoptinRecord, PreviewAnswer } from '../../../shared/schema/poptin-record.ts';
import { BODY_LIMITS, SIGNING, VIEW_COUNT } from '../constants.ts';
import { visitorLocale } from '../locale.ts';
import { networkOf } from '../rate-limit.ts';
import { API_HEADERS, CORS_HEADERS, HttpError, acceptsCoding, matchesEtag, readValid, remoteAddress, sendText } from '../http.ts';
import { API_ERROR_CODE } from '../../../shared/api/error-codes.ts';
import { unknownParamError, type Context, type Reply, type Route } from '../router.ts';
import { PREVIEW_REFUSED, given, inactiveError, requireClient, requireOwner, requirePoptin, requirePreview } from './display-request.ts';
import { abTestOf, abVariants, refusal, visitorPoptins } from './display-selection.ts';
import { productRecommendation, saveOrderedProducts } from './display-products.ts';
import { play } from './display-play.ts';
import { wixCartDetails } from './wix-cart.ts';

/** POST /api/display/{clientId}: the client's pop-ups for this page view. */
async function display(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, displayRequestSchema);
  const client = await requireClient(ctx, ctx.params.clientId!);
  const refused = await refusal(ctx, client);
  if (refused) return { body: refused };
  let poptins: PoptinRecord[] | null = null;
  let preview: PreviewAnswer | undefined;
  const token = given(body.preview_token);
  if (token !== null) {
    // The owner's signed link shows its one pop-up, active or not, converted or not; anything else
    // previews nothing and the page gets its normal pop-ups.
    const verified = ctx.signer.verify(token, 'preview', client.id);
    const poptin = verified.ok ? await ctx.store.poptin(verified.claims.poptin) : undefined;
    if (verified.ok && poptin && poptin.client_id === client.id) {
      poptins = [poptin.record];
      preview = { shown: true, store_leads: verified.claims.storeLeads === true };
    } else {
      const reason = verified.ok ? 'invalid' : verified.reason;
      preview = { shown: false, code: API_ERROR_CODE.BAD_PREVIEW, error: PREVIEW_REFUSED[reason] };
    }
  }
  const answer: DisplayResponse = {
    display: true,
    poptins: poptins ?? await visitorPoptins(ctx, client, body),
    ...visitorLocale(ctx.req),
    if_freemium: false,
    ip: remoteAddress(ctx.req),
    wix_cart_details: body.store_integration === 'wix' ? await wixCartDetails(ctx) : null,
    ...(preview ? { preview } : {}),
  };
  return { body: answer };
}

/**
 * POST /api/display/viewed/{poptin_id}: a view, counted against the client's max_views at most
 * once per viewer per pop-up per period and for at most VIEW_COUNT.VIEWERS_PER_NETWORK_MAX viewers
 * per network (see VIEW_COUNT), so forged calls cannot switch a client's pop-ups off. A repeat
 * answers the view that counted; a view over its network's share is answered without an id.
 */
async function viewed(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, viewedRequestSchema);
  const poptin = await requirePoptin(ctx, ctx.params.poptin_id!);
  await requireOwner(ctx, poptin, body.client_id);
  // A preview counts no view: the owner looking at it is not a visitor.
  if (body.preview_token !== undefined) {
    requirePreview(ctx, poptin, body.preview_token);
    return { body: { poptin_view_id: null } };
  }
  if (!poptin.active) throw inactiveError();
  await ctx.limitClient(poptin.client_id);
  const address = remoteAddress(ctx.req);
  const time = ctx.now();
  const outcome = await ctx.store.recordView(
    {
      poptin_id: poptin.poptin_id,
      client_id: poptin.client_id,
      viewer_id: body.viewer_id,
      trigger: given(body.trigger),
      device_type: body.type,
      url: body.url,
      store_integration: given(body.store_integration),
      store_integration_customer_id: given(body.store_integration_customer_id),
      converted_email: given(body.converted_email),
      ip: address,
      visitor_id: given(body.visitor_id),
      network: networkOf(address),
      created_at: new Date(time).toISOString(),
    },
    new Date(time - VIEW_COUNT.PERIOD_MS).toISOString(),
    VIEW_COUNT.VIEWERS_PER_NETWORK_MAX,
  );
  return { body: { poptin_view_id: outcome.kind === 'network_full' ? null : outcome.id, counted: outcome.kind === 'counted' } };
}

/** A single form value as text ('' when absent; a repeated field joined). */
const single = (value: unknown): string | null => {
  if (typeof value === 'string') return given(value);
  if (Array.isArray(value)) return given(value.join(', '));
  return null;
};

/** The lead's display name: `name`, else first and last name. */
function leadName(body: ConversionRequest): string | null {
  const name = given(body[FORM_KEY.name]);
  if (name) return name;
  const parts = [body[FORM_KEY.first_name], body[FORM_KEY.last_name]].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** POST /api/display/conversion/{viewer_id}: one lead, saved once per conversion_key. */
async function conversion(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, conversionRequestSchema, ['form', 'json'], BODY_LIMITS.CONVERSION_MAX_BYTES);
  const extra = parseExtraFields(body.newExtraFields);
  if (!extra.ok) throw new HttpError(400, extra.error);
  const poptin = await requirePoptin(ctx, body.poptin_id);
  if (poptin.record.viewer_id !== ctx.params.viewer_id) throw unknownParamError('viewer_id');
  // Optional here: a kite-poptin without a client id sends ''; the lead is stored under the pop-up's own client.
  const clientId = given(body.client_id);
  if (clientId !== null) await requireOwner(ctx, poptin, clientId);
  await ctx.limitClient(poptin.client_id);
  const { preview_token: previewToken, ...fields } = body;
  const preview = previewToken === undefined ? null : requirePreview(ctx, poptin, previewToken);
  // A preview's lead is answered as taken, so the owner sees the whole flow, but kept only when the link says so.
  if (preview !== null && preview.storeLeads !== true) {
    return { body: { success: true, conversion_id: null, integration: { conversion_code: '' } } };
  }
  const outcome = await ctx.store.saveConversion({
    conversion_key: body.conversion_key,
    poptin_id: poptin.poptin_id,
    client_id: poptin.client_id,
    viewer_id: ctx.params.viewer_id,
    visitor_id: given(body.visitor),
    poptin_view_id: given(body.poptin_view_id),
    email: given(body[FORM_KEY.email]),
    name: leadName(body),
    phone: single(body[FORM_KEY.phone]),
    url: single(body.url),
    fields,
    new_extra_fields: extra.value,
    ip: remoteAddress(ctx.req),
    // The owner's preview link takes leads of a switched-off pop-up too, when it says store_leads.
  }, poptin.active || preview !== null);
  if (outcome.kind === 'inactive') throw inactiveError();
  if (outcome.kind === 'conflict') throw new HttpError(409, 'conversion_key was already used for another pop-up');
  const code = (poptin.record as unknown as Record<string, unknown>).integration_conversion_code;
  return {
    body: {
      success: true,
      conversion_id: outcome.conversion_id,
      integration: { conversion_code: typeof code === 'string' ? code : '' },
      // Given back on the display call, it hides a stop-showing pop-up from this browser.
      converted: ctx.signer.sign({ kind: 'converted', client: poptin.client_id, poptin: poptin.poptin_id }, SIGNING.CONVERTED_TTL_S).token,
    },
  };
}

/** POST /api/display/closed/{poptin_id} */
async function closed(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, closedRequestSchema);
  const poptin = await requirePoptin(ctx, ctx.params.poptin_id!);
  await requireOwner(ctx, poptin, body.client_id);
  await ctx.limitClient(poptin.client_id);
  await ctx.store.insertClose({
    poptin_id: poptin.poptin_id,
    client_id: poptin.client_id,
    url: body.url,
    close_trigger: given(body.close_trigger),
    converted_email: given(body.converted_email),
    store_integration: given(body.store_integration),
    store_integration_customer_id: given(body.store_integration_customer_id),
    ip: remoteAddress(ctx.req),
  });
  return { body: { success: true } };
}

/**
 * GET /api/display/click/{poptin_id}: the record of a pop-up another one launches. Inactive ones
 * are not served, nor those of a client over its plan (the display call's refusal instead).
 * `?form=1` asks for the form variant: answered with `form_variant: true`. The call carries no
 * visitor id, so an A/B variant is served as asked.
 */
async function click(ctx: Context): Promise<Reply> {
  const poptin = await requirePoptin(ctx, ctx.params.poptin_id!);
  if (!poptin.active) throw unknownParamError('poptin_id');
  const refused = await refusal(ctx, await requireClient(ctx, poptin.client_id));
  if (refused) return { body: refused };
  return { body: { success: true, poptin: poptin.record, ...(ctx.query.get('form') === '1' ? { form_variant: true } : {}) } };
}

/**
 * POST /api/display/click-display/{clientId}/{poptin_id} (the spec's click-display call): a
 * visitor clicked a link carrying the id of a pop-up the page did not get. The same context as the
 * display call; the server's rules apply: the client's plan, the pop-up active and the client's,
 * and in an A/B test the visitor's variant. Answers like the display call, with that one pop-up.
 */
async function clickDisplay(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, displayRequestSchema);
  const client = await requireClient(ctx, ctx.params.clientId!);
  const refused = await refusal(ctx, client);
  if (refused) return { body: refused };
  const poptin = await ctx.store.poptin(ctx.params.poptin_id!);
  if (!poptin || poptin.client_id !== client.id || !poptin.active) throw unknownParamError('poptin_id');
  const test = abTestOf(poptin.record);
  const record = test
    ? abVariants(await ctx.store.activePoptins(client.id), given(body.visitor_id)).find((other) => abTestOf(other.record) === test)?.record ?? poptin.record
    : poptin.record;
  const answer: DisplayResponse = { display: true, poptins: [record] };
  return { body: answer };
}

/**
 * GET /api/display/ads/adsbygoogle.js (ours): the bait of the widget's ad-block probe. A file
 * name ad blockers refuse; here it is an empty script, so without an ad blocker the probe gets 200.
 */
function adBait(ctx: Context): undefined {
  sendText(ctx.res, 200, '/* Kite ad-block probe */\n', {
    ...CORS_HEADERS,
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  return undefined;
}

/** POST /api/display/conversion-activities/{client_id} */
async function conversionActivity(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, conversionActivityRequestSchema);
  const client = await requireClient(ctx, ctx.params.client_id!);
  const poptin = await ctx.store.poptin(body.poptin_id);
  if (!poptin || poptin.client_id !== client.id) throw unknownParamError('poptin_id');
  await ctx.limitClient(client.id);
  await ctx.store.insertActivity({
    client_id: client.id,
    kind: 'conversion_activity',
    poptin_id: poptin.poptin_id,
    activity: body.activity,
    email: given(body[FORM_KEY.email]),
    url_host: body.url_host,
    store_integration: given(body.store_integration),
    store_integration_customer_id: given(body.store_integration_customer_id),
  });
  return { body: { success: true } };
}

/** POST /api/display/total-website-session/{client_id} */
async function websiteSession(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, websiteSessionRequestSchema);
  const client = await requireClient(ctx, ctx.params.client_id!);
  await ctx.limitClient(client.id);
  await ctx.store.insertActivity({
    client_id: client.id,
    kind: 'website_session',
    poptin_id: null,
    activity: null,
    email: given(body[FORM_KEY.email]),
    url_host: body.url_host,
    store_integration: given(body.store_integration),
    store_integration_customer_id: given(body.store_integration_customer_id),
  });
  return { body: { success: true } };
}

/**
 * GET /api/display/email-domains/{shard} (ours, issue 5): one shard of the free-mail and
 * disposable domain list for the business-email check. Cached by browsers and shared caches for
 * a day, then revalidated by its ETag (304); gzipped for a client that takes it, as browsers do.
 * An unknown shard id is a 404.
 */
function emailDomains(ctx: Context): undefined {
  const id = ctx.params.shard!;
  const shard = isShardId(id) ? emailDomainShards().shard(id) : null;
  if (!shard) throw new HttpError(404, 'unknown shard');
  const headers = { ...CORS_HEADERS, 'Cache-Control': `public, max-age=${FORM.EMAIL_DOMAIN_CACHE_S}`, ETag: shard.etag, Vary: 'Accept-Encoding' };
  if (matchesEtag(ctx.req.headers['if-none-match'], shard.etag)) {
    ctx.res.writeHead(304, headers);
    ctx.res.end();
    return undefined;
  }
  const gzip = acceptsCoding(ctx.req.headers['accept-encoding'], 'gzip');
  const body = gzip ? shard.gzip : shard.json;
  ctx.res.writeHead(200, { ...API_HEADERS, ...headers, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}), 'Content-Length': String(body.length) });
  ctx.res.end(body);
  return undefined;
}

/**
 * POST /api/display/limitLogs/{clientId} (the spec's call is a GET; a GET must not write, so the
 * log is a POST): the upgrade pop-up's actions, logged only. The old GET answers 405: an old
 * widget fires it and forgets, so it loses one log line and shows nothing.
 */
async function limitLogs(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, limitLogRequestSchema, ['form', 'json']);
  const client = await requireClient(ctx, ctx.params.clientId!);
  await ctx.limitClient(client.id);
  await ctx.store.insertLimitLog({ client_id: client.id, status: body.status, setting_id: given(body.id) });
  return { body: { success: true } };
}

export const displayRoutes: Route[] = [
  { method: 'POST', path: '/api/display/viewed/:poptin_id', handler: viewed, cors: true, rateLimited: true },
  { method: 'POST', path: '/api/display/conversion/:viewer_id', handler: conversion, cors: true, rateLimited: true },
  { method: 'POST', path: '/api/display/closed/:poptin_id', handler: closed, cors: true, rateLimited: true },
  { method: 'POST', path: '/api/display/play/:poptin_id', handler: play, cors: true, rateLimited: true },
  { method: 'GET', path: '/api/display/click/:poptin_id', handler: click, cors: true },
  { method: 'POST', path: '/api/display/click-display/:clientId/:poptin_id', handler: clickDisplay, cors: true },
  { method: 'GET', path: '/api/display/ads/adsbygoogle.js', handler: adBait, cors: true },
  { method: 'POST', path: '/api/display/conversion-activities/:client_id', handler: conversionActivity, cors: true, rateLimited: true },
  { method: 'POST', path: '/api/display/total-website-session/:client_id', handler: websiteSession, cors: true, rateLimited: true },
  { method: 'POST', path: '/api/display/shopify/product-recommendation/:poptin_id', handler: productRecommendation('shopify'), cors: true },
  { method: 'POST', path: '/api/display/wix/product-recommendation/:poptin_id', handler: productRecommendation('wix'), cors: true },
  { method: 'POST', path: '/api/display/wix/save-ordered-products', handler: saveOrderedProducts, cors: true, rateLimited: true },
  { method: 'POST', path: '/api/display/limitLogs/:clientId', handler: limitLogs, cors: true, rateLimited: true },
  { method: 'GET', path: '/api/display/email-domains/:shard', handler: emailDomains, cors: true },
  { method: 'POST', path: '/api/display/:clientId', handler: display, cors: true },
];
