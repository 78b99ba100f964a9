/**
 * Server test harness: a real server on 127.0.0.1, port 0, with a fresh temp data dir (a real
 * SQLite file), a temp poptins dir holding the fixtures below, and temp dist/ and public/ dirs.
 *
 * With `KITE_TEST_DATABASE_URL` set (a PostgreSQL cluster's URL; `npm test` starts a throwaway one,
 * scripts/postgres-cluster.mjs), every server the tests start keeps its data in PostgreSQL instead:
 * a schema of its own per data dir, so each test server starts empty as it does on SQLite, and a
 * restart on the same data dir finds its data again.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import pg from 'pg';
import { startServer, type RunningServer, type ServerOptions } from '../../../demo/server/server.ts';
import type { Database } from '../../../demo/server/database.ts';
import type { PoptinRecord } from '../../../shared/schema/poptin-record.ts';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

/** A minimal valid record. */
export function fixtureRecord(poptinId: string, extra: Partial<PoptinRecord> & Record<string, unknown> = {}): PoptinRecord {
  return {
    poptin_id: poptinId,
    poptin_name: `Fixture ${poptinId}`,
    poptin_type: 'lightbox',
    viewer_id: `viewer-${poptinId}`,
    triggers: { page_load: true },
    design: { blocks: [{ type: 'title', text: 'Hello' }] },
    design_properties: {},
    ...extra,
  } as PoptinRecord;
}

/** Active, hidden from converted visitors, with an integration script. */
export const CONVERTING = fixtureRecord('fixturepop001', {
  stop_showing_to_converted_users: true,
  integration_conversion_code: '<script src="/pixel.js"></script>',
});
/** Active, shown to everyone. */
export const PLAIN = fixtureRecord('fixturepop002');
/** Seeded inactive through `"active": false`. */
export const INACTIVE = fixtureRecord('fixturepop003', { active: false });

export interface Harness {
  server: RunningServer;
  /** Base URL without trailing slash. */
  base: string;
  dataDir: string;
  poptinsDir: string;
  root: string;
  /** Stops the server and deletes the temp dirs. */
  stop(): Promise<void>;
}

/** Writes the temp dirs; `records` replaces the default fixtures. */
export function makeDirs(records: PoptinRecord[] = [CONVERTING, PLAIN, INACTIVE]) {
  const root = mkdtempSync(join(tmpdir(), 'kite-server-test-'));
  const dataDir = join(root, 'data');
  const poptinsDir = join(root, 'poptins');
  const distDir = join(root, 'dist');
  const publicDir = join(root, 'public');
  for (const dir of [poptinsDir, distDir, publicDir, join(publicDir, 'shop')]) mkdirSync(dir, { recursive: true });
  for (const record of records) writeFileSync(join(poptinsDir, `${record.poptin_id}.json`), JSON.stringify(record));
  // Files that must be skipped, not crash the start.
  writeFileSync(join(poptinsDir, 'broken.json'), '{ not json');
  writeFileSync(join(poptinsDir, 'no-design.json'), JSON.stringify({ poptin_id: 'nodesign00001', poptin_type: 'bar' }));
  writeFileSync(join(poptinsDir, 'README.txt'), 'not a record');
  writeFileSync(join(distDir, 'widget.js'), 'console.log("widget");\n');
  writeFileSync(join(distDir, 'widget.js.map'), '{"version":3}');
  writeFileSync(join(distDir, 'custom-elements.json'), '{"schemaVersion":"1.0.0"}');
  writeFileSync(join(distDir, 'kite.css'), ':root{}');
  writeFileSync(join(publicDir, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(join(publicDir, 'store.html'), '<!doctype html><title>Store</title>');
  writeFileSync(join(publicDir, 'shop', 'index.html'), '<!doctype html><title>Shop</title>');
  writeFileSync(join(publicDir, '.secret'), 'hidden');
  writeFileSync(join(root, 'outside.txt'), 'outside the roots');
  return { root, dataDir, poptinsDir, distDir, publicDir };
}

/** The test defaults of a server on the temp dirs (port 0, the test admin token, quiet); `options` adds to or overrides them. */
export function serverOptions(dirs: ReturnType<typeof makeDirs>, options: Partial<ServerOptions> = {}): ServerOptions {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: dirs.dataDir,
    adminToken: ADMIN_TOKEN,
    distDir: dirs.distDir,
    publicDir: dirs.publicDir,
    poptinsDir: dirs.poptinsDir,
    quiet: true,
    ...options,
  };
}

/** The PostgreSQL cluster the server tests run on, or undefined: SQLite. */
export const TEST_DATABASE_URL = process.env.KITE_TEST_DATABASE_URL || undefined;

/** Characters of the data dir's hash in its schema's name. */
const SCHEMA_HASH_CHARS = 20;

/**
 * The database URL of the server on `dataDir`: undefined on SQLite; on PostgreSQL, the test
 * cluster's URL with the search path set to the data dir's own schema (created when missing).
 */
export async function testDatabaseUrl(dataDir: string): Promise<string | undefined> {
  if (!TEST_DATABASE_URL) return undefined;
  const schema = `kite_test_${createHash('sha256').update(dataDir).digest('hex').slice(0, SCHEMA_HASH_CHARS)}`;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    // An identifier cannot be a bound parameter; this one is our own hex name.
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } finally {
    await client.end();
  }
  // encodeURIComponent, not URLSearchParams: pg reads `+` as a plus, not a space.
  return `${TEST_DATABASE_URL}${TEST_DATABASE_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** startServer on the engine under test (testDatabaseUrl): every server a test starts goes through here. */
export async function startTestServer(options: ServerOptions): Promise<RunningServer> {
  return startServer({ databaseUrl: await testDatabaseUrl(options.dataDir), ...options });
}

/** The `n` a counting query answers, read on the server's database. */
export async function countOf(server: RunningServer, sql: string, params: unknown[] = []): Promise<number> {
  return (await server.db.one<{ n: number }>(sql, params))!.n;
}

/** The tables of the server's schema, by name. */
export async function tableNames(db: Database): Promise<string[]> {
  const sql =
    db.dialect === 'sqlite'
      ? "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
      : 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name';
  return (await db.all<{ name: string }>(sql)).map(({ name }) => name);
}

/** A server's URL without the trailing slash, as `call` and friends take it. */
export const baseOf = (server: RunningServer) => server.url.replace(/\/$/, '');

/** Starts a server on the temp dirs; `options` adds to or overrides the test defaults (a clock, rate limits). */
export async function startHarness(dirs = makeDirs(), options: Partial<ServerOptions> = {}): Promise<Harness> {
  const server = await startTestServer(serverOptions(dirs, options));
  return {
    server,
    base: baseOf(server),
    dataDir: dirs.dataDir,
    poptinsDir: dirs.poptinsDir,
    root: dirs.root,
    async stop() {
      await server.close();
      rmSync(dirs.root, { recursive: true, force: true });
    },
  };
}

/**
 * A harness for the enclosing file or `describe`: started in a `before` hook, stopped in an
 * `after` one. Read its fields inside tests (they throw before the hook has run). `setup` runs at
 * the end of the before hook (Node 20 does not wait for one root hook before the next).
 */
export function harnessPerSuite(
  records?: PoptinRecord[],
  options: Partial<ServerOptions> = {},
  setup?: (harness: Harness) => void | Promise<void>,
): Harness {
  let started: Harness | undefined;
  before(async () => {
    started = await startHarness(makeDirs(records), options);
    await setup?.(started);
  });
  after(async () => {
    await started?.stop();
  });
  const running = (): Harness => {
    if (!started) throw new Error('the harness starts in the before hook');
    return started;
  };
  return {
    get server() {
      return running().server;
    },
    get base() {
      return running().base;
    },
    get dataDir() {
      return running().dataDir;
    },
    get poptinsDir() {
      return running().poptinsDir;
    },
    get root() {
      return running().root;
    },
    stop: () => running().stop(),
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: any;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** fetch, read fully. */
export async function call(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
  return answer(await fetch(base + path, init));
}

/** POST a JSON body (an object is stringified; a string is sent as is). */
export function postJson(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return call(base, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** POST form-urlencoded fields. */
export function postForm(base: string, path: string, fields: Record<string, string>): Promise<Answer> {
  return call(base, path, { method: 'POST', body: new URLSearchParams(fields) });
}

export const adminHeaders = (token = ADMIN_TOKEN) => ({ Authorization: `Bearer ${token}` });

/**
 * A request with the path sent exactly as written (fetch and URL would normalise `..` and `%2e%2e`
 * away before sending, so a traversal test must bypass them).
 */
export function rawRequest(
  base: string,
  rawPath: string,
  /** `localAddress`: the address the request comes from (any of 127.0.0.0/8 reaches a server on 127.0.0.1). */
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method: options.method ?? 'GET', headers: options.headers, localAddress: options.localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A valid display body. */
export const displayBody = (extra: Record<string, unknown> = {}) => ({ domain: 'shop.example', url: 'https://shop.example/', ...extra });

/** A valid conversion form for a fixture record. */
export function conversionForm(record: PoptinRecord, key: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    conversion_key: key,
    poptin_id: record.poptin_id,
    client_id: 'demo-client',
    url: 'https://shop.example/landing',
    email: 'ada@example.com',
    ...extra,
  };
}
