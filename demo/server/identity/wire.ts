/**
 * How the identity service answers (spec 001 section 8, the error shapes the SDK reads): every
 * answer carries an `x-request-id`; a body that fails its schema is a 400 validation error with one
 * violation per wrong field; a refusal of the service's own is an application error with a
 * description, a code (the auth codes) and data; anything unforeseen is a 500 naming only the
 * request id. Routes are wrapped by {@link identityRoute}, so no handler can answer otherwise.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER, type FieldViolation } from '../../../shared/identity/errors.ts';
import { object, validate, type ObjectOf, type Schema } from '../../../shared/schema/validate.ts';
import { HttpError, readBody, type BodyKind } from '../http.ts';
import type { Context, Handler, Method, Route } from '../router.ts';
import { IDENTITY_SERVICE } from './constants.ts';

/** Identity answers are read cross-origin by the SDK: it reads the request id and Retry-After. */
const EXPOSED = { 'Access-Control-Expose-Headers': `Retry-After, ${REQUEST_ID_HEADER}` };

/** A refusal of the service's own: `{ message, details: { applicationError: { code, description, data } } }`. */
export const applicationError = (status: number, code: string, description: string, data: Record<string, unknown> = {}) =>
  new HttpError(status, description, { body: { message: description, details: { applicationError: { code, description, data } } } });

/** A 400 naming each wrong field. */
export const validationError = (violations: FieldViolation[]) =>
  new HttpError(400, 'invalid argument', {
    body: { message: 'invalid argument', details: { validationError: { fieldViolations: violations.map((v) => ({ ...v, violatedRule: 'FORMAT' })) } } },
  });

type Shape = Record<string, Schema<unknown>>;

/**
 * Validates `body` against an object `shape` field by field, so every wrong field is named (the
 * shared validator stops at the first); the typed, rebuilt value when all pass.
 */
export function checkFields<S extends Shape>(shape: S, body: unknown): ObjectOf<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw validationError([{ field: 'body', description: 'expected an object' }]);
  const violations: FieldViolation[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const result = validate(schema, (body as Record<string, unknown>)[key], key);
    if (!result.ok) {
      const split = result.error.indexOf(': ');
      // validate() names a nested field by its path inside the value: put the key in front.
      const where = result.error.slice(0, split);
      const field = where === key || where.startsWith(`${key}[`) ? where : `${key}.${where}`;
      violations.push({ field, description: result.error.slice(split + 2) });
    }
  }
  if (violations.length) throw validationError(violations);
  const whole = validate(object(shape), body, 'body');
  if (!whole.ok) throw validationError([{ field: 'body', description: whole.error }]);
  return whole.value;
}

/** Reads a JSON (or form) body and checks it against `shape`. */
export async function readFields<S extends Shape>(req: IncomingMessage, shape: S, kinds: readonly BodyKind[] = ['json']): Promise<ObjectOf<S>> {
  return checkFields(shape, await readBody(req, kinds));
}

/** The bearer token of a call, or undefined. */
export function bearerOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || undefined : undefined;
}

/**
 * An identity route under IDENTITY_SERVICE.PREFIX (or `prefix`): CORS for any origin (the SDK runs on the
 * member's site), rate limited when it writes, every answer with a request id, and an unforeseen
 * failure answered as a 500 naming that id instead of the server's generic one.
 */
export function identityRoute(method: Method, path: string, handler: Handler, { rateLimited = method !== 'GET', prefix = IDENTITY_SERVICE.PREFIX as string } = {}): Route {
  const wrapped: Handler = async (ctx: Context) => {
    const requestId = randomUUID();
    const headers = { ...EXPOSED, [REQUEST_ID_HEADER]: requestId };
    try {
      const reply = await handler(ctx);
      if (!reply) {
        return undefined;
      }
      return { ...reply, headers: { ...headers, ...reply.headers } };
    } catch (error) {
      if (error instanceof HttpError) throw new HttpError(error.status, error.message, { code: error.code, body: error.body, headers: { ...headers, ...error.headers } });
      console.error(`kite: identity ${method} ${path} failed (request ${requestId}):`, error);
      throw new HttpError(500, 'internal error', { body: { message: 'internal error' }, headers });
    }
  };
  return { method, path: `${prefix}${path}`, handler: wrapped, cors: true, rateLimited, allowHeaders: ['Authorization'] };
}
