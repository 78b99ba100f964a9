/**
 * No switching a client's pop-ups off from outside (issue 13 item 3): GET endpoints write nothing,
 * leads for an unknown client or an inactive pop-up are refused with a typed code, views count once
 * per viewer per pop-up per period, and visitor writes are rate limited per address and per client.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { API_ERROR_CODE } from '../../../shared/api/error-codes.ts';
import { UPGRADE } from '../../../shared/constants/owner-limits.ts';
import { SECOND_MS } from '../../../shared/constants/time.ts';
import { RATE_LIMIT, VIEW_COUNT } from '../../../demo/server/constants.ts';
import { databaseRateLimiter, networkOf } from '../../../demo/server/rate-limit.ts';
import { adminHeaders, call, conversionForm, countOf, displayBody, fixtureRecord, harnessPerSuite, INACTIVE, PLAIN, postForm, postJson, tableNames } from './helpers.ts';

/** The server's clock: tests move it by hand. */
const clock = { time: Date.parse('2030-01-01T00:00:00Z') };
/** Small limits, so a test reaches them in a few calls. */
const LIMITS = { perAddress: { max: 8, windowMs: RATE_LIMIT.WINDOW_MS }, perClient: { max: 5, windowMs: RATE_LIMIT.WINDOW_MS } };

const h = harnessPerSuite();

/** A harness for the enclosing describe whose server has the test clock and the given rate limits. */
const limitedPerSuite = (rateLimits: typeof LIMITS | Record<string, never>) => harnessPerSuite(undefined, { rateLimits, now: () => clock.time });

/** Rows of every table, by name. */
async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await tableNames(h.server.db)) counts[name] = await countOf(h.server, `SELECT count(*) AS n FROM "${name}"`);
  return counts;
}

describe('GET endpoints have no side effects', () => {
  test('/cart.js, limitLogs, click, the ad bait and an email-domain shard leave every table as it was', async () => {
    const before = await rowCounts();
    const gets = [
      '/cart.js',
      '/api/display/limitLogs/demo-client?status=click&id=upgrade-demo',
      `/api/display/click/${PLAIN.poptin_id}`,
      '/api/display/ads/adsbygoogle.js',
      '/api/display/email-domains/00',
    ];
    for (const path of gets) {
      const res = await call(h.base, path);
      assert.ok(res.status < 500, `${path}: ${res.status}`);
    }
    assert.deepEqual(await rowCounts(), before);
  });

  test('limitLogs is a POST (form, as the widget sends it): one row per call; the old GET is 405 with Allow', async () => {
    const logs = () => h.server.db.all('SELECT client_id, status, setting_id FROM limit_logs ORDER BY id');
    const before = (await logs()).length;
    const res = await postForm(h.base, '/api/display/limitLogs/demo-client', { status: 'click', id: 'upgrade-demo' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { success: true });
    assert.deepEqual((await logs()).slice(before), [{ client_id: 'demo-client', status: 'click', setting_id: 'upgrade-demo' }]);
    const old = await call(h.base, '/api/display/limitLogs/demo-client?status=click');
    assert.equal(old.status, 405);
    assert.equal(old.headers.get('allow'), 'POST, OPTIONS');
    assert.equal(old.headers.get('access-control-allow-origin'), '*');
    assert.equal((await logs()).length, before + 1);
    const unknown = await postForm(h.base, '/api/display/limitLogs/no-such-client', { status: 'click' });
    assert.deepEqual([unknown.status, unknown.json.code], [404, API_ERROR_CODE.UNKNOWN_CLIENT]);
    const noStatus = await postForm(h.base, '/api/display/limitLogs/demo-client', {});
    assert.deepEqual(noStatus.json, { error: 'status: is required', code: API_ERROR_CODE.INVALID_REQUEST });
  });
});

describe('leads and views the API refuses for good, with a typed code', () => {
  const leads = () => countOf(h.server, 'SELECT count(*) AS n FROM conversions');
  const views = () => countOf(h.server, 'SELECT count(*) AS n FROM views');
  const viewBody = (clientId: string) => ({ viewer_id: INACTIVE.viewer_id, client_id: clientId, type: 'desktop', url: 'https://shop.example/' });

  test('a lead for an inactive pop-up is 403 inactive_poptin and stores nothing', async () => {
    const before = await leads();
    for (const clientId of ['demo-client', '']) {
      const res = await postForm(h.base, `/api/display/conversion/${INACTIVE.viewer_id}`, conversionForm(INACTIVE, `inactive-lead-${clientId || 'none'}`, { client_id: clientId }));
      assert.equal(res.status, 403, res.text);
      assert.deepEqual(res.json, { error: 'poptin is inactive: it takes no leads or views', code: API_ERROR_CODE.INACTIVE_POPTIN });
    }
    assert.equal(await leads(), before);
  });

  test('a view of an inactive pop-up is 403 inactive_poptin and counts nothing', async () => {
    const before = await views();
    const res = await postJson(h.base, `/api/display/viewed/${INACTIVE.poptin_id}`, viewBody('demo-client'));
    assert.deepEqual([res.status, res.json.code], [403, API_ERROR_CODE.INACTIVE_POPTIN]);
    assert.equal(await views(), before);
  });

  test('a lead naming an unknown client or pop-up is 404 with its code', async () => {
    const before = await leads();
    const client = await postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, 'unknown-client-lead', { client_id: 'no-such-client' }));
    assert.deepEqual([client.status, client.json.code], [404, API_ERROR_CODE.UNKNOWN_CLIENT]);
    const poptin = await postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, 'unknown-poptin-lead', { poptin_id: 'nosuchpoptin1' }));
    assert.deepEqual([poptin.status, poptin.json.code], [404, API_ERROR_CODE.UNKNOWN_POPTIN]);
    assert.equal(await leads(), before);
  });

  test('a lead stored before its pop-up was switched off is answered again when retried', async () => {
    const record = fixtureRecord('abusepop00001');
    const put = (body: unknown) => call(h.base, `/api/admin/poptins/${record.poptin_id}`, { method: 'PUT', headers: { ...adminHeaders(), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal((await put({ record })).status, 201);
    const first = await postForm(h.base, `/api/display/conversion/${record.viewer_id}`, conversionForm(record, 'stored-then-off'));
    assert.equal(first.status, 200);
    assert.equal((await put({ active: false })).status, 200);
    const retry = await postForm(h.base, `/api/display/conversion/${record.viewer_id}`, conversionForm(record, 'stored-then-off'));
    assert.deepEqual([retry.status, retry.json.conversion_id], [200, first.json.conversion_id]);
    const fresh = await postForm(h.base, `/api/display/conversion/${record.viewer_id}`, conversionForm(record, 'new-after-off'));
    assert.deepEqual([fresh.status, fresh.json.code], [403, API_ERROR_CODE.INACTIVE_POPTIN]);
  });
});

describe('forged viewed calls cannot use up max_views', () => {
  const v = limitedPerSuite({});
  const views = () => countOf(v.server, "SELECT count(*) AS n FROM views WHERE client_id = 'demo-client'");
  const view = (extra: Record<string, unknown> = {}) =>
    postJson(v.base, `/api/display/viewed/${PLAIN.poptin_id}`, { viewer_id: PLAIN.viewer_id, client_id: 'demo-client', type: 'desktop', url: 'https://shop.example/', ...extra });

  test('one viewer counts once per pop-up per period: the same visitor id, or the same network without one', async () => {
    const before = await views();
    const first = await view({ visitor_id: 'visitor-once' });
    assert.deepEqual(first.json, { poptin_view_id: first.json.poptin_view_id, counted: true });
    for (let i = 0; i < 5; i += 1) assert.deepEqual((await view({ visitor_id: 'visitor-once' })).json, { poptin_view_id: first.json.poptin_view_id, counted: false });
    const anonymous = await view();
    assert.equal(anonymous.json.counted, true);
    for (let i = 0; i < 5; i += 1) assert.equal((await view()).json.counted, false);
    assert.equal(await views(), before + 2);

    clock.time += VIEW_COUNT.PERIOD_MS - 1;
    assert.equal((await view({ visitor_id: 'visitor-once' })).json.counted, false, 'still within the period');
    clock.time += 1;
    const next = await view({ visitor_id: 'visitor-once' });
    assert.equal(next.json.counted, true, 'a period later the viewer counts again');
    assert.notEqual(next.json.poptin_view_id, first.json.poptin_view_id);
    assert.equal(await views(), before + 3);
  });

  test(`fresh visitor ids from one network count for at most ${VIEW_COUNT.VIEWERS_PER_NETWORK_MAX} viewers per pop-up per period`, async () => {
    clock.time += VIEW_COUNT.PERIOD_MS;
    const before = await views();
    const answers = [];
    for (let i = 0; i < VIEW_COUNT.VIEWERS_PER_NETWORK_MAX + 10; i += 1) answers.push((await view({ visitor_id: `forged-${i}` })).json);
    assert.equal(answers.filter((answer) => answer.counted).length, VIEW_COUNT.VIEWERS_PER_NETWORK_MAX);
    assert.deepEqual(answers.at(-1), { poptin_view_id: null, counted: false });
    assert.equal(await views(), before + VIEW_COUNT.VIEWERS_PER_NETWORK_MAX);
  });

  test('so a client with max_views keeps showing its pop-ups under a flood of forged views', async () => {
    clock.time += VIEW_COUNT.PERIOD_MS;
    const cap = await views() + VIEW_COUNT.VIEWERS_PER_NETWORK_MAX + 1;
    await v.server.db.run("UPDATE clients SET max_views = ? WHERE id = 'demo-client'", [cap]);
    for (let i = 0; i < VIEW_COUNT.VIEWERS_PER_NETWORK_MAX * 3; i += 1) await view({ visitor_id: `flood-${i}` });
    const display = await postJson(v.base, '/api/display/demo-client', displayBody());
    assert.equal(display.json.display, true, `still shown: ${await views()} counted views, cap ${cap}`);
    assert.notEqual(display.json.message, UPGRADE.MESSAGE_MAX_VIEWS);
  });

  test('an IPv6 address counts by its /64; IPv4 by itself', () => {
    assert.equal(networkOf('2001:db8:1:2:aaaa::1'), networkOf('2001:db8:1:2:ffff:1:2:3'));
    assert.notEqual(networkOf('2001:db8:1:2::1'), networkOf('2001:db8:1:3::1'));
    assert.equal(networkOf('::1'), '0:0:0:0::/64');
    assert.equal(networkOf('203.0.113.7'), '203.0.113.7');
  });
});

describe('visitor writes are rate limited per network and per client', () => {
  const r = limitedPerSuite(LIMITS);
  test('peek answers as take would and counts nothing (the admin throttle counts only wrong tokens)', async () => {
    let time = 0;
    // On the server's own database: another limiter there (another instance) counts the same keys.
    const limiter = databaseRateLimiter(r.server.db, () => time);
    const sharing = databaseRateLimiter(r.server.db, () => time);
    const limit = { max: 2, windowMs: RATE_LIMIT.WINDOW_MS };
    for (let i = 0; i < limit.max * 3; i += 1) assert.deepEqual(await limiter.peek('k', limit), { ok: true }, `peek ${i + 1}`);
    assert.deepEqual(await limiter.take('k', limit), { ok: true }, 'take 1');
    assert.deepEqual(await sharing.take('k', limit), { ok: true }, 'take 2, by the other instance');
    time = SECOND_MS;
    const refused = { ok: false, retryAfterMs: RATE_LIMIT.WINDOW_MS - SECOND_MS };
    assert.deepEqual(await limiter.peek('k', limit), refused);
    assert.deepEqual(await limiter.take('k', limit), refused);
    assert.deepEqual(await sharing.peek('k', limit), refused, 'the other instance refuses too');
    assert.deepEqual(await limiter.peek('other', limit), { ok: true });
    time = RATE_LIMIT.WINDOW_MS;
    assert.deepEqual(await limiter.peek('k', limit), { ok: true }, 'the window has ended');
  });

  /** Starts a fresh window, so each test counts from zero. */
  const nextWindow = () => {
    clock.time = (Math.floor(clock.time / RATE_LIMIT.WINDOW_MS) + 1) * RATE_LIMIT.WINDOW_MS;
  };

  /** Every visitor write, as a call that succeeds when not limited. */
  const WRITES: Array<[string, (i: number) => Promise<{ status: number; headers: Headers; json: any }>]> = [
    ['viewed', (i) => postJson(r.base, `/api/display/viewed/${PLAIN.poptin_id}`, { viewer_id: PLAIN.viewer_id, visitor_id: `rate-${i}`, client_id: 'demo-client', type: 'desktop', url: 'u' })],
    ['conversion', (i) => postForm(r.base, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, `rate-lead-${clock.time}-${i}`))],
    ['closed', () => postJson(r.base, `/api/display/closed/${PLAIN.poptin_id}`, { client_id: 'demo-client', url: 'u' })],
    ['conversion-activities', () => postJson(r.base, '/api/display/conversion-activities/demo-client', { poptin_id: PLAIN.poptin_id, activity: 'viewed', url_host: 'shop.example' })],
    ['total-website-session', () => postJson(r.base, '/api/display/total-website-session/demo-client', { url_host: 'shop.example' })],
    ['save-ordered-products', () => postJson(r.base, '/api/display/wix/save-ordered-products', { client_id: 'demo-client', products: [{ product_id: 1 }] })],
    ['limitLogs', () => postForm(r.base, '/api/display/limitLogs/demo-client', { status: 'click' })],
  ];
  /** Writes that name no client: limited per network only. */
  const SITE_WRITES: Array<[string, () => Promise<{ status: number; headers: Headers; json: any }>]> = [
    ['contact', () => postForm(r.base, '/contact', { ajax_request: 'true', message: 'hello' })],
    ['cart add', () => postJson(r.base, '/cart/add.js', { id: 41001 })],
    ['cart change', () => postJson(r.base, '/cart/change.js', { id: 41001, quantity: 1 })],
    ['cart clear', () => call(r.base, '/cart/clear.js', { method: 'POST' })],
  ];

  for (const [name, send] of WRITES) {
    test(`${name}: over the per-client limit is 429 rate_limited with Retry-After until the window ends, then taken`, async () => {
      nextWindow();
      for (let i = 0; i < LIMITS.perClient.max; i += 1) assert.ok((await send(i)).status < 300, `call ${i} taken`);
      clock.time += SECOND_MS / 2;
      const refused = await send(LIMITS.perClient.max);
      assert.equal(refused.status, 429);
      assert.equal(refused.json.code, API_ERROR_CODE.RATE_LIMITED);
      assert.match(refused.json.error, /for this client/);
      assert.equal(refused.headers.get('retry-after'), String(Math.ceil((RATE_LIMIT.WINDOW_MS - SECOND_MS / 2) / SECOND_MS)));
      assert.equal(refused.headers.get('access-control-allow-origin'), '*');
      assert.match(refused.headers.get('access-control-expose-headers') ?? '', /Retry-After/);
      clock.time += Number(refused.headers.get('retry-after')) * SECOND_MS;
      assert.ok((await send(LIMITS.perClient.max + 1)).status < 300, 'taken in the next window');
    });
  }

  for (const [name, send] of SITE_WRITES) {
    test(`${name}: over the per-network limit is 429 rate_limited with Retry-After`, async () => {
      nextWindow();
      for (let i = 0; i < LIMITS.perAddress.max; i += 1) assert.ok((await send()).status < 500);
      const refused = await send();
      assert.equal(refused.status, 429);
      assert.equal(refused.json.code, API_ERROR_CODE.RATE_LIMITED);
      assert.match(refused.json.error, /from this address/);
      assert.equal(refused.headers.get('retry-after'), String(RATE_LIMIT.WINDOW_MS / SECOND_MS));
    });
  }

  test('the per-network limit counts every write together, refused ones too; reads are not limited', async () => {
    nextWindow();
    for (let i = 0; i < LIMITS.perAddress.max; i += 1) await postJson(r.base, '/api/display/total-website-session/demo-client', {});
    const refused = await postJson(r.base, `/api/display/closed/${PLAIN.poptin_id}`, { client_id: 'demo-client', url: 'u' });
    assert.deepEqual([refused.status, refused.json.code], [429, API_ERROR_CODE.RATE_LIMITED]);
    assert.equal((await postJson(r.base, '/api/display/demo-client', displayBody())).status, 200);
    assert.equal((await call(r.base, '/cart.js')).status, 200);
  });
});
