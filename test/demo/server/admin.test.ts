/** Owner endpoints: bearer auth, leads, stats, pop-up records. */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, DEMO_CLIENT_ID, SERVER } from '../../../demo/server/constants.ts';
import { createStore } from '../../../demo/server/store.ts';
import { adminHeaders, call, conversionForm, CONVERTING, displayBody, harnessPerSuite, INACTIVE, PLAIN, postForm, postJson } from './helpers.ts';

/** The admin throttle's clock (hygiene.test.ts tests the throttle itself). */
let clock = 0;
const h = harnessPerSuite(undefined, { now: () => clock });

const put = (id: string, body: unknown, headers: Record<string, string> = adminHeaders()) =>
  call(h.base, `/api/admin/poptins/${id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('admin auth', () => {
  // Each test's wrong tokens count in a throttle window of their own.
  afterEach(() => {
    clock += ADMIN.GUESS_WINDOW_MS;
  });
  const paths = ['/api/admin/leads', '/api/admin/stats', '/api/admin/poptins', `/api/admin/poptins/${PLAIN.poptin_id}`, '/api/admin/nothing-here'];
  for (const path of paths) {
    test(`${path}: 401 without a token, with a wrong one, or a malformed header`, async () => {
      const none = await call(h.base, path);
      assert.equal(none.status, 401);
      assert.match(none.json.error, /^missing bearer token/);
      assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer/);
      const wrong = await call(h.base, path, { headers: adminHeaders('wrong-token') });
      assert.equal(wrong.status, 401);
      assert.equal(wrong.json.error, 'wrong admin token');
      const prefix = await call(h.base, path, { headers: adminHeaders('test-admin-token') });
      assert.equal(prefix.status, 401, 'a prefix of the token is not the token');
      const basic = await call(h.base, path, { headers: { Authorization: 'Basic dXNlcjpwYXNz' } });
      assert.equal(basic.status, 401);
    });
  }

  test('PUT without a token changes nothing', async () => {
    const res = await put(PLAIN.poptin_id, { active: false }, {});
    assert.equal(res.status, 401);
    const shown = await postJson(h.base, '/api/display/demo-client', displayBody());
    assert.ok(shown.json.poptins.some((p: { poptin_id: string }) => p.poptin_id === PLAIN.poptin_id));
  });

  test('admin endpoints send no CORS header', async () => {
    const res = await call(h.base, '/api/admin/stats', { headers: adminHeaders() });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), null);
  });
});

describe('GET /api/admin/leads and /stats', () => {
  test('leads are newest first, filterable by poptin_id; stats count views, conversions, closes', async () => {
    const empty = await call(h.base, '/api/admin/leads', { headers: adminHeaders() });
    assert.deepEqual(empty.json, { leads: [], next_cursor: null });

    for (const key of ['key-lead-00001', 'key-lead-00002']) {
      const res = await postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, key, { name: key }));
      assert.equal(res.status, 200);
    }
    await postForm(h.base, `/api/display/conversion/${CONVERTING.viewer_id}`, conversionForm(CONVERTING, 'key-lead-00003'));
    const view = { viewer_id: 'v', client_id: 'demo-client', type: 'mobile', url: 'u' };
    // Four viewers: a view counts once per viewer (visitor id) per pop-up per period.
    for (let i = 0; i < 4; i += 1) await postJson(h.base, `/api/display/viewed/${PLAIN.poptin_id}`, { ...view, visitor_id: `visitor-${i}` });
    await postJson(h.base, `/api/display/closed/${PLAIN.poptin_id}`, { client_id: 'demo-client', url: 'u' });

    const all = await call(h.base, '/api/admin/leads', { headers: adminHeaders() });
    assert.equal(all.status, 200);
    assert.deepEqual(all.json.leads.map((l: { fields: { conversion_key: string } }) => l.fields.conversion_key), ['key-lead-00003', 'key-lead-00002', 'key-lead-00001']);
    const lead = all.json.leads[1];
    for (const key of ['conversion_id', 'poptin_id', 'client_id', 'email', 'name', 'phone', 'fields', 'new_extra_fields', 'created_at']) {
      assert.ok(key in lead, `lead has ${key}`);
    }
    assert.equal(lead.name, 'key-lead-00002');
    assert.deepEqual(lead.new_extra_fields, []);
    assert.ok(!Number.isNaN(Date.parse(lead.created_at)));

    const filtered = await call(h.base, `/api/admin/leads?poptin_id=${PLAIN.poptin_id}`, { headers: adminHeaders() });
    assert.equal(filtered.json.leads.length, 2);
    const limited = await call(h.base, '/api/admin/leads?limit=1', { headers: adminHeaders() });
    assert.equal(limited.json.leads.length, 1);
    const bad = await call(h.base, '/api/admin/leads?limit=lots', { headers: adminHeaders() });
    assert.equal(bad.status, 400);
    assert.match(bad.json.error, /^limit: /);

    const stats = await call(h.base, '/api/admin/stats', { headers: adminHeaders() });
    assert.equal(stats.status, 200);
    const plain = stats.json.stats.find((s: { poptin_id: string }) => s.poptin_id === PLAIN.poptin_id);
    assert.deepEqual(plain, {
      poptin_id: PLAIN.poptin_id,
      client_id: 'demo-client',
      poptin_name: PLAIN.poptin_name,
      active: true,
      views: 4,
      conversions: 2,
      closes: 1,
      conversion_rate: 0.5,
    });
    const inactive = stats.json.stats.find((s: { poptin_id: string }) => s.poptin_id === INACTIVE.poptin_id);
    assert.equal(inactive.conversion_rate, 0, 'no views: rate 0, not NaN');
    assert.equal(inactive.active, false);
  });
});

describe('GET /api/admin/leads pages through every lead', () => {
  /** Leads saved through the server's own store (the visitor endpoints' rate limits would slow this many down). */
  async function saveLeads(count: number, poptinIds: readonly string[]): Promise<string[]> {
    const store = createStore(h.server.db);
    const keys: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const poptinId = poptinIds[i % poptinIds.length]!;
      const key = `key-page-${String(i).padStart(6, '0')}`;
      await store.saveConversion({
        conversion_key: key, poptin_id: poptinId, client_id: DEMO_CLIENT_ID, viewer_id: `viewer-${poptinId}`, visitor_id: null,
        poptin_view_id: null, email: `lead${i}@example.com`, name: null, phone: null, url: null, fields: { conversion_key: key },
        new_extra_fields: [], ip: '127.0.0.1',
      }, true);
      keys.push(key);
    }
    return keys;
  }

  /** Every page from the first, following next_cursor; the keys in the order the pages gave them. */
  async function walk(query: string): Promise<{ keys: string[]; pages: number[] }> {
    const keys: string[] = [];
    const pages: number[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/admin/leads?${query}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
      const res = await call(h.base, path, { headers: adminHeaders() });
      assert.equal(res.status, 200, path);
      pages.push(res.json.leads.length);
      keys.push(...res.json.leads.map((lead: { fields: { conversion_key: string } }) => lead.fields.conversion_key));
      assert.ok('next_cursor' in res.json, 'the answer says where the next page starts');
      cursor = res.json.next_cursor;
    } while (cursor !== null);
    return { keys, pages };
  }

  test(`more than ${SERVER.LEADS_MAX} leads: every one exactly once, newest first, with or without a limit or a filter`, async () => {
    const existing = (await walk('limit=1')).keys;
    const extra = 7;
    const saved = await saveLeads(SERVER.LEADS_MAX + extra, [PLAIN.poptin_id, CONVERTING.poptin_id]);
    const newestFirst = [...saved].reverse();

    const all = await walk('');
    assert.deepEqual(all.pages, [SERVER.LEADS_MAX, extra + existing.length]);
    assert.deepEqual(all.keys, [...newestFirst, ...existing]);

    const small = 333;
    const byPages = await walk(`limit=${small}`);
    assert.deepEqual(byPages.keys, all.keys);
    assert.ok(byPages.pages.slice(0, -1).every((size) => size === small));

    const converting = await walk(`poptin_id=${CONVERTING.poptin_id}&limit=${small}`);
    const convertingKeys = new Set(saved.filter((_, i) => i % 2 === 1));
    assert.deepEqual(converting.keys.filter((key) => convertingKeys.has(key)), newestFirst.filter((key) => convertingKeys.has(key)));
    assert.equal(new Set(converting.keys).size, converting.keys.length, 'no lead twice');

    // The CSV export reads the same leads a page at a time: each once, newest first.
    const csv = await call(h.base, '/api/admin/leads.csv', { headers: adminHeaders() });
    const csvKeys = csv.text.split('\r\n').slice(1, -1).map((row) => /conversion_key"":""([\w-]+)/.exec(row)?.[1]);
    assert.deepEqual(csvKeys, all.keys);
  });

  const malformed = ['nonsense', 'bGVhZDow' /* lead:0 */, 'bGVhZDotMQ' /* lead:-1 */, Buffer.from('lead:1e3').toString('base64url'), '%%%', 'x'.repeat(SERVER.LEADS_CURSOR_MAX_CHARS + 1)];
  for (const cursor of malformed) {
    test(`a malformed cursor (${cursor.slice(0, 12)}) is 400 with the reason`, async () => {
      const res = await call(h.base, `/api/admin/leads?cursor=${encodeURIComponent(cursor)}`, { headers: adminHeaders() });
      assert.equal(res.status, 400);
      assert.match(res.json.error, /^cursor: /);
    });
  }
});

describe('/api/admin/poptins', () => {
  test('GET answers the record and its state', async () => {
    const res = await call(h.base, `/api/admin/poptins/${PLAIN.poptin_id}`, { headers: adminHeaders() });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.record, PLAIN);
    assert.equal(res.json.active, true);
    assert.equal(res.json.client_id, 'demo-client');
    assert.equal((await call(h.base, '/api/admin/poptins/nosuchpoptin1', { headers: adminHeaders() })).status, 404);
    const list = await call(h.base, '/api/admin/poptins', { headers: adminHeaders() });
    assert.deepEqual(list.json.poptins.map((p: { poptin_id: string }) => p.poptin_id), [CONVERTING.poptin_id, PLAIN.poptin_id, INACTIVE.poptin_id]);
  });

  test('PUT active:false hides the pop-up from the display call; active:true brings it back', async () => {
    const off = await put(PLAIN.poptin_id, { active: false });
    assert.equal(off.status, 200);
    assert.equal(off.json.poptin.active, false);
    let shown = await postJson(h.base, '/api/display/demo-client', displayBody());
    assert.ok(!shown.json.poptins.some((p: { poptin_id: string }) => p.poptin_id === PLAIN.poptin_id));
    await put(PLAIN.poptin_id, { active: true });
    shown = await postJson(h.base, '/api/display/demo-client', displayBody());
    assert.ok(shown.json.poptins.some((p: { poptin_id: string }) => p.poptin_id === PLAIN.poptin_id));
  });

  test('PUT record replaces the record the display call serves', async () => {
    const record = { ...PLAIN, poptin_name: 'Renamed', design: { blocks: [{ type: 'title', text: 'New' }] } };
    const res = await put(PLAIN.poptin_id, { record });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.poptin.record, record);
    const shown = await postJson(h.base, '/api/display/demo-client', displayBody());
    assert.deepEqual(shown.json.poptins.find((p: { poptin_id: string }) => p.poptin_id === PLAIN.poptin_id), record);
  });

  test('PUT a new id with a record creates it (201)', async () => {
    const record = { ...PLAIN, poptin_id: 'newpoptin0001', viewer_id: 'viewer-new' };
    const res = await put('newpoptin0001', { record, active: false });
    assert.equal(res.status, 201);
    assert.equal(res.json.poptin.active, false);
    assert.equal(res.json.poptin.client_id, 'demo-client');
    assert.equal((await put('another00001', { active: true })).status, 404, 'nothing to create from');
    assert.equal((await put('another000002', { record: { ...record, poptin_id: 'another000002' }, client_id: 'nobody' })).status, 404);
  });

  const invalid: Array<[string, unknown, RegExp]> = [
    ['an empty body', {}, /^body: give record, active or both$/],
    ['a mismatched poptin_id', { record: { ...PLAIN, poptin_id: 'otherpoptin01' } }, /^record\.poptin_id: must equal/],
    ['a record without poptin_type', { record: { ...PLAIN, poptin_type: undefined } }, /^record\.poptin_type: is required$/],
    ['a record with a non-object design', { record: { ...PLAIN, design: 'big' } }, /^record\.design: expected an object$/],
    ['active of the wrong type', { active: 'yes' }, /^active: expected a boolean$/],
    ['an unknown field', { actve: true }, /^actve: unknown field$/],
    ['an array body', [], /^body: expected an object$/],
    ...[
      ['background_color', 'url(//tracker.example/pixel.png)'],
      ['text_color', 'expression(alert(1))'],
      ['button_color', 'red;background:url(x)'],
      ['button_text_color', 'red}body{display:none'],
      ['background_color', 'notacolour'],
    ].map(([name, value]): [string, unknown, RegExp] => [
      `a ${name} that is not a colour (${value})`,
      { record: { ...PLAIN, design: { ...PLAIN.design, [name!]: value } } },
      new RegExp(`^record\\.design\\.${name}: is not a colour`),
    ]),
  ];
  for (const [name, body, error] of invalid) {
    test(`PUT refuses ${name} (400)`, async () => {
      const res = await put(PLAIN.poptin_id, body);
      assert.equal(res.status, 400);
      assert.match(res.json.error, error);
    });
  }
});

describe('/api/admin/clients', () => {
  const putClient = (id: string, body: unknown, headers: Record<string, string> = adminHeaders()) =>
    call(h.base, `/api/admin/clients/${id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

  test('a new site owner\'s client is created (201), once; its pop-ups and leads are its own', async () => {
    const created = await putClient('my-site', { name: 'My site' });
    assert.equal(created.status, 201);
    assert.deepEqual(created.json, { success: true, created: true, client: { client_id: 'my-site', name: 'My site' } });
    const again = await putClient('my-site', { name: 'Another name' });
    assert.equal(again.status, 200);
    assert.deepEqual(again.json.client, { client_id: 'my-site', name: 'My site' }, 'an existing client is left as it is');

    const record = { ...PLAIN, poptin_id: 'mysitepopup01', viewer_id: 'viewer-mine' };
    const poptin = await put('mysitepopup01', { record, client_id: 'my-site' });
    assert.equal(poptin.status, 201);
    assert.equal(poptin.json.poptin.client_id, 'my-site');
    const mine = await postJson(h.base, '/api/display/my-site', displayBody());
    assert.deepEqual(mine.json.poptins.map((p: { poptin_id: string }) => p.poptin_id), ['mysitepopup01']);
    const demo = await postJson(h.base, `/api/display/${DEMO_CLIENT_ID}`, displayBody());
    assert.ok(!demo.json.poptins.some((p: { poptin_id: string }) => p.poptin_id === 'mysitepopup01'), 'not in another client\'s answer');
  });

  test('refuses a bad id, a missing or empty name, other fields and a request without the token', async () => {
    const malformed = await putClient('no spaces', { name: 'x' });
    assert.equal(malformed.status, 404, 'an id the widget could not carry names nothing');
    assert.match((await putClient('ok-id', {})).json.error, /^name: is required$/);
    assert.match((await putClient('ok-id', { name: '' })).json.error, /^name:/);
    assert.match((await putClient('ok-id', { name: 'x', plan: 'pro' })).json.error, /^plan: unknown field$/);
    assert.equal((await putClient('ok-id', { name: 'x' }, {})).status, 401);
    assert.equal((await putClient('ok-id', { name: 'x' })).status, 201, 'nothing above created it');
  });
});
