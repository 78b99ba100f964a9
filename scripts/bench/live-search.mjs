// The live search row of `npm run bench` (issue 19, "Measure, side by side in one run"):
// keystroke to results painted, kite-live-search against the floor, a bare input with a debounced
// `fetch`, both posting the same form to the reference server's ajax endpoint (FTS5 over the demo
// site's pages), in one Chromium, in this run.
//
//   timing  From the last keystroke's keydown (event.timeStamp) to the frame after the results are
//           in the page (a requestAnimationFrame, then a task: the frame has been painted). Both wait
//           the theme's LIVE_SEARCH.DELAY_MS after the last keystroke, so the figure is that pause
//           plus the request, the answer's handling and the paint; the difference between the two is
//           what kite-live-search adds (sanitizing, the machine,
//           the combobox's options). A fresh visitor per run, the two in turn; at 1x and at
//           CPU_SLOWDOWN x CPU.
//
// The pages are served by the reference server itself (its strict CSP, so their scripts are
// files), from a temp copy of demo/public/ that the search indexes.
import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AJAX_PATH } from '../../demo/server/routes/ajax.ts';
import { LIVE_SEARCH } from '../../shared/constants/site.ts';
import { KITE_ENTRY } from '../sizes.mjs';
import { runAlone } from './lib/alone.mjs';
import { freshPage, launchChromium, settle } from './lib/browser.mjs';
import { ms } from './lib/markdown.mjs';
import { median } from './lib/measure.mjs';
import { withResources } from './lib/process.mjs';
import { CPU_SLOWDOWN, LIMIT, RUNS } from './lib/settings.mjs';
import { benchTempDir } from './lib/setup.mjs';

const TITLE = '## Live search: kite-live-search against a debounced fetch';
/** Typed into the field; the demo site has results for it. */
const TYPED = 'kite';
/** The reference server's ajax endpoint, English pages. */
const ENDPOINT = `${AJAX_PATH}?lang=en`;
const FORM = `<form action="/search" id="searchform" method="get" role="search"><label for="s">Search</label><input type="search" id="s" name="s" autocomplete="off"></form>`;
const page = (head, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>live search bench</title>${head}</head><body>${body}</body></html>`;

/** Sets `window.__painted` (ms from the last keydown to the painted frame) once `ready` resolves. Shared by both pages. */
const TIMER = `
let lastKey = 0;
document.getElementById('s').addEventListener('keydown', (event) => (lastKey = event.timeStamp), { capture: true });
window.__afterPaint = () => requestAnimationFrame(() => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => (window.__painted = performance.now() - lastKey);
  channel.port2.postMessage(0);
});`;

/** The two contestants' pages and their scripts (the server's CSP allows no inline script). */
function files() {
  return {
    'bench-kite.html': page(
      `<script src="/bench-globals.js"></script><script type="module" src="/kite/${KITE_ENTRY}"></script>`,
      `<kite-live-search>${FORM}</kite-live-search><script type="module" src="/bench-kite.js"></script>`,
    ),
    'bench-globals.js': `window.avia_framework_globals = { ajaxurl: ${JSON.stringify(ENDPOINT)} };`,
    'bench-kite.js': `${TIMER}
document.addEventListener('kite-live-search-results', () => window.__afterPaint());
const field = document.getElementById('s');
const ready = () => (field.getAttribute('role') === 'combobox' ? (window.__ready = true) : requestAnimationFrame(ready));
ready();`,
    'bench-floor.html': page('', `${FORM}<div id="results"></div><script type="module" src="/bench-floor.js"></script>`),
    'bench-floor.js': `${TIMER}
const form = document.getElementById('searchform');
const field = document.getElementById('s');
let timer;
field.addEventListener('input', () => {
  clearTimeout(timer);
  if (field.value.length < ${LIVE_SEARCH.MIN_CHARS}) return;
  timer = setTimeout(async () => {
    const body = new URLSearchParams(new FormData(form));
    body.set('action', ${JSON.stringify(LIVE_SEARCH.ACTION)});
    const text = await (await fetch(${JSON.stringify(ENDPOINT)}, { method: 'POST', body })).text();
    document.getElementById('results').innerHTML = text;
    window.__afterPaint();
  }, ${LIVE_SEARCH.DELAY_MS});
});
window.__ready = true;`,
  };
}

/** One fresh visitor: types TYPED and returns the keystroke-to-painted milliseconds. */
async function visit(browser, url, slowdown) {
  const { context, page: tab } = await freshPage(browser, { slowdown });
  try {
    await tab.goto(url, { timeout: LIMIT.PAGE_MS });
    await settle(tab, () => window.__ready === true);
    await tab.locator('#s').focus();
    await tab.keyboard.type(TYPED);
    await tab.waitForFunction(() => typeof window.__painted === 'number', undefined, { timeout: LIMIT.PAGE_MS, polling: 50 });
    return await tab.evaluate(() => window.__painted);
  } finally {
    await context.close();
  }
}

export async function benchLiveSearch() {
  const publicDir = benchTempDir('live-search-public');
  for (const file of readdirSync('demo/public').filter((name) => name.endsWith('.html'))) copyFileSync(join('demo/public', file), join(publicDir, file));
  for (const [file, text] of Object.entries(files())) writeFileSync(join(publicDir, file), text);
  const { startServer } = await import('../../demo/server/server.ts');
  const results = await withResources(async (onStop) => {
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: benchTempDir('live-search-data'), publicDir, quiet: true });
    onStop(() => server.close());
    const browser = await launchChromium(onStop, { loopbackOnly: true });
    const measured = {};
    console.log(`bench: live search, kite-live-search against a debounced fetch, ${RUNS} runs at 1x and ${CPU_SLOWDOWN}x CPU`);
    for (const slowdown of [1, CPU_SLOWDOWN]) {
      for (let run = 0; run < RUNS; run += 1) {
        // In turn within each run, so a busy moment of the machine hits both alike.
        for (const name of ['kite', 'floor']) {
          (measured[`${name}@${slowdown}`] ??= []).push(await visit(browser, new URL(`bench-${name}.html`, server.url).href, slowdown));
        }
      }
    }
    return measured;
  });
  const spread = (values) => `${ms(median(values))} (${ms(Math.min(...values))} – ${ms(Math.max(...values))})`;
  const row = (label, name) => `| ${label} | ${spread(results[`${name}@1`])} | ${spread(results[`${name}@${CPU_SLOWDOWN}`])} |`;
  const added = (slowdown) => ms(median(results[`kite@${slowdown}`]) - median(results[`floor@${slowdown}`]));
  return [
    TITLE,
    '',
    `Keystroke to results painted: the last of "${TYPED}" typed into the field, to the frame painted after the results are in the page; both wait ${LIVE_SEARCH.DELAY_MS} ms after the last keystroke (the theme's pause), then post the same form to the reference server's ajax endpoint (SQLite FTS5 over the demo site's pages). A fresh visitor per run, the two in turn; ${RUNS} runs each.`,
    '',
    `| live search | 1x CPU: median (fastest – slowest) | ${CPU_SLOWDOWN}x CPU: median (fastest – slowest) |`,
    '|---|---|---|',
    row('kite-live-search (DOMPurify loaded as the field gets focus, sanitized options, combobox)', 'kite'),
    row('floor: bare input, debounced fetch, innerHTML', 'floor'),
    '',
    `kite-live-search adds ${added(1)} at 1x and ${added(CPU_SLOWDOWN)} at ${CPU_SLOWDOWN}x (medians).`,
    '',
  ].join('\n');
}

runAlone(import.meta.url, benchLiveSearch);
