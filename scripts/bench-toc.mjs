// The table-of-contents rows of `npm run bench` (issue 14, "Measure, side by side in one run"):
// kite-toc against tocbot on the same 1000-heading article, in one Chromium, in this run.
//
//   build time  from asking for the table to the table in the page and laid out (forced layout
//               included), a fresh page per run, the two in turn within each round, at normal CPU
//               and 4x slower; median, fastest and slowest.
//   script      min+gzip: kite-toc's chunks with their static imports and the kite.js autoloader,
//               against tocbot's bundle (esbuild, minified) and its CSS.
//
// tocbot is the project's devDependency (package.json); its bundle is written to a temp dir. The
// pages are served from a small static server on 127.0.0.1, and the browser resolves no other host.
// Used by scripts/bench.mjs: `const toc = await benchToc({ runs, tmpDir, log, onCleanup, cpuSlowdown })`
// returns `{ markdown }`. Alone: `node scripts/bench-toc.mjs [--runs N]` prints the section.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';
import { startBenchServer } from './bench-server.mjs';
import { chunkOfModule, compressedSizes, kb, measureDist, readChunkGraph, staticClosure, sumSizes } from './sizes.mjs';

/** Headings in the article: the "1000-heading article". */
const HEADINGS = 1000;
/** Every this-many-th heading is an `h2`, the others `h3`: a table two levels deep. */
const H2_EVERY = 5;
const TOC_MODULE = 'components/toc/toc.element.ts';
const KITE_LOADER = 'kite.js';
const LIMIT = { PAGE_MS: 20_000 };
const TITLE = '## Table of contents: kite-toc against tocbot';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');

/** The article: headings with ids (tocbot links only headings that have one) and a paragraph each. */
function article() {
  const parts = [];
  for (let index = 1; index <= HEADINGS; index += 1) {
    const tag = index % H2_EVERY === 1 ? 'h2' : 'h3';
    parts.push(`<${tag} id="section-${index}">Section ${index}: Größe und Übersicht</${tag}><p>Paragraph ${index} of the long article, a sentence or two as a guide has.</p>`);
  }
  return `<div class="entry-content">${parts.join('\n')}</div>`;
}

const page = (head, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>toc bench</title>${head}</head><body>${body}</body></html>`;

/** Each contestant's page, and the page script that times one build into `window.__tocMs`. */
function pages() {
  const content = article();
  return {
    kite: page(
      '',
      `<div id="toc-place"></div>${content}
<script type="module">
  const { loadElement } = await import('/kite/${KITE_LOADER}');
  await loadElement('kite-toc');
  const start = performance.now();
  const toc = document.createElement('kite-toc');
  toc.setAttribute('level', 'h2,h3');
  const ready = new Promise((done) => toc.addEventListener('kite-toc-ready', done, { once: true }));
  document.getElementById('toc-place').append(toc);
  await ready;
  await toc.updateComplete;
  document.body.offsetHeight;
  window.__tocMs = performance.now() - start;
  window.__tocEntries = toc.shadowRoot.querySelectorAll('a').length;
</script>`,
    ),
    tocbot: page(
      '<link rel="stylesheet" href="/tocbot.css"><script src="/tocbot.js"></script>',
      `<nav class="js-toc"></nav>${content}
<script>
  const start = performance.now();
  tocbot.init({ tocSelector: '.js-toc', contentSelector: '.entry-content', headingSelector: 'h2, h3' });
  document.body.offsetHeight;
  window.__tocMs = performance.now() - start;
  window.__tocEntries = document.querySelectorAll('.js-toc a').length;
</script>`,
    ),
  };
}

/** tocbot's script (bundled and minified by esbuild, as a site would ship it) and CSS, into `dir`. */
async function buildTocbot(dir) {
  const { build, transform } = await import('esbuild');
  const result = await build({
    stdin: { contents: "import tocbot from 'tocbot'; window.tocbot = tocbot;", resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  const js = result.outputFiles[0].contents;
  const css = (await transform(readFileSync('node_modules/tocbot/dist/tocbot.css', 'utf8'), { loader: 'css', minify: true })).code;
  writeFileSync(join(dir, 'tocbot.js'), js);
  writeFileSync(join(dir, 'tocbot.css'), css);
  const version = JSON.parse(readFileSync('node_modules/tocbot/package.json', 'utf8')).version;
  return { version, js: compressedSizes(Buffer.from(js)), css: compressedSizes(Buffer.from(css)) };
}

/** kite-toc's script: the autoloader and the element chunk's static-import closure, min+gzip. */
function kiteSizes() {
  const graph = readChunkGraph();
  if (!graph) throw new Error('no dist/chunk-graph.json (run `npm run build`)');
  const chunk = chunkOfModule(graph, TOC_MODULE);
  if (!chunk) throw new Error(`no chunk holds ${TOC_MODULE}`);
  const files = new Set([KITE_LOADER, ...staticClosure(graph, chunk.fileName)]);
  const sum = sumSizes(measureDist(), files);
  if (sum.absent.length) throw new Error(`missing from dist: ${sum.absent.join(', ')}`);
  return { gzip: sum.gzip, files: files.size };
}

/** One fresh page: the build time it measured and the entries it listed. */
async function run(browser, url, slowdown) {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    if (slowdown > 1) {
      const session = await context.newCDPSession(tab);
      await session.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    }
    await tab.goto(url, { timeout: LIMIT.PAGE_MS });
    await tab.waitForFunction(() => typeof window.__tocMs === 'number', null, { timeout: LIMIT.PAGE_MS });
    return await tab.evaluate(() => ({ ms: window.__tocMs, entries: window.__tocEntries }));
  } finally {
    await context.close();
  }
}

export async function benchToc({ runs, tmpDir, log = () => {}, onCleanup = () => {}, cpuSlowdown = 4 }) {
  const dir = mkdtempSync(join(tmpDir ?? tmpdir(), 'kite-toc-bench-'));
  const stops = [() => rmSync(dir, { recursive: true, force: true })];
  onCleanup(() => Promise.all(stops.map((stop) => stop())));
  try {
    const kite = kiteSizes();
    const tocbot = await buildTocbot(dir);
    for (const [name, html] of Object.entries(pages())) writeFileSync(join(dir, `${name}.html`), html);
    const server = await startBenchServer({ roots: [['/kite/', 'dist'], ['/', dir]] });
    stops.push(server.close);
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: findChromium(),
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
      timeout: LIMIT.PAGE_MS,
    });
    stops.push(() => browser.close());
    const results = { kite: { 1: [], [cpuSlowdown]: [] }, tocbot: { 1: [], [cpuSlowdown]: [] } };
    const entries = {};
    log(`bench: kite-toc against tocbot on ${HEADINGS} headings, ${runs} rounds (normal CPU and ${cpuSlowdown}x slower)`);
    for (let round = 0; round < runs; round += 1) {
      for (const slowdown of [1, cpuSlowdown]) {
        // In turn within each round, so a busy moment of the machine hits both alike.
        for (const name of ['kite', 'tocbot']) {
          const result = await run(browser, new URL(`${name}.html`, server.url).href, slowdown);
          results[name][slowdown].push(result.ms);
          entries[name] = result.entries;
        }
      }
    }
    const row = (label, name, size, extra = '') =>
      `| ${label} | ${entries[name]} | ${ms(median(results[name][1]))} (${ms(Math.min(...results[name][1]))} – ${ms(Math.max(...results[name][1]))}) | ${ms(median(results[name][cpuSlowdown]))} | ${size}${extra} |`;
    const markdown = [
      TITLE,
      '',
      `The same article of ${HEADINGS} headings (\`h2\` and \`h3\`, with ids) for both, a fresh page per run, the two in turn; ${runs} runs each.`,
      'Build time: from asking for the table to the table in the page and laid out. Script: min+gzip.',
      '',
      `| table | entries | build, normal CPU: median (fastest – slowest) | build, ${cpuSlowdown}x slower CPU: median | script min+gzip |`,
      '|---|---|---|---|---|',
      row('kite-toc', 'kite', `${kb(kite.gzip)} (${kite.files} files: kite.js, the element, lit, XState and the shared chunks)`),
      row(`tocbot ${tocbot.version}`, 'tocbot', `${kb(tocbot.js.gzip)}`, ` + ${kb(tocbot.css.gzip)} CSS`),
      '',
    ].join('\n');
    return { markdown };
  } finally {
    for (const stop of stops.reverse()) await stop();
    stops.length = 0;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(fileURLToPath(new URL('..', import.meta.url)));
  const at = process.argv.indexOf('--runs');
  const runs = at > 0 ? Number(process.argv[at + 1]) : 10;
  const { markdown } = await benchToc({ runs, log: console.log });
  console.log(`\n${markdown}`);
}
