// Section "No pop-up, no cost (issue 22)": a page whose display answer has no pop-up, with nothing
// but widget.js on it: the main thread's script time (CDP `Performance.getMetrics`
// `ScriptDuration`) and the Kite files fetched, fresh visitors at normal CPU and throttled.
import { runAlone } from './lib/alone.mjs';
import { freshPage, launchChromium, scriptSeconds, settle } from './lib/browser.mjs';
import { count, ms, runsCell, section, table } from './lib/markdown.mjs';
import { median, percentile, repeat } from './lib/measure.mjs';
import { withResources } from './lib/process.mjs';
import { CPU_SLOWDOWN, LIMIT } from './lib/settings.mjs';
import { referenceServer } from './lib/setup.mjs';

/** Issue 22, item 4: at most this much main-thread script at 4x CPU on a page without a pop-up. */
const SCRIPT_GOAL_MS = 20;
/** A client of the reference server with no pop-up at all: every display answer is empty. */
const QUIET_CLIENT_ID = 'bench-quiet-client';
/** The page, served by the test on the server's origin as a site owner's page would be. */
const PAGE_PATH = '/bench-no-popup';

const pageHtml = (withWidget) =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>No pop-up</title><link rel="icon" href="data:,">' +
  (withWidget ? `<script src="/kite/widget.js" data-client-id="${QUIET_CLIENT_ID}" async></script>` : '') +
  '</head><body><main><h1>A page</h1><p>Its display answer has no pop-up.</p></main></body></html>';

/** One fresh visit: ms of script until the display answer is handled, and the Kite files fetched. */
async function visit(browser, url, slowdown, withWidget) {
  const { context, page, cdp } = await freshPage(browser, { slowdown, scriptMetrics: true });
  try {
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: pageHtml(withWidget) }));
    const answered = withWidget && page.waitForResponse((response) => response.url().endsWith(`/api/display/${QUIET_CLIENT_ID}`), { timeout: LIMIT.PAGE_MS });
    await page.goto(url, { timeout: LIMIT.PAGE_MS });
    if (answered) await answered;
    // Two frames and a quiet task after the answer: what the loader does with it has run.
    await settle(page, () => document.readyState === 'complete');
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.startsWith('/kite/')).length,
    );
    return { scriptMs: (await scriptSeconds(cdp)) * 1000, kiteScripts: scripts };
  } finally {
    await context.close();
  }
}

async function measureNoPopup() {
  const { server } = await referenceServer();
  await server.db.run('INSERT OR IGNORE INTO clients (id, name) VALUES (?, ?)', [QUIET_CLIENT_ID, QUIET_CLIENT_ID]);
  const url = new URL(PAGE_PATH, server.url).href;
  return withResources(async (onStop) => {
    const browser = await launchChromium(onStop);
    const rows = [];
    for (const slowdown of [1, CPU_SLOWDOWN]) {
      const cpu = slowdown === 1 ? 'normal' : `${slowdown}x slower`;
      rows.push({ cpu, slowdown, kite: await repeat(`no pop-up, widget.js, CPU ${cpu}`, () => visit(browser, url, slowdown, true)) });
      rows.push({ cpu, slowdown, bare: await repeat(`no pop-up, bare page, CPU ${cpu}`, () => visit(browser, url, slowdown, false)) });
    }
    return rows;
  });
}

function renderNoPopup(rows) {
  const stats = (bucket) => {
    const values = bucket.results.map((result) => result.scriptMs);
    return { median: median(values), p90: percentile(values, 90), max: Math.max(...values), scripts: Math.max(...bucket.results.map((result) => result.kiteScripts)) };
  };
  return section(
    'No pop-up, no cost (issue 22)',
    'Chromium headless, fresh visitors (new context: no cookies, storage or cache). A page served on the reference server\'s origin with ' +
      `nothing but \`widget.js\` for a client without pop-ups, so every display answer is empty; the bare page is the same without the script tag. ` +
      'Script: `ScriptDuration` of `Performance.getMetrics` (CDP) two frames after the display answer (the page has no script of its own). ' +
      `Kite files: resource entries under \`/kite/\`, the most in any run. Goal: at most ${SCRIPT_GOAL_MS} ms of script at ${CPU_SLOWDOWN}x CPU, only \`widget.js\` fetched; met when the median and the max are within it. The bare page's own figures show the machine's noise.`,
    table(
      ['page', 'CPU', 'runs', 'script (median)', 'script (p90)', 'script (max)', 'Kite files fetched', 'goal met'],
      rows.map((row) => {
        const bucket = row.kite ?? row.bare;
        const { median: mid, p90, max, scripts } = stats(bucket);
        const throttled = row.slowdown === CPU_SLOWDOWN;
        const met = row.kite && throttled ? (max <= SCRIPT_GOAL_MS && scripts === 1 ? 'yes' : 'no') : '';
        return [row.kite ? 'widget.js, no pop-up' : 'bare page', row.cpu, runsCell(bucket), ms(mid), ms(p90), ms(max), count(scripts), met];
      }),
    ),
  );
}

export const benchNoPopup = async () => renderNoPopup(await measureNoPopup());

runAlone(import.meta.url, benchNoPopup);
