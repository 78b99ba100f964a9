/**
 * Leads are never lost to odd shapes or size (issue 13 item 6, server part): nested extra fields
 * sent as a JSON string are checked like a JSON body (400 with a reason, never 500), and the body
 * limit of each endpoint follows from what its schema allows.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { API_LIMITS } from '../../../shared/api/schemas.ts';
import { API_ERROR_CODE } from '../../../shared/api/error-codes.ts';
import { RECORD_LIMITS } from '../../../shared/constants/record.ts';
import { BODY_LIMITS } from '../../../demo/server/constants.ts';
import { adminHeaders, call, conversionForm, displayBody, fixtureRecord, harnessPerSuite, PLAIN, postForm, postJson, rawRequest, countOf } from './helpers.ts';

const h = harnessPerSuite();

const CONVERSION = `/api/display/conversion/${PLAIN.viewer_id}`;
const leadCount = () => countOf(h.server, 'SELECT count(*) AS n FROM conversions');
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
    ['a string longer than the field allows', JSON.stringify([{ value: 'x'.repeat(API_LIMITS.EXTRA_FIELDS_MAX_CHARS) }]), `newExtraFields: must be at most ${API_LIMITS.EXTRA_FIELDS_MAX_CHARS} characters`],
    ['too many entries', JSON.stringify(Array.from({ length: API_LIMITS.EXTRA_FIELDS_MAX + 1 }, () => ({}))), `newExtraFields: must have at most ${API_LIMITS.EXTRA_FIELDS_MAX} items`],
  ];
  for (const [name, extra, error] of odd) {
    test(`${name}: 400 "${error}", nothing stored`, async () => {
      const before = await leadCount();
      const res = await postForm(h.base, CONVERSION, conversionForm(PLAIN, `extra-${name.replace(/\W+/g, '-')}`.slice(0, 64), { newExtraFields: extra }));
      assert.equal(res.status, 400, res.text.slice(0, 200));
      assert.deepEqual(res.json, { error, code: API_ERROR_CODE.INVALID_REQUEST });
      assert.equal(await leadCount(), before);
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

describe('body limits follow from the schema limits', () => {
  /** A character with the longest JSON encoding (`\u0001`, 6 bytes) and one with the longest form encoding (`€`, %E2%82%AC). */
  const JSON_WORST = '\u0001';
  const FORM_WORST = '€';
  const putRecord = (id: string, markup: string) =>
    call(h.base, `/api/admin/poptins/${id}`, {
      method: 'PUT',
      headers: { ...adminHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ record: fixtureRecord(id, { poptin: markup }) }),
    });

  test('a record whose markup is exactly at its limit is taken, whatever its characters', async () => {
    const res = await putRecord('markuplimit01', JSON_WORST.repeat(RECORD_LIMITS.MARKUP_MAX_CHARS));
    assert.equal(res.status, 201, res.text.slice(0, 200));
    const stored = await call(h.base, '/api/admin/poptins/markuplimit01', { headers: adminHeaders() });
    assert.equal(stored.json.record.poptin.length, RECORD_LIMITS.MARKUP_MAX_CHARS);
  });

  test('one character over is 400 naming the field; a body over the record limit is 413 too_large', async () => {
    const over = await putRecord('markuplimit02', 'm'.repeat(RECORD_LIMITS.MARKUP_MAX_CHARS + 1));
    assert.equal(over.status, 400);
    assert.deepEqual(over.json, { error: `record.poptin: must be at most ${RECORD_LIMITS.MARKUP_MAX_CHARS} characters`, code: API_ERROR_CODE.INVALID_REQUEST });
    const huge = await call(h.base, '/api/admin/poptins/markuplimit03', {
      method: 'PUT',
      headers: { ...adminHeaders(), 'Content-Type': 'application/json' },
      body: 'x'.repeat(BODY_LIMITS.RECORD_MAX_BYTES + 1),
    });
    assert.equal(huge.status, 413);
    assert.deepEqual(huge.json, { error: `body is larger than ${BODY_LIMITS.RECORD_MAX_BYTES} bytes`, code: API_ERROR_CODE.TOO_LARGE });
  });

  test('a lead of a form at its limits (every field at its longest, worst encoding) is taken', async () => {
    const fields: Record<string, string> = {};
    for (let i = 0; i < RECORD_LIMITS.FORM_FIELDS_MAX; i += 1) fields[`custom_${i}`] = FORM_WORST.repeat(API_LIMITS.LONG_MAX_CHARS);
    const extra = JSON.stringify([{ id: 1, value: FORM_WORST.repeat(API_LIMITS.EXTRA_FIELDS_MAX_CHARS - 100) }]);
    const form = conversionForm(PLAIN, 'lead-at-its-limits', { ...fields, url: `https://shop.example/?q=${FORM_WORST.repeat(API_LIMITS.TEXT_MAX_CHARS - 30)}`, newExtraFields: extra });
    assert.ok(new URLSearchParams(form).toString().length > 1_000_000, 'a body far over the default limit');
    // A fresh connection: under heavy machine load, a reused keep-alive socket can be reset by the idle timer mid-upload.
    const res = await rawRequest(h.base, CONVERSION, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Connection: 'close' },
      body: new URLSearchParams(form).toString(),
    });
    assert.equal(res.status, 200, res.text.slice(0, 200));
  });

  test('a lead body over its limit is 413 too_large with the limit named', async () => {
    const res = await postForm(h.base, CONVERSION, conversionForm(PLAIN, 'lead-over-limit', { pad: 'p'.repeat(BODY_LIMITS.CONVERSION_MAX_BYTES) }));
    assert.equal(res.status, 413);
    assert.deepEqual(res.json, { error: `body is larger than ${BODY_LIMITS.CONVERSION_MAX_BYTES} bytes`, code: API_ERROR_CODE.TOO_LARGE });
  });
});
