// Section "Reference server": throughput and latency of the display and conversion calls under
// autocannon, against the server running in this process.
import { randomBytes } from 'node:crypto';
import { runAlone } from './lib/alone.mjs';
import { addNote, section, table } from './lib/markdown.mjs';
import { onCleanup, withTimeout } from './lib/process.mjs';
import { LIMIT, LOAD_SECONDS } from './lib/settings.mjs';
import { referenceServer } from './lib/setup.mjs';

/** Concurrent connections of each autocannon run. */
const LOAD_CONNECTIONS = 10;

/** The demo pop-up's ids, from a display call as the widget makes it. */
export async function demoPoptin(baseUrl, clientId) {
  const response = await fetch(new URL(`api/display/${clientId}`, baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ domain: '127.0.0.1', url: new URL('store', baseUrl).href }),
  });
  if (!response.ok) throw new Error(`display call answered ${response.status}`);
  const { poptins } = await response.json();
  const poptin = poptins?.find((record) => /lightbox/.test(record.poptin_type ?? '') && record.viewer_id) ?? poptins?.find((record) => record.viewer_id);
  if (!poptin) throw new Error('the display answer has no pop-up with a viewer_id');
  return { poptinId: poptin.poptin_id, viewerId: poptin.viewer_id };
}

/** One bounded autocannon run (options may set `connections`); resolves its result (stopped early if it overruns). */
export async function load(options) {
  const { default: autocannon } = await import('autocannon');
  const instance = autocannon({ connections: LOAD_CONNECTIONS, duration: LOAD_SECONDS, ...options });
  onCleanup(() => instance.stop?.());
  return withTimeout(instance, LOAD_SECONDS * 1000 + LIMIT.LOAD_SLACK_MS, `autocannon ${options.title}`);
}

/** autocannon options of the display call of `clientId` on `baseUrl`. */
export const displayLoad = (baseUrl, clientId) => ({
  title: 'display call',
  url: new URL(`api/display/${clientId}`, baseUrl).href,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ domain: '127.0.0.1', url: new URL('store', baseUrl).href }),
});

/**
 * autocannon options of the conversion call of the pop-up `poptinId`: each conversion needs its
 * own key (the server saves a lead once per key), so each request gets a fresh body.
 */
export function conversionLoad(baseUrl, clientId, { poptinId, viewerId }) {
  const runId = randomBytes(4).toString('hex');
  let sequence = 0;
  return {
    title: 'conversion call',
    url: baseUrl,
    requests: [
      {
        method: 'POST',
        path: `/api/display/conversion/${viewerId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        setupRequest: (request) => {
          sequence += 1;
          const body = new URLSearchParams({
            poptin_id: poptinId,
            client_id: clientId,
            email: `bench-${runId}-${sequence}@example.com`,
            conversion_key: `bench-${runId}-${sequence}`,
          }).toString();
          return { ...request, headers: { ...request.headers }, body };
        },
      },
    ],
  };
}

async function measureLoad() {
  const { server: reference, clientId } = await referenceServer();
  const baseUrl = reference.url;
  console.log(`bench: load on the display and conversion calls (${LOAD_SECONDS} s each)`);
  const ids = await demoPoptin(baseUrl, clientId);
  const display = await load(displayLoad(baseUrl, clientId));
  const conversion = await load(conversionLoad(baseUrl, clientId, ids));
  return { display, conversion, ...ids };
}

function renderLoad(server) {
  const row = (label, result) => [
    label,
    `${result.requests.average.toFixed(0)} req/s`,
    `${result.requests.total}`,
    `${result.latency.p50} ms`,
    `${result.latency.p99} ms`,
    `${result.non2xx}`,
    `${result.errors} / ${result.timeouts}`,
  ];
  return section(
    'Reference server',
    `autocannon ${LOAD_SECONDS} s per call, ${LOAD_CONNECTIONS} connections, no pipelining, over loopback to the server running in the bench's own ` +
      'Node.js process (SQLite in a temp directory). Display: `POST /api/display/{client}` with a minimal JSON body. ' +
      `Conversion: \`POST /api/display/conversion/{viewer_id}\` (pop-up \`${server.poptinId}\`), form-encoded, a new \`conversion_key\` and email on every request, so each one stores a lead.`,
    table(
      ['call', 'throughput (mean)', 'requests', 'latency p50', 'latency p99', 'non-2xx', 'errors / timeouts'],
      [row('display', server.display), row('conversion', server.conversion)],
    ),
  );
}

/** The section; answers other than 2xx under load are also notes of the run. */
export async function benchLoad() {
  const server = await measureLoad();
  for (const [name, result] of [['display', server.display], ['conversion', server.conversion]]) {
    if (result.non2xx > 0) addNote(`${name} call: ${result.non2xx} non-2xx answers under load (status counts: ${JSON.stringify(result.statusCodeStats)}).`);
  }
  return renderLoad(server);
}

runAlone(import.meta.url, benchLoad);
