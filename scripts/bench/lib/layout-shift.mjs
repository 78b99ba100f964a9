// Layout shift on the demo pages (issue 22, item 8), shared by the bench's CLS rows and
// test/e2e/layout-shift.test.ts: which pages the demo server serves, and the shifts a page reports
// while its Kite elements upgrade, with Kite's files held until the page has painted (the upgrade
// then always follows the first frame, as on a slow network) or refused (the page without Kite).
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const PUBLIC_DIR = 'demo/public';
/** Not pages: HTML fragments the server hands to an element (the lightbox's ajax item). */
const FRAGMENTS_DIR = 'fragments';
/**
 * Not a page a visitor opens: the sign-in's redirect address, which trades the identity service's
 * answer for tokens and leaves (loaded alone, it only says the sign-in failed).
 */
const REDIRECT_PAGES = ['/members/callback.html'];
/** Kite's files as the demo server serves them (a Playwright route pattern). */
export const KITE_FILES = '**/kite/**';

/** Every page the demo server serves from its public folder, by its address (`/shop/cart.html`), but its redirect address. */
export function demoPages(dir = PUBLIC_DIR) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === FRAGMENTS_DIR ? [] : demoPages(path);
      return entry.name.endsWith('.html') ? [`/${relative(PUBLIC_DIR, path)}`] : [];
    })
    .filter((page) => !REDIRECT_PAGES.includes(page))
    .sort();
}

/**
 * Page script (a string: sent as it is, whatever compiles this file): keeps every layout shift not
 * caused by input in `window.kiteShifts`, each as its score, when (`at`, ms) and what moved (the
 * node and its box before and after), from the start of the page (`buffered`); and when the page
 * defined its first Kite element (`window.kiteDefinedAt`).
 */
const RECORD_SHIFTS = `
window.kiteShifts = [];
const define = customElements.define;
customElements.define = function (name, ...rest) {
  if (name.startsWith('kite-')) window.kiteDefinedAt ??= performance.now();
  return define.call(this, name, ...rest);
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    const moved = entry.sources.map(({ node, previousRect: was, currentRect: now }) => {
      const name = node instanceof Element ? node.localName + (node.className ? '.' + String(node.className).split(' ')[0] : '') : String(node && node.nodeName);
      const box = (rect) => [rect.x, rect.y, rect.width, rect.height].map(Math.round).join(',');
      return name + ' ' + box(was) + ' -> ' + box(now);
    });
    window.kiteShifts.push({ value: entry.value, at: entry.startTime, moved });
  }
}).observe({ type: 'layout-shift', buffered: true });
`;

/**
 * Waits until every Kite element in `page` is defined and has rendered (lit's `updateComplete`),
 * then two frames for the React ones (test/e2e/harness.ts `enhanced` is this with its deadline).
 */
export async function upgraded(page, timeout) {
  await page.waitForFunction(() => [...document.querySelectorAll('*')].every((element) => !element.localName.startsWith('kite-') || customElements.get(element.localName)), null, { timeout });
  await page.evaluate(async () => {
    await Promise.all([...document.querySelectorAll('*')].map((element) => element.updateComplete));
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
  });
}

/**
 * Loads `url` in `page` and returns the layout shifts it reported (`{ value, at, moved }`): with
 * Kite, its files answered once the first frame is painted, up to its elements upgraded and a frame
 * later (with `sinceKite`, only those from the first Kite element's definition on); without Kite
 * (`withKite: false`), its files refused, up to the load event and two frames.
 */
export async function layoutShiftsOf(page, url, { withKite = true, sinceKite = false, timeout }) {
  await page.addInitScript(RECORD_SHIFTS);
  let painted;
  const firstFrame = new Promise((resolve) => (painted = resolve));
  await page.route(KITE_FILES, async (route) => {
    if (!withKite) return route.abort();
    await firstFrame;
    return route.continue();
  });
  await page.goto(url, { waitUntil: 'commit', timeout });
  await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0, null, { timeout });
  painted();
  await page.waitForLoadState('load', { timeout });
  if (withKite) await upgraded(page, timeout);
  else await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
  const shifts = await page.evaluate(() => window.kiteShifts);
  if (!sinceKite) return shifts;
  const definedAt = await page.evaluate(() => window.kiteDefinedAt ?? Infinity);
  return shifts.filter((shift) => shift.at >= definedAt);
}

/** How far down the page (CSS px from its top) its Kite elements reach; 0 without any. */
export function kiteElementsReach(page) {
  return page.evaluate(() =>
    Math.max(0, ...[...document.querySelectorAll('*')].filter((element) => element.localName.startsWith('kite-')).map((element) => element.getBoundingClientRect().bottom + scrollY)),
  );
}

/** The cumulative layout shift of `shifts` (their scores summed). */
export const cumulativeShift = (shifts) => shifts.reduce((sum, shift) => sum + shift.value, 0);
