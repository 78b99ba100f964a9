/**
 * Request and response helpers for plain node:http: JSON answers, errors as values, and reading a
 * body safely (content type, size limit, UTF-8, JSON depth) before any handler sees it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SERVER } from './constants.ts';
import { validate, type Schema } from '../../shared/schema/validate.ts';
import { API_ERROR_CODE, type ApiErrorCode } from '../../shared/api/error-codes.ts';
import { API_LIMITS } from '../../shared/api/schemas.ts';
import { jsonDepth } from '../../shared/schema/json-depth.ts';

/** The code an error of each status carries when its thrower names none. */
const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  401: API_ERROR_CODE.UNAUTHORIZED,
  403: API_ERROR_CODE.NOT_OWNER,
  404: API_ERROR_CODE.NOT_FOUND,
  405: API_ERROR_CODE.NOT_FOUND,
  413: API_ERROR_CODE.TOO_LARGE,
  429: API_ERROR_CODE.RATE_LIMITED,
};

export interface HttpErrorOptions {
  /** The typed code beside the reason; by default the one of its status (400s: invalid_request). */
  code?: ApiErrorCode;
  headers?: Record<string, string>;
  /** An endpoint's own error shape (the cart's `{ status, message, description }`). */
  body?: unknown;
}

/**
 * An error that is the client's to fix: answered with `status` and `{ error: message, code }`, or
 * with `body` when the endpoint has its own error shape. The code lets a caller tell the API's own
 * refusal from a proxy's bare 4xx (shared/api/error-codes.ts).
 */
export class HttpError extends Error {
  readonly code: ApiErrorCode;
  readonly headers: Record<string, string>;
  readonly body?: unknown;

  constructor(
    readonly status: number,
    message: string,
    { code, headers = {}, body }: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? CODE_BY_STATUS[status] ?? API_ERROR_CODE.INVALID_REQUEST;
    this.headers = headers;
    this.body = body;
  }
}

/** Headers every API answer carries. */
export const API_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

/**
 * CORS headers of the visitor endpoints: any origin may call them (no credentials). Retry-After
 * is exposed so the widget's outbox can read it from a cross-origin 429.
 */
export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After',
} as const;

/** The preflight answer of the visitor endpoints. */
export const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': String(SERVER.PREFLIGHT_MAX_AGE_S),
} as const;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...API_HEADERS, ...headers, 'Content-Length': String(Buffer.byteLength(text)) });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
    'Content-Length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/** The media types a body may come in. */
export type BodyKind = 'json' | 'form';

const MEDIA_TYPES: Record<BodyKind, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
};

/** `application/json; charset=utf-8` -> `application/json`. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The 413 of a body over `maxBytes`. */
const tooLarge = (maxBytes: number) => new HttpError(413, `body is larger than ${maxBytes} bytes`, { headers: { Connection: 'close' } });

/** Reads the raw body, refusing more than `maxBytes` with 413 (declared or actual). */
function readRaw(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume(); // drop what arrives, so the client can finish sending and read the answer
    return Promise.reject(tooLarge(maxBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (done) return;
      done = true;
      if (error) reject(error);
      else resolve(body!);
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return; // over the limit: the rest is drained and dropped
      size += chunk.length;
      if (size > maxBytes) {
        finish(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => finish(null, Buffer.concat(chunks)));
    req.on('error', (error) => finish(error));
    req.on('aborted', () => finish(new HttpError(400, 'request aborted')));
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Form fields as an object; a repeated key becomes a list of its values. */
export function parseForm(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const existing = Object.prototype.hasOwnProperty.call(out, key) ? out[key] : undefined;
    const next = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    // defineProperty: a field named __proto__ stays a plain field.
    Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Reads and parses the body: 415 for a media type not in `kinds`, 413 over `maxBytes` (an
 * endpoint whose schema allows more than the default passes its own), 400 for bytes that are not
 * UTF-8, malformed JSON or JSON nested too deeply. Returns the parsed value.
 */
export async function readBody(req: IncomingMessage, kinds: readonly BodyKind[] = ['json'], maxBytes: number = SERVER.BODY_MAX_BYTES): Promise<unknown> {
  const type = mediaType(req.headers['content-type']);
  const kind = kinds.find((k) => MEDIA_TYPES[k] === type);
  if (!kind) {
    // Drain so the connection stays usable for the next request.
    req.resume();
    throw new HttpError(415, `content type must be ${kinds.map((k) => MEDIA_TYPES[k]).join(' or ')}`);
  }
  const raw = await readRaw(req, maxBytes);
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new HttpError(400, 'body is not valid UTF-8');
  }
  if (kind === 'form') return parseForm(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'malformed JSON');
  }
  if (jsonDepth(value, API_LIMITS.JSON_MAX_DEPTH) > API_LIMITS.JSON_MAX_DEPTH) {
    throw new HttpError(400, `JSON nested deeper than ${API_LIMITS.JSON_MAX_DEPTH} levels`);
  }
  return value;
}

/** Reads the body and validates it with `schema`; a wrong field is a 400 naming it. */
export async function readValid<T>(
  req: IncomingMessage,
  schema: Schema<T>,
  kinds: readonly BodyKind[] = ['json'],
  maxBytes: number = SERVER.BODY_MAX_BYTES,
): Promise<T> {
  const body = await readBody(req, kinds, maxBytes);
  const result = validate(schema, body, 'body');
  if (!result.ok) throw new HttpError(400, result.error);
  return result.value;
}

/** The caller's address, without the IPv4-mapped IPv6 prefix. Proxy headers are not trusted. */
export function remoteAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/** Cookies of the request as a map (first value wins, undecodable values kept raw). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || cookies.has(name)) continue;
    const raw = part.slice(eq + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // keep the raw value
    }
    cookies.set(name, value);
  }
  return cookies;
}

/** True when `Accept-Encoding` takes `coding` (`gzip`, `br`; a `*` takes any, a `q=0` refuses it). */
export function acceptsCoding(header: string | undefined, coding: 'gzip' | 'br'): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return (name === coding || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** True when `If-None-Match` names `etag` or is `*`; compared weakly, as RFC 9110 asks for GET. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return (header ?? '').split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
