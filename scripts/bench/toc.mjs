// The table-of-contents rows of `npm run bench` (issue 14, "Measure, side by side in one run"):
// kite-toc against tocbot on the same 1000-heading article, in one Chromium, in this run.
//
//   build time  from asking for the table to the table in the page and laid out (forced layout
//               included), a fresh page per run, the two in turn within each round, at normal CPU
//               and 4x slower; median, fastest and slowest.
//   script      min+gzip: kite-toc's chunks with their static imports and the kite.js autoloader,
//               against tocbot's bundle (esbuild, minified) and its CSS.
//
// tocbot is the project's devDependency (package.json); its bundle is written to the run's temp
// dir. The pages are served from the bench's static server on 127.0.0.1, and the browser resolves
// no other host.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KITE_ENTRY, compressedSizes, kb } from '../sizes.mjs';
import { runAlone } from './lib/alone.mjs';
import { freshPage, launchChromium } from './lib/browser.mjs';
import { elementSizes } from './lib/element-sizes.mjs';
import { ms } from './lib/markdown.mjs';
import { median } from './lib/measure.mjs';
import { bundle, bundleBytes, minifyCss, versionOf } from './lib/peers.mjs';
import { withResources } from './lib/process.mjs';
import { CPU_SLOWDOWN, LIMIT, RUNS } from './lib/settings.mjs';
import { benchTempDir } from './lib/setup.mjs';
import { startBenchServer } from './lib/static-server.mjs';

/** Headings in the article: the "1000-heading article". */
const HEADINGS = 1000;
/** Every this-many-th heading is an `h2`, the others `h3`: a table two levels deep. */
const H2_EVERY = 5;
const TOC_MODULE = 'components/toc/toc.element.ts';
const TITLE = '## Table of contents: kite-toc against tocbot';

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
  const { loadElement } = await import('/kite/${KITE_ENTRY}');
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
  const js = bundleBytes(await bundle("import tocbot from 'tocbot'; window.tocbot = tocbot;", process.cwd()));
  const css = await minifyCss(readFileSync('node_modules/tocbot/dist/tocbot.css', 'utf8'));
  writeFileSync(join(dir, 'tocbot.js'), js);
  writeFileSync(join(dir, 'tocbot.css'), css);
  return { version: versionOf('.', 'tocbot'), js: compressedSizes(js), css: compressedSizes(css) };
}

/** kite-toc's script: the autoloader and the element chunk's static-import closure, min+gzip. */
function kiteSizes() {
  const size = elementSizes(TOC_MODULE);
  if (size.error) throw new Error(size.error);
  return { gzip: size.js.gzip, files: size.files };
}

/** One fresh page: the build time it measured and the entries it listed. */
async function visit(browser, url, slowdown) {
  const { context, page: tab } = await freshPage(browser, { slowdown });
  try {
    await tab.goto(url, { timeout: LIMIT.PAGE_MS });
    await tab.waitForFunction(() => typeof window.__tocMs === 'number', null, { timeout: LIMIT.PAGE_MS });
    return await tab.evaluate(() => ({ ms: window.__tocMs, entries: window.__tocEntries }));
  } finally {
    await context.close();
  }
}

export async function benchToc() {
  const dir = benchTempDir('toc');
  const kite = kiteSizes();
  const tocbot = await buildTocbot(dir);
  for (const [name, html] of Object.entries(pages())) writeFileSync(join(dir, `${name}.html`), html);
    const { results, entries } = await withResources(async (onStop) => {
    const server = await startBenchServer({ roots: [['/kite/', 'dist'], ['/', dir]] });
    onStop(server.close);
    const browser = await launchChromium(onStop, { loopbackOnly: true });
    const measured = { results: { kite: { 1: [], [CPU_SLOWDOWN]: [] }, tocbot: { 1: [], [CPU_SLOWDOWN]: [] } }, entries: {} };
    console.log(`bench: kite-toc against tocbot on ${HEADINGS} headings, ${RUNS} rounds (normal CPU and ${CPU_SLOWDOWN}x slower)`);
    for (let round = 0; round < RUNS; round += 1) {
      for (const slowdown of [1, CPU_SLOWDOWN]) {
        // In turn within each round, so a busy moment of the machine hits both alike.
        for (const name of ['kite', 'tocbot']) {
          const result = await visit(browser, new URL(`${name}.html`, server.url).href, slowdown);
          measured.results[name][slowdown].push(result.ms);
          measured.entries[name] = result.entries;
        }
      }
    }
    return measured;
  });
  const row = (label, name, size, extra = '') =>
    `| ${label} | ${entries[name]} | ${ms(median(results[name][1]))} (${ms(Math.min(...results[name][1]))} – ${ms(Math.max(...results[name][1]))}) | ${ms(median(results[name][CPU_SLOWDOWN]))} | ${size}${extra} |`;
  return [
    TITLE,
    '',
    `The same article of ${HEADINGS} headings (\`h2\` and \`h3\`, with ids) for both, a fresh page per run, the two in turn; ${RUNS} runs each.`,
    'Build time: from asking for the table to the table in the page and laid out. Script: min+gzip.',
    '',
    `| table | entries | build, normal CPU: median (fastest – slowest) | build, ${CPU_SLOWDOWN}x slower CPU: median | script min+gzip |`,
    '|---|---|---|---|---|',
    row('kite-toc', 'kite', `${kb(kite.gzip)} (${kite.files} files: kite.js, the element, lit, XState and the shared chunks)`),
    row(`tocbot ${tocbot.version}`, 'tocbot', `${kb(tocbot.js.gzip)}`, ` + ${kb(tocbot.css.gzip)} CSS`),
    '',
  ].join('\n');
}

runAlone(import.meta.url, benchToc);
