/**
 * A small declarative validator for untrusted input (request bodies, stored records, anything a
 * visitor can send). Pure TypeScript: no DOM, no node APIs, so the widget and the reference server
 * share the same schemas.
 *
 * ```ts
 * const display = object({ domain: string({ max: 2048 }), cookies: optional(record(string({ max: 4096 }))) });
 * const result = validate(display, JSON.parse(text), 'body');
 * if (!result.ok) return badRequest(result.error); // 'cookies.foo: expected a string'
 * result.value.domain;                             // typed: string
 * ```
 *
 * Every error names the field path (`items[0].id`, `cookies.foo`, `cookies["a b"]`), so a caller
 * can fix the request without reading the server. The first problem found is reported.
 *
 * Objects are rebuilt, never passed through: unknown fields are dropped unless the schema says
 * otherwise, and keys are defined with `Object.defineProperty`, so a `__proto__` key in JSON stays
 * a plain data key and cannot reach any prototype.
 *
 * Over 400 lines on purpose: one small library whose combinators all build on the internal
 * `Parsed` result and its helpers (`ok`, `fail`, `mismatch`), which a split would have to export;
 * and the widget's shared chunk names this file (rollup.config.mjs `WIDGET_SHARED`).
 */

/**
 * The outcome of {@link validate}: the cleaned value, or one message naming the field (`error`),
 * also in its parts, so an editor can show the message at its field: `path` (`design.blocks[0].text`,
 * the root name for the value itself) and `message`.
 */
export type ValidationResult<T> = { ok: true; value: T } | { ok: false; error: string; path: string; message: string };

/** Internal outcome: where it failed and whether the value was of the wrong kind altogether. */
type Parsed<T> =
  | { ok: true; value: T }
  | { ok: false; path: string; message: string; /** The value at `path` had the wrong type. */ typeMismatch: boolean };

/** A validator for values of type `T`. Build one with the functions below; run it with {@link validate}. */
export interface Schema<T> {
  /** What a value must be, for messages: `a string`, `an array`. */
  readonly expected: string;
  /** @internal Checks `value` found at `path` and returns the cleaned value. */
  readonly parse: (value: unknown, path: string) => Parsed<T>;
}

/** A schema whose field may be left out (see {@link optional}). */
export interface OptionalSchema<T> extends Schema<T | undefined> {
  readonly isOptional: true;
}

/** The type a schema produces. */
export type Infer<S> = S extends Schema<infer T> ? T : never;

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends OptionalSchema<unknown> ? K : never }[keyof S];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** The object type a shape produces: optional schemas become optional properties. */
export type ObjectOf<S extends Shape> = Simplify<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Exclude<Infer<S[K]>, undefined> }
>;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `cookies` + `foo` -> `cookies.foo`; keys that are not identifiers are quoted: `cookies["a b"]`. */
export function joinPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (IDENTIFIER.test(key)) return path ? `${path}.${key}` : key;
  return `${path}[${JSON.stringify(key)}]`;
}

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (path: string, message: string, typeMismatch = false): Parsed<never> => ({ ok: false, path, message, typeMismatch });
const mismatch = (path: string, expected: string) => fail(path, `expected ${expected}`, true);

/** Sets `key` on `target` as an own data property, even when the key is `__proto__`. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * Runs `schema` on `value`. `rootName` labels an error about the value itself
 * (`body: expected an object`) or an item of a top-level array (`body[2]`); errors inside an
 * object name their field path (`cookies.foo`).
 */
export function validate<T>(schema: Schema<T>, value: unknown, rootName = 'value'): ValidationResult<T> {
  const parsed = schema.parse(value, '');
  if (parsed.ok) return { ok: true, value: parsed.value };
  const where = parsed.path === '' ? rootName : parsed.path.startsWith('[') ? rootName + parsed.path : parsed.path;
  return invalid(where, parsed.message);
}

/** A failed {@link ValidationResult}: `message` about the field at `path`. */
export const invalid = (path: string, message: string): ValidationResult<never> => ({ ok: false, error: `${path}: ${message}`, path, message });

/** Options of {@link string}. */
export interface StringOptions {
  /** Fewest characters (UTF-16 code units). */
  min?: number;
  /** Most characters (UTF-16 code units). */
  max?: number;
  /** The whole string must match. */
  pattern?: RegExp;
  /** The message when `pattern` does not match; default `has an invalid format`. */
  patternMessage?: string;
}

/** A string, optionally bounded in length and matched against a pattern. */
export function string(options: StringOptions = {}): Schema<string> {
  const { min, max, pattern, patternMessage = 'has an invalid format' } = options;
  return {
    expected: 'a string',
    parse(value, path) {
      if (typeof value !== 'string') return mismatch(path, 'a string');
      if (min !== undefined && value.length < min) {
        return fail(path, min === 1 ? 'must not be empty' : `must be at least ${plural(min, 'character')}`);
      }
      if (max !== undefined && value.length > max) return fail(path, `must be at most ${plural(max, 'character')}`);
      if (pattern) {
        pattern.lastIndex = 0; // a /g or /y pattern keeps state between calls
        if (!pattern.test(value)) return fail(path, patternMessage);
      }
      return ok(value);
    },
  };
}

/** Options of {@link number}. */
export interface NumberOptions {
  min?: number;
  max?: number;
  /** Only whole numbers. */
  integer?: boolean;
}

/** A finite number (never NaN or Infinity), optionally an integer within bounds. */
export function number(options: NumberOptions = {}): Schema<number> {
  const { min, max, integer: whole = false } = options;
  const expected = whole ? 'an integer' : 'a number';
  return {
    expected,
    parse(value, path) {
      if (typeof value !== 'number' || !Number.isFinite(value)) return mismatch(path, expected);
      if (whole && !Number.isInteger(value)) return mismatch(path, expected);
      if (min !== undefined && value < min) return fail(path, `must be at least ${min}`);
      if (max !== undefined && value > max) return fail(path, `must be at most ${max}`);
      return ok(value);
    },
  };
}

/** A whole number: `number({ ...options, integer: true })`. */
export function integer(options: Omit<NumberOptions, 'integer'> = {}): Schema<number> {
  return number({ ...options, integer: true });
}

/** `true` or `false`. */
export function boolean(): Schema<boolean> {
  return {
    expected: 'a boolean',
    parse: (value, path) => (typeof value === 'boolean' ? ok(value) : mismatch(path, 'a boolean')),
  };
}

/** Exactly one of the given strings, numbers or booleans. */
export function oneOf<const T extends readonly (string | number | boolean)[]>(...values: T): Schema<T[number]> {
  const expected = `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  return {
    expected,
    parse: (value, path) =>
      values.includes(value as T[number]) ? ok(value as T[number]) : mismatch(path, expected),
  };
}

/** Anything at all, passed through unchanged. Bound the size elsewhere (the body limit). */
export function unknown(): Schema<unknown> {
  return { expected: 'any value', parse: (value) => ok(value) };
}

/** Options of {@link array}. */
export interface ArrayOptions {
  min?: number;
  max?: number;
}

/** An array whose every item passes `item`. */
export function array<T>(item: Schema<T>, options: ArrayOptions = {}): Schema<T[]> {
  const { min, max } = options;
  return {
    expected: 'an array',
    parse(value, path) {
      if (!Array.isArray(value)) return mismatch(path, 'an array');
      if (min !== undefined && value.length < min) return fail(path, `must have at least ${plural(min, 'item')}`);
      if (max !== undefined && value.length > max) return fail(path, `must have at most ${plural(max, 'item')}`);
      const out: T[] = [];
      for (let index = 0; index < value.length; index += 1) {
        const parsed = item.parse(value[index], joinPath(path, index));
        if (!parsed.ok) return parsed;
        out.push(parsed.value);
      }
      return ok(out);
    },
  };
}

/** Options of {@link record}. */
export interface RecordOptions {
  /** Most keys. */
  maxKeys?: number;
  /** Each key must pass this (for example a length bound). */
  key?: Schema<string>;
}

/** An object used as a map: any keys, every value passes `value`. */
export function record<T>(value: Schema<T>, options: RecordOptions = {}): Schema<Record<string, T>> {
  const { maxKeys, key: keySchema } = options;
  return {
    expected: 'an object',
    parse(input, path) {
      if (!isPlainObject(input)) return mismatch(path, 'an object');
      const keys = Object.keys(input);
      if (maxKeys !== undefined && keys.length > maxKeys) return fail(path, `must have at most ${plural(maxKeys, 'key')}`);
      const out: Record<string, T> = {};
      for (const key of keys) {
        const fieldPath = joinPath(path, key);
        if (keySchema) {
          const checked = keySchema.parse(key, fieldPath);
          if (!checked.ok) return fail(fieldPath, `key ${checked.message}`);
        }
        const parsed = value.parse(input[key], fieldPath);
        if (!parsed.ok) return parsed;
        define(out, key, parsed.value);
      }
      return ok(out);
    },
  };
}

/** What {@link object} does with fields its shape does not name. */
export type RestPolicy = 'strip' | 'reject' | 'keep' | Schema<unknown>;

/** Options of {@link object}. */
export interface ObjectOptions<R extends RestPolicy> {
  /**
   * Fields the shape does not name: `'strip'` drops them (default; clients may send more than we
   * read), `'reject'` fails with `unknown field`, `'keep'` passes them through unchecked, and a
   * schema keeps them when they pass it.
   */
  rest?: R;
  /** Most fields in all (named and rest), so a flood of keys is refused early. */
  maxKeys?: number;
}

/** An object with the named fields. Wrap a field's schema in {@link optional} to allow leaving it out. */
export function object<S extends Shape>(shape: S, options?: ObjectOptions<'strip' | 'reject'>): Schema<ObjectOf<S>>;
export function object<S extends Shape>(
  shape: S,
  options: ObjectOptions<'keep' | Schema<unknown>>,
): Schema<ObjectOf<S> & { [key: string]: unknown }>;
export function object<S extends Shape>(shape: S, options: ObjectOptions<RestPolicy> = {}): Schema<ObjectOf<S>> {
  const { rest = 'strip', maxKeys } = options;
  const named = Object.keys(shape);
  const isNamed = (key: string) => Object.prototype.hasOwnProperty.call(shape, key);
  return {
    expected: 'an object',
    parse(input, path) {
      if (!isPlainObject(input)) return mismatch(path, 'an object');
      const keys = Object.keys(input);
      if (maxKeys !== undefined && keys.length > maxKeys) return fail(path, `must have at most ${plural(maxKeys, 'field')}`);
      const out: Record<string, unknown> = {};
      for (const key of named) {
        const schema = shape[key]!;
        const fieldPath = joinPath(path, key);
        const present = Object.prototype.hasOwnProperty.call(input, key);
        if (!present && !('isOptional' in schema)) return fail(fieldPath, 'is required');
        const parsed = schema.parse(present ? input[key] : undefined, fieldPath);
        if (!parsed.ok) return parsed;
        if (parsed.value !== undefined) define(out, key, parsed.value);
      }
      if (rest === 'strip') return ok(out as ObjectOf<S>);
      for (const key of keys) {
        if (isNamed(key)) continue;
        const fieldPath = joinPath(path, key);
        if (rest === 'reject') return fail(fieldPath, 'unknown field');
        if (rest === 'keep') {
          define(out, key, input[key]);
          continue;
        }
        const parsed = rest.parse(input[key], fieldPath);
        if (!parsed.ok) return parsed;
        define(out, key, parsed.value);
      }
      return ok(out as ObjectOf<S>);
    },
  };
}

/**
 * A field that may be left out. `undefined` and `null` both mean "not given" (JSON clients
 * often send `null` for an empty field); the cleaned object then has no such key.
 */
export function optional<T>(schema: Schema<T>): OptionalSchema<T> {
  return {
    expected: schema.expected,
    isOptional: true,
    parse: (value, path) => (value === undefined || value === null ? ok(undefined) : schema.parse(value, path)),
  };
}

/**
 * Like {@link optional}, and a value `schema` refuses is left out instead of failing the whole
 * input: for a field whose absence has a harmless default (a record's colour: the stylesheet's).
 */
export function droppable<T>(schema: Schema<T>): OptionalSchema<T> {
  return {
    expected: schema.expected,
    isOptional: true,
    parse(value, path) {
      const parsed = value === undefined || value === null ? undefined : schema.parse(value, path);
      return parsed?.ok ? parsed : ok(undefined);
    },
  };
}

/** The value or `null` (the key itself is still required unless also wrapped in {@link optional}). */
export function nullable<T>(schema: Schema<T>): Schema<T | null> {
  const expected = `${schema.expected} or null`;
  return {
    expected,
    parse(value, path) {
      if (value === null) return ok(null);
      const parsed = schema.parse(value, path);
      return !parsed.ok && parsed.typeMismatch && parsed.path === path ? mismatch(path, expected) : parsed;
    },
  };
}

/**
 * One schema per value of `key`, chosen by that field: the errors of a discriminated union come
 * from the alternative the data names. Usable for the whole block list:
 * the block list of a pop-up's design.
 */
export function byType<M extends Record<string, Schema<unknown>>>(map: M, key = 'type'): Schema<Infer<M[keyof M]>> {
  const names = Object.keys(map);
  const expected = `one of ${names.map((name) => JSON.stringify(name)).join(', ')}`;
  return {
    expected: 'an object',
    parse(value, path) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return mismatch(path, 'an object');
      }
      const tag = (value as Record<string, unknown>)[key];
      const schema = typeof tag === 'string' && Object.prototype.hasOwnProperty.call(map, tag) ? map[tag] : undefined;
      if (!schema) return mismatch(joinPath(path, key), expected);
      return schema.parse(value, path) as ReturnType<Schema<Infer<M[keyof M]>>['parse']>;
    },
  };
}

/**
 * The first alternative that accepts the value. When every one refuses, the error is the one from
 * an alternative whose type matched (it explains what is wrong inside), else `expected A or B`.
 */
export function union<T extends Schema<unknown>[]>(...schemas: T): Schema<Infer<T[number]>> {
  const expected = schemas.map((s) => s.expected).join(' or ');
  return {
    expected,
    parse(value, path) {
      let inner: Parsed<never> | undefined;
      for (const schema of schemas) {
        const parsed = schema.parse(value, path);
        if (parsed.ok) return parsed as Parsed<Infer<T[number]>>;
        if (!inner && !(parsed.typeMismatch && parsed.path === path)) inner = parsed;
      }
      return inner ?? mismatch(path, expected);
    },
  };
}

/** Checks with `schema`, then turns the cleaned value into another (for example a numeric string into a number). */
export function map<T, U>(schema: Schema<T>, convert: (value: T) => U): Schema<U> {
  return {
    expected: schema.expected,
    parse(value, path) {
      const parsed = schema.parse(value, path);
      return parsed.ok ? ok(convert(parsed.value)) : parsed;
    },
  };
}

/**
 * Checks with `schema`, then with `check`, which returns a message (`must look like an email`)
 * when the value is wrong and `undefined` when it is fine.
 */
export function refine<T>(schema: Schema<T>, check: (value: T) => string | undefined): Schema<T> {
  return {
    expected: schema.expected,
    parse(value, path) {
      const parsed = schema.parse(value, path);
      if (!parsed.ok) return parsed;
      const message = check(parsed.value);
      return message === undefined ? parsed : fail(path, message);
    },
  };
}
