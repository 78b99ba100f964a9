// Section "Fault test across instances" (issue 21, under "Reference server on PostgreSQL"): 1,000
// leads sent through two instances over one throwaway PostgreSQL, by way of a fault-injecting
// round-robin proxy that aborts 30 % of requests mid-flight (half before forwarding, half after
// the instance answered, the answer dropped), answers 10 % with 503 and 5 % with 429 +
// Retry-After; one instance is killed (SIGKILL) once half the leads are stored, and restarted.
// The client retries each lead until it is answered 2xx. Then the database must hold every lead
// exactly once; a lead missing or stored twice fails the check, and with it the bench run.
// Instances, database and the proxy's forwarding are engines.mjs's and cluster.mjs's.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { seededRandom } from '../../test/seeded-random.ts';
import { forward } from '../cluster.mjs';
import { startPostgresCluster } from '../postgres-cluster.mjs';
import { CLIENT_ID, createDatabase, serverProcess } from './engines.mjs';
import { runAlone } from './lib/alone.mjs';
import { addFailure, section, table } from './lib/markdown.mjs';
import { onCleanup } from './lib/process.mjs';
import { benchTempDir } from './lib/setup.mjs';
import { demoPoptin } from './load.mjs';

const LEADS = 1000;
/** Leads in flight at once. */
const CONCURRENCY = 20;
/** One instance is killed once this many leads were answered 2xx. */
const KILL_AFTER = LEADS / 2;
/** The proxy's faults, shares of all requests (the rest is forwarded). */
const FAULTS = { abortBefore: 0.15, abortAfter: 0.15, unavailable: 0.1, tooMany: 0.05 };
/** The 429's Retry-After, seconds: short, and honoured. */
const RETRY_AFTER_S = 1;
/** The client's backoff after an abort, 5xx or 502: base doubled per attempt, capped, with jitter. */
const BACKOFF = { baseMs: 20, maxMs: 400 };
/** A request not answered by then counts as aborted and is retried. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Past this, the client gives up on the leads still unsent (the check then fails). */
const DEADLINE_MS = 5 * 60_000;
const SEED = 21;
/** Every lead's key starts so; the rest is its number. */
const KEY_PREFIX = 'fault-lead-';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const leadKey = (index) => `${KEY_PREFIX}${String(index).padStart(4, '0')}`;

/**
 * The fault-injecting proxy in front of `targets` (mutable: a restarted instance's URL replaces
 * the killed one's). `roll` decides each request's fate; `counts` collects what happened.
 */
async function faultProxy(targets, roll, counts) {
  let next = 0;
  const proxy = createServer((req, res) => {
    counts.requests += 1;
    const r = roll();
    let edge = FAULTS.abortBefore;
    if (r < edge) {
      counts.abortedBefore += 1;
      req.socket.destroy();
      return;
    }
    if (r < (edge += FAULTS.unavailable)) {
      counts.unavailable += 1;
      res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"error":"busy"}');
      return;
    }
    if (r < (edge += FAULTS.tooMany)) {
      counts.tooMany += 1;
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': String(RETRY_AFTER_S) }).end('{"error":"slow down"}');
      return;
    }
    const dropAnswer = r < edge + FAULTS.abortAfter;
    const target = targets[next];
    next = (next + 1) % targets.length;
    res.on('finish', () => {
      if (res.statusCode === 502) counts[counts.down ? 'badGatewayWhileDown' : 'badGatewayOther'] += 1;
    });
    forward(req, res, target, (answer) => {
      if (answer.statusCode === 200) counts.storedBy.set(target, (counts.storedBy.get(target) ?? 0) + 1);
      if (!dropAnswer) return false;
      // The instance has answered (stored the lead, for a 200): the client never hears it.
      counts.abortedAfter += 1;
      if (answer.statusCode === 200) counts.abortedAfterStored += 1;
      answer.resume();
      answer.once('close', () => req.socket.destroy());
      return true;
    });
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  onCleanup(() => proxy.close());
  return proxy;
}

/**
 * Sends one lead until it is answered 2xx; resolves its conversion_id, or null when a 4xx
 * refused it or the deadline passed. A 429 waits its Retry-After; anything else the backoff.
 */
async function sendLead(endpoint, body, stats, jitter, deadline) {
  for (let attempt = 0; performance.now() < deadline; attempt += 1) {
    if (attempt > 0) stats.retries += 1;
    let wait = Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** attempt) * (0.5 + jitter());
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      if (response.ok) return JSON.parse(text).conversion_id;
      stats.answers[response.status] = (stats.answers[response.status] ?? 0) + 1;
      if (response.status === 429) {
        wait = Number(response.headers.get('retry-after')) * 1000;
        stats.retryAfterWaits += 1;
      } else if (response.status >= 400 && response.status < 500 && response.status !== 408) {
        // A refusal (no proxy of this run answers another 4xx): final, the lead is not stored.
        stats.refused.push(`${response.status} ${text.slice(0, 200)}`);
        return null;
      }
    } catch {
      stats.failedRequests += 1;
    }
    await sleep(wait);
  }
  stats.givenUp += 1;
  return null;
}

/** Every stored lead of this run: its key, how many rows, and its id. */
async function storedLeads(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const totals = await client.query('SELECT count(*)::int AS total, count(DISTINCT conversion_key)::int AS keys FROM conversions WHERE conversion_key LIKE $1', [`${KEY_PREFIX}%`]);
    const rows = await client.query('SELECT conversion_key AS key, count(*)::int AS n, min(id) AS id FROM conversions WHERE conversion_key LIKE $1 GROUP BY conversion_key', [`${KEY_PREFIX}%`]);
    return { ...totals.rows[0], byKey: new Map(rows.rows.map((row) => [row.key, row])) };
  } finally {
    await client.end();
  }
}

async function measureFault() {
  const cluster = await startPostgresCluster();
  onCleanup(() => cluster.stop());
  const databaseUrl = await createDatabase(cluster.url, 'kite_bench_fault');
  // One after the other: the first migrates, the second finds it done.
  const instances = [await serverProcess(benchTempDir('fault-a'), databaseUrl), await serverProcess(benchTempDir('fault-b'), databaseUrl)];
  const targets = instances.map(({ url }) => url);
  const counts = { requests: 0, abortedBefore: 0, abortedAfter: 0, abortedAfterStored: 0, unavailable: 0, tooMany: 0, badGatewayWhileDown: 0, badGatewayOther: 0, down: false, storedBy: new Map() };
  const proxy = await faultProxy(targets, seededRandom(SEED), counts);
  const base = `http://127.0.0.1:${proxy.address().port}/`;
  const { poptinId, viewerId } = await demoPoptin(instances[0].url, CLIENT_ID);
  const endpoint = new URL(`api/display/conversion/${viewerId}`, base).href;

  const stats = { retries: 0, failedRequests: 0, retryAfterWaits: 0, givenUp: 0, answers: {}, refused: [] };
  const answered = new Map();
  const jitter = seededRandom(SEED + 1);
  const started = performance.now();
  const deadline = started + DEADLINE_MS;
  let killAndRestart;
  /** Kills the second instance hard, restarts it over the same database, and lets the proxy know its new port. */
  const restart = async () => {
    const killedAt = performance.now();
    counts.down = true;
    const { child } = instances[1];
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
    const restarted = await serverProcess(benchTempDir('fault-b-restarted'), databaseUrl);
    targets[1] = restarted.url;
    counts.down = false;
    return { atLead: KILL_AFTER, downMs: performance.now() - killedAt, restartedUrl: restarted.url };
  };
  let nextLead = 0;
  const worker = async () => {
    while (nextLead < LEADS) {
      const index = nextLead++;
      const key = leadKey(index);
      const body = new URLSearchParams({ conversion_key: key, poptin_id: poptinId, client_id: CLIENT_ID, email: `${key}@example.com`, name: `Lead ${index}` }).toString();
      const id = await sendLead(endpoint, body, stats, jitter, deadline);
      if (id === null) continue;
      answered.set(key, id);
      if (answered.size === KILL_AFTER) {
        killAndRestart = restart();
        // Awaited after the leads; a restart that fails then fails the section, not the process now.
        killAndRestart.catch(() => undefined);
      }
    }
  };
  console.log(`bench: fault test, ${LEADS} leads through two instances behind a fault-injecting proxy`);
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const kill = killAndRestart ? await killAndRestart : undefined;
  const totalMs = performance.now() - started;

  const stored = await storedLeads(databaseUrl);
  const sent = Array.from({ length: LEADS }, (_, index) => leadKey(index));
  const missing = sent.filter((key) => !stored.byKey.has(key));
  const twice = [...stored.byKey.values()].filter((row) => row.n > 1).map((row) => row.key);
  // A retry of a lead whose answer was dropped must answer the first row's id.
  const otherId = [...answered].filter(([key, id]) => stored.byKey.get(key)?.id !== id).map(([key]) => key);
  const pass = missing.length === 0 && twice.length === 0 && otherId.length === 0 && stored.total === LEADS && stored.keys === LEADS && kill !== undefined;
  return { counts, stats, stored, missing, twice, otherId, kill, totalMs, pass, answered: answered.size, poptinId };
}

const list = (keys) => (keys.length ? `${keys.length} (${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', ...' : ''})` : '0');

export async function benchFault() {
  const run = await measureFault();
  const { counts, stats, stored, kill } = run;
  const storedAfterRestart = kill ? (counts.storedBy.get(kill.restartedUrl) ?? 0) : 0;
  const rows = [
    ['leads sent / answered 2xx', `${LEADS} / ${run.answered}`],
    ['requests through the proxy', String(counts.requests)],
    ['aborted before forwarding (socket destroyed)', String(counts.abortedBefore)],
    ['aborted after the instance answered (answer dropped) / of them answered 200 (lead stored)', `${counts.abortedAfter} / ${counts.abortedAfterStored}`],
    ['503 from the proxy', String(counts.unavailable)],
    [`429 + Retry-After: ${RETRY_AFTER_S} from the proxy (the client waits it out)`, String(counts.tooMany)],
    ['502 while an instance was down', String(counts.badGatewayWhileDown)],
    ['502 otherwise (killed mid-request)', String(counts.badGatewayOther)],
    ['retries by the client', String(stats.retries)],
    ['refused (4xx) / given up at the deadline', `${stats.refused.length} / ${stats.givenUp}`],
    ['instance killed (SIGKILL) after', kill ? `${kill.atLead} leads answered 2xx` : 'never (FAIL)'],
    ['kill to restarted instance listening', kill ? `${(kill.downMs / 1000).toFixed(1)} s` : 'n/a'],
    ['2xx answers from the restarted instance', String(storedAfterRestart)],
    ['total time', `${(run.totalMs / 1000).toFixed(1)} s`],
    ['rows in the database: count(*) / count(DISTINCT conversion_key)', `${stored.total} / ${stored.keys}`],
    ['leads missing / stored more than once', `${list(run.missing)} / ${list(run.twice)}`],
    ['answers whose conversion_id is not the stored row\'s', list(run.otherId)],
  ];
  const verdict = run.pass
    ? `**PASS**: every one of the ${LEADS} leads stored exactly once.`
    : `**FAIL: leads were lost or stored twice** (or the kill did not happen): see the counts above.`;
  console.log(`bench: fault test ${run.pass ? 'PASS' : 'FAIL'}\n${rows.map(([what, value]) => `  ${what}: ${value}`).join('\n')}`);
  if (!run.pass) {
    addFailure(`fault test across instances: ${run.missing.length} leads missing, ${run.twice.length} stored twice, ${run.otherId.length} answered another id, ${stored.total} rows for ${stored.keys} keys${kill ? '' : ', no instance was killed'}`);
  }
  return section(
    'Reference server on PostgreSQL: fault test across instances',
    `${LEADS} leads (pop-up \`${run.poptinId}\`, one \`conversion_key\` each) sent ${CONCURRENCY} at a time through a fault-injecting round-robin proxy ` +
      `to two server instances over one throwaway PostgreSQL database (each a Node.js process, as in the section above). ` +
      `The proxy (seeded, seed ${SEED}) aborts ${FAULTS.abortBefore * 100} % of requests before forwarding them and ${FAULTS.abortAfter * 100} % after the instance answered ` +
      `(the client socket destroyed, so the lead is stored but the client does not know), answers ${FAULTS.unavailable * 100} % with 503 and ${FAULTS.tooMany * 100} % with 429 + ` +
      `\`Retry-After: ${RETRY_AFTER_S}\`, and forwards the rest in turn; an instance that is down gets a 502. Once ${KILL_AFTER} leads were answered 2xx, one instance ` +
      'is killed with SIGKILL and started again (on a new port the proxy then forwards to) while the client goes on. The client retries each lead until a 2xx ' +
      `(abort, 5xx, 502: backoff from ${BACKOFF.baseMs} ms doubling to ${BACKOFF.maxMs} ms; 429: its Retry-After), stopping on a 4xx refusal. Then the database is read.`,
    verdict,
    table(['', 'count'], rows),
  );
}

runAlone(import.meta.url, benchFault);
