/** The visitor endpoints (widget spec section 7) against a real server and SQLite file. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { STORAGE_KEY } from '../../../shared/constants/widget.ts';
import { UPGRADE } from '../../../shared/constants/owner-limits.ts';
import { DISPLAY_DEFAULTS } from '../../../demo/server/constants.ts';
import { adminHeaders, call, conversionForm, CONVERTING, displayBody, harnessPerSuite, INACTIVE, PLAIN, postForm, postJson, countOf } from './helpers.ts';

const h = harnessPerSuite();

const ids = (answer: { json: { poptins: Array<{ poptin_id: string }> } }) => answer.json.poptins.map((p) => p.poptin_id);

describe('POST /api/display/{clientId}', () => {
  test('answers the active pop-ups with the spec fields', async () => {
    const res = await postJson(h.base, '/api/display/demo-client', displayBody());
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(ids(res), [CONVERTING.poptin_id, PLAIN.poptin_id]);
    assert.deepEqual(res.json.poptins[1], PLAIN);
    const { poptins: _poptins, ...rest } = res.json;
    assert.deepEqual(rest, {
      display: true,
      country: DISPLAY_DEFAULTS.COUNTRY,
      cc: DISPLAY_DEFAULTS.COUNTRY.toLowerCase(),
      lang: DISPLAY_DEFAULTS.LANG,
      if_freemium: false,
      ip: '127.0.0.1',
      wix_cart_details: null,
    });
  });

  test('takes every documented request field', async () => {
    const res = await postJson(
      h.base,
      '/api/display/demo-client',
      displayBody({
        referrer: 'https://search.example/',
        previous_url: 'https://shop.example/a',
        page_title: 'Shop',
        cookies: { session: 'x' },
        visited_pages: ['/a', '/b'],
        converted: [],
        visitor_id: 'visitor-a',
        cart: { total_price: 2900, item_count: 1 },
        store_integration: 'shopify',
      }),
    );
    assert.equal(res.status, 200);
    assert.equal(res.json.poptins.length, 2);
  });

  test('accepts null for optional fields and a pipe-separated visited_pages', async () => {
    const res = await postJson(h.base, '/api/display/demo-client', displayBody({ cart: null, referrer: null, visited_pages: '/a|/b' }));
    assert.equal(res.status, 200);
  });

  test('unknown client is 404', async () => {
    const res = await postJson(h.base, '/api/display/nobody', displayBody());
    assert.equal(res.status, 404);
    assert.deepEqual(res.json, { error: 'unknown client id', code: 'unknown_client' });
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
  });

  test('a restricted client gets not_allowed', async () => {
    const res = await postJson(h.base, '/api/display/demo-restricted', displayBody());
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { display: 'not_allowed', message: 'Client restricted', poptins: [] });
  });

  test('a client restricted later in the database is refused too', async () => {
    await h.server.db.run("INSERT INTO clients (id, name, restricted) VALUES ('later', 'Later', 0)");
    assert.equal((await postJson(h.base, '/api/display/later', displayBody())).json.display, true);
    await h.server.db.run("UPDATE clients SET restricted = 1 WHERE id = 'later'");
    assert.equal((await postJson(h.base, '/api/display/later', displayBody())).json.display, 'not_allowed');
  });

  test('the conversion cookie hides a stop-showing pop-up, and only that one', async () => {
    const cookies = {
      [STORAGE_KEY.CONVERSION_PREFIX + CONVERTING.poptin_id]: '1',
      [STORAGE_KEY.CONVERSION_PREFIX + PLAIN.poptin_id]: '1',
    };
    const res = await postJson(h.base, '/api/display/demo-client', displayBody({ cookies }));
    assert.deepEqual(ids(res), [PLAIN.poptin_id]);
  });
});

describe('conversions and the converted exclusion', () => {
  test('a pop-up without stop_showing_to_converted_users keeps showing after conversion', async () => {
    const res = await postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, 'key-plain-0001', { visitor: 'visitor-p' }));
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.integration, { conversion_code: '' });
    const shown = await postJson(h.base, '/api/display/demo-client', displayBody({ visitor_id: 'visitor-p' }));
    assert.ok(ids(shown).includes(PLAIN.poptin_id));
  });

  test('stores every field, newExtraFields parsed, and answers the integration code', async () => {
    const extra = [
      { id: 7, type: 'text', name: 'company', placeholder: 'Company', value: 'Analytical Engines', created_as: 'custom', created_version: '2', property_name: 'company' },
    ];
    const fields: Record<string, string> = {
      ...conversionForm(CONVERTING, 'key-allfields1'),
      p_target: 'lead',
      checkbox_checked: 'true',
      referrer: 'https://search.example/',
      previous_url: 'https://shop.example/prev',
      trigger: 'page_load',
      title: 'Landing',
      visitor: 'visitor-all',
      origin_landing_page: 'https://shop.example/first',
      visited_pages: '/a|/b|/c',
      store_integration: 'shopify',
      store_integration_customer_id: 'cust-9',
      browser_language: 'en-GB',
      operating_system: 'Linux',
      last_converted_email: 'old@example.com',
      newExtraFields: JSON.stringify(extra),
      leader_request_cookie: 'lrc',
      extra_button: '2',
      coupon: 'KITE10',
      poptin_view_id: 'view-123',
      name: 'Ada Lovelace',
      phone: '+44 20 7946 0000',
      message: 'Hello there',
      first_name: 'Ada',
      last_name: 'Lovelace',
      gender: 'f',
      country: 'UK',
      state: 'London',
      city: 'London',
      address: '12 St James Sq',
      zip_postal_code: 'SW1Y 4JH',
      birthday: '10/12/1815',
      preferences: 'math',
      radio: 'b',
      checkbox: 'yes',
      select: 'two',
      date: '01/01/2030',
      hidden: 'h',
      my_custom_field: 'custom value',
    };
    const res = await postForm(h.base, `/api/display/conversion/${CONVERTING.viewer_id}`, fields);
    assert.equal(res.status, 200);
    assert.equal(res.json.success, true);
    assert.equal(typeof res.json.conversion_id, 'string');
    assert.deepEqual(res.json.integration, { conversion_code: CONVERTING['integration_conversion_code' as keyof typeof CONVERTING] });

    const leads = await call(h.base, `/api/admin/leads?poptin_id=${CONVERTING.poptin_id}`, { headers: adminHeaders() });
    const lead = leads.json.leads.find((l: { conversion_id: string }) => l.conversion_id === res.json.conversion_id);
    assert.ok(lead, 'the lead is listed');
    assert.equal(lead.email, 'ada@example.com');
    assert.equal(lead.name, 'Ada Lovelace');
    assert.equal(lead.phone, '+44 20 7946 0000');
    assert.equal(lead.visitor_id, 'visitor-all');
    assert.equal(lead.poptin_view_id, 'view-123');
    assert.equal(lead.client_id, 'demo-client');
    assert.deepEqual(lead.fields, fields);
    assert.deepEqual(lead.new_extra_fields, extra);
  });

  test('JSON bodies are accepted too, with newExtraFields as an array', async () => {
    const extra = [{ id: 'a', type: 'text', name: 'n', value: 'v' }];
    const res = await postJson(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, {
      ...conversionForm(PLAIN, 'key-json-00001'),
      checkbox_checked: true,
      newExtraFields: extra,
    });
    assert.equal(res.status, 200);
    const leads = await call(h.base, `/api/admin/leads?poptin_id=${PLAIN.poptin_id}`, { headers: adminHeaders() });
    const lead = leads.json.leads.find((l: { conversion_id: string }) => l.conversion_id === res.json.conversion_id);
    assert.deepEqual(lead.new_extra_fields, extra);
    assert.equal(lead.fields.checkbox_checked, 'true');
  });

  test('is idempotent by conversion_key: two POSTs, one lead, same id', async () => {
    const path = `/api/display/conversion/${PLAIN.viewer_id}`;
    const form = conversionForm(PLAIN, 'key-idem-00001', { email: 'twice@example.com' });
    const first = await postForm(h.base, path, form);
    const second = await postForm(h.base, path, { ...form, email: 'changed@example.com' });
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    // The converted value is signed afresh (a later expiry); the lead is the first one.
    const { converted: _first, ...firstAnswer } = first.json;
    const { converted: _second, ...secondAnswer } = second.json;
    assert.deepEqual(secondAnswer, firstAnswer);
    const leads = await call(h.base, '/api/admin/leads', { headers: adminHeaders() });
    const matching = leads.json.leads.filter((l: { fields: { conversion_key: string } }) => l.fields.conversion_key === 'key-idem-00001');
    assert.equal(matching.length, 1);
    assert.equal(matching[0].email, 'twice@example.com');
  });

  test('a conversion_key reused for another pop-up is a conflict', async () => {
    await postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, 'key-shared-001'));
    const res = await postForm(h.base, `/api/display/conversion/${CONVERTING.viewer_id}`, conversionForm(CONVERTING, 'key-shared-001'));
    assert.equal(res.status, 409);
    assert.match(res.json.error, /conversion_key/);
  });

  test('viewer id that is not the record\'s, or an unknown pop-up, is 404', async () => {
    const wrongViewer = await postForm(h.base, '/api/display/conversion/someone-else', conversionForm(PLAIN, 'key-404-000001'));
    assert.equal(wrongViewer.status, 404);
    assert.deepEqual(wrongViewer.json, { error: 'unknown viewer id', code: 'not_found' });
    const unknown = await postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, {
      ...conversionForm(PLAIN, 'key-404-000002'),
      poptin_id: 'nosuchpoptin1',
    });
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.json, { error: 'unknown poptin id', code: 'unknown_poptin' });
  });

  const invalid: Array<[string, Record<string, string>, RegExp]> = [
    ['no conversion_key', { conversion_key: '' }, /^conversion_key: /],
    ['short conversion_key', { conversion_key: 'short' }, /^conversion_key: must be 8 to 64/],
    ['conversion_key with bad characters', { conversion_key: 'has spaces in it' }, /^conversion_key: /],
    ['bad email', { email: 'not-an-email' }, /^email: must look like an email address$/],
    ['email too long', { email: `${'a'.repeat(250)}@example.com` }, /^email: must be at most 254 characters$/],
    ['newExtraFields not JSON', { newExtraFields: '{oops' }, /^newExtraFields: must be a JSON array of objects$/],
    ['newExtraFields not an array', { newExtraFields: '{"a":1}' }, /^newExtraFields: expected an array$/],
    ['newExtraFields item not an object', { newExtraFields: '[1]' }, /^newExtraFields\[0\]: expected an object$/],
    ['newExtraFields item field of wrong type', { newExtraFields: '[{"name":{}}]' }, /^newExtraFields\[0\]\.name: expected a string$/],
  ];
  for (const [name, change, error] of invalid) {
    test(`400 for ${name}`, async () => {
      const form = { ...conversionForm(PLAIN, 'key-invalid-01'), ...change };
      if (change.conversion_key === '') delete (form as Record<string, string>).conversion_key;
      const res = await postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, form);
      assert.equal(res.status, 400);
      assert.match(res.json.error, error);
    });
  }

  test('a refused conversion stores nothing', async () => {
    const before = await call(h.base, '/api/admin/leads', { headers: adminHeaders() });
    await postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, 'key-refused-01', { email: 'bad' }));
    const afterwards = await call(h.base, '/api/admin/leads', { headers: adminHeaders() });
    assert.equal(afterwards.json.leads.length, before.json.leads.length);
  });
});

describe('POST /api/display/viewed/{poptin_id}', () => {
  const body = { viewer_id: 'viewer-x', trigger: 'page_load', client_id: 'demo-client', type: 'desktop', url: 'https://shop.example/' };

  test('stores a view and answers its id', async () => {
    const res = await postJson(h.base, `/api/display/viewed/${PLAIN.poptin_id}`, {
      ...body,
      visitor_id: 'visitor-stores',
      store_integration: 'shopify',
      store_integration_customer_id: 'c1',
      converted_email: 'ada@example.com',
    });
    assert.equal(res.status, 200);
    assert.equal(typeof res.json.poptin_view_id, 'string');
    assert.ok(res.json.poptin_view_id.length > 0);
    assert.deepEqual(res.json, { poptin_view_id: res.json.poptin_view_id, counted: true });
    const row = (await h.server.db.one<Record<string, unknown>>('SELECT * FROM views WHERE id = ?', [res.json.poptin_view_id]))!;
    assert.equal(row.poptin_id, PLAIN.poptin_id);
    assert.equal(row.device_type, 'desktop');
    assert.equal(row.trigger, 'page_load');
    assert.equal(row.store_integration_customer_id, 'c1');
    assert.equal(row.visitor_id, 'visitor-stores');
  });

  test('two viewers get two ids; the same viewer again gets its first view, not counted', async () => {
    const a = await postJson(h.base, `/api/display/viewed/${PLAIN.poptin_id}`, { ...body, visitor_id: 'visitor-a' });
    const b = await postJson(h.base, `/api/display/viewed/${PLAIN.poptin_id}`, { ...body, visitor_id: 'visitor-b' });
    assert.notEqual(a.json.poptin_view_id, b.json.poptin_view_id);
    const again = await postJson(h.base, `/api/display/viewed/${PLAIN.poptin_id}`, { ...body, visitor_id: 'visitor-a' });
    assert.deepEqual(again.json, { poptin_view_id: a.json.poptin_view_id, counted: false });
  });

  test('unknown pop-up is 404, wrong type is 400 naming the field', async () => {
    const unknown = await postJson(h.base, '/api/display/viewed/nosuchpoptin1', body);
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.json, { error: 'unknown poptin id', code: 'unknown_poptin' });
    const wrong = await postJson(h.base, `/api/display/viewed/${PLAIN.poptin_id}`, { ...body, type: 'tablet' });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.json.error, 'type: expected one of "mobile", "desktop"');
  });
});

describe('POST /api/display/closed/{poptin_id}', () => {
  test('stores the close', async () => {
    const res = await postJson(h.base, `/api/display/closed/${PLAIN.poptin_id}`, {
      client_id: 'demo-client',
      url: 'https://shop.example/',
      close_trigger: 'x_click',
      converted_email: '',
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { success: true });
    const row = await h.server.db.one('SELECT close_trigger FROM closes WHERE poptin_id = ? ORDER BY id DESC', [PLAIN.poptin_id]);
    assert.deepEqual({ ...(row as object) }, { close_trigger: 'x_click' });
  });

  test('missing url is 400, unknown pop-up 404', async () => {
    const missing = await postJson(h.base, `/api/display/closed/${PLAIN.poptin_id}`, { client_id: 'demo-client' });
    assert.equal(missing.status, 400);
    assert.equal(missing.json.error, 'url: is required');
    const unknown = await postJson(h.base, '/api/display/closed/nosuchpoptin1', { client_id: 'demo-client', url: 'u' });
    assert.equal(unknown.status, 404);
  });
});

describe('the client id of the viewed, closed and conversion calls', () => {
  const view = (clientId: string, poptinId = PLAIN.poptin_id) =>
    postJson(h.base, `/api/display/viewed/${poptinId}`, { viewer_id: 'viewer-x', client_id: clientId, type: 'desktop', url: 'https://shop.example/' });
  const close = (clientId: string) => postJson(h.base, `/api/display/closed/${PLAIN.poptin_id}`, { client_id: clientId, url: 'https://shop.example/' });
  const convert = (clientId: string, key: string) =>
    postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, key, { client_id: clientId }));
  const count = (table: string) => countOf(h.server, `SELECT count(*) AS n FROM ${table}`);

  test('an unknown client id is 404 with the reason, and nothing is stored', async () => {
    const before = [await count('views'), await count('closes'), await count('conversions')];
    for (const res of [await view('nobody'), await close('nobody'), await convert('nobody', 'key-client-unknown')]) {
      assert.equal(res.status, 404);
      assert.deepEqual(res.json, { error: 'unknown client id', code: 'unknown_client' });
    }
    assert.deepEqual([await count('views'), await count('closes'), await count('conversions')], before);
  });

  test('a client id that does not own the pop-up is 403 with the reason, and nothing is stored', async () => {
    const before = [await count('views'), await count('closes'), await count('conversions')];
    for (const res of [await view('demo-restricted'), await close('demo-restricted'), await convert('demo-restricted', 'key-client-foreign')]) {
      assert.equal(res.status, 403);
      assert.deepEqual(res.json, { error: 'client id does not own this poptin', code: 'not_owner' });
    }
    assert.deepEqual([await count('views'), await count('closes'), await count('conversions')], before);
  });

  test('views are counted to the owner only: another client\'s pop-up cannot use up its max_views', async () => {
    await h.server.db.run("INSERT INTO clients (id, name, max_views) VALUES ('capped', 'Capped', 1)");
    await h.server.db.run("INSERT INTO poptins (poptin_id, client_id, record) VALUES ('cappedpop001', 'capped', ?)", [JSON.stringify({ ...PLAIN, poptin_id: 'cappedpop001' })]);
    assert.equal((await view('capped')).status, 403);
    assert.equal((await postJson(h.base, '/api/display/capped', displayBody())).json.display, true);
    const own = await view('capped', 'cappedpop001');
    assert.equal(own.status, 200);
    const row = (await h.server.db.one<{ client_id: string }>('SELECT client_id FROM views WHERE id = ?', [own.json.poptin_view_id]))!;
    assert.equal(row.client_id, 'capped');
    assert.equal((await postJson(h.base, '/api/display/capped', displayBody())).json.message, UPGRADE.MESSAGE_MAX_VIEWS);
  });

  test('the owner\'s client id is 200 for the three calls; a conversion without one is still taken', async () => {
    assert.equal((await view('demo-client')).status, 200);
    assert.equal((await close('demo-client')).status, 200);
    assert.equal((await convert('demo-client', 'key-client-owner')).status, 200);
    assert.equal((await convert('', 'key-client-none')).status, 200);
  });
});

describe('GET /api/display/click/{poptin_id}', () => {
  test('answers the record', async () => {
    const res = await call(h.base, `/api/display/click/${PLAIN.poptin_id}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { success: true, poptin: PLAIN });
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
  });

  test('unknown and inactive pop-ups are 404', async () => {
    assert.equal((await call(h.base, '/api/display/click/nosuchpoptin1')).status, 404);
    assert.equal((await call(h.base, `/api/display/click/${INACTIVE.poptin_id}`)).status, 404);
  });
});

describe('activities', () => {
  test('conversion-activities stores the ping', async () => {
    const res = await postJson(h.base, '/api/display/conversion-activities/demo-client', {
      email: 'ada@example.com',
      poptin_id: PLAIN.poptin_id,
      activity: 'viewed',
      url_host: 'shop.example',
      store_integration: 'shopify',
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { success: true });
    const row = await h.server.db.one("SELECT kind, activity, email, url_host FROM activities WHERE kind = 'conversion_activity' ORDER BY id DESC");
    assert.deepEqual({ ...(row as object) }, { kind: 'conversion_activity', activity: 'viewed', email: 'ada@example.com', url_host: 'shop.example' });
  });

  test('conversion-activities refuses a wrong activity, an unknown client or pop-up', async () => {
    const body = { poptin_id: PLAIN.poptin_id, activity: 'viewed', url_host: 'shop.example' };
    const wrong = await postJson(h.base, '/api/display/conversion-activities/demo-client', { ...body, activity: 'clicked' });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.json.error, 'activity: expected one of "viewed", "closed"');
    assert.equal((await postJson(h.base, '/api/display/conversion-activities/nobody', body)).status, 404);
    const foreign = await postJson(h.base, '/api/display/conversion-activities/demo-restricted', body);
    assert.equal(foreign.status, 404);
    assert.deepEqual(foreign.json, { error: 'unknown poptin id', code: 'unknown_poptin' });
  });

  test('total-website-session stores the ping', async () => {
    const res = await postJson(h.base, '/api/display/total-website-session/demo-client', { url_host: 'shop.example' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { success: true });
    assert.equal(await countOf(h.server, "SELECT count(*) AS n FROM activities WHERE kind = 'website_session'"), 1);
    assert.equal((await postJson(h.base, '/api/display/total-website-session/nobody', { url_host: 'x' })).status, 404);
  });
});
