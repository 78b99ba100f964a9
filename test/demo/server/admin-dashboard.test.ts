/**
 * What the owner dashboard (/admin) calls besides the bearer API: the session sign-in and sign-out,
 * the guard taking a session cookie (same-origin changes only), the leads search, the CSV export and
 * the views and conversions per day.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN } from '../../../demo/server/constants.ts';
import { SECOND_MS } from '../../../shared/constants/time.ts';
import { adminHeaders, ADMIN_TOKEN, call, conversionForm, harnessPerSuite, PLAIN, CONVERTING, postForm, postJson } from './helpers.ts';

/** The server's clock: session expiry and the guess throttle's windows. */
let clock = Date.parse('2026-03-10T12:00:00.000Z');
const h = harnessPerSuite(undefined, { now: () => clock });

const signIn = (token: string, headers: Record<string, string> = {}) => postJson(h.base, '/api/admin/session', { token }, headers);
/** The `name=value` of the answer's Set-Cookie, as a browser sends it back. */
const cookieOf = (setCookie: string | null) => (setCookie ?? '').split(';')[0]!;
const sameOrigin = () => ({ Origin: h.base });

describe('POST /api/admin/session', () => {
  test('the admin token is exchanged for an HttpOnly, SameSite=Strict session cookie that opens the owner API', async () => {
    const res = await signIn(ADMIN_TOKEN, sameOrigin());
    assert.equal(res.status, 201);
    const setCookie = res.headers.get('set-cookie') ?? '';
    const attributes = setCookie.split(';').map((part) => part.trim());
    assert.match(attributes[0]!, new RegExp(`^${ADMIN.SESSION_COOKIE}=[\\w-]{40,}$`));
    assert.ok(!attributes[0]!.includes(ADMIN_TOKEN), 'the cookie is a session id, not the token');
    for (const attribute of ['HttpOnly', 'SameSite=Strict', 'Path=/', `Max-Age=${ADMIN.SESSION_TTL_MS / SECOND_MS}`]) {
      assert.ok(attributes.includes(attribute), `${attribute} in ${setCookie}`);
    }
    assert.ok(!attributes.includes('Secure'), 'plain http: no Secure (the browser would drop the cookie)');
    const stats = await call(h.base, '/api/admin/stats', { headers: { Cookie: cookieOf(setCookie) } });
    assert.equal(stats.status, 200);
    assert.ok(Array.isArray(stats.json.stats));
    const state = await call(h.base, '/api/admin/session', { headers: { Cookie: cookieOf(setCookie) } });
    assert.deepEqual([state.status, state.json], [200, { signed_in: true }], 'the dashboard asks whether its session is live');
    const none = await call(h.base, '/api/admin/session');
    assert.deepEqual([none.status, none.json], [200, { signed_in: false }], 'asking needs no session, and is no error');
  });

  test('a wrong or missing token gets no cookie; a forged or absent cookie opens nothing', async () => {
    const wrong = await signIn('not-the-admin-token-0123456789abcdef');
    assert.equal(wrong.status, 401);
    assert.equal(wrong.json.error, 'wrong admin token');
    assert.equal(wrong.headers.get('set-cookie'), null);
    const empty = await postJson(h.base, '/api/admin/session', {});
    assert.equal(empty.status, 400);
    assert.match(empty.json.error, /^token: /);
    const forged = await call(h.base, '/api/admin/stats', { headers: { Cookie: `${ADMIN.SESSION_COOKIE}=made-up` } });
    assert.equal(forged.status, 401);
    const none = await call(h.base, '/api/admin/stats');
    assert.equal(none.status, 401);
    clock += ADMIN.GUESS_WINDOW_MS;
  });

  test('a sign-in from another origin is refused', async () => {
    const res = await signIn(ADMIN_TOKEN, { Origin: 'https://evil.example' });
    assert.equal(res.status, 403);
    assert.equal(res.headers.get('set-cookie'), null);
  });

  test(`wrong tokens sent to sign in count as guesses: after ${ADMIN.GUESSES_MAX}, even the right one is 429`, async () => {
    clock += ADMIN.GUESS_WINDOW_MS;
    for (let guess = 0; guess < ADMIN.GUESSES_MAX; guess += 1) {
      assert.equal((await signIn(`wrong-token-${guess}-0123456789abcdefghij`)).status, 401);
    }
    const right = await signIn(ADMIN_TOKEN);
    assert.equal(right.status, 429);
    assert.ok(Number(right.headers.get('retry-after')) > 0);
    clock += ADMIN.GUESS_WINDOW_MS;
    assert.equal((await signIn(ADMIN_TOKEN)).status, 201, 'the next window starts afresh');
  });
});

describe('a session cookie', () => {
  const put = (cookie: string, body: unknown, headers: Record<string, string>) =>
    call(h.base, `/api/admin/poptins/${PLAIN.poptin_id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers },
      body: JSON.stringify(body),
    });
  const isActive = async () => (await call(h.base, `/api/admin/poptins/${PLAIN.poptin_id}`, { headers: adminHeaders() })).json.active;

  test('changes something only from its own origin (Origin checked beside SameSite)', async () => {
    const cookie = cookieOf((await signIn(ADMIN_TOKEN)).headers.get('set-cookie'));
    const foreign = await put(cookie, { active: false }, { Origin: 'https://evil.example' });
    assert.equal(foreign.status, 403);
    assert.match(foreign.json.error, /cross-origin/);
    const missing = await put(cookie, { active: false }, {});
    assert.equal(missing.status, 403, 'a change without Origin is refused too');
    assert.equal(await isActive(), true, 'nothing changed');
    const own = await put(cookie, { active: false }, sameOrigin());
    assert.equal(own.status, 200);
    assert.equal(await isActive(), false);
    assert.equal((await put(cookie, { active: true }, sameOrigin())).status, 200);
  });

  test(`lasts ADMIN.SESSION_TTL_MS from sign-in`, async () => {
    const cookie = cookieOf((await signIn(ADMIN_TOKEN)).headers.get('set-cookie'));
    const stats = () => call(h.base, '/api/admin/stats', { headers: { Cookie: cookie } });
    clock += ADMIN.SESSION_TTL_MS - 1;
    assert.equal((await stats()).status, 200);
    clock += 1;
    assert.equal((await stats()).status, 401);
  });

  test('signing out ends the session on the server and clears the cookie', async () => {
    const cookie = cookieOf((await signIn(ADMIN_TOKEN)).headers.get('set-cookie'));
    const out = await call(h.base, '/api/admin/session', { method: 'DELETE', headers: { Cookie: cookie, ...sameOrigin() } });
    assert.equal(out.status, 200);
    assert.match(out.headers.get('set-cookie') ?? '', new RegExp(`^${ADMIN.SESSION_COOKIE}=;.*Max-Age=0`));
    assert.equal((await call(h.base, '/api/admin/stats', { headers: { Cookie: cookie } })).status, 401, 'the old cookie opens nothing');
    assert.equal((await call(h.base, '/api/admin/session', { headers: { Cookie: cookie } })).json.signed_in, false);
  });
});

describe('leads search, CSV export and views and conversions per day', () => {
  const leadsOf = async (query: string) =>
    (await call(h.base, `/api/admin/leads${query}`, { headers: adminHeaders() })).json.leads.map((lead: { email: string }) => lead.email);

  test('search finds the text in an email, name or phone, in any case; % and _ are plain characters', async () => {
    const leads = [
      { key: 'search-key-0001', email: 'ada.lovelace@example.com', name: 'Ada', phone: '+44 20 7946 0000' },
      { key: 'search-key-0002', email: 'grace@example.org', name: 'Grace Hopper', phone: '' },
      { key: 'search-key-0003', email: 'odd_100%@example.net', name: '=HYPERLINK("http://evil.example")', phone: '' },
    ];
    for (const lead of leads) {
      const { key, ...fields } = lead;
      assert.equal((await postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, key, fields))).status, 200);
    }
    assert.deepEqual(await leadsOf('?q=LOVELACE'), ['ada.lovelace@example.com']);
    assert.deepEqual(await leadsOf('?q=hopper'), ['grace@example.org']);
    assert.deepEqual(await leadsOf('?q=7946'), ['ada.lovelace@example.com']);
    assert.deepEqual(await leadsOf(`?q=${encodeURIComponent('_100%')}`), ['odd_100%@example.net']);
    assert.deepEqual(await leadsOf(`?q=${encodeURIComponent('%')}`), ['odd_100%@example.net'], '% matches only itself');
    assert.deepEqual(await leadsOf('?q=nobody'), []);
    assert.deepEqual(await leadsOf(`?q=example&poptin_id=${CONVERTING.poptin_id}`), []);
    const page = await call(h.base, '/api/admin/leads?q=example&limit=2', { headers: adminHeaders() });
    assert.equal(page.json.leads.length, 2);
    const rest = await call(h.base, `/api/admin/leads?q=example&limit=2&cursor=${page.json.next_cursor}`, { headers: adminHeaders() });
    assert.deepEqual(rest.json.leads.map((lead: { email: string }) => lead.email), ['ada.lovelace@example.com'], 'paging keeps the search');
    const tooLong = await call(h.base, `/api/admin/leads?q=${'x'.repeat(ADMIN.SEARCH_MAX_CHARS + 1)}`, { headers: adminHeaders() });
    assert.equal(tooLong.status, 400);
    assert.match(tooLong.json.error, /^q: /);
  });

  test('the CSV export quotes every cell and turns formulas into text', async () => {
    const res = await call(h.base, '/api/admin/leads.csv?q=example', { headers: adminHeaders() });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/csv; charset=utf-8/);
    assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="[\w-]+\.csv"$/);
    const rows = res.text.split('\r\n');
    assert.equal(rows.at(-1), '', 'every row ends with CRLF');
    assert.equal(rows[0], '"created_at","poptin_id","email","name","phone","url","fields","conversion_id"');
    assert.equal(rows.length, 1 + 3 + 1);
    const formula = rows.find((row) => row.includes('odd_100%'))!;
    assert.ok(formula.includes(`"'=HYPERLINK(""http://evil.example"")"`), `neutralised and quotes doubled: ${formula}`);
    const phone = rows.find((row) => row.includes('ada.lovelace'))!;
    assert.ok(phone.includes(`"'+44 20 7946 0000"`), 'a phone starting with + is text too');
    const one = await call(h.base, '/api/admin/leads.csv?q=grace', { headers: adminHeaders() });
    assert.equal(one.text.split('\r\n').length, 1 + 1 + 1);
    assert.equal((await call(h.base, '/api/admin/leads.csv')).status, 401);
    assert.equal((await call(h.base, '/api/admin/leads.csv?poptin_id=no%20such', { headers: adminHeaders() })).status, 400);
  });

  test('views and conversions per pop-up per day, a count for every day of the range', async () => {
    const day = (offset: number) => new Date(clock - offset * 24 * 60 * 60 * SECOND_MS).toISOString().slice(0, 10);
    const view = { viewer_id: 'v', client_id: 'demo-client', type: 'desktop', url: 'u' };
    for (let i = 0; i < 3; i += 1) await postJson(h.base, `/api/display/viewed/${CONVERTING.poptin_id}`, { ...view, visitor_id: `daily-${i}` });
    await postForm(h.base, `/api/display/conversion/${CONVERTING.viewer_id}`, conversionForm(CONVERTING, 'daily-key-0001'));
    // The lead's time is the database's own; set it two days back to see it land on its day.
    await h.server.db.run('UPDATE conversions SET created_at = ? WHERE conversion_key = ?', [`${day(2)}T08:00:00.000Z`, 'daily-key-0001']);
    const res = await call(h.base, '/api/admin/stats/daily?days=3', { headers: adminHeaders() });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.days, [day(2), day(1), day(0)]);
    const converting = res.json.poptins.find((row: { poptin_id: string }) => row.poptin_id === CONVERTING.poptin_id);
    assert.deepEqual(converting, { poptin_id: CONVERTING.poptin_id, poptin_name: CONVERTING.poptin_name, views: [0, 0, 3], conversions: [1, 0, 0] });
    const byDefault = await call(h.base, '/api/admin/stats/daily', { headers: adminHeaders() });
    assert.equal(byDefault.json.days.length, ADMIN.DAILY_DAYS_DEFAULT);
    for (const days of ['0', String(ADMIN.DAILY_DAYS_MAX + 1), 'week']) {
      const bad = await call(h.base, `/api/admin/stats/daily?days=${days}`, { headers: adminHeaders() });
      assert.equal(bad.status, 400, days);
      assert.match(bad.json.error, /^days: /);
    }
  });
});
