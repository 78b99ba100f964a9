// Chromium for the sections: the system browser with the project's flags, fresh visitors, and
// the page's own performance counters.
import { CHROMIUM_ARGS, findChromium } from '../../chromium.mjs';
import { LIMIT } from './settings.mjs';

/** Nothing but 127.0.0.1 resolves: a library reaching for its CDN fails instead of leaving the machine. */
const LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

let version;
/** The version of the Chromium the run launched, for the report's machine table. */
export const chromiumVersion = () => version ?? 'n/a';

/** Launches Chromium and registers its close with `onStop` (see withResources). */
export async function launchChromium(onStop, { loopbackOnly = false, args = [] } = {}) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: [...CHROMIUM_ARGS, ...(loopbackOnly ? [LOOPBACK_ONLY] : []), ...args],
    timeout: LIMIT.PAGE_MS,
  });
  onStop(() => browser.close());
  version ??= browser.version();
  return browser;
}

/**
 * A fresh visitor (new context: no cookies, no storage, cold cache) with `contextOptions`,
 * CPU-throttled when `slowdown` > 1; `cdp` keeps a DevTools session, `scriptMetrics` also turns
 * on the performance counters (see performanceMetrics).
 */
export async function freshPage(browser, { slowdown = 1, contextOptions = {}, cdp: wantCdp = false, scriptMetrics = false } = {}) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const cdp = wantCdp || scriptMetrics || slowdown > 1 ? await context.newCDPSession(page) : undefined;
  if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  if (scriptMetrics) await cdp.send('Performance.enable');
  return { context, page, cdp };
}

/** Chromium's performance counters by name (`ScriptDuration`, `TaskDuration`: seconds so far). */
export async function performanceMetrics(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map(({ name, value }) => [name, value]));
}

/** Waits for a page condition, then for two more frames and a quiet task, so start-up work is done before a click. */
export async function settle(page, condition, arg) {
  await page.waitForFunction(condition, arg, { timeout: LIMIT.PAGE_MS, polling: 50 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))));
}

/**
 * Resolves when the page logs `message` (its probe says the measured moment has come). Waiting so
 * instead of polling keeps the bench's own script out of the span it measures: each poll runs in
 * the page, and the first one installs Playwright's injected script, a task of some 50 ms at 4x
 * CPU. Call it before the navigation or the input that starts the span.
 */
export function untilLogged(page, message, timeout = LIMIT.PAGE_MS) {
  const seen = page.waitForEvent('console', { predicate: (entry) => entry.text() === message, timeout });
  // Awaited after the navigation or input: one that fails first must not leave it unhandled.
  seen.catch(() => {});
  return seen;
}

/** Seconds spent compiling and running script in the page so far (`ScriptDuration`). */
export const scriptSeconds = async (cdp) => (await performanceMetrics(cdp)).ScriptDuration ?? NaN;
