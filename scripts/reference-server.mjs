// The element tests' reference server: web-test-runner starts the real demo/server once per run
// (a child process on 127.0.0.1, a free port, a fresh SQLite file in a temporary DATA_DIR, seeded
// as `npm start` seeds it) and the dev server proxies the server's own paths to it, so a test page
// fetches same-origin and gets the real answers.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What a test page sends to the reference server: the site's ajax endpoint and search page, the
 * display and admin API, the Shopify-style and Wix-style store routes, the contact form's action,
 * the demo's pop-up records and pictures. None of them is a path of the dev server's own.
 */
const PROXIED_PREFIXES = ['/wp-admin/', '/api/', '/cart/', '/_api/', '/poptins/', '/media/'];
const PROXIED_PATHS = new Set(['/search', '/contact', '/cart.js', '/products.json']);
const isProxied = (path) => PROXIED_PATHS.has(path) || PROXIED_PREFIXES.some((prefix) => path.startsWith(prefix));

/** How long the server may take to say where it listens (it migrates and seeds a fresh database first). */
const START_TIMEOUT_MS = 60_000;
/** How long it may take to close once asked (requests in flight are answered first). */
const STOP_TIMEOUT_MS = 10_000;
/** main.ts prints this first line once it listens. */
const LISTENING = /^Kite demo: (http:\/\/\S+)$/m;
/** Hop-by-hop headers belong to one connection, not to the answer passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);
/**
 * Loaded into the child before main.ts: it stops as SIGTERM stops it when its stdin (a pipe from
 * this process) closes, and removes its DATA_DIR as it exits, so a test runner killed outright
 * leaves neither a server nor a database behind.
 */
const EXIT_WITH_PARENT =
  `data:text/javascript,import{rmSync}from'node:fs';` +
  `process.stdin.on('end',()=>process.kill(process.pid,'SIGTERM')).resume();` +
  `process.on('exit',()=>rmSync(process.env.DATA_DIR,{recursive:true,force:true}))`;

/**
 * The wtr plugin (its serverStart and serverStop start and stop the server) and the dev server
 * middleware (the proxy). `adminToken` is asked for by the `reference-server` command, so a test
 * sets up server state through the admin API as an owner does; the `new-visitor` command clears
 * the browser's cookies, so a test starts with no cart on the server.
 */
export function referenceServer() {
  const adminToken = randomBytes(32).toString('base64url');
  let child;
  let origin;
  let dataDir;

  async function start() {
    dataDir = mkdtempSync(join(tmpdir(), 'kite-wtr-'));
    child = spawn(process.execPath, ['--import', 'tsx', '--import', EXIT_WITH_PARENT, 'demo/server/main.ts'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, KITE_ADMIN_TOKEN: adminToken, DATABASE_URL: '' },
    });
    let output = '';
    origin = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the reference server did not start within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
      const read = (chunk) => {
        output += chunk;
        const match = output.match(LISTENING);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the reference server exited (${code}) before it listened:\n${output}`));
      });
    });
    // Its request log is not the test run's: read and dropped, so a full pipe never stalls it.
    child.stdout.removeAllListeners('data').resume();
    child.stderr.removeAllListeners('data');
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
  }

  async function stop() {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    child = dataDir = undefined;
  }

  /** Passes a request for one of the server's paths on to it, and its answer back as it is. */
  async function proxy(context, next) {
    if (!origin || !isProxied(context.path)) return next();
    const headers = { ...context.headers, host: new URL(origin).host };
    const upstream = await new Promise((resolve, reject) => {
      const outgoing = request(new URL(context.url, origin), { method: context.method, headers }, resolve);
      outgoing.on('error', reject);
      context.req.pipe(outgoing);
    });
    context.status = upstream.statusCode;
    for (const [name, value] of Object.entries(upstream.headers)) if (!HOP_BY_HOP.has(name)) context.set(name, value);
    context.body = upstream;
  }

  const plugin = {
    name: 'reference-server',
    serverStart: start,
    serverStop: stop,
    async executeCommand({ command, session }) {
      if (command === 'reference-server') return { adminToken };
      if (command !== 'new-visitor') return;
      // The server's carts ride in HttpOnly cookies, out of the page's reach: a new visitor has none.
      const cdp = await session.browser.getPage(session.id).createCDPSession();
      try {
        await cdp.send('Network.clearBrowserCookies');
        return true;
      } finally {
        await cdp.detach();
      }
    },
  };
  // An interrupted run still stops it (serverStop may not run on every way out).
  process.once('exit', () => child?.kill('SIGTERM'));
  return { plugin, proxy };
}
