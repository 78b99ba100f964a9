// The counters row of `npm run bench` (issue 17, "Measure, side by side in one run"): 50 animated
// numbers on one page, kite-counter against countUp.js, in one Chromium, in this run.
//
//   main thread  Chromium's own counters (CDP Performance.getMetrics): TaskDuration (all main-thread
//                work: script, style, layout, paint) and ScriptDuration, from just before the
//                counters are scrolled into view to the last one showing its final number; a fresh
//                page per run, the two in turn within each round; median, fastest and slowest.
//   script       min+gzip: kite-counter's chunks with their static imports and the kite.js
//                autoloader, against countUp.js's bundle (esbuild, minified).
//
// Both count the same numbers with the theme's timing (COUNTER.START_DELAY_MS after coming into
// view, for COUNTER.DURATION_MS), countUp.js through its own scroll spy as its docs show.
// countUp.js is installed, pinned, into the run's temp dir (lib/peers.mjs). The pages are served
// from the bench's static server on 127.0.0.1, and the browser resolves no other host.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNTER } from '../../shared/constants/site.ts';
import { KITE_ENTRY, compressedSizes, kb } from '../sizes.mjs';
import { runAlone } from './lib/alone.mjs';
import { freshPage, launchChromium, performanceMetrics, settle } from './lib/browser.mjs';
import { elementSizes } from './lib/element-sizes.mjs';
import { ms } from './lib/markdown.mjs';
import { median } from './lib/measure.mjs';
import { bundle, bundleBytes, installPeers, PEER_BUNDLE, versionOf } from './lib/peers.mjs';
import { withResources } from './lib/process.mjs';
import { LIMIT, RUNS } from './lib/settings.mjs';
import { benchTempDir } from './lib/setup.mjs';
import { startBenchServer } from './lib/static-server.mjs';

/** The issue's "50 counters on a page". */
const COUNTERS = 50;
const COUNTUP = 'countup.js';
/** Pinned: the figures compare against one known release. */
const COUNTUP_SPEC = `${COUNTUP}@2.10.1`;
const COUNTER_MODULE = 'components/counter/counter.element.ts';
const TITLE = '## Animated numbers: kite-counter against countUp.js';
/** Below the fold, so both wait until the page scrolls them into view. */
const SPACER_PX = 3000;

/** The numbers counted: different widths, with a thousands separator. */
const numberOf = (index) => 1_000 + index * 997;
const grouped = (value) => value.toLocaleString('en-US');

const page = (head, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>counters bench</title>
<style>.grid{display:grid;grid-template-columns:repeat(10,1fr);gap:4px;font:16px system-ui}</style>${head}</head>
<body><div style="height:${SPACER_PX}px"></div><div class="grid" id="grid">${body}</div></body></html>`;

/** Each contestant's page: `window.__ready` once set up, `window.__ended` counts the counters that finished. */
function pages() {
  const numbers = Array.from({ length: COUNTERS }, (_, index) => numberOf(index));
  return {
    kite: page(
      '',
      `${numbers.map((value) => `<kite-counter number="${value}" number-format=",">${grouped(value)}</kite-counter>`).join('')}
<script type="module">
  window.__ended = 0;
  document.addEventListener('kite-counter-end', () => (window.__ended += 1));
  const { loadElement } = await import('/kite/${KITE_ENTRY}');
  await loadElement('kite-counter');
  window.__ready = true;
</script>`,
    ),
    countup: page(
      '<script src="/countup.js"></script>',
      `${numbers.map((value, index) => `<span id="n${index}">${grouped(value)}</span>`).join('')}
<script>
  window.__ended = 0;
  for (let index = 0; index < ${COUNTERS}; index += 1) {
    const element = document.getElementById('n' + index);
    new countUp.CountUp(element, Number(element.textContent.replace(/,/g, '')), {
      duration: ${COUNTER.DURATION_MS / 1000},
      separator: ',',
      enableScrollSpy: true,
      scrollSpyDelay: ${COUNTER.START_DELAY_MS},
      scrollSpyOnce: true,
      onCompleteCallback: () => (window.__ended += 1),
    });
  }
  window.__ready = true;
</script>`,
    ),
  };
}

/** countUp.js, installed pinned into `dir` and bundled (esbuild, minified) as a site would ship it. */
async function buildCountUp(dir, outDir) {
  const failures = await installPeers(dir, [COUNTUP_SPEC], 'countUp.js');
  if (failures[COUNTUP]) throw new Error(failures[COUNTUP]);
  const js = bundleBytes(await bundle(`import * as countUp from '${COUNTUP}'; window.countUp = countUp;`, dir, PEER_BUNDLE));
  writeFileSync(join(outDir, 'countup.js'), js);
  return { version: versionOf(dir, COUNTUP), js: compressedSizes(js) };
}

function kiteSizes() {
  const size = elementSizes(COUNTER_MODULE);
  if (size.error) throw new Error(size.error);
  return { gzip: size.js.gzip, files: size.files };
}

/** One fresh page: main-thread and script seconds from the scroll into view to the last counter's end. */
async function visit(browser, url) {
  const { context, page: tab, cdp } = await freshPage(browser, { scriptMetrics: true });
  try {
    await tab.goto(url, { timeout: LIMIT.PAGE_MS });
    await settle(tab, () => window.__ready === true);
    const before = await performanceMetrics(cdp);
    await tab.evaluate(() => document.getElementById('grid').scrollIntoView());
    await tab.waitForFunction((count) => window.__ended >= count, COUNTERS, { timeout: LIMIT.PAGE_MS, polling: 100 });
    const after = await performanceMetrics(cdp);
    return { taskMs: (after.TaskDuration - before.TaskDuration) * 1000, scriptMs: (after.ScriptDuration - before.ScriptDuration) * 1000 };
  } finally {
    await context.close();
  }
}

export async function benchCounters() {
  const dir = benchTempDir('counters');
  const outDir = benchTempDir('counters-pages');
  const kite = kiteSizes();
  const countUp = await buildCountUp(dir, outDir);
  for (const [name, html] of Object.entries(pages())) writeFileSync(join(outDir, `${name}.html`), html);
  const results = await withResources(async (onStop) => {
    const server = await startBenchServer({ roots: [['/kite/', 'dist'], ['/', outDir]] });
    onStop(server.close);
    const browser = await launchChromium(onStop, { loopbackOnly: true });
    const measured = { kite: [], countup: [] };
    console.log(`bench: ${COUNTERS} kite-counter against ${COUNTERS} countUp.js counters, ${RUNS} rounds`);
    for (let round = 0; round < RUNS; round += 1) {
      // In turn within each round, so a busy moment of the machine hits both alike.
      for (const name of ['kite', 'countup']) measured[name].push(await visit(browser, new URL(`${name}.html`, server.url).href));
    }
    return measured;
  });
  const spread = (values) => `${ms(median(values))} (${ms(Math.min(...values))} – ${ms(Math.max(...values))})`;
  const row = (label, name, size) => `| ${label} | ${spread(results[name].map((run) => run.taskMs))} | ${ms(median(results[name].map((run) => run.scriptMs)))} | ${size} |`;
  return [
    TITLE,
    '',
    `${COUNTERS} counters on one page, counting ${COUNTER.DURATION_MS} ms after a ${COUNTER.START_DELAY_MS} ms delay once scrolled into view (countUp.js through its scroll spy); a fresh page per run, the two in turn; ${RUNS} runs each.`,
    'Main thread: Chromium\'s TaskDuration from the scroll into view to the last counter\'s final number (the count lasts the same for both); script: its ScriptDuration part. Script bytes: min+gzip.',
    '',
    '| counters | main thread while they run: median (fastest – slowest) | of it script: median | script min+gzip |',
    '|---|---|---|---|',
    row('kite-counter', 'kite', `${kb(kite.gzip)} (${kite.files} files: kite.js, the element, lit, XState and the shared chunks)`),
    row(`countUp.js ${countUp.version}`, 'countup', kb(countUp.js.gzip)),
    '',
  ].join('\n');
}

runAlone(import.meta.url, benchCounters);
