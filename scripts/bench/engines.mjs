// Section "Reference server on PostgreSQL" (issue 21): the display and conversion calls' throughput
// and p99 latency with SQLite (one process), PostgreSQL with one instance, and PostgreSQL with two
// instances behind the round-robin proxy of `npm run start:cluster`, at 10 and 100 connections,
// in the same run. Each server is a process of its own (lib/server-process.ts), as deployed; the
// PostgreSQL cluster is a throwaway one (scripts/postgres-cluster.mjs).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { roundRobinProxy } from '../cluster.mjs';
import { startPostgresCluster } from '../postgres-cluster.mjs';
import { runAlone } from './lib/alone.mjs';
import { section, table } from './lib/markdown.mjs';
import { onCleanup } from './lib/process.mjs';
import { LOAD_SECONDS } from './lib/settings.mjs';
import { benchTempDir } from './lib/setup.mjs';
import { conversionLoad, demoPoptin, displayLoad, load } from './load.mjs';

/** Concurrent connections of the two load levels the issue names. */
const CONNECTION_LEVELS = [10, 100];
export const CLIENT_ID = 'demo-client';
const SERVER_PROCESS = fileURLToPath(new URL('./lib/server-process.ts', import.meta.url));

/**
 * A server process on `dataDir` (or `databaseUrl`); resolves `{ url, child }` once it listens.
 * Stopped at clean-up, unless it has ended already (the fault bench kills one).
 */
export function serverProcess(dataDir, databaseUrl) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_PROCESS, dataDir, ...(databaseUrl ? [databaseUrl] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
  const running = () => child.exitCode === null && child.signalCode === null;
  // Waited for: the cluster stops after the servers (clean-ups run last registered first).
  onCleanup(() => (running() ? new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM')) : undefined));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const url = /^listening (\S+)$/.exec(line)?.[1];
      if (url) resolve({ url, child });
    });
    child.once('exit', (code) => reject(new Error(`a bench server exited (${code}) before listening`)));
  });
}

/** A new database on the cluster; answers its URL. */
export async function createDatabase(clusterUrl, name) {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    // An identifier cannot be a bound parameter; the name is ours.
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return clusterUrl.replace(/\/[^/]*$/, `/${name}`);
}

/** The setups, each answering the base URL the load goes to. */
async function setups(clusterUrl) {
  const { url: sqlite } = await serverProcess(benchTempDir('engines-sqlite'));
  const { url: one } = await serverProcess(benchTempDir('engines-pg1'), await createDatabase(clusterUrl, 'kite_bench_one'));
  const twoUrl = await createDatabase(clusterUrl, 'kite_bench_two');
  // One after the other: the first migrates, the second finds it done.
  const first = await serverProcess(benchTempDir('engines-pg2-a'), twoUrl);
  const second = await serverProcess(benchTempDir('engines-pg2-b'), twoUrl);
  const proxy = await roundRobinProxy([first.url, second.url], 0);
  onCleanup(() => proxy.close());
  return [
    { label: 'SQLite, one process', url: sqlite },
    { label: 'PostgreSQL, one instance', url: one },
    { label: 'PostgreSQL, two instances behind the proxy', url: `http://127.0.0.1:${proxy.address().port}/` },
  ];
}

async function measureEngines() {
  const cluster = await startPostgresCluster();
  onCleanup(() => cluster.stop());
  const rows = [];
  for (const setup of await setups(cluster.url)) {
    const ids = await demoPoptin(setup.url, CLIENT_ID);
    for (const connections of CONNECTION_LEVELS) {
      console.log(`bench: ${setup.label}, ${connections} connections (${LOAD_SECONDS} s per call)`);
      const display = await load({ ...displayLoad(setup.url, CLIENT_ID), connections });
      const conversion = await load({ ...conversionLoad(setup.url, CLIENT_ID, ids), connections });
      rows.push({ setup: setup.label, connections, display, conversion });
    }
  }
  return { rows, load: loadavg().map((value) => value.toFixed(2)).join(' ') };
}

const cell = (result) => `${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms${result.non2xx || result.errors ? ` (${result.non2xx} non-2xx, ${result.errors} errors)` : ''}`;

export async function benchEngines() {
  const { rows, load: loadAverage } = await measureEngines();
  return section(
    'Reference server on PostgreSQL',
    `autocannon ${LOAD_SECONDS} s per call and level, no pipelining, over loopback; every server a Node.js process of its own ` +
      '(rate limits lifted: all load comes from 127.0.0.1), PostgreSQL a throwaway local cluster (fsync off), the proxy the ' +
      '`npm run start:cluster` one (a Node.js process too). Display: `POST /api/display/{client}`; conversion: a new ' +
      `\`conversion_key\` per request, so each stores a lead. All on the same machine, sharing its cores; load average at the end: ${loadAverage}.`,
    table(
      ['setup', 'connections', 'display', 'conversion'],
      rows.map((row) => [row.setup, String(row.connections), cell(row.display), cell(row.conversion)]),
    ),
  );
}

runAlone(import.meta.url, benchEngines);
