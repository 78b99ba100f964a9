/**
 * Leads are never lost to odd shapes or size (issue 13 item 6, server part): nested extra fields
 * sent as a JSON string are checked like a JSON body (400 with a reason, never 500), and the body
 * limit of each endpoint follows from what its schema allows.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { API_LIMITS } from '../../shared/api/schemas.ts';
import { API_ERROR_CODE } from '../../shared/api/error-codes.ts';
import { PLAIN, conversionForm, displayBody, postForm, postJson, startHarness, type Harness } from './helpers.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.stop();
});

const CONVERSION = `/api/display/conversion/${PLAIN.viewer_id}`;
const leadCount = () => (h.server.db.prepare('SELECT count(*) AS n FROM conversions').get() as { n: number }).n;
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('newExtraFields sent as a JSON string', () => {
  const odd: Array<[string, string, string]> = [
    ['a value nested one level too deep', `[{"value":${nested(API_LIMITS.JSON_MAX_DEPTH - 1)}}]`, `newExtraFields: JSON nested deeper than ${API_LIMITS.JSON_MAX_DEPTH} levels`],
    ['a value nested past SQLite\'s JSON depth', `[{"value":${nested(1_100)}}]`, `newExtraFields: JSON nested deeper than ${API_LIMITS.JSON_MAX_DEPTH} levels`],
    ['a value nested past the stack', `[{"value":${nested(5_000)}}]`, `newExtraFields: JSON nested deeper than ${API_LIMITS.JSON_MAX_DEPTH} levels`],
    ['arrays of arrays', '[[1,2],[3]]', 'newExtraFields[0]: expected an object'],
    ['a number', '5', 'newExtraFields: expected an array'],
    ['null', 'null', 'newExtraFields: expected an array'],
    ['an object', '{"id":1}', 'newExtraFields: expected an array'],
    ['a string longer than the field allows', JSON.stringify([{ value: 'x'.repeat(API_LIMITS.LONG_MAX_CHARS * 4) }]), `newExtraFields: must be at most ${API_LIMITS.LONG_MAX_CHARS * 4} characters`],
    ['too many entries', JSON.stringify(Array.from({ length: API_LIMITS.EXTRA_FIELDS_MAX + 1 }, () => ({}))), `newExtraFields: must have at most ${API_LIMITS.EXTRA_FIELDS_MAX} items`],
  ];
  for (const [name, extra, error] of odd) {
    test(`${name}: 400 "${error}", nothing stored`, async () => {
      const before = leadCount();
      const res = await postForm(h.base, CONVERSION, conversionForm(PLAIN, `extra-${name.replace(/\W+/g, '-')}`.slice(0, 64), { newExtraFields: extra }));
      assert.equal(res.status, 400, res.text.slice(0, 200));
      assert.deepEqual(res.json, { error, code: API_ERROR_CODE.INVALID_REQUEST });
      assert.equal(leadCount(), before);
    });
  }

  test('nesting exactly at the limit is taken', async () => {
    // The array and its object are two levels; the value fills the rest.
    const extra = `[{"value":${nested(API_LIMITS.JSON_MAX_DEPTH - 2)}}]`;
    const res = await postForm(h.base, CONVERSION, conversionForm(PLAIN, 'extra-at-depth-limit', { newExtraFields: extra }));
    assert.equal(res.status, 200, res.text);
  });

  test('after all of them the server still answers', async () => {
    assert.equal((await postJson(h.base, '/api/display/demo-client', displayBody())).status, 200);
  });
});
