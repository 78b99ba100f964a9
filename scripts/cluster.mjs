// `npm run start:cluster`: several reference-server instances on this machine over one PostgreSQL
// database, behind a small round-robin proxy, for trying a multi-instance deployment
// (docs/deployment.md). Environment: DATABASE_URL (a postgres:// URL, required), INSTANCES
// (default 2), PORT (the proxy's, default 8080), HOST (default 127.0.0.1), KITE_ADMIN_TOKEN (shared
// by every instance; one is generated and printed when unset). Ctrl-C stops the proxy, then each
// instance gracefully. The proxy is for trying this out; a deployment puts a real load balancer
// (nginx, HAProxy, a cloud one) in its place.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** Instances when INSTANCES is unset: two show the round robin. */
const DEFAULT_INSTANCES = 2;
const DEFAULT_PORT = 8080;
/** Random bytes of a generated admin token (base64url: 43 characters, above the server's minimum). */
const GENERATED_TOKEN_BYTES = 32;
const MAIN = fileURLToPath(new URL('../demo/server/main.ts', import.meta.url));

/**
 * Sends `req` on to `target` (an `http://host:port` URL) and its answer back on `res`; a target
 * that cannot be reached answers 502. `onAnswer(answer)`, when given, sees the target's answer
 * first and may take it over by answering true (the fault bench drops some on the way back).
 */
export function forward(req, res, target, onAnswer) {
  const { hostname, port } = new URL(target);
  const upstream = request({ host: hostname, port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    if (onAnswer?.(answer)) return;
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end('bad gateway\n');
  });
  // A client that goes away mid-request takes its upstream request with it.
  req.on('aborted', () => upstream.destroy());
  req.pipe(upstream);
  return upstream;
}

/**
 * A proxy on `port` that sends each request to the next of `targets` (`http://host:port` URLs) in
 * turn; a target that cannot be reached answers 502. Resolves the listening server.
 */
export function roundRobinProxy(targets, port, host = '127.0.0.1') {
  let next = 0;
  const proxy = createServer((req, res) => {
    const target = targets[next];
    next = (next + 1) % targets.length;
    forward(req, res, target);
  });
  return new Promise((resolve, reject) => {
    proxy.once('error', reject);
    proxy.listen(port, host, () => resolve(proxy));
  });
}

/**
 * One instance of demo/server/main.ts on a free port, with `env` added to ours. Resolves
 * `{ url, child, printed }` once it printed its URL; `printed(pattern)` resolves the first line of
 * its output matching `pattern`, once printed.
 */
export async function startInstance(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = [];
  const output = createInterface({ input: child.stdout });
  output.on('line', (line) => lines.push(line));
  const printed = async (pattern) => {
    for (;;) {
      const line = lines.find((seen) => pattern.test(seen));
      if (line !== undefined) return line;
      if (child.exitCode !== null) throw new Error(`the instance exited (${child.exitCode}) without printing ${pattern}`);
      await Promise.race([once(output, 'line'), once(child, 'exit')]);
    }
  };
  const url = /^Kite demo: (http:\S+?)\/?$/.exec(await printed(/^Kite demo: /))[1];
  return { url, child, printed };
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!/^postgres(ql)?:\/\//.test(databaseUrl ?? '')) {
    console.error('start:cluster needs DATABASE_URL=postgres://... (several instances share one PostgreSQL database; see docs/deployment.md)');
    process.exit(1);
  }
  const count = Number(process.env.INSTANCES || DEFAULT_INSTANCES);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`INSTANCES must be a whole number from 1, got ${JSON.stringify(process.env.INSTANCES)}`);
    process.exit(1);
  }
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const adminToken = process.env.KITE_ADMIN_TOKEN || randomBytes(GENERATED_TOKEN_BYTES).toString('base64url');
  const host = process.env.HOST || '127.0.0.1';
  const instances = [];
  const stop = async () => {
    proxy?.close();
    await Promise.all(
      instances.map(({ child }) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM')) : undefined)),
    );
    process.exit(0);
  };
  let proxy;
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
  // One after another: the first migrates (the others would wait on its lock anyway).
  for (let index = 0; index < count; index += 1) {
    instances.push(await startInstance({ DATABASE_URL: databaseUrl, KITE_ADMIN_TOKEN: adminToken, HOST: '127.0.0.1' }));
  }
  proxy = await roundRobinProxy(
    instances.map(({ url }) => url),
    Number(process.env.PORT || DEFAULT_PORT),
    host,
  );
  const { port } = proxy.address();
  console.log(`Kite cluster: http://${host}:${port}/ -> ${instances.map(({ url }) => url).join(', ')}`);
  console.log(process.env.KITE_ADMIN_TOKEN ? 'Admin token: from KITE_ADMIN_TOKEN' : `Admin token: ${adminToken} (generated; set KITE_ADMIN_TOKEN to choose one)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
