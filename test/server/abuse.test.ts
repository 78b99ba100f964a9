/**
 * No switching a client's pop-ups off from outside (issue 13 item 3): GET endpoints write nothing,
 * leads for an unknown client or an inactive pop-up are refused with a typed code, views count once
 * per viewer per pop-up per period, and visitor writes are rate limited per address and per client.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { API_ERROR_CODE } from '../../shared/api/error-codes.ts';
import { INACTIVE, PLAIN, call, conversionForm, postForm, postJson, startHarness, type Harness } from './helpers.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.stop();
});

/** Rows of every table, by name. */
function rowCounts(): Record<string, number> {
  const tables = h.server.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>;
  return Object.fromEntries(tables.map(({ name }) => [name, (h.server.db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]));
}

describe('GET endpoints have no side effects', () => {
  test('/cart.js, limitLogs, click, the ad bait and an email-domain shard leave every table as it was', async () => {
    const before = rowCounts();
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
    assert.deepEqual(rowCounts(), before);
  });

  test('limitLogs is a POST (form, as the widget sends it): one row per call; the old GET is 405 with Allow', async () => {
    const logs = () => h.server.db.prepare('SELECT client_id, status, setting_id FROM limit_logs ORDER BY id').all();
    const before = logs().length;
    const res = await postForm(h.base, '/api/display/limitLogs/demo-client', { status: 'click', id: 'upgrade-demo' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { success: true });
    assert.deepEqual(logs().slice(before), [{ client_id: 'demo-client', status: 'click', setting_id: 'upgrade-demo' }]);
    const old = await call(h.base, '/api/display/limitLogs/demo-client?status=click');
    assert.equal(old.status, 405);
    assert.equal(old.headers.get('allow'), 'POST, OPTIONS');
    assert.equal(old.headers.get('access-control-allow-origin'), '*');
    assert.equal(logs().length, before + 1);
    const unknown = await postForm(h.base, '/api/display/limitLogs/no-such-client', { status: 'click' });
    assert.deepEqual([unknown.status, unknown.json.code], [404, API_ERROR_CODE.UNKNOWN_CLIENT]);
    const noStatus = await postForm(h.base, '/api/display/limitLogs/demo-client', {});
    assert.deepEqual(noStatus.json, { error: 'status: is required', code: API_ERROR_CODE.INVALID_REQUEST });
  });
});

describe('leads and views the API refuses for good, with a typed code', () => {
  const leads = () => (h.server.db.prepare('SELECT count(*) AS n FROM conversions').get() as { n: number }).n;
  const views = () => (h.server.db.prepare('SELECT count(*) AS n FROM views').get() as { n: number }).n;
  const viewBody = (clientId: string) => ({ viewer_id: INACTIVE.viewer_id, client_id: clientId, type: 'desktop', url: 'https://shop.example/' });

  test('a lead for an inactive pop-up is 403 inactive_poptin and stores nothing', async () => {
    const before = leads();
    for (const clientId of ['demo-client', '']) {
      const res = await postForm(h.base, `/api/display/conversion/${INACTIVE.viewer_id}`, conversionForm(INACTIVE, `inactive-lead-${clientId || 'none'}`, { client_id: clientId }));
      assert.equal(res.status, 403, res.text);
      assert.deepEqual(res.json, { error: 'poptin is inactive: it takes no leads or views', code: API_ERROR_CODE.INACTIVE_POPTIN });
    }
    assert.equal(leads(), before);
  });

  test('a view of an inactive pop-up is 403 inactive_poptin and counts nothing', async () => {
    const before = views();
    const res = await postJson(h.base, `/api/display/viewed/${INACTIVE.poptin_id}`, viewBody('demo-client'));
    assert.deepEqual([res.status, res.json.code], [403, API_ERROR_CODE.INACTIVE_POPTIN]);
    assert.equal(views(), before);
  });

  test('a lead naming an unknown client or pop-up is 404 with its code', async () => {
    const before = leads();
    const client = await postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, 'unknown-client-lead', { client_id: 'no-such-client' }));
    assert.deepEqual([client.status, client.json.code], [404, API_ERROR_CODE.UNKNOWN_CLIENT]);
    const poptin = await postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, 'unknown-poptin-lead', { poptin_id: 'nosuchpoptin1' }));
    assert.deepEqual([poptin.status, poptin.json.code], [404, API_ERROR_CODE.UNKNOWN_POPTIN]);
    assert.equal(leads(), before);
  });
});
