// The masonry rows of `npm run bench` (issue 19, "Measure, side by side in one run"): a 500-item
// grid, kite-masonry against Masonry (desandro) and Isotope on the same markup, in one Chromium,
// in this run.
//
//   laid out   from the library's code being there (Kite: `kite-masonry` defined; a peer: its
//              script loaded) and the grid's markup put in the page, to every item placed and the
//              page laid out (forced layout included): a fresh page per run, the three in turn
//              within each round, at normal CPU and 4x slower; median, fastest and slowest.
//   relayout   from the window's resize (the grid is a share of the window, so it narrows from 4
//              columns to 3) to every item placed again, each library's own resize handling
//              included: Kite's `MASONRY.RESIZE_DEBOUNCE_MS` (the spec's 100 ms), Masonry's and
//              Isotope's own debounce of the window's resize.
//   script     min+gzip: kite-masonry's chunks with their static imports and the kite.js autoloader,
//              against each peer's bundle (esbuild, minified).
//
// The items are boxes of text of six heights (no picture downloads). Transitions are off for all
// three, so "placed" is where each item ends. The peers are installed at bench time into the run's
// temp dir (lib/peers.mjs), pinned by major version; the pages are served from the bench's static
// server on 127.0.0.1, and the browser resolves no other host.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KITE_ENTRY, compressedSizes, kb } from '../sizes.mjs';
import { runAlone } from './lib/alone.mjs';
import { freshPage, launchChromium } from './lib/browser.mjs';
import { elementSizes } from './lib/element-sizes.mjs';
import { ms } from './lib/markdown.mjs';
import { median } from './lib/measure.mjs';
import { PEER_BUNDLE, bundle, bundleBytes, installPeers, versionOf } from './lib/peers.mjs';
import { withResources } from './lib/process.mjs';
import { CPU_SLOWDOWN, LIMIT, RUNS } from './lib/settings.mjs';
import { benchTempDir } from './lib/setup.mjs';
import { startBenchServer } from './lib/static-server.mjs';
import { BREAKPOINTS, MASONRY } from '../../shared/constants/site.ts';

/** Items in the grid: the "500-item grid". */
const ITEMS = 500;
/** Item heights (px), cycled with a stride so neighbours differ. */
const HEIGHTS = [120, 200, 160, 260, 90, 180];
/** Gap between items, both ways (px). */
const GAP_PX = 16;
/** The grid's width before and after the resize, as a share of the window (vw)... */
const GRID_VW = 90;
/** ...in a window this wide (desktop columns), then this wide (medium columns). */
const WINDOW = { WIDE: 1200, NARROW: 900, HEIGHT: 800 };
const MASONRY_MODULE = 'components/masonry/masonry.element.ts';
const TITLE = '## Masonry grid: kite-masonry against Masonry and Isotope (issue 19)';
/** Pinned by major version, as TOOLCHAIN.md lists them. */
const PACKAGES = ['masonry-layout@4', 'isotope-layout@3'];
const NAMES = ['kite', 'masonry', 'isotope'];

/** Columns of the grid in a window `width` wide (the grid's own width decides, as kite-masonry does). */
const columnsAt = (width) => {
  const grid = (width * GRID_VW) / 100;
  if (grid <= BREAKPOINTS.MINI_MAX_PX) return MASONRY.COLUMNS.mini;
  if (grid <= BREAKPOINTS.SMALL_MAX_PX) return MASONRY.COLUMNS.small;
  if (grid <= BREAKPOINTS.MEDIUM_MAX_PX) return MASONRY.COLUMNS.medium;
  return MASONRY.COLUMNS.desktop;
};

/** The grid, the same for the three: the theme's masonry markup. */
function gridMarkup() {
  const items = Array.from({ length: ITEMS }, (_, index) => {
    const height = index % HEIGHTS.length;
    return `<div class="av-masonry-entry all_sort h${height}" data-av-masonry-item="${index + 1}"><div class="box">Item ${index + 1}</div></div>`;
  });
  return `<div class="av-masonry"><div class="av-masonry-container" id="grid">${items.join('')}</div></div>`;
}

const heightRules = HEIGHTS.map((height, index) => `.h${index} .box{height:${height}px}`).join('');
/**
 * The page: the grid's markup in a template (put in the page when timing starts), the column
 * width the peers are given for the current window, and the page script that times one layout
 * into `window.__laidOutMs` and one relayout after the window's resize into `window.__relayoutMs`.
 */
const page = (head, mount) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>masonry bench</title>
<style>body{margin:0;font:14px sans-serif}.bench-grid{display:block;width:${GRID_VW}vw;--kite-masonry-transition:0s}
.av-masonry-container{column-gap:${GAP_PX}px}.box{background:#2a9d8f;color:#fff;padding:4px}${heightRules}
.peer .av-masonry-entry{width:calc((100% - ${GAP_PX} * (var(--columns) - 1) * 1px) / var(--columns));margin-bottom:${GAP_PX}px}
.peer{--columns:${columnsAt(WINDOW.WIDE)}}@media (max-width:${WINDOW.NARROW}px){.peer{--columns:${columnsAt(WINDOW.NARROW)}}}</style>${head}</head>
<body><div id="place"></div><template id="markup">${gridMarkup()}</template>
<script type="module">
  /** Distinct left edges of the first items: the columns as laid out. */
  const columns = () => new Set([...document.querySelectorAll('.av-masonry-entry')].slice(0, 12).map((item) => Math.round(item.getBoundingClientRect().left))).size;
  ${mount}
  const start = performance.now();
  const place = document.getElementById('place');
  place.append(document.getElementById('markup').content.cloneNode(true));
  await layOut(place);
  document.body.offsetHeight;
  window.__laidOutMs = performance.now() - start;
  window.__columns = columns();
  // The relayout: the window narrows (the bench resizes it); done when the new columns are in place.
  addEventListener('resize', () => {
    const resized = performance.now();
    const expected = ${columnsAt(WINDOW.NARROW)};
    const check = () => (columns() === expected ? (window.__relayoutMs = performance.now() - resized) : requestAnimationFrame(check));
    requestAnimationFrame(check);
  }, { once: true });
  window.__ready = true;
</script></body></html>`;

/** Each contestant's page. */
function pages() {
  const peer = (name, construct) =>
    page(
      `<script src="/${name}.js"></script>`,
      `const layOut = (place) => { place.firstElementChild.classList.add('peer'); ${construct} };`,
    );
  return {
    kite: page(
      '',
      `const { loadElement } = await import('/kite/${KITE_ENTRY}');
  await loadElement('kite-masonry');
  const layOut = async (place) => {
    const grid = document.createElement('kite-masonry');
    grid.className = 'bench-grid';
    grid.append(place.firstElementChild);
    place.append(grid);
    // The element reads its markup in a microtask and lays it out at once.
    while (!grid.hasAttribute('laid-out')) await Promise.resolve();
  };`,
    ),
    masonry: peer(
      'masonry',
      `const grid = document.getElementById('grid'); grid.parentElement.classList.add('bench-grid');
    new Masonry(grid, { itemSelector: '.av-masonry-entry', columnWidth: '.av-masonry-entry', gutter: ${GAP_PX}, percentPosition: false, transitionDuration: 0 });`,
    ),
    isotope: peer(
      'isotope',
      `const grid = document.getElementById('grid'); grid.parentElement.classList.add('bench-grid');
    new Isotope(grid, { itemSelector: '.av-masonry-entry', layoutMode: 'masonry', masonry: { columnWidth: '.av-masonry-entry', gutter: ${GAP_PX} }, transitionDuration: 0 });`,
    ),
  };
}

/** Bundles each peer (esbuild, minified, as a site ships it) into `dir`; resolves their sizes and versions. */
async function buildPeers(dir) {
  const failures = await installPeers(dir, PACKAGES, 'the masonry peers');
  const failed = Object.entries(failures);
  if (failed.length) throw new Error(failed.map(([name, why]) => `${name}: ${why}`).join('; '));
  const build = async (out, entry) => {
    const js = bundleBytes(await bundle(entry, dir, PEER_BUNDLE));
    writeFileSync(join(dir, `${out}.js`), js);
    return compressedSizes(js);
  };
  return {
    masonry: { version: versionOf(dir, 'masonry-layout'), js: await build('masonry', "import Masonry from 'masonry-layout'; window.Masonry = Masonry;") },
    isotope: { version: versionOf(dir, 'isotope-layout'), js: await build('isotope', "import Isotope from 'isotope-layout'; window.Isotope = Isotope;") },
  };
}

/** One fresh page: the time to laid out, the columns, then the relayout after the window narrows. */
async function visit(browser, url, slowdown) {
  const { context, page: tab } = await freshPage(browser, { slowdown, contextOptions: { viewport: { width: WINDOW.WIDE, height: WINDOW.HEIGHT } } });
  try {
    await tab.goto(url, { timeout: LIMIT.PAGE_MS });
    await tab.waitForFunction(() => window.__ready === true, null, { timeout: LIMIT.PAGE_MS });
    const laidOut = await tab.evaluate(() => ({ ms: window.__laidOutMs, columns: window.__columns }));
    await tab.setViewportSize({ width: WINDOW.NARROW, height: WINDOW.HEIGHT });
    await tab.waitForFunction(() => typeof window.__relayoutMs === 'number', null, { timeout: LIMIT.PAGE_MS });
    return { ...laidOut, relayoutMs: await tab.evaluate(() => window.__relayoutMs) };
  } finally {
    await context.close();
  }
}

export async function benchMasonry() {
  const dir = benchTempDir('masonry');
  const kiteSize = elementSizes(MASONRY_MODULE);
  if (kiteSize.error) throw new Error(kiteSize.error);
  const peers = await buildPeers(dir);
  const pagesByPath = Object.fromEntries(Object.entries(pages()).map(([name, html]) => [`/${name}.html`, html]));
  const results = await withResources(async (onStop) => {
    const server = await startBenchServer({ roots: [['/kite/', 'dist'], ['/', dir]], pages: pagesByPath });
    onStop(server.close);
    const browser = await launchChromium(onStop, { loopbackOnly: true });
    const measured = Object.fromEntries(NAMES.map((name) => [name, { laidOut: { 1: [], [CPU_SLOWDOWN]: [] }, relayout: { 1: [], [CPU_SLOWDOWN]: [] }, columns: 0 }]));
    console.log(`bench: a ${ITEMS}-item grid, kite-masonry against Masonry and Isotope, ${RUNS} rounds (normal CPU and ${CPU_SLOWDOWN}x slower)`);
    for (let round = 0; round < RUNS; round += 1) {
      for (const slowdown of [1, CPU_SLOWDOWN]) {
        // In turn within each round, so a busy moment of the machine hits all alike.
        for (const name of NAMES) {
          const result = await visit(browser, new URL(`${name}.html`, server.url).href, slowdown);
          measured[name].laidOut[slowdown].push(result.ms);
          measured[name].relayout[slowdown].push(result.relayoutMs);
          measured[name].columns = result.columns;
        }
      }
    }
    return measured;
  });
  const label = { kite: 'kite-masonry', masonry: `Masonry ${peers.masonry.version}`, isotope: `Isotope ${peers.isotope.version} (masonry mode)` };
  const size = {
    kite: `${kb(kiteSize.js.gzip)} (${kiteSize.files} files: kite.js, the element, lit, XState and the shared chunks; CSS inside)`,
    masonry: kb(peers.masonry.js.gzip),
    isotope: kb(peers.isotope.js.gzip),
  };
  const timing = (values) => `${ms(median(values))} (${ms(Math.min(...values))} – ${ms(Math.max(...values))})`;
  return [
    TITLE,
    '',
    `The same ${ITEMS} items (boxes of text of ${HEIGHTS.length} heights, ${GAP_PX} px apart) for the three, in a grid ${GRID_VW} % of a ${WINDOW.WIDE} px window (${columnsAt(WINDOW.WIDE)} columns); a fresh page per run, the three in turn; ${RUNS} runs each. Transitions off.`,
    'Laid out: from the library\'s code being there and the markup put in the page, to every item placed and the page laid out. Relayout: from the window narrowing to ' +
      `${WINDOW.NARROW} px (${columnsAt(WINDOW.NARROW)} columns) to the items placed again, each library's resize debounce included (kite-masonry's is the spec's ${ms(MASONRY.RESIZE_DEBOUNCE_MS)}). Script: min+gzip.`,
    '',
    `| grid | columns | laid out, normal CPU: median (fastest – slowest) | ${CPU_SLOWDOWN}x slower CPU: median | relayout, normal CPU: median (fastest – slowest) | ${CPU_SLOWDOWN}x slower CPU: median | script min+gzip |`,
    '|---|---|---|---|---|---|---|',
    ...NAMES.map(
      (name) =>
        `| ${label[name]} | ${results[name].columns} | ${timing(results[name].laidOut[1])} | ${ms(median(results[name].laidOut[CPU_SLOWDOWN]))} | ${timing(results[name].relayout[1])} | ${ms(median(results[name].relayout[CPU_SLOWDOWN]))} | ${size[name]} |`,
    ),
    '',
  ].join('\n');
}

runAlone(import.meta.url, benchMasonry);
