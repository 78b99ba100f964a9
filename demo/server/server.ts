/**
 * The reference display API and demo site server (contract, "Reference server"): plain node:http,
 * SQLite through better-sqlite3 by default or PostgreSQL through pg (`databaseUrl`), every body
 * validated by shared/api/schemas.ts.
 *
 * ```ts
 * const server = await startServer({ port: 0, dataDir: tmp, adminToken: process.env.KITE_ADMIN_TOKEN, quiet: true });
 * await fetch(`${server.url}api/display/demo-client`, { method: 'POST', ... });
 * await server.close();
 * ```
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, randomInt } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { poptinRecordSchema } from '../../shared/api/schemas.ts';
import { validate } from '../../shared/schema/validate.ts';
import { ADMIN, DEFAULTS, RANDOM, DEMO_CLIENT_ID, DEMO_CSP, RATE_LIMIT, REQUIRE_TRUSTED_TYPES, SERVER, SIGNING } from './constants.ts';
import { openDatabase, type Database } from './db.ts';
import { CORS_HEADERS, HttpError, PREFLIGHT_HEADERS, remoteAddress, sendJson, sendText } from './http.ts';
import { databaseRateLimiter, enforce, networkOf, type RateLimits } from './rate-limit.ts';
import { Router, type Context, type PathRoutes } from './router.ts';
import { adminRoutes } from './routes/admin.ts';
import { adminTokenProblem, createAdminAuth } from './routes/admin-auth.ts';
import { ajaxRoutes } from './routes/ajax.ts';
import { createSiteSearch } from './site-search.ts';
import { cartRoutes } from './routes/cart.ts';
import { shopifyRoutes } from './routes/shopify.ts';
import { wixCartRoutes } from './routes/wix-cart.ts';
import { contactRoutes } from './routes/contact.ts';
import { displayRoutes } from './routes/display.ts';
import { emailDomainShards } from './email-domains.ts';
import { serveStatic } from './static.ts';
import { loadShells, withShell } from './shell.ts';
import { createPortfolio, withPortfolio } from './portfolio.ts';
import { createStore, type Store } from './store.ts';
import { createSigner, type Signer } from './signing.ts';
import { createIdentityService, type IdentityOptions } from './identity/service.ts';
import { identityAdminRoutes, identityMemberRoutes } from './routes/identity.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { graphqlRoutes } from './routes/graphql.ts';
import { healthRoutes } from './routes/health.ts';

export type { Database } from './db.ts';

export interface ServerOptions {
  /** 0 picks a free port. Default 8080. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where the SQLite file lives; created when missing. Unused when `databaseUrl` names PostgreSQL. */
  dataDir: string;
  /** A `postgres://` URL: the data lives in that PostgreSQL database instead (docs/deployment.md). */
  databaseUrl?: string;
  /**
   * Bearer token of the owner endpoints, at least `ADMIN.TOKEN_MIN_LENGTH` characters (a shorter
   * one is refused: startServer throws); a random one when not given (see `adminToken` in the result).
   */
  adminToken?: string;
  /** Served at /kite/. Default `dist/`. */
  distDir?: string;
  /** The demo pages. Default `demo/public/`. */
  publicDir?: string;
  /** The demo pages' theme shell (`shell.html`, `shell-he.html`). Default `demo/shell/`. */
  shellDir?: string;
  /** Pop-up records seeded for the demo client, one per `*.json`, and served read-only at /poptins/. Default `demo/poptins/`. */
  poptinsDir?: string;
  /**
   * Every record file replaces its stored pop-up at start, the owner's changes to it included
   * (`KITE_RESEED=1 npm start`). Without it a file's changes replace only a pop-up the owner never changed.
   */
  reseed?: boolean;
  /** The documentation, served read-only at /docs/. Default `docs/`. */
  docsDir?: string;
  /** No request log and no seed warnings. */
  quiet?: boolean;
  /** The visitor writes' rate limits, each overriding its default (RATE_LIMIT): tests set small ones. */
  rateLimits?: Partial<RateLimits>;
  /** The server's clock, ms since the epoch: rate windows, view periods, the admin throttle and the expiry of signed values (preview links, converted values); tests drive their own. Default `Date.now`. */
  now?: () => number;
  /** Numbers in [0, 1) for the server's prize draw; tests seed it. Default: node:crypto's (a visitor cannot predict the draw). */
  random?: () => number;
  /** The demo pages' policy (static pages and the contact answer page) also requires Trusted Types (`require-trusted-types-for 'script'`). */
  trustedTypes?: boolean;
  /** The reference identity service's settings (email verification, owner approval, app clients). */
  identity?: IdentityOptions;
}

export interface RunningServer {
  /** `http://host:port/`, with a trailing slash. */
  url: string;
  port: number;
  /** The admin token in use (generated when the options gave none). */
  adminToken: string;
  /**
   * Stops gracefully: refuses new connections, answers /healthz 503, lets requests in flight finish
   * (at most SERVER.SHUTDOWN_GRACE_MS), then closes the database.
   */
  close(): Promise<void>;
  db: Database;
  /** What the start did with the record files. */
  seedReport: SeedReport;
}

export interface SeedReport {
  /** Pop-ups inserted this time. */
  seeded: string[];
  /** Pop-ups whose file changed since, replaced from it (the owner had not changed them, or `reseed`). */
  updated: string[];
  /** Pop-ups whose file changed since but the owner changed them through the owner API: the owner's version stays. */
  kept: string[];
  /** Files skipped, with the reason. */
  skipped: Array<{ file: string; reason: string }>;
}

/**
 * Seeds the demo client's pop-ups from `dir` (every `*.json` is one record). A new id is
 * inserted; an edited file replaces its pop-up unless the owner changed that pop-up through the
 * owner API (PUT, or switching it on or off), whose version survives restarts (`kept`), or
 * `reseed` says the files win. A record with a top-level `"active": false` is seeded inactive.
 */
export async function seedPoptins(store: Store, dir: string, reseed = false): Promise<SeedReport> {
  const report: SeedReport = { seeded: [], updated: [], kept: [], skipped: [] };
  if (!existsSync(dir)) return report;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      report.skipped.push({ file, reason: `not JSON: ${(error as Error).message}` });
      continue;
    }
    const result = validate(poptinRecordSchema, value, 'record');
    if (!result.ok) {
      report.skipped.push({ file, reason: result.error });
      continue;
    }
    const active = (value as { active?: unknown }).active !== false;
    const outcome = await store.seedFromFile(DEMO_CLIENT_ID, result.value, active, reseed);
    if (outcome !== 'unchanged') report[outcome].push(result.value.poptin_id);
  }
  return report;
}

/** The start's lines about the record files in `dir`: what changed, and what was kept and how to take the files instead. */
export function seedSummary(report: SeedReport, dir: string): string[] {
  const lines = report.skipped.map(({ file, reason }) => `kite: skipped pop-up ${file}: ${reason}`);
  if (report.updated.length) lines.push(`kite: pop-ups updated from their changed files in ${dir}: ${report.updated.join(', ')}`);
  if (report.kept.length) {
    lines.push(
      `kite: kept the owner's version of ${report.kept.join(', ')} (changed through the owner API); their files in ${dir} changed too. ` +
        'To take the files instead: KITE_RESEED=1 npm start (every pop-up back to its file)',
    );
  }
  return lines;
}

/** Splits `req.url` into its raw path and query; absolute-form URLs are reduced to their path. */
function splitUrl(raw: string | undefined): { path: string; query: URLSearchParams } | undefined {
  if (!raw) return undefined;
  let target = raw;
  if (/^https?:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      target = url.pathname + url.search;
    } catch {
      return undefined;
    }
  }
  if (!target.startsWith('/')) return undefined;
  const q = target.indexOf('?');
  return q < 0
    ? { path: target, query: new URLSearchParams() }
    : { path: target.slice(0, q), query: new URLSearchParams(target.slice(q + 1)) };
}

/** A uniform number in [0, 1) from node:crypto, in steps of 1 / RANDOM.RESOLUTION. */
const secureRandom = () => randomInt(RANDOM.RESOLUTION) / RANDOM.RESOLUTION;

const KITE_PREFIX = '/kite/';
/** The demo's pop-up records as files, for the gallery pages (`<kite-poptin src="/poptins/...">`). */
const POPTINS_PREFIX = '/poptins/';
/** The user documentation (docs/*.md as text), for the demo pages' links. */
const DOCS_PREFIX = '/docs/';
const API_PREFIX = '/api/';
/** A chunk under /kite/: rollup names it `chunks/[name]-[hash].js` (rollup.config.mjs), so its bytes never change under its name. */
const isHashedChunk = (relative: string) => /^chunks\/[^/]+-[\w-]{8}\.js$/.test(relative);
const ADMIN_PREFIX = '/api/admin/';

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULTS.HOST;
  const adminToken = options.adminToken ?? randomBytes(ADMIN.GENERATED_TOKEN_BYTES).toString('base64url');
  const tokenProblem = adminTokenProblem(adminToken);
  if (tokenProblem) throw new Error(tokenProblem);
  const distDir = resolve(options.distDir ?? DEFAULTS.DIST_DIR);
  const publicDir = resolve(options.publicDir ?? DEFAULTS.PUBLIC_DIR);
  const poptinsDir = resolve(options.poptinsDir ?? DEFAULTS.POPTINS_DIR);
  const docsDir = resolve(options.docsDir ?? DEFAULTS.DOCS_DIR);
  const shells = loadShells(resolve(options.shellDir ?? DEFAULTS.SHELL_DIR));
  const quiet = options.quiet ?? false;
  const now = options.now ?? Date.now;
  const random = options.random ?? secureRandom;
  const rateLimits: RateLimits = {
    perAddress: { max: RATE_LIMIT.PER_ADDRESS_MAX, windowMs: RATE_LIMIT.WINDOW_MS },
    perClient: { max: RATE_LIMIT.PER_CLIENT_MAX, windowMs: RATE_LIMIT.WINDOW_MS },
    ...options.rateLimits,
  };
  const pagePolicy = options.trustedTypes ? `${DEMO_CSP}; ${REQUIRE_TRUSTED_TYPES}` : DEMO_CSP;

  // Read now (built once per version of the lists), not on a visitor's first business-email check.
  const shards = emailDomainShards();
  if (!quiet && shards.built) console.log(`kite: business-email shards built from ${shards.domains} domains`);

  const db = await openDatabase(options.dataDir, options.databaseUrl);
  const store = createStore(db);
  const limiter = databaseRateLimiter(db, now);
  const adminAuth = createAdminAuth(adminToken, limiter, store, now);
  let identity;
  let signer: Signer;
  let seedReport: SeedReport;
  try {
    signer = createSigner(await store.secret(randomBytes(SIGNING.SECRET_BYTES)), now);
    identity = await createIdentityService(db, now, options.identity);
    seedReport = await seedPoptins(store, poptinsDir, options.reseed);
    if (!quiet) for (const line of seedSummary(seedReport, relative(process.cwd(), poptinsDir) || '.')) console.warn(line);
  } catch (error) {
    await db.close();
    throw error;
  }

  // The site's ajax endpoint: live search over the site's pages (indexed now, from publicDir).
  const search = createSiteSearch(publicDir);
  // ...and the masonry grid's load-more over the demo portfolio.
  const portfolio = createPortfolio(db);
  let stopping = false;
  const router = new Router([
    ...healthRoutes(db, () => stopping),
    ...displayRoutes,
    ...cartRoutes,
    ...wixCartRoutes,
    ...contactRoutes,
    ...adminAuth.routes,
    ...adminRoutes,
    ...shopifyRoutes,
    ...ajaxRoutes({ search, shells, portfolio }),
    ...identityMemberRoutes(identity),
    ...oauthRoutes(identity),
    ...identityAdminRoutes(identity),
    ...graphqlRoutes(identity),
  ]);

  const isMemberToken = (token: string) => identity.verifyAccess(token)?.subjectType === 'MEMBER';
  /** Counts a visitor write against its client's limit (Context.limitClient). */
  const limitClient = async (clientId: string) =>
    enforce(await limiter.take(`client:${clientId}`, rateLimits.perClient), 'too many requests for this client');

  async function route(req: IncomingMessage, res: ServerResponse, target: ReturnType<typeof splitUrl>, routes: PathRoutes): Promise<void> {
    const method = req.method ?? 'GET';
    if (!target) throw new HttpError(400, 'malformed request target');
    const { path, query } = target;

    // The one owner check of every admin call, known path or not (the handlers do not check again).
    if (path.startsWith(ADMIN_PREFIX) || path === ADMIN_PREFIX.slice(0, -1)) {
      await adminAuth.guard(req, path);
    }
    if (method === 'OPTIONS') {
      if (routes.cors) {
        const allowHeaders = routes.allowHeaders.length ? { 'Access-Control-Allow-Headers': [PREFLIGHT_HEADERS['Access-Control-Allow-Headers'], ...routes.allowHeaders].join(', ') } : {};
        res.writeHead(204, { ...PREFLIGHT_HEADERS, ...allowHeaders });
        res.end();
        return;
      }
      if (routes.exists || !path.startsWith(API_PREFIX)) throw new HttpError(405, 'method OPTIONS not allowed', { headers: { Allow: 'GET, HEAD' } });
      throw new HttpError(404, 'not found');
    }

    const match = routes.find(method);
    if (match) {
      if (match.route.rateLimited) {
        enforce(await limiter.take(`network:${networkOf(remoteAddress(req))}`, rateLimits.perAddress), 'too many requests from this address');
      }
      const ctx: Context = { req, res, params: match.params, query, store, now, random, limitClient, signer, pagePolicy, isMemberToken };
      const reply = await match.route.handler(ctx);
      if (reply) sendJson(res, reply.status ?? 200, reply.body, { ...(routes.cors ? CORS_HEADERS : {}), ...reply.headers });
      return;
    }
    if (path.startsWith(API_PREFIX)) throw new HttpError(404, 'not found');
    if (method !== 'GET' && method !== 'HEAD') throw new HttpError(405, `method ${method} not allowed`, { headers: { Allow: 'GET, HEAD' } });
    if (path.startsWith(KITE_PREFIX)) {
      await serveStatic(req, res, distDir, path.slice(KITE_PREFIX.length), { pages: false, headers: { ...CORS_HEADERS }, immutable: isHashedChunk });
      return;
    }
    // Read-only (GET and HEAD, checked above), the same traversal checks as every static file.
    if (path.startsWith(POPTINS_PREFIX)) {
      // Any origin may read them: `<kite-poptin src>` on a site that is not this server's.
      await serveStatic(req, res, poptinsDir, path.slice(POPTINS_PREFIX.length), { pages: false, headers: { ...CORS_HEADERS } });
      return;
    }
    if (path.startsWith(DOCS_PREFIX)) {
      await serveStatic(req, res, docsDir, path.slice(DOCS_PREFIX.length), { pages: false, headers: {} });
      return;
    }
    await serveStatic(req, res, publicDir, path.slice(1), {
      pages: true,
      headers: { 'Content-Security-Policy': pagePolicy },
      html: (page) => withPortfolio(withShell(page, path, shells), portfolio),
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const target = splitUrl(req.url);
    const path = target?.path ?? '';
    const routes = router.at(path);
    const cors = routes.cors;
    try {
      await route(req, res, target, routes);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
      } else if (error instanceof HttpError) {
        const headers = { ...(cors ? CORS_HEADERS : {}), ...error.headers };
        // Static files answer errors in text, as a browser shows them; the API answers JSON.
        if (!path.startsWith(API_PREFIX) && !routes.exists) sendText(res, error.status, `${error.message}\n`, headers);
        else sendJson(res, error.status, error.body ?? { error: error.message, code: error.code }, headers);
      } else {
        console.error(`kite: ${req.method} ${path} failed:`, error);
        sendJson(res, 500, { error: 'internal error' }, cors ? { ...CORS_HEADERS } : {});
      }
    }
    if (!quiet) {
      const ms = (performance.now() - started).toFixed(1);
      console.log(`${req.method} ${path} ${res.statusCode} ${ms}ms`);
    }
  }

  const server = createServer(
    { headersTimeout: SERVER.HEADERS_TIMEOUT_MS, requestTimeout: SERVER.REQUEST_TIMEOUT_MS },
    (req, res) => {
      // handle() catches everything; this catch is the last guard so no promise is left rejected.
      handle(req, res).catch((error) => {
        console.error('kite: unhandled', error);
        if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
        else res.destroy();
      });
    },
  );
  // Unparseable requests (bad request line, oversized headers) get a plain 400 instead of a hang.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });

  try {
    await new Promise<void>((resolveListen, rejectListen) => {
      server.once('error', rejectListen);
      server.listen(options.port ?? DEFAULTS.PORT, host, () => {
        server.off('error', rejectListen);
        resolveListen();
      });
    });
  } catch (error) {
    search.close();
    await db.close();
    throw error;
  }

  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}/`,
    port,
    adminToken,
    db,
    seedReport,
    close() {
      stopping = true;
      closing ??= new Promise<void>((resolveClose) => {
        // Idle keep-alive connections close now; a request in flight is answered first.
        server.close(() => {
          clearTimeout(grace);
          search.close();
          db.close()
            .catch((error: unknown) => console.error('kite: closing the database failed:', error))
            .then(resolveClose);
        });
        server.closeIdleConnections();
        const grace = setTimeout(() => server.closeAllConnections(), SERVER.SHUTDOWN_GRACE_MS);
      });
      return closing;
    },
  };
}
