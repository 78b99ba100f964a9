/** shared/schema/validate.ts: exact messages with field paths, cleaned values, no prototype tricks. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  array,
  boolean,
  integer,
  joinPath,
  map,
  nullable,
  number,
  object,
  oneOf,
  optional,
  record,
  refine,
  string,
  union,
  unknown,
  validate,
  type Infer,
} from '../../../shared/schema/validate.ts';
import { displayRequestSchema, parseExtraFields } from '../../../shared/api/schemas.ts';

const error = (result: { ok: boolean; error?: string }) => (result.ok ? 'ok' : result.error);

describe('validate()', () => {
  test('a failure names its field apart too (path and message), so an editor shows it at the field', () => {
    const schema = object({ design: object({ blocks: array(object({ text: string() })) }) });
    assert.deepEqual(validate(schema, { design: { blocks: [{ text: 7 }] } }, 'record'), {
      ok: false,
      error: 'design.blocks[0].text: expected a string',
      path: 'design.blocks[0].text',
      message: 'expected a string',
    });
    const whole = validate(schema, [], 'record');
    assert.equal(whole.ok ? '' : whole.path, 'record', 'the value itself: the root name');
  });

  test('paths name the field', () => {
    assert.equal(joinPath('', 'a'), 'a');
    assert.equal(joinPath('a', 'b'), 'a.b');
    assert.equal(joinPath('a', 0), 'a[0]');
    assert.equal(joinPath('a', 'x y'), 'a["x y"]');
    const schema = object({ list: array(object({ id: integer() })), map: record(string()) });
    assert.equal(error(validate(schema, { list: [{ id: 1 }, { id: 'x' }], map: {} })), 'list[1].id: expected an integer');
    assert.equal(error(validate(schema, { list: [], map: { 'a.b': 1 } })), 'map["a.b"]: expected a string');
    assert.equal(error(validate(array(integer()), [1, 'a'], 'body')), 'body[1]: expected an integer');
    assert.equal(error(validate(schema, 5, 'body')), 'body: expected an object');
    assert.equal(error(validate(schema, 5)), 'value: expected an object');
  });

  test('strings, numbers, booleans, oneOf', () => {
    assert.equal(error(validate(string({ min: 2 }), 'a')), 'value: must be at least 2 characters');
    assert.equal(error(validate(string({ min: 1 }), '')), 'value: must not be empty');
    assert.equal(error(validate(string({ max: 1 }), 'ab')), 'value: must be at most 1 character');
    assert.equal(error(validate(string({ pattern: /^a+$/ }), 'b')), 'value: has an invalid format');
    assert.equal(error(validate(string({ pattern: /^a+$/g }), 'aa')), 'ok', 'a /g pattern keeps no state');
    assert.equal(error(validate(string({ pattern: /^a+$/g }), 'aa')), 'ok');
    assert.equal(error(validate(number(), Number.NaN)), 'value: expected a number');
    assert.equal(error(validate(number(), Infinity)), 'value: expected a number');
    assert.equal(error(validate(number({ max: 3 }), 4)), 'value: must be at most 3');
    assert.equal(error(validate(integer(), 1.5)), 'value: expected an integer');
    assert.equal(error(validate(boolean(), 'true')), 'value: expected a boolean');
    assert.equal(error(validate(oneOf('a', 'b'), 'c')), 'value: expected one of "a", "b"');
    assert.equal(error(validate(array(unknown(), { max: 1 }), [1, 2])), 'value: must have at most 1 item');
    assert.equal(error(validate(record(string(), { maxKeys: 1 }), { a: '', b: '' })), 'value: must have at most 1 key');
  });

  test('objects: required, optional (undefined or null), strip, reject, keep, rest schema', () => {
    const shape = { a: string(), b: optional(integer()) };
    assert.equal(error(validate(object(shape), {})), 'a: is required');
    assert.deepEqual(validate(object(shape), { a: 'x', b: null, c: 1 }), { ok: true, value: { a: 'x' } });
    assert.equal(error(validate(object(shape, { rest: 'reject' }), { a: 'x', c: 1 })), 'c: unknown field');
    assert.deepEqual(validate(object(shape, { rest: 'keep' }), { a: 'x', c: [1] }), { ok: true, value: { a: 'x', c: [1] } });
    assert.equal(error(validate(object(shape, { rest: string() }), { a: 'x', c: 1 })), 'c: expected a string');
    assert.equal(error(validate(object(shape, { maxKeys: 1 }), { a: 'x', b: 1 })), 'value: must have at most 1 field');
    assert.equal(error(validate(object({ a: string() }), { a: undefined })), 'a: expected a string');
    assert.equal(error(validate(object({}), new Date())), 'value: expected an object', 'only plain objects');
  });

  test('nullable, union, map, refine', () => {
    assert.deepEqual(validate(nullable(string()), null), { ok: true, value: null });
    assert.equal(error(validate(nullable(string()), 1)), 'value: expected a string or null');
    const either = union(string(), array(string()));
    assert.equal(error(validate(either, 1)), 'value: expected a string or an array');
    assert.equal(error(validate(either, ['a', 2])), 'value[1]: expected a string', 'the error from the alternative whose type matched');
    assert.deepEqual(validate(map(string(), Number), '12'), { ok: true, value: 12 });
    const even = refine(integer(), (n) => (n % 2 === 0 ? undefined : 'must be even'));
    assert.equal(error(validate(even, 3)), 'value: must be even');
  });

  test('types follow the schema', () => {
    const schema = object({ a: string(), b: optional(integer()) });
    const value: Infer<typeof schema> = { a: 'x' };
    assert.equal(value.b, undefined);
  });

  test('__proto__ keys become own data, never a prototype', () => {
    const input = JSON.parse('{"__proto__":{"polluted":true},"a":"x"}');
    const kept = validate(object({ a: string() }, { rest: 'keep' }), input);
    assert.ok(kept.ok);
    assert.equal(Object.getPrototypeOf(kept.value), Object.prototype);
    assert.equal((kept.value as Record<string, unknown>).polluted, undefined);
    assert.ok(Object.prototype.hasOwnProperty.call(kept.value, '__proto__'));
    const map = validate(record(unknown()), input);
    assert.ok(map.ok);
    assert.equal((map.value as Record<string, unknown>).polluted, undefined);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('never throws, whatever the input (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = validate(displayRequestSchema, value, 'body');
        assert.equal(typeof result.ok, 'boolean');
        if (!result.ok) assert.match(result.error, /^\S.*: \S/);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        validate(displayRequestSchema, value);
      }),
    );
  });

  test('validating a cleaned value again changes nothing (property)', () => {
    fc.assert(
      fc.property(
        fc.record({ domain: fc.string({ minLength: 1 }), url: fc.string({ minLength: 1 }), cookies: fc.dictionary(fc.string(), fc.string()) }),
        (value) => {
          const once = validate(displayRequestSchema, value);
          if (!once.ok) return;
          assert.deepEqual(validate(displayRequestSchema, once.value), once);
        },
      ),
    );
  });
});

describe('parseExtraFields()', () => {
  test('string or array in, array of objects out', () => {
    assert.deepEqual(parseExtraFields(undefined), { ok: true, value: [] });
    assert.deepEqual(parseExtraFields(''), { ok: true, value: [] });
    assert.deepEqual(parseExtraFields('[{"id":1,"name":"x"}]'), { ok: true, value: [{ id: 1, name: 'x' }] });
    assert.equal(error(parseExtraFields('nope')), 'newExtraFields: must be a JSON array of objects');
    assert.equal(error(parseExtraFields('"[]"')), 'newExtraFields: expected an array');
    assert.equal(error(parseExtraFields('[null]')), 'newExtraFields[0]: expected an object');
  });
});
