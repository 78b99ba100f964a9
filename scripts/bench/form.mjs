// The lead form's rows of `npm run bench` (issue 5): what the form's field kinds and the phone
// library add to a pop-up, what one business-email check downloads, and the time from a submit to
// the thank-you screen in Chromium on loopback, with every request going through and with 30% of
// the conversion requests failing.
import { get } from 'node:http';
import { DIST_DIR, lightboxFileSet, measureDist, readChunkGraph, sumSizes } from '../sizes.mjs';
import { runAlone } from './lib/alone.mjs';
import { freshPage, launchChromium } from './lib/browser.mjs';
import { extraFiles } from './lib/element-sizes.mjs';
import { bytes, ms } from './lib/markdown.mjs';
import { median } from './lib/measure.mjs';
import { withResources } from './lib/process.mjs';
import { LIMIT, RUNS } from './lib/settings.mjs';
import { referenceServer } from './lib/setup.mjs';
import { seededRandom } from '../../test/seeded-random.ts';

/** Share of conversion requests that fail in the second timing row, and the seed of the draw. */
const FAILING_SHARE = 0.3;
const FAILING_SEED = 11;

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
  const { FORM } = await import('../../shared/constants/widget.ts');
  const { EMAIL_DOMAIN_SHARD_MAX_GZIP_BYTES } = await import('../../demo/server/email-domains.ts');
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
 * One fresh visitor on the demo store: the email and consent filled in, then submit -> 'Thank
 * you!' visible. With `failing` (a random source), that share of conversion requests is aborted.
 */
async function submitToThankYou(browser, storeUrl, failing) {
  const { context, page } = await freshPage(browser);
  try {
    if (failing) {
      await context.route('**/api/display/conversion/**', (route) =>
        failing() < FAILING_SHARE ? route.abort('connectionreset') : route.continue(),
      );
    }
    page.setDefaultTimeout(LIMIT.PAGE_MS);
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
export async function benchForm() {
  const serverUrl = (await referenceServer()).server.url;
  const chunks = measureChunks();
  console.log('bench: form chunk sizes measured');
  const shard = await measureShard(serverUrl);
  console.log('bench: business-email shard measured');
  const timings = await withResources(async (onStop) => {
    const browser = await launchChromium(onStop);
    const measured = { ok: [], failing: [] };
    const storeUrl = new URL('store', serverUrl).href;
    for (let i = 0; i < RUNS; i++) measured.ok.push(await submitToThankYou(browser, storeUrl, false));
    // One seeded source (repeatable runs) for the whole row: seeded per visitor, every visitor would
    // draw the same first number, and all first requests would fail or none.
    const failing = seededRandom(FAILING_SEED);
    for (let i = 0; i < RUNS; i++) measured.failing.push(await submitToThankYou(browser, storeUrl, failing));
    return measured;
  });
  console.log('bench: submit to thank-you measured');
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
    `Submit to the thank-you screen on the demo store, in Chromium on loopback, ${RUNS} fresh visitors each (the lead outbox stores the lead before it is sent; the thank-you screen follows the first answer, or the failure of the first try):`,
    '',
    '| conversion requests | median | slowest |',
    '|---|---|---|',
    `| all go through | ${ms(median(timings.ok))} | ${ms(Math.max(...timings.ok))} |`,
    `| ${FAILING_SHARE * 100}% fail (connection reset) | ${ms(median(timings.failing))} | ${ms(Math.max(...timings.failing))} |`,
    '',
  ];
  return lines.join('\n');
}

runAlone(import.meta.url, benchForm);
