/**
 * No oracle on leads (issue 13 item 2): the display call decides "already converted" only from
 * what the browser holds (the conversion cookie, the converted value the server signed at
 * conversion), never from an email or visitor id the caller names. A real server and SQLite file,
 * on a clock the test drives.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SECOND_MS } from '../../../shared/constants/time.ts';
import { SIGNING } from '../../../demo/server/constants.ts';
import {
  type Answer,
  baseOf,
  conversionForm,
  CONVERTING,
  displayBody,
  fixtureRecord,
  harnessPerSuite,
  PLAIN,
  postForm,
  postJson,
  startTestServer,
} from './helpers.ts';

/** A whole second, so an expiry falls exactly on a millisecond the test can name. */
const START_MS = 1_800_000_000 * SECOND_MS;
let clock = START_MS;
/** Another client's pop-up that also stops showing after a conversion. */
const OTHER = fixtureRecord('otherconvert1', { client_id: 'demo-rule-seconds', stop_showing_to_converted_users: true });

const h = harnessPerSuite([CONVERTING, PLAIN, OTHER], { now: () => clock });

const ids = (answer: Answer): string[] => answer.json.poptins.map((p: { poptin_id: string }) => p.poptin_id);
const display = (extra: Record<string, unknown> = {}, client = 'demo-client') => postJson(h.base, `/api/display/${client}`, displayBody(extra));
const BOTH = [CONVERTING.poptin_id, PLAIN.poptin_id];

/** A lead on `record` by `email` and `visitor`; resolves with the conversion's answer. */
async function convert(record = CONVERTING, key = 'key-lead-000001', extra: Record<string, string> = {}): Promise<Answer> {
  const res = await postForm(h.base, `/api/display/conversion/${record.viewer_id}`, {
    ...conversionForm(record, key, { email: 'grace@example.com', visitor: 'visitor-grace', ...extra }),
    client_id: record === OTHER ? 'demo-rule-seconds' : 'demo-client',
  });
  assert.equal(res.status, 200, res.text);
  return res;
}

describe('the display call is no oracle on leads', () => {
  test('a real lead\'s email and visitor id get the same answer as made-up ones: the pop-up still shows', async () => {
    await convert();
    const real = await display({ converted_email: 'grace@example.com', visitor_id: 'visitor-grace' });
    const madeUp = await display({ converted_email: 'nobody@example.com', visitor_id: 'visitor-nobody' });
    assert.equal(real.status, 200);
    assert.deepEqual(ids(real), BOTH, 'the lead\'s own address does not hide the pop-up');
    assert.deepEqual(real.json, madeUp.json, 'same answer for a real and a made-up address');
  });

  test('the converted value the conversion answered hides that pop-up, and only it', async () => {
    const { json } = await convert(CONVERTING, 'key-lead-000002');
    assert.equal(typeof json.converted, 'string');
    assert.deepEqual(ids(await display({ converted: [json.converted] })), [PLAIN.poptin_id]);
    // A pop-up without stop_showing_to_converted_users keeps showing to its leads.
    const plain = await convert(PLAIN, 'key-lead-000003');
    assert.deepEqual(ids(await display({ converted: [plain.json.converted] })), BOTH);
  });

  test('forged, tampered, other-client and other-kind values count as none', async () => {
    const { json } = await convert(CONVERTING, 'key-lead-000004');
    const [claims, mac] = (json.converted as string).split('.') as [string, string];
    const otherClient = (await convert(OTHER, 'key-lead-000005')).json.converted as string;
    const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
    const reclaimed = Buffer.from(JSON.stringify({ ...decoded, p: PLAIN.poptin_id }), 'utf8').toString('base64url');
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    const forged = [
      'grace@example.com',
      CONVERTING.poptin_id,
      `${claims}.${flipped}`,
      `${reclaimed}.${mac}`,
      `${claims}.`,
      claims,
      otherClient,
      '',
      '.',
    ];
    const none = await display();
    for (const value of forged) {
      const res = await display({ converted: [value] });
      assert.deepEqual(res.json, none.json, `converted ${JSON.stringify(value)} answers as none`);
    }
    // The other client's own display honours its value.
    assert.deepEqual(ids(await display({ converted: [otherClient] }, 'demo-rule-seconds')), []);
    // A preview link is signed too, but it is no converted value.
    const link = await postJson(h.base, `/api/admin/poptins/${CONVERTING.poptin_id}/preview-link`, {}, { Authorization: `Bearer ${h.server.adminToken}` });
    assert.deepEqual(ids(await display({ converted: [link.json.token] })), BOTH);
  });

  test('a converted value is honoured for SIGNING.CONVERTED_TTL_S, then the pop-up shows again', async () => {
    clock = START_MS;
    const { json } = await convert(CONVERTING, 'key-lead-000006');
    clock = START_MS + SIGNING.CONVERTED_TTL_S * SECOND_MS - 1;
    assert.deepEqual(ids(await display({ converted: [json.converted] })), [PLAIN.poptin_id]);
    clock = START_MS + SIGNING.CONVERTED_TTL_S * SECOND_MS;
    assert.deepEqual(ids(await display({ converted: [json.converted] })), BOTH);
    clock = START_MS;
  });

  test('the key survives a restart: a value signed before it still hides the pop-up', async () => {
    const { json } = await convert(CONVERTING, 'key-lead-000007');
    const second = await startTestServer({ port: 0, dataDir: h.dataDir, poptinsDir: h.poptinsDir, quiet: true, now: () => clock });
    try {
      const res = await postJson(baseOf(second), '/api/display/demo-client', displayBody({ converted: [json.converted] }));
      assert.deepEqual(ids(res), [PLAIN.poptin_id]);
    } finally {
      await second.close();
    }
  });
});
