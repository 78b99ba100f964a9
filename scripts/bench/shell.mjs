// Section "Page shell" (issue 14): measures, in one run:
//   - main-thread time per scroll step at 4x CPU of a page with kite-header and kite-scroll-top,
//     against the floor: the same page with one bare passive scroll listener;
//   - the script bytes (min+gzip) a page with only lit elements fetches, against the React surfaces' set.
import { DIST_DIR, KITE_ENTRY, chunkOfModule, kb, litPageFileSet, measureDist, readChunkGraph, staticClosure, sumSizes } from '../sizes.mjs';
import { runAlone } from './lib/alone.mjs';
import { freshPage, launchChromium, performanceMetrics } from './lib/browser.mjs';
import { median } from './lib/measure.mjs';
import { withResources } from './lib/process.mjs';
import { CPU_SLOWDOWN } from './lib/settings.mjs';
import { startBenchServer } from './lib/static-server.mjs';

/** Scroll steps per visit, pixels per step, and fresh visits per page (the median is reported). */
const STEPS = 120;
const STEP_PX = 40;
const VISITS = 5;
/** A laptop's window. */
const VIEWPORT = { width: 1280, height: 800 };
/** The React site surfaces a content page may onStop, for the size comparison. */
const REACT_SITE_MODULES = ['fold-section', 'contact-form', 'lightbox', 'player'].map((name) => `components/${name}/${name}.element.ts`);

const content = Array.from({ length: 60 }, (_, i) => `<section><h2>Section ${i + 1}</h2><p>${'Text of the page. '.repeat(40)}</p></section>`).join('');
const PAGES = {
  '/floor.html': `<!doctype html><html lang="en"><title>floor</title><header style="height:80px">Header</header><main>${content}</main>
<script>addEventListener('scroll', () => { window.lastY = scrollY; }, { passive: true }); window.ready = true;</script></html>`,
  '/shell.html': `<!doctype html><html lang="en"><title>shell</title><kite-header><nav style="height:80px"><a href="/">Home</a></nav></kite-header><main>${content}</main>
<kite-scroll-top></kite-scroll-top><script type="module" src="/kite/kite.js"></script>
<script type="module">await Promise.all(['kite-header', 'kite-scroll-top'].map((tag) => customElements.whenDefined(tag))); await document.querySelector('kite-header').updateComplete; window.ready = true;</script></html>`,
};

/** Main-thread task and script time per scroll step, in ms, for one fresh visit at `slowdown`. */
async function scrollCost(browser, url, slowdown) {
  const { context, page, cdp } = await freshPage(browser, { contextOptions: { viewport: VIEWPORT }, cdp: true });
  await page.goto(url);
  await page.waitForFunction(() => window.ready === true);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  const before = await performanceMetrics(cdp);
  // Each step waits two frames, so every scroll event and the work it causes is done before the next.
  await page.evaluate(
    async ({ steps, px }) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      for (let i = 0; i < steps; i++) {
        scrollBy(0, px);
        await frame();
        await frame();
      }
    },
    { steps: STEPS, px: STEP_PX },
  );
  const after = await performanceMetrics(cdp);
  await context.close();
  return { taskMs: ((after.TaskDuration - before.TaskDuration) * 1000) / STEPS, scriptMs: ((after.ScriptDuration - before.ScriptDuration) * 1000) / STEPS };
}

function sizes() {
  const graph = readChunkGraph();
  if (!graph) throw new Error('no build: run `npm run build` first');
  const measured = measureDist();
  const lit = litPageFileSet(graph);
  const react = new Set([KITE_ENTRY, ...staticClosure(graph, KITE_ENTRY)]);
  for (const moduleId of REACT_SITE_MODULES) {
    const chunk = chunkOfModule(graph, moduleId);
    if (chunk) for (const file of staticClosure(graph, chunk.fileName)) react.add(file);
  }
  return { lit: sumSizes(measured, lit.files).gzip, litFiles: lit.files.length, react: sumSizes(measured, [...react]).gzip, reactFiles: react.size };
}

export async function benchShell() {
  const size = sizes();
  const results = await withResources(async (onStop) => {
    const server = await startBenchServer({ roots: [['/kite/', DIST_DIR]], pages: PAGES });
    onStop(server.close);
    const base = server.url.slice(0, -1);
    const browser = await launchChromium(onStop);
    const measured = {};
    for (const name of ['floor', 'shell']) {
      const runs = [];
      for (let i = 0; i < VISITS; i++) runs.push(await scrollCost(browser, `${base}/${name}.html`, CPU_SLOWDOWN));
      measured[name] = { taskMs: median(runs.map((run) => run.taskMs)), scriptMs: median(runs.map((run) => run.scriptMs)) };
      console.log(`bench: ${name} scrolled ${VISITS} times`);
    }
    return measured;
  });
  // Per step, a few hundredths of a millisecond apart: three decimals.
  const ms = (value) => `${value.toFixed(3)} ms`;
  return [
    '## Page shell (issue 14: header, scroll helpers, lit-only page)',
    '',
    `Main-thread time per scroll step at CPU ${CPU_SLOWDOWN}x (Chromium headless, ${STEPS} steps of ${STEP_PX} px, each followed by two frames; median of ${VISITS} fresh visits; \`Performance.getMetrics\` TaskDuration and ScriptDuration):`,
    '',
    '| page | task time per step | script time per step |',
    '|---|---|---|',
    `| bare passive scroll listener (the floor) | ${ms(results.floor.taskMs)} | ${ms(results.floor.scriptMs)} |`,
    `| kite-header + kite-scroll-top (+ in-page anchors) | ${ms(results.shell.taskMs)} | ${ms(results.shell.scriptMs)} |`,
    `| difference | ${ms(results.shell.taskMs - results.floor.taskMs)} | ${ms(results.shell.scriptMs - results.floor.scriptMs)} |`,
    '',
    'Script bytes, min+gzip:',
    '',
    '| set | files | bytes |',
    '|---|---|---|',
    `| a page with only lit elements (kite.js, kite-header, kite-preloader, kite-scroll-top, kite-post-nav) | ${size.litFiles} | ${size.lit} B (${kb(size.lit)}) |`,
    `| the React site surfaces (kite.js, fold section, contact form, lightbox, player) | ${size.reactFiles} | ${size.react} B (${kb(size.react)}) |`,
    `| ratio (goal: 0.10 or less) | | ${(size.lit / size.react).toFixed(2)} |`,
    '',
  ].join('\n');
}

runAlone(import.meta.url, benchShell);
