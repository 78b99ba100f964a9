// The recommendations row of `npm run bench` (issue 18, "Measure"): kite-product-recommendations
// on a Wix-style answer of the demo store (6 products: a hidden and a sold-out one are left out,
// 3 cards show), a fresh page per run.
//
//   answer to cards   from the display API's answer in the page (the fetch resolved) to the cards
//                     painted (the frame after `kite-product-recommendations-ready`), at normal CPU
//                     and 4x slower; median, fastest and slowest. The element's code is loaded
//                     before, so only reading the answer, the machine and React's render count.
//   script            min+gzip: the element (kite.js autoloader and the element chunk's closure),
//                     and what the pop-up's `products` block adds to a pop-up already loaded.
//
// The answer is served by the bench's static server on 127.0.0.1 as the reference server shapes it.
import { KITE_ENTRY, kb, measureDist, readChunkGraph } from '../sizes.mjs';
import { WIX_CATALOGUE, WIX_CURRENCY } from '../../demo/server/catalogue.ts';
import { wixProduct } from '../../demo/server/routes/display-products.ts';
import { runAlone } from './lib/alone.mjs';
import { freshPage, launchChromium } from './lib/browser.mjs';
import { elementSizes, extraFiles } from './lib/element-sizes.mjs';
import { ms } from './lib/markdown.mjs';
import { median } from './lib/measure.mjs';
import { withResources } from './lib/process.mjs';
import { CPU_SLOWDOWN, LIMIT, RUNS } from './lib/settings.mjs';
import { startBenchServer } from './lib/static-server.mjs';

const ELEMENT_MODULE = 'components/product-recommendations/product-recommendations.element.ts';
const BLOCK_MODULE = 'components/poptin/blocks/products.tsx';
const POPTIN_MODULE = 'components/poptin/poptin.element.ts';
const POPTIN_ID = 'benchrecs0001';
const TITLE = '## Product recommendations (issue 18)';

const ANSWER = JSON.stringify({ success: true, currency: WIX_CURRENCY, data: { products: WIX_CATALOGUE.map(wixProduct) } });

/** The page: loads the element's code, then times one block from its answer to its painted cards into `window.__recsMs`. */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>recommendations bench</title></head><body>
<div id="place"></div>
<script type="module">
  const { loadElement } = await import('/kite/${KITE_ENTRY}');
  await loadElement('kite-product-recommendations');
  let answered = 0;
  const fetchPage = window.fetch;
  window.fetch = async (...args) => {
    const response = await fetchPage(...args);
    answered = performance.now();
    return response;
  };
  const block = document.createElement('kite-product-recommendations');
  block.setAttribute('store', 'wix');
  block.setAttribute('poptin-id', '${POPTIN_ID}');
  block.setAttribute('count', '${WIX_CATALOGUE.length}');
  const ready = new Promise((done) => block.addEventListener('kite-product-recommendations-ready', done, { once: true }));
  document.getElementById('place').append(block);
  await ready;
  await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
  window.__recsCards = block.shadowRoot.querySelectorAll('[part~="product-card"]').length;
  window.__recsMs = performance.now() - answered;
</script></body></html>`;

/** One fresh page: the time it measured and the cards it painted. */
async function visit(browser, url, slowdown) {
  const { context, page } = await freshPage(browser, { slowdown });
  try {
    await page.goto(url, { timeout: LIMIT.PAGE_MS });
    await page.waitForFunction(() => typeof window.__recsMs === 'number', null, { timeout: LIMIT.PAGE_MS });
    return await page.evaluate(() => ({ ms: window.__recsMs, cards: window.__recsCards }));
  } finally {
    await context.close();
  }
}

/** The element's bytes, and what the pop-up's block chunk adds to a shown pop-up. */
function sizes() {
  const element = elementSizes(ELEMENT_MODULE);
  if (element.error) throw new Error(element.error);
  const graph = readChunkGraph();
  const measured = measureDist();
  const poptin = extraFiles(graph, measured, POPTIN_MODULE, new Set([KITE_ENTRY]));
  const block = extraFiles(graph, measured, BLOCK_MODULE, new Set([KITE_ENTRY, ...poptin.files]));
  return { element, block };
}

export async function benchRecommendations() {
  const { element, block } = sizes();
  const { results, cards } = await withResources(async (onStop) => {
    const server = await startBenchServer({
      roots: [['/kite/', 'dist']],
      pages: { '/recs.html': PAGE, [`/api/display/wix/product-recommendation/${POPTIN_ID}`]: ANSWER },
    });
    onStop(server.close);
    const browser = await launchChromium(onStop, { loopbackOnly: true });
    const measured = { results: { 1: [], [CPU_SLOWDOWN]: [] }, cards: 0 };
    console.log(`bench: kite-product-recommendations, answer to painted cards, ${RUNS} runs (normal CPU and ${CPU_SLOWDOWN}x slower)`);
    for (let round = 0; round < RUNS; round += 1) {
      for (const slowdown of [1, CPU_SLOWDOWN]) {
        const result = await visit(browser, new URL('recs.html', server.url).href, slowdown);
        measured.results[slowdown].push(result.ms);
        measured.cards = result.cards;
      }
    }
    return measured;
  });
  const timing = (runs) => `${ms(median(runs))} (${ms(Math.min(...runs))} – ${ms(Math.max(...runs))})`;
  return [
    TITLE,
    '',
    `A Wix-style answer of the demo store (${WIX_CATALOGUE.length} products, a hidden and a sold-out one left out), a fresh page per run; ${RUNS} runs each.`,
    'Answer to cards: from the display answer in the page to the cards painted (the frame after `kite-product-recommendations-ready`), the element\'s code loaded before. Script: min+gzip.',
    '',
    `| block | cards | answer to cards, normal CPU: median (fastest – slowest) | ${CPU_SLOWDOWN}x slower CPU: median (fastest – slowest) | script min+gzip |`,
    '|---|---|---|---|---|',
    `| kite-product-recommendations | ${cards} | ${timing(results[1])} | ${timing(results[CPU_SLOWDOWN])} | ${kb(element.js.gzip)} (${element.files} files: kite.js, the element, React, XState and the shared chunks) |`,
    `| the pop-up's \`products\` block | ${cards} | (the same view) | | ${kb(block.gzip)} added to a pop-up already shown (${block.files.length} files) |`,
    '',
  ].join('\n');
}

runAlone(import.meta.url, benchRecommendations);
