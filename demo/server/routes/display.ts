/**
 * The visitor endpoints of the display API (widget spec section 7). CORS for any origin; the
 * router adds the headers and answers preflights.
 */
import {
  closedRequestSchema,
  conversionActivityRequestSchema,
  conversionRequestSchema,
  displayRequestSchema,
  limitLogRequestSchema,
  parseExtraFields,
  productRecommendationRequestSchema,
  saveOrderedProductsRequestSchema,
  viewedRequestSchema,
  websiteSessionRequestSchema,
  type ConversionRequest,
  type DisplayRequest,
} from '../../../shared/api/schemas.ts';
import { FORM, STORAGE_KEY } from '../../../shared/constants/widget.ts';
import { FORM_KEY } from '../../../shared/constants/form-keys.ts';
import { UPGRADE } from '../../../shared/constants/owner-limits.ts';
import { isShardId } from '../../../shared/logic/email-domains.ts';
import { emailDomainShards } from '../email-domains.ts';
import type { DisplayResponse, PoptinRecord, PreviewAnswer, UpgradeSetting } from '../../../shared/schema/poptin-record.ts';
import { CATALOGUE, CURRENCY, findProduct, money, type CatalogueProduct } from '../catalogue.ts';
import { BODY_LIMITS, DISPLAY_DEFAULTS, SERVER, SIGNING, VIEW_COUNT } from '../constants.ts';
import { networkOf } from '../rate-limit.ts';
import type { Claims } from '../signing.ts';
import { API_HEADERS, CORS_HEADERS, HttpError, acceptsGzip, matchesEtag, parseCookies, readValid, remoteAddress, sendText } from '../http.ts';
import { API_ERROR_CODE } from '../../../shared/api/error-codes.ts';
import { unknownParamError, type Context, type Reply, type Route } from '../router.ts';
import type { ClientRow, Poptin } from '../store.ts';

const NOT_OWNER = 'client id does not own this poptin';

/** '' and undefined both mean "not given". */
const given = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

function requireClient(ctx: Context, clientId: string) {
  const client = ctx.store.client(clientId);
  if (!client) throw unknownParamError('clientId');
  return client;
}

function requirePoptin(ctx: Context, poptinId: string): Poptin {
  const poptin = ctx.store.poptin(poptinId);
  if (!poptin) throw unknownParamError('poptin_id');
  return poptin;
}

/**
 * A switched-off pop-up takes no new lead and counts no view: its owner turned it off, and a view
 * of it would still count against the client's max_views. A typed code, so the outbox drops the
 * lead for good and says why instead of retrying it.
 */
const inactiveError = () => new HttpError(403, 'poptin is inactive: it takes no leads or views', { code: API_ERROR_CODE.INACTIVE_POPTIN });

/**
 * The client a visitor call names must exist and own the pop-up: views count against a client's
 * max_views, so an unchecked id would let anyone use up another client's views.
 */
function requireOwner(ctx: Context, poptin: Poptin, clientId: string): void {
  requireClient(ctx, clientId);
  if (poptin.client_id !== clientId) throw new HttpError(403, NOT_OWNER);
}

/**
 * The refusal for a client over its plan (widget spec section 8), or null when it may display:
 * restricted, or its views used up. With `client_restriction` the widget shows the upgrade
 * pop-up (`is_client_restriction` and the `upgrade_setting`); otherwise it only logs.
 */
function refusal(ctx: Context, client: ClientRow): DisplayResponse | null {
  let message: string | null = null;
  if (client.restricted === 1) message = UPGRADE.MESSAGE_RESTRICTED;
  else if (client.max_views !== null && ctx.store.clientViews(client.id) >= client.max_views) message = UPGRADE.MESSAGE_MAX_VIEWS;
  if (message === null) return null;
  const answer: DisplayResponse = { display: 'not_allowed', message, poptins: [] };
  if (client.client_restriction === 1) {
    answer.is_client_restriction = true;
    answer.upgrade_setting = client.upgrade_setting ? (JSON.parse(client.upgrade_setting) as UpgradeSetting) : {};
  }
  return answer;
}

/**
 * A stable, evenly spread 32-bit weight for a text: FNV-1a, then murmur3's finaliser, so texts
 * that differ only in their last characters (one visitor, two variants) still get unrelated weights.
 */
function weight(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** The A/B test a pop-up belongs to: its `ab_test_parent_id`, or its own id when it is the test's first pop-up. */
const abTestOf = (record: PoptinRecord): string | null => record.ab_test_parent_id ?? (record.ab_test ? record.poptin_id : null);

/**
 * A/B tests (issue 4 item 5): of the active pop-ups of one test, a visitor gets one, the same on
 * every visit (the visitor id cookie lives 365 days). Rendezvous hashing: each variant is weighed
 * by a hash of the visitor and the variant's id and the heaviest wins, so pausing or adding a
 * variant moves only the visitors of the paused one (or those the new one wins), never the others.
 * Without a visitor id, the test's first pop-up.
 */
function abVariants(poptins: Poptin[], visitorId: string | null): Poptin[] {
  const tests = new Map<string, Poptin[]>();
  for (const poptin of poptins) {
    const test = abTestOf(poptin.record);
    if (test) tests.set(test, [...(tests.get(test) ?? []), poptin]);
  }
  const chosen = new Set<string>();
  for (const [test, members] of tests) {
    const score = (poptin: Poptin) =>
      visitorId ? weight(`${visitorId}:${poptin.poptin_id}`) : poptin.poptin_id === test ? 1 : 0;
    // Ties (no visitor id and the first pop-up paused) go to the lowest id, whatever the row order.
    const [best] = [...members].sort((a, b) => score(b) - score(a) || a.poptin_id.localeCompare(b.poptin_id));
    chosen.add(best!.poptin_id);
  }
  return poptins.filter((poptin) => !abTestOf(poptin.record) || chosen.has(poptin.poptin_id));
}

/**
 * The pop-ups the browser's converted values name: those signed for this client and not expired.
 * Each value costs one HMAC whatever it holds, and nothing here reads the leads, so the answer and
 * its time say nothing about any address or visitor.
 */
function convertedPoptins(ctx: Context, clientId: string, values: readonly string[]): Set<string> {
  const poptinIds = new Set<string>();
  for (const value of values) {
    const verified = ctx.signer.verify(value, 'converted', clientId);
    if (verified.ok) poptinIds.add(verified.claims.poptin);
  }
  return poptinIds;
}

/** A refused preview: the display call says why beside the normal pop-ups; the other calls answer 400. */
const PREVIEW_REFUSED = {
  invalid: 'preview link not signed for this pop-up: ask the owner API for a preview link',
  expired: 'preview link expired: ask the owner API for a new one',
} as const;

const badPreview = (reason: keyof typeof PREVIEW_REFUSED) =>
  new HttpError(400, PREVIEW_REFUSED[reason], { code: API_ERROR_CODE.BAD_PREVIEW });

/** The preview claims of `token` for this pop-up, or throws 400 `bad_preview`. */
function requirePreview(ctx: Context, poptin: Poptin, token: string): Claims {
  const verified = ctx.signer.verify(token, 'preview', poptin.client_id);
  if (!verified.ok) throw badPreview(verified.reason);
  if (verified.claims.poptin !== poptin.poptin_id) throw badPreview('invalid');
  return verified.claims;
}

/** The client's pop-ups for this visitor: active, its A/B variant, minus those it converted on. */
function visitorPoptins(ctx: Context, client: ClientRow, body: DisplayRequest): PoptinRecord[] {
  const cookies = body.cookies ?? {};
  const converted = convertedPoptins(ctx, client.id, body.converted ?? []);
  return abVariants(ctx.store.activePoptins(client.id), given(body.visitor_id))
    .filter((poptin) => {
      if (poptin.record.stop_showing_to_converted_users !== true) return true;
      if (Object.prototype.hasOwnProperty.call(cookies, STORAGE_KEY.CONVERSION_PREFIX + poptin.poptin_id)) return false;
      return !converted.has(poptin.poptin_id);
    })
    .map((poptin) => poptin.record);
}

/** POST /api/display/{clientId}: the client's pop-ups for this page view. */
async function display(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, displayRequestSchema);
  const client = requireClient(ctx, ctx.params.clientId!);
  const refused = refusal(ctx, client);
  if (refused) return { body: refused };
  let poptins: PoptinRecord[] | null = null;
  let preview: PreviewAnswer | undefined;
  const token = given(body.preview_token);
  if (token !== null) {
    // The owner's signed link shows its one pop-up, active or not, converted or not; anything else
    // previews nothing and the page gets its normal pop-ups.
    const verified = ctx.signer.verify(token, 'preview', client.id);
    const poptin = verified.ok ? ctx.store.poptin(verified.claims.poptin) : undefined;
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
    poptins: poptins ?? visitorPoptins(ctx, client, body),
    country: DISPLAY_DEFAULTS.COUNTRY,
    cc: DISPLAY_DEFAULTS.CC,
    lang: DISPLAY_DEFAULTS.LANG,
    if_freemium: false,
    ip: remoteAddress(ctx.req),
    wix_cart_details: null,
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
  const poptin = requirePoptin(ctx, ctx.params.poptin_id!);
  requireOwner(ctx, poptin, body.client_id);
  // A preview counts no view: the owner looking at it is not a visitor.
  if (body.preview_token !== undefined) {
    requirePreview(ctx, poptin, body.preview_token);
    return { body: { poptin_view_id: null } };
  }
  if (!poptin.active) throw inactiveError();
  ctx.limitClient(poptin.client_id);
  const address = remoteAddress(ctx.req);
  const time = ctx.now();
  const outcome = ctx.store.recordView(
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
  const poptin = requirePoptin(ctx, body.poptin_id);
  if (poptin.record.viewer_id !== ctx.params.viewer_id) throw unknownParamError('viewer_id');
  // Optional here: a kite-poptin without a client id sends ''; the lead is stored under the pop-up's own client.
  const clientId = given(body.client_id);
  if (clientId !== null) requireOwner(ctx, poptin, clientId);
  ctx.limitClient(poptin.client_id);
  const { preview_token: previewToken, ...fields } = body;
  const preview = previewToken === undefined ? null : requirePreview(ctx, poptin, previewToken);
  // A preview's lead is answered as taken, so the owner sees the whole flow, but kept only when the link says so.
  if (preview !== null && preview.storeLeads !== true) {
    return { body: { success: true, conversion_id: null, integration: { conversion_code: '' } } };
  }
  const outcome = ctx.store.saveConversion({
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
  const poptin = requirePoptin(ctx, ctx.params.poptin_id!);
  requireOwner(ctx, poptin, body.client_id);
  ctx.limitClient(poptin.client_id);
  ctx.store.insertClose({
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
function click(ctx: Context): Reply {
  const poptin = requirePoptin(ctx, ctx.params.poptin_id!);
  if (!poptin.active) throw unknownParamError('poptin_id');
  const refused = refusal(ctx, requireClient(ctx, poptin.client_id));
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
  const client = requireClient(ctx, ctx.params.clientId!);
  const refused = refusal(ctx, client);
  if (refused) return { body: refused };
  const poptin = ctx.store.poptin(ctx.params.poptin_id!);
  if (!poptin || poptin.client_id !== client.id || !poptin.active) throw unknownParamError('poptin_id');
  const test = abTestOf(poptin.record);
  const record = test
    ? abVariants(ctx.store.activePoptins(client.id), given(body.visitor_id)).find((other) => abTestOf(other.record) === test)?.record ?? poptin.record
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
  const client = requireClient(ctx, ctx.params.client_id!);
  const poptin = ctx.store.poptin(body.poptin_id);
  if (!poptin || poptin.client_id !== client.id) throw unknownParamError('poptin_id');
  ctx.limitClient(client.id);
  ctx.store.insertActivity({
    client_id: client.id,
    kind: 'conversion_activity',
    poptin_id: poptin.poptin_id,
    activity: body.activity,
    email: given(body.email),
    url_host: body.url_host,
    store_integration: given(body.store_integration),
    store_integration_customer_id: given(body.store_integration_customer_id),
  });
  return { body: { success: true } };
}

/** POST /api/display/total-website-session/{client_id} */
async function websiteSession(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, websiteSessionRequestSchema);
  const client = requireClient(ctx, ctx.params.client_id!);
  ctx.limitClient(client.id);
  ctx.store.insertActivity({
    client_id: client.id,
    kind: 'website_session',
    poptin_id: null,
    activity: null,
    email: given(body.email),
    url_host: body.url_host,
    store_integration: given(body.store_integration),
    store_integration_customer_id: given(body.store_integration_customer_id),
  });
  return { body: { success: true } };
}

/** Shopify-style product JSON (widget spec section 3 "Product recommendation settings"). */
const shopifyProduct = (product: CatalogueProduct) => ({
  id: product.product_id,
  title: product.title,
  handle: product.handle,
  body_html: `<p>${product.description}</p>`,
  image: { src: product.image },
  variants: product.variants.map((variant) => ({
    id: variant.variant_id,
    title: variant.title,
    inventory_quantity: variant.inventory_quantity,
    price: money(variant.price),
    compare_at_price: variant.compare_at_price === null ? null : money(variant.compare_at_price),
    presentment_prices: [
      {
        price: { amount: money(variant.price), currency_code: CURRENCY },
        compare_at_price: variant.compare_at_price === null ? null : { amount: money(variant.compare_at_price), currency_code: CURRENCY },
      },
    ],
  })),
});

/** Wix-style product JSON (same section). Prices in currency units. */
const wixProduct = (product: CatalogueProduct) => {
  const first = product.variants[0]!;
  const quantity = product.variants.reduce((sum, v) => sum + v.inventory_quantity, 0);
  const units = (cents: number) => cents / 100;
  return {
    id: String(product.product_id),
    name: product.title,
    description: `<p>${product.description}</p>`,
    imageUrl: product.image,
    productUrl: `/products/${product.handle}`,
    visible: true,
    inStock: quantity > 0,
    hasVariants: product.variants.length > 1,
    variants: product.variants.map((variant) => ({
      id: String(variant.variant_id),
      name: variant.title,
      imageUrl: product.image,
      quantity: variant.inventory_quantity,
      price: units(variant.compare_at_price ?? variant.price),
      discountedPrice: units(variant.price),
      currency: CURRENCY,
    })),
    quantity,
    price: units(first.compare_at_price ?? first.price),
    discountedPrice: units(first.price),
    currency: CURRENCY,
  };
};

/** The catalogue products a recommendation asks for. */
function recommend(ctx: Context, category: string | undefined, manual: string | (string | number)[] | undefined): CatalogueProduct[] {
  const ids = (list: (string | number)[]) =>
    list
      .map((id) => Number(String(id).trim()))
      .filter((id) => Number.isInteger(id))
      .map(findProduct)
      .filter((p): p is CatalogueProduct => p !== undefined);
  if (category === 'manual' || category === 'last_visited') {
    const list = manual === undefined ? [] : typeof manual === 'string' ? manual.split(',') : manual;
    return [...new Set(ids(list))];
  }
  if (category === 'product_in_cart') {
    const token = parseCookies(ctx.req.headers.cookie).get(SERVER.CART_COOKIE);
    const lines = token ? ctx.store.cartLines(token) : [];
    return [...new Set(ids(lines.map((line) => line.variant_id)))];
  }
  return [...CATALOGUE];
}

function productRecommendation(platform: 'shopify' | 'wix') {
  return async (ctx: Context): Promise<Reply> => {
    const body = await readValid(ctx.req, productRecommendationRequestSchema, ['form', 'json']);
    requirePoptin(ctx, ctx.params.poptin_id!);
    const products = recommend(ctx, body.category, body.manual_products).slice(0, body.count ?? CATALOGUE.length);
    return {
      body: {
        success: true,
        currency: CURRENCY,
        data: { products: products.map((p) => (platform === 'shopify' ? shopifyProduct(p) : wixProduct(p))) },
      },
    };
  };
}

/** POST /api/display/wix/save-ordered-products: browse-abandonment products. */
async function saveOrderedProducts(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, saveOrderedProductsRequestSchema);
  const client = requireClient(ctx, body.client_id);
  ctx.limitClient(client.id);
  ctx.store.saveOrderedProducts(
    body.products.map((product) => ({
      client_id: client.id,
      customer_id: given(body.customer_id),
      product_id: String(product.product_id),
      product_name: given(product.product_name),
      category: given(product.category),
      source_table: given(body.source_table),
    })),
  );
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
  const gzip = acceptsGzip(ctx.req.headers['accept-encoding']);
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
  const client = requireClient(ctx, ctx.params.clientId!);
  ctx.limitClient(client.id);
  ctx.store.insertLimitLog({ client_id: client.id, status: body.status, setting_id: given(body.id) });
  return { body: { success: true } };
}

export const displayRoutes: Route[] = [
  { method: 'POST', path: '/api/display/viewed/:poptin_id', handler: viewed, cors: true, rateLimited: true },
  { method: 'POST', path: '/api/display/conversion/:viewer_id', handler: conversion, cors: true, rateLimited: true },
  { method: 'POST', path: '/api/display/closed/:poptin_id', handler: closed, cors: true, rateLimited: true },
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
