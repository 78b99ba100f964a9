// The cart-watching row of `npm run bench` (issue 18, "Measure: cart watching"): what the widget's
// cart watch costs on a Shopify-style store page, per cart call and while the cart is idle.
//
//   per cart call  Chromium's TaskDuration (all main-thread work) from just before the page's own
//                  POST /cart/add.js to the widget's last read of the poll (the cart has settled and
//                  the cart triggers are evaluated), on the same page with and without the store
//                  (`data-store="shopify"`); the difference is the watch's share. At 1x and 4x CPU.
//   idle           10 s on the armed page without a cart call: timers and intervals started (by any
//                  script, counted by wrapping setTimeout and setInterval) and TaskDuration, with and
//                  without the store. Goal: the store adds no timer.
//
// The page is the reference server's origin under the demo's CSP, with one pop-up whose cart trigger
// never fires (cart value over 1,000,000), so the watch runs its whole course every call.
import { runAlone } from './lib/alone.mjs';
import { freshPage, launchChromium, performanceMetrics } from './lib/browser.mjs';
import { count, ms, section, table } from './lib/markdown.mjs';
import { attempt, median } from './lib/measure.mjs';
import { withResources } from './lib/process.mjs';
import { CPU_SLOWDOWN, LIMIT, RUNS } from './lib/settings.mjs';
import { referenceServer } from './lib/setup.mjs';
import { CART_WATCH } from '../../shared/constants/store.ts';

const TITLE = 'Cart watching (issue 18)';
const CLIENT_ID = 'bench-cart';
/** The idle page is watched this long (the "a 10 s idle page"). */
const IDLE_MS = 10_000;
/** Runs per setting: each idle run lasts IDLE_MS. */
const CART_RUNS = Math.min(RUNS, 5);
/** Cart calls measured per run, one after the other. */
const CALLS_PER_RUN = 5;
const VARIANT_ID = 41004;

const record = {
  poptin_id: 'benchcartval1',
  poptin_name: 'bench cart value',
  poptin_type: 'bar',
  viewer_id: 'viewer-benchcartval1',
  triggers: {},
  shopify_cart_trigger_action: 'cart_value',
  shopify_cart_trigger_cart_spec_filter: 'greater_than',
  shopify_cart_trigger_cart_spec_value: 1_000_000,
  design: { blocks: [{ type: 'title', text: 'never' }] },
  design_properties: { poptin_location: 'center-bottom', poptin_design_entry_effect: 'none' },
};

/** Counts every timer started, and the widget's armed moment. Runs before any page script. */
function probe() {
  window.__cartBench = { timers: 0, armed: false };
  for (const name of ['setTimeout', 'setInterval']) {
    const original = window[name];
    window[name] = function (...args) {
      window.__cartBench.timers += 1;
      return original.apply(this, args);
    };
  }
  document.addEventListener('kite-widget-armed', () => (window.__cartBench.armed = true));
}

async function routePage(context, serverUrl, store) {
  await context.route(new URL('bench-cart/**', serverUrl).href, (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'" },
      body: `<!doctype html><html lang="en"><head><title>Bench</title><link rel="icon" href="data:,">` +
        `<script src="/kite/widget.js" data-client-id="${CLIENT_ID}" ${store ? 'data-store="shopify"' : ''} async></script></head><body><main>shop</main></body></html>`,
    }),
  );
}

/** One run: the armed page, then its idle figures and CALLS_PER_RUN cart calls' main-thread time each. */
async function run(browser, serverUrl, { store, slowdown, idle }) {
  const { context, page, cdp } = await freshPage(browser, { slowdown, cdp: true });
  try {
    await cdp.send('Performance.enable');
    await page.addInitScript(probe);
    await routePage(context, serverUrl, store);
    let reads = 0;
    page.on('requestfinished', (request) => new URL(request.url()).pathname === '/cart.js' && (reads += 1));
    await page.goto(new URL('bench-cart/page', serverUrl).href, { timeout: LIMIT.PAGE_MS });
    await page.waitForFunction(() => window.__cartBench.armed, null, { timeout: LIMIT.PAGE_MS });
    // The store's code loads beside the pop-ups: wait for its first cart read, then a quiet moment.
    if (store) await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/cart.js')), null, { timeout: LIMIT.PAGE_MS });
    await page.waitForTimeout(500);
    const result = { calls: [] };
    if (idle) {
      const timersBefore = await page.evaluate(() => window.__cartBench.timers);
      const taskBefore = (await performanceMetrics(cdp)).TaskDuration;
      await page.waitForTimeout(IDLE_MS);
      result.idleTimers = (await page.evaluate(() => window.__cartBench.timers)) - timersBefore;
      result.idleTaskMs = ((await performanceMetrics(cdp)).TaskDuration - taskBefore) * 1000;
    }
    for (let call = 0; call < CALLS_PER_RUN; call += 1) {
      const readsBefore = reads;
      const taskBefore = (await performanceMetrics(cdp)).TaskDuration;
      await page.evaluate((id) => fetch('/cart/add.js', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id, quantity: 1 }) }).then((response) => response.json()), VARIANT_ID);
      // With the store: the poll's reads (at least SETTLED_READS); without: nothing to wait for but the same quiet.
      if (store) {
        const deadline = Date.now() + LIMIT.PAGE_MS;
        while (reads - readsBefore < CART_WATCH.SETTLED_READS && Date.now() < deadline) await page.waitForTimeout(5);
      }
      await page.waitForTimeout(CART_WATCH.POLL_MS * 2);
      result.calls.push(((await performanceMetrics(cdp)).TaskDuration - taskBefore) * 1000);
      result.readsPerCall = (result.readsPerCall ?? 0) + (reads - readsBefore) / CALLS_PER_RUN;
    }
    return result;
  } finally {
    await context.close();
  }
}

async function measure() {
  const { server } = await referenceServer();
  await server.db.run('INSERT OR IGNORE INTO clients (id, name) VALUES (?, ?)', [CLIENT_ID, CLIENT_ID]);
  await server.db.run('INSERT OR REPLACE INTO poptins (poptin_id, client_id, active, record) VALUES (?, ?, 1, ?)', [record.poptin_id, CLIENT_ID, JSON.stringify(record)]);
  return withResources(async (onStop) => {
    const browser = await launchChromium(onStop);
    const settings = [
      { label: 'CPU 1x', slowdown: 1, idle: true },
      { label: `CPU ${CPU_SLOWDOWN}x`, slowdown: CPU_SLOWDOWN, idle: false },
    ];
    const rows = [];
    for (const setting of settings) {
      const measured = { with: [], without: [] };
      for (let round = 0; round < CART_RUNS; round += 1) {
        // In turn within each round, so a busy moment of the machine hits both alike.
        for (const store of [true, false]) {
          const result = await attempt(`cart watch, ${setting.label}, ${store ? 'with' : 'without'} the store`, () => run(browser, server.url, { ...setting, store }));
          if (!result.error) measured[store ? 'with' : 'without'].push(result);
        }
      }
      rows.push({ ...setting, ...measured });
    }
    console.log('bench: cart watching measured');
    return rows;
  });
}

function render(rows) {
  const calls = (runs) => runs.flatMap((result) => result.calls);
  const perCall = rows.map(({ label, with: withStore, without }) => {
    const withMs = median(calls(withStore));
    const withoutMs = median(calls(without));
    return [label, ms(withMs), ms(withoutMs), ms(withMs - withoutMs), count(median(withStore.map((result) => result.readsPerCall)))];
  });
  const idleRows = rows.filter((row) => row.idle).map(({ label, with: withStore, without }) => [
    label,
    count(median(withStore.map((result) => result.idleTimers))),
    count(median(without.map((result) => result.idleTimers))),
    ms(median(withStore.map((result) => result.idleTaskMs))),
    ms(median(without.map((result) => result.idleTaskMs))),
  ]);
  return section(
    TITLE,
    `A page on the reference server's origin with the widget and one pop-up whose cart trigger never fires, with \`data-store="shopify"\` (the cart watch runs) and without; a fresh visitor per run, the two in turn; ${CART_RUNS} runs each, ${CALLS_PER_RUN} cart calls per run.`,
    `**Per cart call:** Chromium's TaskDuration (all main-thread work) from just before the page's own \`POST /cart/add.js\` to the poll's last read (the cart settled, triggers evaluated) plus ${CART_WATCH.POLL_MS * 2} ms of quiet; median of all calls. The watch reads \`/cart.js\` every ${CART_WATCH.POLL_MS} ms until ${CART_WATCH.SETTLED_READS} reads agree.`,
    table(['CPU', 'with the store', 'without', 'the watch\'s share', 'cart reads per call'], perCall),
    `**Idle:** ${IDLE_MS / 1000} s on the armed page without a cart call: timers and intervals started by any script (counted by wrapping \`setTimeout\` and \`setInterval\`), and TaskDuration; median of runs. Goal: the store adds no timer.`,
    table(['CPU', 'timers, with the store', 'timers, without', 'main thread, with', 'main thread, without'], idleRows),
  );
}

export async function benchCartWatch() {
  return render(await measure());
}

runAlone(import.meta.url, benchCartWatch);
