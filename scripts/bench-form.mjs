// The lead form's rows of `npm run bench` (issue 5): what the form's field kinds and the phone
// library add to a pop-up, what one business-email check downloads, and the time from a submit to
// the thank-you screen in Chromium on loopback, with every request going through and with 30% of
// the conversion requests failing. Called by scripts/bench.mjs; needs a build and runs under tsx.
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';
import { DIST_DIR, chunkOfModule, kb, lightboxFileSet, measureDist, readChunkGraph, staticClosure, sumSizes } from './sizes.mjs';

/** Share of conversion requests that fail in the second timing row. */
const FAILING_SHARE = 0.3;
const PAGE_MS = 20_000;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.ceil(sorted.length / 2) - 1] : NaN;
};
const msText = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
const bytes = (value) => `${value} B (${kb(value)})`;

/** Files a chunk needs beyond the lightbox set, and their min+gzip total. */
function extraFiles(graph, measured, moduleId, already) {
  const chunk = chunkOfModule(graph, moduleId);
  if (!chunk) return { files: [], gzip: NaN };
  const files = [...staticClosure(graph, chunk.fileName)].filter((file) => !already.has(file));
  return { files, gzip: sumSizes(measured, files).gzip };
}

function measureChunks() {
  const graph = readChunkGraph();
  const measured = measureDist(DIST_DIR);
  const lightbox = new Set(lightboxFileSet(graph).files);
  const outbox = extraFiles(graph, measured, 'shared/api/outbox-core.ts', lightbox);
  const fields = extraFiles(graph, measured, 'components/poptin/form/fields.tsx', lightbox);
  const withFields = new Set([...lightbox, ...fields.files]);
  const phone = extraFiles(graph, measured, 'shared/logic/phone-international.ts', withFields);
  const business = extraFiles(graph, measured, 'components/poptin/form/business-email.ts', lightbox);
  return { lightbox: sumSizes(measured, [...lightbox]).gzip, outbox, fields, phone, business };
}

/** A GET's body as it comes over the wire, gzipped as a browser asks for it. */
function wireBytes(url) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } }, (res) => {
      let length = 0;
      res.on('data', (chunk) => (length += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], length }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Every shard the server serves: the bytes one check downloads, and the list it adds up to. */
async function measureShard(serverUrl) {
  const { FORM } = await import('../shared/constants/widget.ts');
  const { EMAIL_DOMAIN_SHARD_MAX_GZIP_BYTES } = await import('../demo/server/email-domains.ts');
  const ids = Array.from({ length: 16 ** FORM.EMAIL_DOMAIN_SHARD_HEX_DIGITS }, (_, i) => i.toString(16).padStart(FORM.EMAIL_DOMAIN_SHARD_HEX_DIGITS, '0'));
  const sizes = [];
  let domains = 0;
  for (const id of ids) {
    const url = new URL(`${FORM.EMAIL_DOMAIN_PATH.slice(1)}${id}`, serverUrl);
    const wire = await wireBytes(url);
    if (wire.status !== 200 || wire.encoding !== 'gzip') throw new Error(`shard ${id}: HTTP ${wire.status}, encoding ${wire.encoding}`);
    const body = await (await fetch(url)).json();
    domains += body.domains.length;
    sizes.push({ gzip: wire.length, raw: Buffer.byteLength(JSON.stringify(body)) });
  }
  return {
    domains,
    shards: ids.length,
    bound: EMAIL_DOMAIN_SHARD_MAX_GZIP_BYTES,
    gzipMedian: median(sizes.map((size) => size.gzip)),
    gzipMax: Math.max(...sizes.map((size) => size.gzip)),
    rawMedian: median(sizes.map((size) => size.raw)),
    gzipTotal: sizes.reduce((sum, size) => sum + size.gzip, 0),
  };
}

/**
 * A seeded random source (repeatable runs), one for the whole failing row: seeded per visitor,
 * every visitor would draw the same first number, and all first requests would fail or none.
 */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * One fresh visitor on the demo store: the email and consent filled in, then submit -> 'Thank
 * you!' visible. With `failing` (a random source), that share of conversion requests is aborted.
 */
async function submitToThankYou(browser, storeUrl, failing) {
  const context = await browser.newContext();
  try {
    if (failing) {
      await context.route('**/api/display/conversion/**', (route) =>
        failing() < FAILING_SHARE ? route.abort('connectionreset') : route.continue(),
      );
    }
    const page = await context.newPage();
    page.setDefaultTimeout(PAGE_MS);
    await page.goto(storeUrl);
    const dialog = page.locator('kite-poptin [role="dialog"]');
    await dialog.getByLabel('Email', { exact: true }).fill(`bench-${Math.random().toString(36).slice(2)}@example.com`);
    await dialog.getByLabel('I agree to receive marketing emails').check();
    // The lead's code is fetched when the pop-up shows; let it arrive, as it has for a visitor who typed.
    await page.waitForLoadState('networkidle');
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          const root = document.querySelector('kite-poptin').shadowRoot;
          const started = performance.now();
          const done = () => root.textContent.includes('Thank you!');
          const observer = new MutationObserver(() => {
            if (done()) {
              observer.disconnect();
              resolve(performance.now() - started);
            }
          });
          observer.observe(root, { childList: true, subtree: true, characterData: true });
          root.querySelector('button[part="button"]').click();
        }),
    );
  } finally {
    await context.close();
  }
}

/** The form's section of docs/BENCHMARKS.md. */
export async function benchForm({ runs, serverUrl, log = () => {} }) {
  const chunks = measureChunks();
  log('bench: form chunk sizes measured');
  const shard = await measureShard(serverUrl);
  log('bench: business-email shard measured');
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const timings = { ok: [], failing: [] };
  try {
    const storeUrl = new URL('store', serverUrl).href;
    for (let i = 0; i < runs; i++) timings.ok.push(await submitToThankYou(browser, storeUrl, false));
    const failing = seededRandom(11);
    for (let i = 0; i < runs; i++) timings.failing.push(await submitToThankYou(browser, storeUrl, failing));
  } finally {
    await browser.close();
  }
  log('bench: submit to thank-you measured');
  const lines = [
    '## Lead form (issue 5)',
    '',
    'Sizes are min+gzip, counted beyond the lightbox set (which a plain email form needs and nothing more).',
    '',
    '| what | bytes |',
    '|---|---|',
    `| lightbox set (pop-up with a plain email form) | ${bytes(chunks.lightbox)} |`,
    `| lead outbox and payload, fetched once a form shows (${chunks.outbox.files.join(', ')}) | ${bytes(chunks.outbox.gzip)} |`,
    `| form chunk, every field kind but the international phone (${chunks.fields.files.join(', ')}) | ${bytes(chunks.fields.gzip)} |`,
    `| form chunk with the international phone field (+ ${chunks.phone.files.join(', ')}) | ${bytes(chunks.fields.gzip + chunks.phone.gzip)} |`,
    `| business-email check code (${chunks.business.files.join(', ')}) | ${bytes(chunks.business.gzip)} |`,
    `| one business-email check: the shard downloaded (the list of ${shard.domains} domains in ${shard.shards} shards, gzipped as served) | median ${shard.gzipMedian} B (${shard.rawMedian} B raw), largest ${shard.gzipMax} B, bound ${shard.bound} B; all shards together ${bytes(shard.gzipTotal)} |`,
    '',
    `Submit to the thank-you screen on the demo store, in Chromium on loopback, ${runs} fresh visitors each (the lead outbox stores the lead before it is sent; the thank-you screen follows the first answer, or the failure of the first try):`,
    '',
    '| conversion requests | median | slowest |',
    '|---|---|---|',
    `| all go through | ${msText(median(timings.ok))} | ${msText(Math.max(...timings.ok))} |`,
    `| ${FAILING_SHARE * 100}% fail (connection reset) | ${msText(median(timings.failing))} | ${msText(Math.max(...timings.failing))} |`,
    '',
  ];
  return { markdown: lines.join('\n') };
}

// `node --import tsx scripts/bench-form.mjs`: the form rows alone, against a temporary reference server.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { startServer } = await import('../demo/server/server.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'kite-bench-form-'));
  const server = await startServer({ port: 0, dataDir, quiet: true });
  try {
    const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 20;
    console.log((await benchForm({ runs, serverUrl: server.url, log: console.log })).markdown);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

