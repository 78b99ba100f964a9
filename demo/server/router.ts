/**
 * A tiny route table: `METHOD /path/:param`. A path that matches no route is 404, a path that
 * matches with another method is 405 (with `Allow`). Path parameters are ids: anything that is not
 * 1 to 64 of `[A-Za-z0-9_-]` cannot exist, so it is a 404 before any handler runs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ID_PATTERN } from '../../shared/api/schemas.ts';
import { HttpError } from './http.ts';
import { API_ERROR_CODE, type ApiErrorCode } from '../../shared/api/error-codes.ts';
import type { Store } from './store.ts';
import type { Signer } from './signing.ts';

/** What a handler gets. */
export interface Context {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  query: URLSearchParams;
  store: Store;
  /** The server's clock, ms since the epoch (injectable: tests drive rate windows and view periods). */
  now: () => number;
  /** The server's random numbers in [0, 1), for the prize draw (injectable: tests seed it). */
  random: () => number;
  /** Counts this visitor write against `clientId`'s rate limit; throws 429 over it. Call it once the client is known to exist. */
  limitClient: (clientId: string) => Promise<void>;
  /** Signs and verifies converted values and preview links with the database's key. */
  signer: Signer;
  /** The Content-Security-Policy of the server's own pages (with Trusted Types when started so). */
  pagePolicy: string;
  /** True for a valid member access token of the reference identity service (members-only pop-ups). */
  isMemberToken: (token: string) => boolean;
}

/** A JSON answer; `undefined` means the handler wrote the response itself. */
export interface Reply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: Context) => Promise<Reply | undefined> | Reply | undefined;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route {
  method: Method;
  /** `/api/display/viewed/:poptin_id` */
  path: string;
  handler: Handler;
  /** Visitor endpoint: CORS for any origin, preflight answered. */
  cors?: boolean;
  /**
   * A visitor write: counted against the caller's network before its body is read; a handler
   * that knows the client counts it against the client too (`ctx.limitClient`).
   */
  rateLimited?: boolean;
  /** Request headers a cross-origin caller may send besides Content-Type (the preflight lists them): the identity calls' Authorization. */
  allowHeaders?: string[];
}

/** The 404 message for a path parameter that names nothing. */
const UNKNOWN: Record<string, string> = {
  clientId: 'unknown client id',
  client_id: 'unknown client id',
  poptin_id: 'unknown poptin id',
  viewer_id: 'unknown viewer id',
};
export const unknownParam = (name: string) => UNKNOWN[name] ?? `unknown ${name.replace(/_/g, ' ')}`;

/** Codes of the ids that name a client or a pop-up, so a caller can tell which one is unknown. */
const UNKNOWN_CODE: Record<string, ApiErrorCode> = {
  clientId: API_ERROR_CODE.UNKNOWN_CLIENT,
  client_id: API_ERROR_CODE.UNKNOWN_CLIENT,
  poptin_id: API_ERROR_CODE.UNKNOWN_POPTIN,
};

/** 404 for an id that names nothing, with the code of what it should have named. */
export const unknownParamError = (name: string) =>
  new HttpError(404, unknownParam(name), { code: UNKNOWN_CODE[name] ?? API_ERROR_CODE.NOT_FOUND });

interface CompiledRoute extends Route {
  pattern: RegExp;
  names: string[];
}

export interface Match {
  route: CompiledRoute;
  params: Record<string, string>;
}

interface Candidate {
  route: CompiledRoute;
  values: string[];
}

/** The routes of one path. */
export interface PathRoutes {
  /** Some route serves this path, whatever its method. */
  exists: boolean;
  /** A visitor (CORS) route serves this path. */
  cors: boolean;
  /** The extra request headers its CORS routes take (Route.allowHeaders). */
  allowHeaders: string[];
  /**
   * The route for `method`, or undefined when no route has this path. Throws 405 when the path
   * exists with other methods, 404 when a parameter cannot be an id.
   */
  find(method: string): Match | undefined;
}

function pick(candidates: Candidate[], method: string): Match | undefined {
  if (candidates.length === 0) return undefined;
  const hit = candidates.find(({ route }) => route.method === method || (method === 'HEAD' && route.method === 'GET'));
  if (!hit) {
    const allow: string[] = [...new Set(candidates.map(({ route }) => route.method))];
    if (allow.includes('GET')) allow.push('HEAD');
    if (candidates.some(({ route }) => route.cors)) allow.push('OPTIONS');
    throw new HttpError(405, `method ${method} not allowed`, { headers: { Allow: allow.join(', ') } });
  }
  const params: Record<string, string> = {};
  hit.route.names.forEach((name, index) => {
    let value: string;
    try {
      value = decodeURIComponent(hit.values[index]!);
    } catch {
      throw unknownParamError(name);
    }
    if (!ID_PATTERN.test(value)) throw unknownParamError(name);
    params[name] = value;
  });
  return { route: hit.route, params };
}

export class Router {
  private readonly routes: CompiledRoute[];

  constructor(routes: Route[]) {
    this.routes = routes.map((route) => {
      const names: string[] = [];
      const source = route.path
        .split('/')
        .map((segment) => {
          if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(segment.slice(1));
          return '([^/]+)';
        })
        .join('/');
      return { ...route, pattern: new RegExp(`^${source}$`), names };
    });
  }

  /** What serves `path`: matched against the table once per request, then asked by method. */
  at(path: string): PathRoutes {
    const candidates: Candidate[] = [];
    for (const route of this.routes) {
      const match = route.pattern.exec(path);
      if (match) candidates.push({ route, values: match.slice(1) });
    }
    return {
      exists: candidates.length > 0,
      cors: candidates.some(({ route }) => route.cors),
      allowHeaders: [...new Set(candidates.flatMap(({ route }) => (route.cors ? (route.allowHeaders ?? []) : [])))],
      find: (method) => pick(candidates, method),
    };
  }
}
