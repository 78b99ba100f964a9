/**
 * Several instances over one database (issue 21): a second server runs as its own process
 * (`npm start`'s demo/server/main.ts, as a deployment runs it) on the same database as the test's
 * server. Retries of one lead landing on both store one row; a viewer's view counts once; the
 * health check answers; SIGTERM lets a request in flight finish.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { once } from 'node:events';
import { ADMIN_TOKEN, PLAIN, conversionForm, countOf, displayBody, makeDirs, postForm, postJson, startHarness, call, testDatabaseUrl, type Harness } from './helpers.ts';
import { HEALTH_PATH } from '../../../demo/server/routes/health.ts';
import { startInstance } from '../../../scripts/cluster.mjs';

/** Retries of one lead, sent at once, spread over the two instances. */
const RETRIES = 12;

type Instance = Awaited<ReturnType<typeof startInstance>>;

let h: Harness;
let other: Instance;
before(async () => {
  const dirs = makeDirs();
  h = await startHarness(dirs);
  // npm start's server as a process of its own on the same database.
  other = await startInstance({ HOST: '127.0.0.1', DATA_DIR: dirs.dataDir, DATABASE_URL: (await testDatabaseUrl(dirs.dataDir)) ?? '', KITE_ADMIN_TOKEN: ADMIN_TOKEN });
});
after(async () => {
  if (other.child.exitCode === null) {
    other.child.kill('SIGTERM');
    await once(other.child, 'exit');
  }
  await h.stop();
});

const bases = () => [h.base, other.url];

describe('two instances over one database', () => {
  test(`${RETRIES} retries of one lead sent at once to both instances store one row, and all answer its id`, async () => {
    const form = conversionForm(PLAIN, 'key-two-instances-01');
    const answers = await Promise.all(
      Array.from({ length: RETRIES }, (_, i) => postForm(bases()[i % 2]!, `/api/display/conversion/${PLAIN.viewer_id}`, form)),
    );
    assert.deepEqual(answers.map((answer) => answer.status), Array(RETRIES).fill(200));
    assert.equal(new Set(answers.map((answer) => answer.json.conversion_id)).size, 1, 'one conversion id');
    assert.equal(await countOf(h.server, "SELECT count(*) AS n FROM conversions WHERE conversion_key = 'key-two-instances-01'"), 1);
  });

  test('a viewer\'s view sent at once to both instances counts once', async () => {
    const viewed = { client_id: 'demo-client', viewer_id: PLAIN.viewer_id, type: 'desktop', url: 'https://shop.example/', visitor_id: 'visitor-both-instances' };
    const answers = await Promise.all(
      Array.from({ length: RETRIES }, (_, i) => postJson(bases()[i % 2]!, `/api/display/viewed/${PLAIN.poptin_id}`, viewed)),
    );
    assert.deepEqual(answers.map((answer) => answer.status), Array(RETRIES).fill(200));
    assert.equal(answers.filter((answer) => answer.json.counted === true).length, 1, 'one answer says counted');
    assert.equal(new Set(answers.map((answer) => answer.json.poptin_view_id)).size, 1, 'all answer the one view');
    assert.equal(await countOf(h.server, "SELECT count(*) AS n FROM views WHERE visitor_id = 'visitor-both-instances'"), 1);
  });

  test('both answer the display call alike, and a lead taken by one is listed by the other', async () => {
    const [first, second] = await Promise.all(bases().map((base) => postJson(base, '/api/display/demo-client', displayBody())));
    assert.ok(first!.json.poptins.some((record: { poptin_id: string }) => record.poptin_id === PLAIN.poptin_id));
    assert.deepEqual(first!.json.poptins.map((record: { poptin_id: string }) => record.poptin_id), second!.json.poptins.map((record: { poptin_id: string }) => record.poptin_id));
    const lead = await postForm(other.url, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, 'key-two-instances-02'));
    const listed = await call(h.base, '/api/admin/leads', { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    assert.ok(listed.json.leads.some((row: { conversion_id: string }) => row.conversion_id === lead.json.conversion_id));
  });

  test('/healthz answers 200 with the engine on each', async () => {
    for (const base of bases()) {
      const health = await call(base, HEALTH_PATH);
      assert.equal(health.status, 200);
      assert.equal(health.json.status, 'ok');
      assert.equal(health.json.database, h.server.db.dialect);
    }
  });
});

describe('graceful stop', () => {
  test('SIGTERM: a request in flight is answered, then the instance exits 0', async () => {
    const { port } = new URL(other.url);
    const body = new URLSearchParams(conversionForm(PLAIN, 'key-in-flight-01')).toString();
    // Expect: 100-continue: the server's "continue" says it has the request, before the body is sent.
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/display/conversion/${PLAIN.viewer_id}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
    });
    const response = once(req, 'response');
    req.flushHeaders();
    await once(req, 'continue');
    const exited = once(other.child, 'exit');
    other.child.kill('SIGTERM');
    // The body goes once the instance has begun to stop (main.ts says so as it closes the server).
    await other.printed(/^SIGTERM: closing$/);
    req.end(body);
    const [res] = (await response) as [import('node:http').IncomingMessage];
    let text = '';
    for await (const chunk of res) text += chunk;
    assert.equal(res.statusCode, 200, text);
    assert.equal(JSON.parse(text).success, true);
    const [code] = await exited;
    assert.equal(code, 0);
    assert.equal(await countOf(h.server, "SELECT count(*) AS n FROM conversions WHERE conversion_key = 'key-in-flight-01'"), 1);
  });
});
