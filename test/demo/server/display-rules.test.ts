/**
 * The reference server's side of the display rules (issue 4 item 10): owners' limits (the
 * upgrade pop-up's `is_client_restriction`, the max-views refusal), A/B variants stable per
 * visitor, the click-display call, the launch call's form variant, the ad-block bait, and the
 * seeding of a record for another demo client. A real server and SQLite file.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UPGRADE } from '../../../shared/constants/owner-limits.ts';
import { ADMIN_TOKEN, adminHeaders, call, displayBody, fixtureRecord, harnessPerSuite, postJson } from './helpers.ts';

const PLAIN = fixtureRecord('rulesplain01a');
const AB_PARENT = fixtureRecord('abtestparent1', { ab_test: true });
const AB_VARIANT = fixtureRecord('abtestvarnt01', { ab_test: true, ab_test_parent_id: 'abtestparent1' });
const AB_VARIANT_2 = fixtureRecord('abtestvarnt02', { ab_test: true, ab_test_parent_id: 'abtestparent1' });
/** Seeded for another client by its own `client_id`. */
const OTHER_CLIENT = fixtureRecord('otherclient02', { client_id: 'demo-rule-seconds' });
/** Names a client that does not exist: seeded for the demo client. */
const NO_SUCH_CLIENT = fixtureRecord('nosuchclient1', { client_id: 'nobody-here' });

const h = harnessPerSuite([PLAIN, AB_PARENT, AB_VARIANT, AB_VARIANT_2, OTHER_CLIENT, NO_SUCH_CLIENT]);

const ids = (answer: { json: { poptins: Array<{ poptin_id: string }> } }) => answer.json.poptins.map((p) => p.poptin_id);
const abOf = (answer: { json: { poptins: Array<{ poptin_id: string }> } }) => ids(answer).filter((id) => id.startsWith('abtest'));

describe('owners\' limits: not_allowed', () => {
  test('a restricted client with the client restriction gets the upgrade pop-up fields', async () => {
    const res = await postJson(h.base, '/api/display/demo-upgrade', displayBody());
    assert.equal(res.status, 200);
    assert.equal(res.json.display, 'not_allowed');
    assert.equal(res.json.message, UPGRADE.MESSAGE_RESTRICTED);
    assert.deepEqual(res.json.poptins, []);
    assert.equal(res.json.is_client_restriction, true);
    assert.equal(res.json.upgrade_setting.id, 'upgrade-demo');
    const remind = await postJson(h.base, '/api/display/demo-remind', displayBody());
    assert.deepEqual(remind.json.upgrade_setting, { id: 'remind-demo', mote_than_two_days: true, remindme_popup: true });
  });

  test('without the client restriction the refusal carries no upgrade fields (logged only by the widget)', async () => {
    const res = await postJson(h.base, '/api/display/demo-restricted', displayBody());
    assert.deepEqual(res.json, { display: 'not_allowed', message: UPGRADE.MESSAGE_RESTRICTED, poptins: [] });
  });

  test('views used up: the max-views message', async () => {
    const res = await postJson(h.base, '/api/display/demo-max-views', displayBody());
    assert.deepEqual(res.json, { display: 'not_allowed', message: UPGRADE.MESSAGE_MAX_VIEWS, poptins: [] });
  });

  test('a limit of views is counted from the views recorded', async () => {
    await h.server.db.run("UPDATE clients SET max_views = 1 WHERE id = 'demo-client'");
    try {
      assert.equal((await postJson(h.base, '/api/display/demo-client', displayBody())).json.display, true);
      const view = await postJson(h.base, `/api/display/viewed/${PLAIN.poptin_id}`, { viewer_id: PLAIN.viewer_id, client_id: 'demo-client', type: 'desktop', url: 'https://shop.example/' });
      assert.equal(view.status, 200);
      assert.equal((await postJson(h.base, '/api/display/demo-client', displayBody())).json.message, UPGRADE.MESSAGE_MAX_VIEWS);
    } finally {
      await h.server.db.run("UPDATE clients SET max_views = NULL WHERE id = 'demo-client'");
    }
  });
});

describe('A/B tests', () => {
  test('a visitor gets one variant of the test, the same on every visit; the other pop-ups as usual', async () => {
    const first = await postJson(h.base, '/api/display/demo-client', displayBody({ visitor_id: 'visitor-1' }));
    assert.equal(abOf(first).length, 1);
    assert.ok(ids(first).includes(PLAIN.poptin_id));
    for (let visit = 0; visit < 5; visit++) {
      const again = await postJson(h.base, '/api/display/demo-client', displayBody({ visitor_id: 'visitor-1', url: `https://shop.example/page-${visit}` }));
      assert.deepEqual(abOf(again), abOf(first));
    }
  });

  test('visitors spread over every variant', async () => {
    const seen = new Set<string>();
    for (let visitor = 0; visitor < 60; visitor++) {
      seen.add(abOf(await postJson(h.base, '/api/display/demo-client', displayBody({ visitor_id: `spread-${visitor}` })))[0]!);
    }
    assert.deepEqual([...seen].sort(), [AB_PARENT.poptin_id, AB_VARIANT.poptin_id, AB_VARIANT_2.poptin_id].sort());
  });

  const put = (active: boolean) =>
    call(h.base, `/api/admin/poptins/${AB_VARIANT_2.poptin_id}`, {
      method: 'PUT',
      headers: { ...adminHeaders(ADMIN_TOKEN), 'Content-Type': 'application/json' },
      body: JSON.stringify({ active }),
    });

  test('an inactive variant is left out of the draw; without a visitor id, the test\'s first pop-up', async () => {
    assert.equal((await put(false)).status, 200);
    try {
      for (let visitor = 0; visitor < 20; visitor++) {
        const ab = abOf(await postJson(h.base, '/api/display/demo-client', displayBody({ visitor_id: `inactive-${visitor}` })));
        assert.notDeepEqual(ab, [AB_VARIANT_2.poptin_id]);
      }
    } finally {
      await put(true);
    }
    assert.deepEqual(abOf(await postJson(h.base, '/api/display/demo-client', displayBody())), [AB_PARENT.poptin_id]);
  });

  test('pausing a variant moves only its own visitors, and resuming it takes back only those', async () => {
    const visitors = Array.from({ length: 150 }, (_, i) => `sticky-${i}`);
    const variants = async () =>
      Promise.all(visitors.map(async (visitor_id) => abOf(await postJson(h.base, '/api/display/demo-client', displayBody({ visitor_id })))[0]!));
    const before = await variants();
    assert.ok(before.some((id) => id === AB_VARIANT_2.poptin_id), 'some visitors had the variant paused below');
    assert.equal((await put(false)).status, 200);
    let paused: string[];
    try {
      paused = await variants();
    } finally {
      await put(true);
    }
    visitors.forEach((visitor, i) => {
      if (before[i] === AB_VARIANT_2.poptin_id) assert.notEqual(paused[i], AB_VARIANT_2.poptin_id, visitor);
      else assert.equal(paused[i], before[i], `${visitor} kept ${before[i]}`);
    });
    assert.deepEqual(await variants(), before);
  });

  test('preview shows the asked pop-up whatever the test', async () => {
    const link = await postJson(h.base, `/api/admin/poptins/${AB_VARIANT_2.poptin_id}/preview-link`, {}, adminHeaders());
    const res = await postJson(h.base, '/api/display/demo-client', displayBody({ preview_token: link.json.token, visitor_id: 'visitor-1' }));
    assert.deepEqual(ids(res), [AB_VARIANT_2.poptin_id]);
  });
});

describe('POST /api/display/click-display/{clientId}/{poptin_id}', () => {
  test('answers the one pop-up, like the display call', async () => {
    const res = await postJson(h.base, `/api/display/click-display/demo-client/${PLAIN.poptin_id}`, displayBody());
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(res.json, { display: true, poptins: [PLAIN] });
  });

  test('in an A/B test, the visitor\'s variant', async () => {
    const display = await postJson(h.base, '/api/display/demo-client', displayBody({ visitor_id: 'visitor-7' }));
    const res = await postJson(h.base, `/api/display/click-display/demo-client/${AB_PARENT.poptin_id}`, displayBody({ visitor_id: 'visitor-7' }));
    assert.deepEqual(ids(res), abOf(display));
  });

  test('another client\'s pop-up, an unknown one, a restricted client', async () => {
    assert.equal((await postJson(h.base, `/api/display/click-display/demo-client/${OTHER_CLIENT.poptin_id}`, displayBody())).status, 404);
    assert.equal((await postJson(h.base, '/api/display/click-display/demo-client/nosuchpoptin1', displayBody())).status, 404);
    const restricted = await postJson(h.base, `/api/display/click-display/demo-upgrade/${PLAIN.poptin_id}`, displayBody());
    assert.equal(restricted.json.display, 'not_allowed');
    assert.equal((await postJson(h.base, `/api/display/click-display/demo-client/${PLAIN.poptin_id}`, { domain: '' })).status, 400);
  });
});

describe('GET /api/display/click/{poptin_id}', () => {
  test('says it is the form variant', async () => {
    const res = await call(h.base, `/api/display/click/${PLAIN.poptin_id}?form=1`);
    assert.equal(res.json.form_variant, true);
    assert.deepEqual(res.json.poptin, PLAIN);
    assert.equal((await call(h.base, `/api/display/click/${PLAIN.poptin_id}`)).json.form_variant, undefined);
  });

  test('a pop-up of a client over its plan is not served: the display call\'s refusal', async () => {
    await h.server.db.run("UPDATE clients SET restricted = 1 WHERE id = 'demo-rule-seconds'");
    try {
      const res = await call(h.base, `/api/display/click/${OTHER_CLIENT.poptin_id}`);
      assert.equal(res.status, 200);
      assert.deepEqual(res.json, { display: 'not_allowed', message: UPGRADE.MESSAGE_RESTRICTED, poptins: [] });
    } finally {
      await h.server.db.run("UPDATE clients SET restricted = 0 WHERE id = 'demo-rule-seconds'");
    }
    assert.deepEqual((await call(h.base, `/api/display/click/${OTHER_CLIENT.poptin_id}`)).json.poptin, OTHER_CLIENT);
  });
});

describe('the ad-block bait', () => {
  test('an empty script, not cached, for any origin', async () => {
    const res = await call(h.base, '/api/display/ads/adsbygoogle.js?ad_type=banner&adunit=kite');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.match(res.text, /^\/\*.*\*\/\n$/);
  });
});

describe('seeding for another client', () => {
  test('a record file with an existing client_id is that client\'s; an unknown one falls back to the demo client', async () => {
    const other = await postJson(h.base, '/api/display/demo-rule-seconds', displayBody());
    assert.deepEqual(ids(other), [OTHER_CLIENT.poptin_id]);
    const demo = ids(await postJson(h.base, '/api/display/demo-client', displayBody()));
    assert.ok(!demo.includes(OTHER_CLIENT.poptin_id));
    assert.ok(demo.includes(NO_SUCH_CLIENT.poptin_id));
  });
});
