/**
 * Preview needs the owner (issue 13 item 4): only a preview link the owner API signed shows a
 * pop-up out of its rules (even inactive); it expires after SIGNING.PREVIEW_TTL_S, counts no view
 * and stores no lead unless the link says so. A real server and SQLite file, on a clock the test
 * drives.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SECOND_MS } from '../../../shared/constants/time.ts';
import { PREVIEW_PARAM } from '../../../shared/constants/widget.ts';
import { API_ERROR_CODE } from '../../../shared/api/error-codes.ts';
import { SIGNING } from '../../../demo/server/constants.ts';
import {
  adminHeaders,
  type Answer,
  call,
  conversionForm,
  CONVERTING,
  countOf,
  displayBody,
  fixtureRecord,
  harnessPerSuite,
  INACTIVE,
  PLAIN,
  postForm,
  postJson,
} from './helpers.ts';

/** A whole second, so an expiry falls exactly on a millisecond the test can name. */
const START_MS = 1_800_000_000 * SECOND_MS;
let clock = START_MS;
/** Another client's inactive pop-up. */
const FOREIGN = fixtureRecord('foreignpop001', { client_id: 'demo-rule-seconds', active: false });

const h = harnessPerSuite([CONVERTING, PLAIN, INACTIVE, FOREIGN], { now: () => clock });

const ids = (answer: Answer): string[] => answer.json.poptins.map((p: { poptin_id: string }) => p.poptin_id);
const ACTIVE = [CONVERTING.poptin_id, PLAIN.poptin_id];
const display = (extra: Record<string, unknown>) => postJson(h.base, '/api/display/demo-client', displayBody(extra));
const previewLink = (poptinId: string, body?: unknown) =>
  call(h.base, `/api/admin/poptins/${poptinId}/preview-link`, {
    method: 'POST',
    headers: { ...adminHeaders(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const count = (table: 'views' | 'conversions', poptinId: string) =>
  countOf(h.server, `SELECT count(*) AS n FROM ${table} WHERE poptin_id = ?`, [poptinId]);
const viewedBody = (extra: Record<string, unknown> = {}) => ({
  viewer_id: INACTIVE.viewer_id,
  client_id: 'demo-client',
  type: 'desktop',
  url: 'https://shop.example/',
  ...extra,
});

describe('preview links from the owner API', () => {
  test('issues a signed, expiring link; only the owner may ask', async () => {
    clock = START_MS;
    const res = await previewLink(INACTIVE.poptin_id, { url: 'https://shop.example/page?a=1' });
    assert.equal(res.status, 201);
    assert.equal(typeof res.json.token, 'string');
    const url = new URL(res.json.url);
    assert.equal(url.origin + url.pathname, 'https://shop.example/page');
    assert.equal(url.searchParams.get('a'), '1');
    assert.equal(url.searchParams.get(PREVIEW_PARAM), res.json.token);
    assert.equal(res.json.expires_at, new Date(START_MS + SIGNING.PREVIEW_TTL_S * SECOND_MS).toISOString());
    assert.equal(res.json.store_leads, false);

    const bare = await previewLink(INACTIVE.poptin_id);
    assert.equal(bare.status, 201, 'the body may be left out');
    assert.equal(bare.json.url, null);

    const anonymous = await call(h.base, `/api/admin/poptins/${INACTIVE.poptin_id}/preview-link`, { method: 'POST' });
    assert.equal(anonymous.status, 401);
    assert.equal((await previewLink('nosuchpoptin1')).status, 404);
    const bad = await previewLink(INACTIVE.poptin_id, { url: 'javascript:alert(1)' });
    assert.equal(bad.status, 400);
    assert.match(bad.json.error, /^url: /);
  });

  test('the display call shows the linked pop-up alone, even inactive', async () => {
    const { json } = await previewLink(INACTIVE.poptin_id);
    const res = await display({ preview_token: json.token });
    assert.equal(res.status, 200);
    assert.deepEqual(ids(res), [INACTIVE.poptin_id]);
    assert.deepEqual(res.json.preview, { shown: true, store_leads: false });
  });

  test('an unsigned id, a tampered or another client\'s token previews nothing: the normal pop-ups, and why', async () => {
    const { json } = await previewLink(INACTIVE.poptin_id);
    const [claims, mac] = (json.token as string).split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
    const retargeted = `${Buffer.from(JSON.stringify({ ...decoded, p: PLAIN.poptin_id }), 'utf8').toString('base64url')}.${mac}`;
    const lengthened = `${Buffer.from(JSON.stringify({ ...decoded, x: decoded.x + 1 }), 'utf8').toString('base64url')}.${mac}`;
    const foreign = (await previewLink(FOREIGN.poptin_id)).json.token;
    for (const preview_token of [INACTIVE.poptin_id, retargeted, lengthened, foreign, `${claims}.`, 'true']) {
      // An old widget's field too: it is no longer read.
      const res = await display({ preview_token, preview_id: INACTIVE.poptin_id });
      assert.equal(res.status, 200);
      assert.deepEqual(ids(res), ACTIVE, preview_token);
      assert.equal(res.json.preview.shown, false);
      assert.equal(res.json.preview.code, API_ERROR_CODE.BAD_PREVIEW);
      assert.match(res.json.preview.error, /not signed/);
    }
  });

  test('a link works until SIGNING.PREVIEW_TTL_S has passed, then previews nothing', async () => {
    clock = START_MS;
    const { json } = await previewLink(INACTIVE.poptin_id);
    clock = START_MS + SIGNING.PREVIEW_TTL_S * SECOND_MS - 1;
    assert.deepEqual(ids(await display({ preview_token: json.token })), [INACTIVE.poptin_id]);
    clock = START_MS + SIGNING.PREVIEW_TTL_S * SECOND_MS;
    const expired = await display({ preview_token: json.token });
    assert.deepEqual(ids(expired), ACTIVE);
    assert.match(expired.json.preview.error, /expired/);
    const view = await postJson(h.base, `/api/display/viewed/${INACTIVE.poptin_id}`, viewedBody({ preview_token: json.token }));
    assert.equal(view.status, 400);
    assert.equal(view.json.code, API_ERROR_CODE.BAD_PREVIEW);
    clock = START_MS;
  });
});

describe('a preview counts nothing the owner did not ask for', () => {
  test('its views are not counted; a viewed call with a bad token is refused and counts nothing', async () => {
    const { json } = await previewLink(INACTIVE.poptin_id);
    const before = await count('views', INACTIVE.poptin_id);
    const res = await postJson(h.base, `/api/display/viewed/${INACTIVE.poptin_id}`, viewedBody({ preview_token: json.token }));
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { poptin_view_id: null });
    const forged = await postJson(h.base, `/api/display/viewed/${INACTIVE.poptin_id}`, viewedBody({ preview_token: INACTIVE.poptin_id }));
    assert.equal(forged.status, 400);
    assert.equal(forged.json.code, API_ERROR_CODE.BAD_PREVIEW);
    // Another pop-up's link does not cover this one.
    const other = await postJson(h.base, `/api/display/viewed/${PLAIN.poptin_id}`, viewedBody({ viewer_id: PLAIN.viewer_id, preview_token: json.token }));
    assert.equal(other.status, 400);
    assert.equal(await count('views', INACTIVE.poptin_id), before);
    assert.equal(await count('views', PLAIN.poptin_id), 0);
  });

  test('its lead is answered as taken but not stored', async () => {
    const { json } = await previewLink(INACTIVE.poptin_id);
    const res = await postForm(h.base, `/api/display/conversion/${INACTIVE.viewer_id}`, conversionForm(INACTIVE, 'key-preview-001', { preview_token: json.token }));
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { success: true, conversion_id: null, integration: { conversion_code: '' } });
    assert.equal(await count('conversions', INACTIVE.poptin_id), 0);
  });

  test('with store_leads its lead is stored (without the token) and answers a converted value', async () => {
    const { json } = await previewLink(CONVERTING.poptin_id, { store_leads: true });
    assert.equal(json.store_leads, true);
    assert.deepEqual((await display({ preview_token: json.token })).json.preview, { shown: true, store_leads: true });
    const form = conversionForm(CONVERTING, 'key-preview-002', { preview_token: json.token });
    const res = await postForm(h.base, `/api/display/conversion/${CONVERTING.viewer_id}`, form);
    assert.equal(res.status, 200);
    assert.equal(typeof res.json.conversion_id, 'string');
    assert.equal(typeof res.json.converted, 'string');
    const row = (await h.server.db.one<{ fields_json: string }>('SELECT fields_json FROM conversions WHERE id = ?', [res.json.conversion_id]))!;
    const { preview_token: _token, ...stored } = form;
    assert.deepEqual(JSON.parse(row.fields_json), stored);
  });

  test('a lead with a bad preview token is refused with bad_preview and stores nothing', async () => {
    const res = await postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, 'key-preview-003', { preview_token: PLAIN.poptin_id }));
    assert.equal(res.status, 400);
    assert.equal(res.json.code, API_ERROR_CODE.BAD_PREVIEW);
    assert.equal(await count('conversions', PLAIN.poptin_id), 0);
  });
});
