// `npm run bench` (`node --import tsx scripts/bench.mjs`, tsx because it starts the TypeScript
// reference server in-process): builds if stale, measures, then writes docs/BENCHMARKS.md and
// prints it. Every figure is measured in this run; nothing is copied from an earlier one.
//
//   sizes       min+gzip and brotli of every dist file and of the lightbox chunk set
//   peers       the same for sweetalert2 and a11y-dialog, installed into a temp dir (never the project)
//   pop-up      display response -> dialog visible, in Chromium, 20 fresh visitors, then at 4x CPU slowdown
//   peer pop-up Swal.fire() -> popup visible, the same way
//   long tasks  over 50 ms from navigation to the dialog visible
//   types       on the pop-up gallery (/types): layout shift caused by opening each type, trigger to
//               the first frame of the entry effect (lightbox, bar, fullpage), background frame rates
//   triggers    main-thread work of the widget's trigger handlers (scroll, mouse, click, keys) per event
//               and any animation frame the page requests, on a long page with armed pop-ups, at 1x and 4x CPU
//               slowdown, and on a touch device at 4x (issue 4: none over 4 ms)
//   spa         heap, listeners, timers and pop-up nodes after 1, 50 and 500 single-page-app navigations
//   server      throughput and latency of the display and conversion calls (autocannon)
//   site        kite-lightbox and kite-player against their peers (scripts/bench-site.mjs)
//   form        the lead form's chunks, one business-email check's download, submit to thank-you (scripts/bench-form.mjs)
//   shell       kite-header and the scroll helpers per scroll at 4x CPU against a bare listener; lit-only page bytes (scripts/bench-shell.mjs)
//   toc         kite-toc against tocbot on a 1000-heading article: build time and script size (scripts/bench-toc.mjs)
//
// Options: --runs N (default 20), --seconds N (autocannon duration, default 10), --no-peers,
// --only-types (the gallery rows only; the other sections say they were skipped), --only-site
// (the lightbox and player rows only), --only-rules (the trigger and single-page-app rows only).
// All traffic stays on 127.0.0.1; the server, the browser and the temp dir are always cleaned up,
// and a watchdog ends the run if a step hangs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchSite } from './bench-site.mjs';
import { benchForm } from './bench-form.mjs';
import { benchShell } from './bench-shell.mjs';
import { benchToc } from './bench-toc.mjs';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';
import { compressedSizes, kb, lightboxFileSet, measureDist, readChunkGraph, sumSizes } from './sizes.mjs';

const OUTPUT = 'docs/BENCHMARKS.md';

/** Fresh visitors per timing row. */
const RUNS = Number(option('--runs') ?? 20);
/** Length of each autocannon run, and its concurrency. */
const LOAD_SECONDS = Number(option('--seconds') ?? 10);
const LOAD_CONNECTIONS = 10;
/** The CPU slowdown of the throttled rows: a mid-range phone, as Lighthouse's mobile preset uses. */
const CPU_SLOWDOWN = 4;
/** Chromium's own threshold for a long task. */
const LONG_TASK_MS = 50;

/** The gallery page's viewport: a laptop window. */
const GALLERY_VIEWPORT = { width: 1280, height: 800 };
/**
 * Each pop-up type as the gallery opens it: the record file in demo/poptins/ (without `.json`), and
 * the layout shift it may cause. Only a top bar moves the page, once; an embedded pop-up fills the
 * space its slot reserves.
 */
const GALLERY_TYPES = [
  { record: 'lightbox', label: 'lightbox', expected: 'none' },
  { record: 'bar-top', label: 'bar, top', expected: 'one step' },
  { record: 'bar-bottom', label: 'bar, bottom', expected: 'none' },
  { record: 'sside', label: 'sside', expected: 'none' },
  { record: 'bside-left', label: 'bside, left', expected: 'none' },
  { record: 'bside-right', label: 'bside, right', expected: 'none' },
  { record: 'browsing', label: 'browsing', expected: 'none' },
  { record: 'fullpage', label: 'fullpage', expected: 'none' },
  { record: 'content', label: 'content', expected: 'none' },
  { record: 'social', label: 'social', expected: 'none' },
  { record: 'mobile-top', label: 'mobile, top', expected: 'one step' },
  { record: 'mobile-middle', label: 'mobile, middle', expected: 'none' },
  { record: 'mobile-bottom', label: 'mobile, bottom', expected: 'none' },
  { record: 'gamified', label: 'gamified', expected: 'none' },
  { record: 'embedded', label: 'embedded', slot: 'demo-embedded', expected: 'none' },
];
/** The types whose entry effect is timed. */
const EFFECT_TYPES = ['lightbox', 'bar-top', 'fullpage'];
/** The background animations (shared/effects/background.ts), each drawn behind the lightbox. */
const BACKGROUNDS = ['wheel', 'starry-sky', 'ball', 'snow', 'rain', 'confetti'];
/** A frame within one 60 Hz refresh: the issue's "frames under 16.7 ms". */
const SMOOTH_FRAME_MS = 16.7;
/**
 * Frame times at a steady 60 Hz jitter around 16.67 ms by a tenth of a millisecond, so the strict
 * share above hovers near half even when no refresh is missed; a missed refresh makes a frame
 * twice as long. Half a refresh more is the line between the two.
 */
const MISSED_REFRESH_MS = SMOOTH_FRAME_MS * 1.5;
/** How long each background animation's frames are counted. */
const BACKGROUND_SAMPLE_MS = 2_000;
/** After the entry effect, how long layout shifts are still collected (a late resize would show here). */
const SHIFT_SETTLE_MS = 1_000;

/** Issue 4: no trigger handler may take longer than this per event. */
const HANDLER_BUDGET_MS = 4;
/** The long page of the trigger rows: this many window heights. */
const LONG_PAGE_SCREENS = 40;
/** Events of each kind per trigger run. */
const HANDLER_EVENTS = 300;
/** Trigger runs per setting, pooled (a loaded machine makes one run's tail noisy). */
const TRIGGER_RUNS = Math.min(RUNS, 3);
/** Navigations after which the single-page-app rows are taken. */
const SPA_CHECKPOINTS = [1, 50, 500];
/** After a navigation's pop-ups showed, the page settles this long before it is measured (short-lived timers end). */
const SPA_QUIET_MS = 4_000;

/** Limits that keep a broken step from hanging the run. */
const LIMIT = {
  BUILD_MS: 5 * 60_000,
  NPM_INSTALL_MS: 3 * 60_000,
  PAGE_MS: 20_000,
  LOAD_SLACK_MS: 15_000,
  WHOLE_RUN_MS: 40 * 60_000,
};

/** Peer libraries, pinned by major version, with the entry that puts their API on `window`. */
const PEERS = [
  {
    name: 'sweetalert2',
    spec: 'sweetalert2@11',
    entry: "import Swal from 'sweetalert2'; window.Swal = Swal;",
    what: 'alert and prompt dialogs',
  },
  {
    name: 'a11y-dialog',
    spec: 'a11y-dialog@8',
    entry: "import A11yDialog from 'a11y-dialog'; window.A11yDialog = A11yDialog;",
    what: 'dialog behaviour only: no styles, markup or form',
  },
];

function option(name) {
  const index = process.argv.indexOf(name);
  if (index < 0) return undefined;
  const value = process.argv[index + 1];
  if (!/^[1-9]\d*$/.test(value ?? '')) {
    console.error(`bench: ${name} takes a whole number above 0, got ${JSON.stringify(value)}`);
    process.exit(2);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Cleanup: everything started registers how to stop it; a failure or the watchdog runs them all.

const cleanups = [];
const onCleanup = (fn) => cleanups.push(fn);
async function cleanUp() {
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (error) {
      console.error(`bench: cleanup step failed: ${error.message}`);
    }
  }
}

/** Rejects after `ms` with a message naming what took too long. */
function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs a command; resolves `{ code, output }`, killing it after `timeoutMs`. */
function run(command, args, { timeoutMs, cwd, inherit = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}` }));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output: signal ? `${output}\n(killed: ${signal}, limit ${timeoutMs / 1000} s)` : output });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Statistics

/** Nearest-rank percentile of a list of numbers (p in 0..100). */
function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}
const median = (values) => percentile(values, 50);
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
const count = (value) => (Number.isFinite(value) ? String(value) : 'n/a');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');

// ---------------------------------------------------------------------------------------------
// Sizes

function measureKiteSizes() {
  const files = measureDist();
  const { files: lightbox, missing } = lightboxFileSet(readChunkGraph());
  const total = sumSizes(files, lightbox);
  return { files, lightbox: { ...total, count: lightbox.length, missing: [...missing, ...total.absent] } };
}

/** Installs the peers into `dir` (not the project) and bundles each like our build: minified, one file. */
async function preparePeers(dir) {
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = await run(
    npm,
    ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', ...PEERS.map((peer) => peer.spec)],
    { timeoutMs: LIMIT.NPM_INSTALL_MS },
  );
  if (install.code !== 0) {
    return { error: `npm install of ${PEERS.map((peer) => peer.spec).join(', ')} failed: ${install.output.trim().split('\n').slice(-3).join(' ')}` };
  }
  const { build } = await import('esbuild');
  const peers = [];
  for (const peer of PEERS) {
    try {
      const version = JSON.parse(readFileSync(join(dir, 'node_modules', peer.name, 'package.json'), 'utf8')).version;
      const result = await build({
        stdin: { contents: peer.entry, resolveDir: dir, loader: 'js' },
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        write: false,
        logLevel: 'silent',
        define: { 'process.env.NODE_ENV': '"production"' },
        metafile: true,
      });
      const bytes = Buffer.from(result.outputFiles[0].contents);
      const file = join(dir, `${peer.name}.bundle.js`);
      writeFileSync(file, bytes);
      // Which of the package's files esbuild picked (sweetalert2's `.all` build carries its CSS), shown in the report.
      const prefix = `node_modules/${peer.name}/`;
      const sources = Object.keys(result.metafile.inputs)
        .filter((input) => input.includes(prefix))
        .map((input) => input.slice(input.lastIndexOf(prefix) + prefix.length))
        .filter((input, i, all) => all.indexOf(input) === i);
      peers.push({ ...peer, version, file, sources, ...compressedSizes(bytes) });
    } catch (error) {
      peers.push({ ...peer, error: error.message });
    }
  }
  return { peers };
}

// ---------------------------------------------------------------------------------------------
// Browser timings

/**
 * Installed before any page script: records when the display call's response ended, every long
 * task, and the first animation frame in which a `kite-poptin` dialog is rendered visible. The
 * dialog is searched for through open shadow roots, wherever the widget mounts it.
 */
function kiteProbe() {
  const bench = (window.__kiteBench = { displayEnd: null, visibleAt: null, longTasks: [] });
  const isDisplayCall = (name) => /^\/api\/display\/[^/]+$/.test(new URL(name, location.href).pathname);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (bench.displayEnd === null && isDisplayCall(entry.name)) bench.displayEnd = entry.responseEnd;
    }
  }).observe({ type: 'resource', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });

  const findDialog = (root) => {
    for (const host of root.querySelectorAll('kite-poptin')) {
      const dialog = host.shadowRoot?.querySelector('[role="dialog"]');
      if (dialog) return dialog;
    }
    for (const element of root.querySelectorAll('*')) {
      const found = element.shadowRoot && findDialog(element.shadowRoot);
      if (found) return found;
    }
    return null;
  };
  const isVisible = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const frame = () => {
    const dialog = findDialog(document);
    if (dialog && isVisible(dialog)) bench.visibleAt = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** A fresh visitor (new context: no cookies, no storage, cold cache), optionally CPU-throttled. */
async function freshPage(browser, slowdown, contextOptions = {}) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  if (slowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  }
  return { context, page };
}

/** One visit of the demo store: ms from the display response to the dialog visible, and long tasks. */
async function kiteRun(browser, storeUrl, slowdown) {
  const { context, page } = await freshPage(browser, slowdown);
  try {
    await page.addInitScript(kiteProbe);
    await page.goto(storeUrl, { timeout: LIMIT.PAGE_MS });
    await page.waitForFunction(() => window.__kiteBench?.visibleAt != null, null, { timeout: LIMIT.PAGE_MS, polling: 50 });
    // Long-task entries are delivered after the task ends: give the observer a moment.
    const data = await page.evaluate(() => new Promise((resolve) => setTimeout(() => resolve(window.__kiteBench), 100)));
    if (data.displayEnd === null) throw new Error('no display call seen (PerformanceObserver found no /api/display/{client} entry)');
    const longTasks = data.longTasks.filter((task) => task.start < data.visibleAt && task.duration > LONG_TASK_MS);
    return {
      showMs: data.visibleAt - data.displayEnd,
      navigationMs: data.visibleAt,
      longTaskCount: longTasks.length,
      longTaskMs: longTasks.reduce((sum, task) => sum + task.duration, 0),
    };
  } finally {
    await context.close();
  }
}

/**
 * Runs in the peer page right after sweetalert2 loads: opens the closest Swal has to the demo's
 * lead pop-up (title, text, an email field, a close button) and records the call time and the
 * first animation frame in which `.swal2-popup` is rendered with a size and non-zero opacity.
 */
function sweetAlertProbe() {
  const bench = (window.__peerBench = { firedAt: performance.now(), visibleAt: null });
  window.Swal.fire({
    title: 'Get 10% off your first order',
    text: 'Join the list for the code.',
    input: 'email',
    inputLabel: 'Email',
    confirmButtonText: 'Get my code',
    showCloseButton: true,
  });
  const frame = () => {
    const popup = document.querySelector('.swal2-popup');
    const box = popup?.getBoundingClientRect();
    if (popup && box.width > 0 && box.height > 0 && popup.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
      bench.visibleAt = performance.now();
    } else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/**
 * The peer page, served from our own loopback server: a page as plain as the demo store that
 * loads the peer's bundle and opens the pop-up at once (no CSP here, so the probe is inline).
 */
function startPeerServer(peerFile) {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>peer</title>' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
    '<body><main><h1>Peer</h1><p>Baseline page for the peer pop-up.</p></main>' +
    `<script src="/peer.js"></script><script>(${sweetAlertProbe.toString()})();</script></body></html>`;
  const script = readFileSync(peerFile);
  const server = createServer((req, res) => {
    if (req.url === '/peer.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    else res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** One fresh visit of the peer page: ms from `Swal.fire()`, and from navigation start, to the popup visible. */
async function sweetAlertRun(browser, url, slowdown) {
  const { context, page } = await freshPage(browser, slowdown);
  try {
    await page.goto(url, { timeout: LIMIT.PAGE_MS });
    await page.waitForFunction(() => window.__peerBench?.visibleAt != null, null, { timeout: LIMIT.PAGE_MS, polling: 50 });
    const data = await page.evaluate(() => window.__peerBench);
    return { showMs: data.visibleAt - data.firedAt, navigationMs: data.visibleAt };
  } finally {
    await context.close();
  }
}

/** `RUNS` runs of `once`; failures are counted and the first reason kept, never hidden. */
async function repeat(label, once) {
  const results = [];
  const errors = [];
  for (let i = 0; i < RUNS; i += 1) {
    try {
      results.push(await once());
    } catch (error) {
      errors.push(error.message.split('\n')[0]);
    }
  }
  console.log(`bench: ${label}: ${results.length}/${RUNS} runs${errors.length ? ` (first failure: ${errors[0]})` : ''}`);
  return { results, errors };
}

// ---------------------------------------------------------------------------------------------
// Pop-up types on the gallery page

/** A fresh visitor on the gallery page, with the pop-up code loaded and `record` fetched. */
async function galleryPage(browser, typesUrl, record) {
  const context = await browser.newContext({ viewport: GALLERY_VIEWPORT });
  const page = await context.newPage();
  await page.goto(typesUrl, { timeout: LIMIT.PAGE_MS });
  await page.waitForFunction(() => window.kiteTypes, null, { timeout: LIMIT.PAGE_MS, polling: 50 });
  await page.evaluate(async (name) => {
    await window.kiteTypes.ready;
    await window.kiteTypes.load(name);
  }, record);
  return { context, page };
}

/**
 * Opens one type by a script call (no input, so no shift is excused as input-driven) and sums the
 * layout shifts from that moment until the entry effect has ended and `settleMs` more.
 */
async function layoutShiftRun(browser, typesUrl, { record, slot }) {
  const { context, page } = await galleryPage(browser, typesUrl, record);
  try {
    return await page.evaluate(
      async ({ name, slot, settleMs, limitMs }) => {
        if (slot) {
          document.getElementById(slot).scrollIntoView({ block: 'center' });
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        }
        const shifts = [];
        const observer = new PerformanceObserver((list) => shifts.push(...list.getEntries()));
        observer.observe({ type: 'layout-shift' });
        const record = await window.kiteTypes.load(name);
        const openedAt = performance.now();
        const element = window.kiteTypes.show(record, { slot });
        // Until the dialog is there and its entry effect is over.
        while (performance.now() - openedAt < limitMs) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const dialog = element.shadowRoot?.querySelector('[role="dialog"]');
          if (dialog && !dialog.getAnimations().some((animation) => animation.playState === 'running')) break;
        }
        await new Promise((resolve) => setTimeout(resolve, settleMs));
        observer.takeRecords().forEach((entry) => shifts.push(entry));
        observer.disconnect();
        const counted = shifts.filter((entry) => entry.startTime >= openedAt && !entry.hadRecentInput);
        return { shifts: counted.length, cls: counted.reduce((sum, entry) => sum + entry.value, 0) };
      },
      { name: record, slot, settleMs: SHIFT_SETTLE_MS, limitMs: LIMIT.PAGE_MS },
    );
  } finally {
    await context.close();
  }
}

/**
 * One fresh visitor: ms from the script call that opens `record` to the first animation frame in
 * which its entry effect (`kite-effect-*` on the dialog) is running, no longer pending.
 */
async function entryEffectRun(browser, typesUrl, record) {
  const { context, page } = await galleryPage(browser, typesUrl, record);
  try {
    const result = await page.evaluate(
      async ({ name, limitMs }) => {
        const record = await window.kiteTypes.load(name);
        // Start on a quiet frame, as a trigger would.
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        return new Promise((resolve) => {
          const openedAt = performance.now();
          const element = window.kiteTypes.show(record);
          const frame = () => {
            const now = performance.now();
            const dialog = element.shadowRoot?.querySelector('[role="dialog"]');
            const effect = dialog?.getAnimations().find((animation) => animation.id.startsWith('kite-effect-'));
            if (effect && !effect.pending && effect.playState === 'running') resolve({ ms: now - openedAt, effect: effect.id.slice('kite-effect-'.length) });
            else if (now - openedAt > limitMs) resolve({ error: `no running entry effect after ${limitMs} ms` });
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        });
      },
      { name: record, limitMs: LIMIT.PAGE_MS },
    );
    if (result.error) throw new Error(result.error);
    return result;
  } finally {
    await context.close();
  }
}

/**
 * One fresh visitor: the lightbox with background animation `kind`; once the canvas has drawn,
 * the time between animation frames for `BACKGROUND_SAMPLE_MS`.
 */
async function backgroundRun(browser, typesUrl, kind) {
  const { context, page } = await galleryPage(browser, typesUrl, 'lightbox');
  try {
    const result = await page.evaluate(
      async ({ kind, sampleMs, limitMs }) => {
        const record = structuredClone(await window.kiteTypes.load('lightbox'));
        record.design.background_animation = kind;
        const element = window.kiteTypes.show(record);
        const openedAt = performance.now();
        const drawn = () => {
          const canvas = element.shadowRoot?.querySelector('[part="background"]');
          if (!canvas?.width || !canvas.height) return false;
          const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
          for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
          return false;
        };
        while (!drawn()) {
          if (performance.now() - openedAt > limitMs) return { error: `the ${kind} canvas drew nothing in ${limitMs} ms` };
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        const deltas = [];
        let previous = await new Promise((resolve) => requestAnimationFrame(resolve));
        const start = previous;
        while (previous - start < sampleMs) {
          const now = await new Promise((resolve) => requestAnimationFrame(resolve));
          deltas.push(now - previous);
          previous = now;
        }
        return { deltas };
      },
      { kind, sampleMs: BACKGROUND_SAMPLE_MS, limitMs: LIMIT.PAGE_MS },
    );
    if (result.error) throw new Error(result.error);
    const share = (limit) => result.deltas.filter((delta) => delta < limit).length / result.deltas.length;
    return {
      frames: result.deltas.length,
      smoothShare: share(SMOOTH_FRAME_MS),
      noMissShare: share(MISSED_REFRESH_MS),
      medianMs: median(result.deltas),
      p95Ms: percentile(result.deltas, 95),
    };
  } finally {
    await context.close();
  }
}

/** Runs `once` and returns its result, or `{ error }` with the first line of what went wrong. */
async function attempt(label, once) {
  try {
    return await once();
  } catch (error) {
    const message = error.message.split('\n')[0];
    console.log(`bench: ${label} failed: ${message}`);
    return { error: message };
  }
}

async function measureTypes(serverUrl) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, timeout: LIMIT.PAGE_MS });
  onCleanup(() => browser.close());
  const typesUrl = new URL('types', serverUrl).href;
  const shifts = [];
  for (const type of GALLERY_TYPES) {
    shifts.push({ ...type, ...(await attempt(`layout shift of ${type.label}`, () => layoutShiftRun(browser, typesUrl, type))) });
  }
  console.log(`bench: layout shift measured for ${shifts.filter((row) => !row.error).length}/${shifts.length} types`);
  const effects = [];
  for (const record of EFFECT_TYPES) {
    const type = GALLERY_TYPES.find((candidate) => candidate.record === record);
    effects.push({ ...type, runs: await repeat(`entry effect of ${type.label}`, () => entryEffectRun(browser, typesUrl, record)) });
  }
  const backgrounds = [];
  for (const kind of BACKGROUNDS) backgrounds.push({ kind, ...(await attempt(`background ${kind}`, () => backgroundRun(browser, typesUrl, kind))) });
  console.log(`bench: background frame rates measured for ${backgrounds.filter((row) => !row.error).length}/${backgrounds.length} animations`);
  return { shifts, effects, backgrounds, viewport: GALLERY_VIEWPORT, chromiumVersion: browser.version() };
}

// ---------------------------------------------------------------------------------------------
// Triggers and single-page apps (issue 4)

/**
 * Installed before any page script: wraps the listeners the page adds to `window` and `document`
 * for the events the widget's triggers watch, timing each call; counts listeners added and not
 * removed, and timers pending, for the single-page-app rows.
 */
function rulesProbe({ countTimers }) {
  const TIMED = new Set(['scroll', 'mousemove', 'mouseout', 'click', 'keydown', 'touchstart', 'pointerdown', 'wheel']);
  const bench = (window.__kiteRules = { durations: {}, collected: {}, timers: new Set() });
  // With --enable-precise-memory-info: a heap smaller after a call than before means a garbage
  // collection ran inside it (the call's own allocations only add).
  const heap = () => performance.memory?.usedJSHeapSize ?? 0;
  const record = (type, start, heapBefore) => {
    const duration = performance.now() - start;
    (bench.durations[type] ??= []).push(duration);
    (bench.collected[type] ??= []).push(heap() < heapBefore);
  };
  // The page's animation frames (the widget requests none; one it did would be timed here); the bench's own are not timed.
  const requestFrame = window.requestAnimationFrame.bind(window);
  bench.requestFrame = requestFrame;
  window.requestAnimationFrame = (callback) =>
    requestFrame((time) => {
      const heapBefore = heap();
      const start = performance.now();
      try {
        callback(time);
      } finally {
        record('animation frame', start, heapBefore);
      }
    });
  const wrapped = new WeakMap();
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  // Listeners by target, held weakly: the probe must not keep a removed node (or its listeners) alive.
  const listenerIds = new WeakMap();
  let nextId = 0;
  const byTarget = new WeakMap();
  const targets = new Set();
  const keyOf = (type, listener, options) => {
    if (!listenerIds.has(listener)) listenerIds.set(listener, ++nextId);
    return `${type}|${listenerIds.get(listener)}|${typeof options === 'boolean' ? options : Boolean(options?.capture)}`;
  };
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    let actual = listener;
    if (listener && TIMED.has(type) && (this === window || this === document)) {
      if (!wrapped.has(listener)) {
        wrapped.set(listener, function (event) {
          const heapBefore = heap();
          const start = performance.now();
          try {
            return typeof listener === 'function' ? listener.call(this, event) : listener.handleEvent(event);
          } finally {
            record(event.type, start, heapBefore);
          }
        });
      }
      actual = wrapped.get(listener);
    }
    if (listener && !options?.once) {
      if (!byTarget.has(this)) {
        byTarget.set(this, new Set());
        targets.add(new WeakRef(this));
      }
      byTarget.get(this).add(keyOf(type, listener, options));
    }
    return add.call(this, type, actual, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    if (listener) byTarget.get(this)?.delete(keyOf(type, listener, options));
    return remove.call(this, type, (listener && wrapped.get(listener)) ?? listener, options);
  };
  bench.listenerCount = () => {
    let total = 0;
    for (const ref of targets) {
      const target = ref.deref();
      if (!target) targets.delete(ref);
      else if (!(target instanceof Node) || target.isConnected) total += byTarget.get(target)?.size ?? 0;
    }
    return total;
  };
  bench.counts = () => ({ listeners: bench.listenerCount(), timers: bench.timers.size, poptins: document.querySelectorAll('kite-poptin').length });
  // Timers are counted only where asked: the wrappers would add their own work to the handlers timed.
  if (!countTimers) return;
  const { setTimeout: st, clearTimeout: ct, setInterval: si, clearInterval: ci } = window;
  window.setTimeout = (fn, ms, ...args) => {
    const id = st((...a) => (bench.timers.delete(id), typeof fn === 'function' ? fn(...a) : undefined), ms, ...args);
    bench.timers.add(id);
    return id;
  };
  window.clearTimeout = (id) => (bench.timers.delete(id), ct(id));
  window.setInterval = (fn, ms, ...args) => {
    const id = si(fn, ms, ...args);
    bench.timers.add(id);
    return id;
  };
  window.clearInterval = (id) => (bench.timers.delete(id), ci(id));
}

/** A client of the reference server with `records`, active; returns its id. */
function benchClient(server, name, records) {
  server.db.prepare('INSERT OR IGNORE INTO clients (id, name) VALUES (?, ?)').run(name, name);
  for (const record of records) {
    server.db
      .prepare('INSERT OR REPLACE INTO poptins (poptin_id, client_id, active, record) VALUES (?, ?, 1, ?)')
      .run(record.poptin_id, name, JSON.stringify(record));
  }
  return name;
}

const benchRecord = (poptin_id, triggers, extra = {}) => ({
  poptin_id,
  poptin_name: poptin_id,
  poptin_type: 'bar',
  viewer_id: `viewer-${poptin_id}`,
  triggers,
  design: { blocks: [{ type: 'title', text: poptin_id }] },
  design_properties: { poptin_location: 'center-bottom', poptin_design_entry_effect: 'none' },
  ...extra,
});

/** Serves `/bench-rules/*` of the reference server's origin: a page with the widget for `clientId`, under the demo's CSP. */
async function routeBenchPage(context, serverUrl, clientId, { attrs = '', body = '' } = {}) {
  await context.route(new URL('bench-rules/**', serverUrl).href, (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'" },
      body: `<!doctype html><html lang="en"><head><title>Bench</title><link rel="icon" href="data:,">` +
        `<script src="/kite/widget.js" data-client-id="${clientId}" ${attrs} async></script></head><body><main>${body}</main></body></html>`,
    }),
  );
}

/**
 * One trigger run: every timed handler's durations (and whether a garbage collection ran in each)
 * while scrolling, moving, clicking and typing on a long page. `touch`: a phone (touch, no hover),
 * where the touch exit intent needs every scroll position.
 */
async function triggerRun(browser, serverUrl, clientId, slowdown, touch = false) {
  const { context, page } = await freshPage(browser, slowdown, touch ? { hasTouch: true, isMobile: true, viewport: { width: 412, height: 915 } } : {});
  try {
    await page.addInitScript(rulesProbe, { countTimers: false });
    await routeBenchPage(context, serverUrl, clientId);
    await page.goto(new URL('bench-rules/long', serverUrl).href, { timeout: LIMIT.PAGE_MS });
    await page.evaluate((screens) => (document.querySelector('main').style.height = `${screens * innerHeight}px`), LONG_PAGE_SCREENS);
    await page.waitForFunction(() => document.querySelector('kite-widget'), null, { timeout: LIMIT.PAGE_MS });
    await page.waitForTimeout(500);
    // Scroll through 90% of the page in steps, one per frame (the scroll trigger waits at 95%).
    await page.evaluate(async (steps) => {
      const end = (document.documentElement.scrollHeight - innerHeight) * 0.9;
      for (let step = 1; step <= steps; step++) {
        scrollTo(0, (end * step) / steps);
        await new Promise((resolve) => window.__kiteRules.requestFrame(resolve));
      }
    }, HANDLER_EVENTS);
    for (let i = 0; i < HANDLER_EVENTS; i++) await page.mouse.move(20 + (i % 200) * 3, 100 + (i % 50) * 4);
    for (let i = 0; i < HANDLER_EVENTS / 10; i++) await page.mouse.click(30 + i, 200);
    for (let i = 0; i < HANDLER_EVENTS / 10; i++) await page.keyboard.press('Shift');
    // The exit-intent check, on moves that are no exit (the mouse goes to another element).
    await page.evaluate((count) => {
      for (let i = 0; i < count; i++) document.dispatchEvent(new MouseEvent('mouseout', { clientY: 10, relatedTarget: document.body }));
    }, HANDLER_EVENTS);
    const { durations, collected } = await page.evaluate(() => window.__kiteRules);
    const shown = await page.evaluate(() => document.querySelectorAll('kite-poptin').length);
    if (shown) throw new Error(`${shown} pop-up(s) showed during the run: the triggers under test were disarmed`);
    return { durations, collected };
  } finally {
    await context.close();
  }
}

/** How many objects on the heap have the prototype `expression` evaluates to (in the page or detached alike). */
async function liveObjects(cdp, expression) {
  const { result } = await cdp.send('Runtime.evaluate', { expression });
  const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: result.objectId });
  const { result: length } = await cdp.send('Runtime.callFunctionOn', { objectId: objects.objectId, functionDeclaration: 'function () { return this.length; }', returnByValue: true });
  return length.value;
}

/** Heap (after a forced garbage collection), listeners, timers and pop-up nodes after 1, 50 and 500 navigations. */
async function spaRun(browser, serverUrl, clientId) {
  const { context, page } = await freshPage(browser, 1);
  try {
    const cdp = await context.newCDPSession(page);
    await page.addInitScript(rulesProbe, { countTimers: true });
    await routeBenchPage(context, serverUrl, clientId, { attrs: 'data-spa', body: '<div id="benchembedd01"></div>' });
    let calls = 0;
    page.on('requestfinished', (request) => request.url().endsWith(`/api/display/${clientId}`) && (calls += 1));
    await page.goto(new URL('bench-rules/app/0', serverUrl).href, { timeout: LIMIT.PAGE_MS });
    await page.waitForFunction(() => document.querySelectorAll('kite-poptin').length === 2, null, { timeout: LIMIT.PAGE_MS });
    const rows = [];
    const startedAt = Date.now();
    for (let n = 1; n <= SPA_CHECKPOINTS.at(-1); n++) {
      const before = calls;
      await page.evaluate((n) => history.pushState({ n }, '', `/bench-rules/app/${n}`), n);
      const deadline = Date.now() + LIMIT.PAGE_MS;
      while (calls === before && Date.now() < deadline) await page.waitForTimeout(5);
      await page.waitForFunction(() => [...document.querySelectorAll('kite-poptin')].filter((p) => p.shadowRoot?.querySelector('[role="dialog"]')).length === 2, null, { timeout: LIMIT.PAGE_MS, polling: 10 });
      if (SPA_CHECKPOINTS.includes(n)) {
        await page.waitForTimeout(SPA_QUIET_MS);
        // Counted first: counting also drops the probe's own references to nodes already collected.
        const counts = await page.evaluate(() => window.__kiteRules.counts());
        await cdp.send('HeapProfiler.collectGarbage');
        const { usedSize } = await cdp.send('Runtime.getHeapUsage');
        rows.push({ navigations: n, heapBytes: usedSize, ...counts, liveElements: await liveObjects(cdp, "customElements.get('kite-poptin').prototype"), elapsedMs: Date.now() - startedAt });
      }
    }
    return rows;
  } finally {
    await context.close();
  }
}

async function measureRules(server) {
  const serverUrl = server.url;
  const { chromium } = await import('playwright-core');
  // Precise memory info: the probe tells calls with a garbage collection in them by the heap shrinking.
  const browser = await chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'], timeout: LIMIT.PAGE_MS });
  onCleanup(() => browser.close());
  // Armed on every page: scroll (95%, never reached), inactivity and click count (never reached), exit intent.
  const triggersClient = benchClient(server, 'bench-triggers', [
    benchRecord('benchscroll01', { scroll_percent: 95 }),
    benchRecord('benchidle0001', { inactivity_seconds: 600 }),
    benchRecord('benchclicks01', { click_count: 1_000 }),
    benchRecord('benchexit0001', { exit_intent: true }),
    benchRecord('benchmobile01', { exit_intent_mobile: true, seconds: 600 }),
  ]);
  const spaClient = benchClient(server, 'bench-spa', [
    benchRecord('benchembedd01', { page_load: true }, { poptin_type: 'embedded' }),
    benchRecord('benchspabar01', { page_load: true }),
    benchRecord('benchspalater', { seconds: 600, inactivity_seconds: 600, click_count: 1_000 }),
  ]);
  const handlers = {};
  for (const setting of TRIGGER_SETTINGS) {
    const runs = [];
    for (let run = 0; run < TRIGGER_RUNS; run++) {
      const result = await attempt(`trigger handlers, ${setting.label}`, () => triggerRun(browser, serverUrl, triggersClient, setting.slowdown, setting.touch));
      if (!result.error) runs.push(result);
    }
    handlers[setting.label] = runs.length ? { runs, ...pool(runs) } : { error: 'every run failed' };
  }
  console.log('bench: trigger handlers measured');
  const spa = await attempt('single-page-app navigations', () => spaRun(browser, serverUrl, spaClient));
  console.log('bench: single-page-app navigations measured');
  return { handlers, spa };
}

/** The settings of the trigger rows: a desktop at full speed and at 4x CPU slowdown, a phone at 4x. */
const TRIGGER_SETTINGS = [
  { label: 'CPU 1x', slowdown: 1, touch: false },
  { label: `CPU ${CPU_SLOWDOWN}x`, slowdown: CPU_SLOWDOWN, touch: false },
  { label: `CPU ${CPU_SLOWDOWN}x, touch`, slowdown: CPU_SLOWDOWN, touch: true },
];

/** Several runs' durations (and garbage-collection marks) in one list per event type. */
function pool(runs) {
  const pooled = { durations: {}, collected: {} };
  for (const { durations, collected } of runs) {
    for (const type of Object.keys(durations)) {
      (pooled.durations[type] ??= []).push(...durations[type]);
      (pooled.collected[type] ??= []).push(...collected[type]);
    }
  }
  return pooled;
}

function renderRules(rules, section) {
  if (rules.error) return section('Triggers and single-page apps', `Unavailable: ${rules.error}`);
  const rows = [];
  for (const { label } of TRIGGER_SETTINGS) {
    const measured = rules.handlers[label];
    if (measured.error) {
      rows.push([label, 'all', `unavailable: ${measured.error}`, '', '', '', '', '', '']);
      continue;
    }
    for (const [type, values] of Object.entries(measured.durations).sort()) {
      const worst = Math.max(...values);
      // Slow code is slow in every run; a stall of the loaded machine hits one run, not all.
      const quietest = Math.min(...measured.runs.filter((run) => run.durations[type]).map((run) => Math.max(...run.durations[type])));
      const withoutGc = values.filter((_, index) => !measured.collected[type][index]);
      const worstWithoutGc = withoutGc.length ? Math.max(...withoutGc) : NaN;
      rows.push([
        label,
        `\`${type}\``,
        String(values.length),
        ms(median(values)),
        ms(percentile(values, 99)),
        ms(worst),
        ms(quietest),
        `${ms(worstWithoutGc)} (${values.length - withoutGc.length})`,
        worst <= HANDLER_BUDGET_MS ? 'yes' : quietest <= HANDLER_BUDGET_MS ? 'in the quietest run' : '**no**',
      ]);
    }
  }
  const spa = rules.spa;
  section(
    'Triggers and single-page apps',
    `Main-thread time of each call of the widget's handlers for the events its triggers watch, on a page ${LONG_PAGE_SCREENS} window heights ` +
      'tall, with five pop-ups armed (scroll 95%, inactivity, click count, exit intent, touch exit intent with a timer): ' +
      `${HANDLER_EVENTS} scroll steps (one per frame) through 90% of the page, ${HANDLER_EVENTS} mouse moves, ${HANDLER_EVENTS / 10} clicks and key presses, ` +
      `${HANDLER_EVENTS} mouse-outs that are no exit. Timed by wrapping the listeners added to \`window\` and \`document\` (every handler of that event ` +
      'type on the page, React\'s included) and the page\'s animation-frame callbacks (`animation frame`: the widget requests none, its scroll ' +
      `listener reads the page itself; the few counted are Playwright's \`waitForFunction\` polling, which goes through the page's; the bench's own frames are not counted). ${TRIGGER_RUNS} runs per setting, pooled; the touch setting is a ` +
      'phone (touch, no hover, 412 x 915) with the touch exit intent armed. The machine is shared and loaded, so one call\'s time can hold a ' +
      'garbage collection or a stall of the machine (with the CPU throttled, a late resume of the throttled thread): **p99** is the 99th ' +
      'percentile of all calls, **worst** the slowest call of all runs, **quietest run** the slowest call of the run whose slowest call was ' +
      'fastest (slow code is slow in every run), **without GC** the slowest call during which the JS heap did not shrink (no collection ran in ' +
      'it; Chromium with `--enable-precise-memory-info`), with the count of calls that had one in brackets. ' +
      `The issue's bound: no handler over ${HANDLER_BUDGET_MS} ms.`,
    table(['setting', 'event', 'calls', 'median', 'p99', 'worst', 'quietest run', 'without GC (calls with GC)', `≤ ${HANDLER_BUDGET_MS} ms`], rows),
    spa.error
      ? `Single-page app: unavailable: ${spa.error}`
      : 'A single-page app (`data-spa`) with an embedded pop-up, a bar and a pop-up armed with long timers, navigated with `history.pushState` ' +
          `to a new address each time; each navigation waits for its display call and its two pop-ups. Taken ${SPA_QUIET_MS / 1000} s after the ` +
          'checkpoint navigation, the heap after a forced garbage collection (CDP `HeapProfiler.collectGarbage`, `Runtime.getHeapUsage`); ' +
          'listeners added and not removed (on connected nodes, `window` and `document`), timers pending, `kite-poptin` nodes in the page, ' +
          'and `kite-poptin` objects alive on the heap, in the page or not (CDP `Runtime.queryObjects`): a pop-up the widget dropped must be collected. ' +
          'With those counts flat, what the heap still gains comes from elsewhere: heap snapshots taken while writing this bench (50 against ' +
          '250 navigations) showed only compiled code and the network records of the DevTools connection that drives the page.',
    ...(spa.error
      ? []
      : [
          table(
            ['navigations', 'JS heap', 'listeners', 'timers', 'pop-up nodes', 'pop-up objects alive', 'elapsed'],
            spa.map((row) => [String(row.navigations), `${(row.heapBytes / 1024 / 1024).toFixed(2)} MB`, String(row.listeners), String(row.timers), String(row.poptins), String(row.liveElements), `${(row.elapsedMs / 1000).toFixed(1)} s`]),
          ),
        ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Server load

/** The demo pop-up's ids, from a display call as the widget makes it. */
async function demoPoptin(baseUrl, clientId) {
  const response = await fetch(new URL(`api/display/${clientId}`, baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ domain: '127.0.0.1', url: new URL('store', baseUrl).href }),
  });
  if (!response.ok) throw new Error(`display call answered ${response.status}`);
  const { poptins } = await response.json();
  const poptin = poptins?.find((record) => /lightbox/.test(record.poptin_type ?? '') && record.viewer_id) ?? poptins?.find((record) => record.viewer_id);
  if (!poptin) throw new Error('the display answer has no pop-up with a viewer_id');
  return { poptinId: poptin.poptin_id, viewerId: poptin.viewer_id };
}

/** One bounded autocannon run; resolves its result (stopped early if it overruns). */
async function load(options) {
  const { default: autocannon } = await import('autocannon');
  const instance = autocannon({ connections: LOAD_CONNECTIONS, duration: LOAD_SECONDS, ...options });
  onCleanup(() => instance.stop?.());
  return withTimeout(instance, LOAD_SECONDS * 1000 + LIMIT.LOAD_SLACK_MS, `autocannon ${options.title}`);
}

async function measureServer(baseUrl, clientId) {
  const { poptinId, viewerId } = await demoPoptin(baseUrl, clientId);
  const display = await load({
    title: 'display call',
    url: new URL(`api/display/${clientId}`, baseUrl).href,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domain: '127.0.0.1', url: new URL('store', baseUrl).href }),
  });
  // Each conversion needs its own key (the server saves a lead once per key), so each request gets a fresh body.
  const runId = randomBytes(4).toString('hex');
  let sequence = 0;
  const conversion = await load({
    title: 'conversion call',
    url: baseUrl,
    requests: [
      {
        method: 'POST',
        path: `/api/display/conversion/${viewerId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        setupRequest: (request) => {
          sequence += 1;
          const body = new URLSearchParams({
            poptin_id: poptinId,
            client_id: clientId,
            email: `bench-${runId}-${sequence}@example.com`,
            conversion_key: `bench-${runId}-${sequence}`,
          }).toString();
          return { ...request, headers: { ...request.headers }, body };
        },
      },
    ],
  });
  return { display, conversion, poptinId, viewerId };
}

// ---------------------------------------------------------------------------------------------
// Report

/** A markdown table; columns of figures are right-aligned so their units line up. */
function table(headers, rows) {
  const isFigure = (text) => text === '' || text === 'n/a' || /^\**\d/.test(text);
  const align = headers.map((_, column) => (column > 0 && rows.every((row) => isFigure(String(row[column]))) ? '---:' : '---'));
  return [`| ${headers.join(' | ')} |`, `| ${align.join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

function timingRow(label, runs, pick) {
  const values = runs.results.map(pick);
  const failed = runs.errors.length ? ` (${runs.errors.length} failed: ${runs.errors[0].replace(/\|/g, '\\|')})` : '';
  return [label, `${values.length}/${RUNS}${failed}`, ms(median(values)), ms(percentile(values, 90))];
}

function render(facts) {
  const { machine, kite, peerSizes, timings, types, server, notes } = facts;
  const lines = [];
  const section = (title, ...body) => lines.push(`## ${title}`, '', ...body.flatMap((block) => [block, '']));

  lines.push('# Kite benchmarks', '', `Generated by \`npm run bench\` (scripts/bench.mjs) on ${machine.date}; every figure below was measured in that run. Do not edit by hand.`, '');
  section(
    'Machine',
    table(
      ['', 'value'],
      [
        ['CPU', `${machine.cpuModel} (${machine.cores} cores)`],
        ['Node.js', machine.node],
        ['Chromium', machine.chromium],
        ['OS', `${process.platform} ${process.arch}`],
      ],
    ),
  );

  const lightbox = kite.lightbox;
  section(
    'Sizes',
    'Every JS file of `dist/` (already minified by the build), compressed with gzip level 9 and brotli quality 11. ' +
      'The lightbox set is everything a page fetches to show the lightbox pop-up with its form: `widget.js`, the static imports of ' +
      '`widget-runtime.js` and those of the poptin element chunk, each file once.',
    table(
      ['file', 'minified', 'min+gzip', 'min+brotli'],
      [
        ...kite.files.map((file) => [`\`${file.file}\``, `${file.raw} B`, `${file.gzip} B`, `${file.brotli} B`]),
        [
          `**lightbox set** (${lightbox.count} files)${lightbox.missing.length ? `, missing: ${lightbox.missing.join(', ')}` : ''}`,
          `${lightbox.raw} B`,
          `**${lightbox.gzip} B (${kb(lightbox.gzip)})**`,
          `${lightbox.brotli} B (${kb(lightbox.brotli)})`,
        ],
      ],
    ),
  );

  section(
    'Peers, measured the same way',
    peerSizes.error
      ? `Peer rows unavailable: ${peerSizes.error}`
      : 'Installed at bench time into a temp directory (never into the project), bundled and minified with esbuild into one file, ' +
          'compressed as above. The ratio compares the Kite lightbox set (loader, runtime, React, XState, the pop-up and its form) with the peer.',
    ...(peerSizes.peers?.length
      ? [
          table(
            ['library', 'what it covers', 'minified', 'min+gzip', 'min+brotli', 'Kite lightbox set / peer (gzip)'],
            peerSizes.peers.map((peer) =>
              peer.error
                ? [`${peer.name}`, peer.what, `unavailable: ${peer.error}`, '', '', '']
                : [`${peer.name} ${peer.version}`, `${peer.what}; bundled from ${peer.sources.map((source) => `\`${source}\``).join(', ')}`, `${peer.raw} B`, `${peer.gzip} B (${kb(peer.gzip)})`, `${peer.brotli} B`, ratio(lightbox.gzip, peer.gzip)],
            ),
          ),
        ]
      : []),
  );

  if (timings.error) section('Pop-up timing', `Unavailable: ${timings.error}`);
  else {
    const { kiteFast, kiteSlow, peerFast, peerSlow, peerName } = timings;
    const peerRows = peerFast
      ? [
          timingRow(`${peerName}: \`Swal.fire()\` to popup visible`, peerFast, (r) => r.showMs),
          timingRow(`${peerName}, CPU ${CPU_SLOWDOWN}x slower`, peerSlow, (r) => r.showMs),
          timingRow(`${peerName}: navigation start to popup visible`, peerFast, (r) => r.navigationMs),
          timingRow(`${peerName}: navigation start to popup visible, CPU ${CPU_SLOWDOWN}x slower`, peerSlow, (r) => r.navigationMs),
        ]
      : [];
    const medianOf = (runs, key) => median(runs.results.map((r) => r[key]));
    section(
      'Pop-up timing',
      `Chromium headless, ${RUNS} runs per row, each a fresh visitor (new browser context: no cookies, storage or cache). ` +
        'Kite: the demo store page (`/store`, lightbox on page load) from the end of the display call response ' +
        '(Resource Timing `responseEnd` of `POST /api/display/{client}`) to the first animation frame in which the ' +
        "`kite-poptin` dialog (`[role=dialog]` in its shadow root) is rendered with a size and non-zero opacity. That span " +
        'includes fetching and running the widget runtime, React, XState and the pop-up chunks over loopback. ' +
        `Peer: a plain page that loads ${peerName ?? 'the peer'} from the same kind of loopback server and calls \`Swal.fire()\` at once ` +
        '(title, text, an email field); timed from that call, which has no network or script loading in it, and from navigation start, ' +
        'to the first frame with `.swal2-popup` visible the same way. Kite\'s navigation rows also include the display call, ' +
        'which decides whether and what to show; the peer page has nothing to ask. ' +
        `The slower rows use Chromium's CPU throttling (\`Emulation.setCPUThrottlingRate\`, rate ${CPU_SLOWDOWN}).`,
      table(
        ['measure', 'runs', 'median', 'p90'],
        [
          timingRow('Kite: display response to pop-up visible', kiteFast, (r) => r.showMs),
          timingRow(`Kite, CPU ${CPU_SLOWDOWN}x slower`, kiteSlow, (r) => r.showMs),
          timingRow('Kite: navigation start to pop-up visible', kiteFast, (r) => r.navigationMs),
          timingRow(`Kite: navigation start to pop-up visible, CPU ${CPU_SLOWDOWN}x slower`, kiteSlow, (r) => r.navigationMs),
          ...peerRows,
        ],
      ),
      ...(peerFast
        ? [
            table(
              ['ratio of medians', 'normal CPU', `CPU ${CPU_SLOWDOWN}x slower`],
              [
                [
                  `Kite display response to visible / ${peerName} \`fire()\` to visible`,
                  ratio(medianOf(kiteFast, 'showMs'), medianOf(peerFast, 'showMs')),
                  ratio(medianOf(kiteSlow, 'showMs'), medianOf(peerSlow, 'showMs')),
                ],
                [
                  `Kite / ${peerName}, navigation start to visible`,
                  ratio(medianOf(kiteFast, 'navigationMs'), medianOf(peerFast, 'navigationMs')),
                  ratio(medianOf(kiteSlow, 'navigationMs'), medianOf(peerSlow, 'navigationMs')),
                ],
              ],
            ),
          ]
        : ['Peer timing unavailable (the peer could not be installed or bundled).']),
    );

    section(
      'Long tasks during widget start',
      `Tasks over ${LONG_TASK_MS} ms (Long Tasks API) that started between navigation and the pop-up visible on the demo store, per run; median over the runs.`,
      table(
        ['CPU', 'runs', 'long tasks (median count)', 'long-task time (median total)', 'long-task time (p90 total)'],
        [
          ['normal', kiteFast],
          [`${CPU_SLOWDOWN}x slower`, kiteSlow],
        ].map(([label, runs]) => [
          label,
          `${runs.results.length}/${RUNS}`,
          count(median(runs.results.map((r) => r.longTaskCount))),
          ms(median(runs.results.map((r) => r.longTaskMs))),
          ms(percentile(runs.results.map((r) => r.longTaskMs), 90)),
        ]),
      ),
    );
  }

  if (types.error) section('Pop-up types', `Unavailable: ${types.error}`);
  else {
    const { width, height } = types.viewport;
    const shiftAsExpected = (row) => (row.expected === 'none' ? row.shifts === 0 : row.shifts === 1);
    section(
      'Layout shift when each pop-up type opens',
      `The gallery page (\`/types\`) in Chromium headless at ${width} x ${height}, a fresh visitor per type. Each pop-up is opened by a script ` +
        'call (`kiteTypes.show(record)`, no click, so no shift is excused as input-driven; entries with `hadRecentInput` would be left out ' +
        'anyway), and every `layout-shift` entry (PerformanceObserver) from that moment until the entry effect has ended and ' +
        `${SHIFT_SETTLE_MS} ms more is counted. CLS is the sum of their values. Overlay and corner types are fixed boxes and move nothing; ` +
        'a top bar (bar or mobile) pushes the page down by its height in one step; the embedded form fills the space its slot reserves ' +
        '(scrolled into view first, so a shift would be seen).',
      table(
        ['type (record)', 'expected', 'layout shifts', 'CLS', 'as expected'],
        types.shifts.map((row) =>
          row.error
            ? [`${row.label} (\`${row.record}\`)`, row.expected, `failed: ${row.error.replace(/\|/g, '\\|')}`, '', '']
            : [`${row.label} (\`${row.record}\`)`, row.expected, String(row.shifts), row.cls.toFixed(4), shiftAsExpected(row) ? 'yes' : '**no**'],
        ),
      ),
    );
    section(
      'Trigger to the first frame of the entry effect',
      `The gallery page, ${RUNS} fresh visitors per type, the pop-up code already loaded and the record fetched. Timed from the script call ` +
        'that opens the pop-up (`kiteTypes.show(record)`, what a trigger does) to the first animation frame in which the dialog\'s entry ' +
        'effect (the `kite-effect-*` Web Animation) is running and no longer pending. The effect is the record\'s own (fullpage always fades in).',
      table(
        ['type (record)', 'effect', 'runs', 'median', 'p90'],
        types.effects.map((row) => {
          const [label, runs, median50, p90] = timingRow(`${row.label} (\`${row.record}\`)`, row.runs, (r) => r.ms);
          return [label, row.runs.results[0]?.effect ?? 'n/a', runs, median50, p90];
        }),
      ),
    );
    section(
      'Background animation frame rate',
      `The lightbox with each background animation drawn behind its content, a fresh visitor each; once the canvas has drawn, the time ` +
        `between \`requestAnimationFrame\` callbacks (their timestamps) for ${BACKGROUND_SAMPLE_MS / 1000} s. "Under ${SMOOTH_FRAME_MS} ms" is ` +
        'the share of frames strictly within one 60 Hz refresh; at a steady 60 Hz the frame times jitter around 16.67 ms by about 0.1 ms, ' +
        `so that share sits near half even with no refresh missed. "No missed refresh" is the share under ${MISSED_REFRESH_MS.toFixed(2)} ms ` +
        '(a missed refresh doubles a frame). Chromium headless paints without a GPU here (`--disable-gpu`).',
      table(
        ['animation', 'frames', `under ${SMOOTH_FRAME_MS} ms`, 'no missed refresh', 'median frame', 'p95 frame'],
        types.backgrounds.map((row) =>
          row.error
            ? [`\`${row.kind}\``, `failed: ${row.error.replace(/\|/g, '\\|')}`, '', '', '', '']
            : [
                `\`${row.kind}\``,
                String(row.frames),
                `${(row.smoothShare * 100).toFixed(1)} %`,
                `${(row.noMissShare * 100).toFixed(1)} %`,
                ms(row.medianMs),
                ms(row.p95Ms),
              ],
        ),
      ),
    );
  }

  if (server.error) section('Reference server', `Unavailable: ${server.error}`);
  else {
    const row = (label, result) => [
      label,
      `${result.requests.average.toFixed(0)} req/s`,
      `${result.requests.total}`,
      `${result.latency.p50} ms`,
      `${result.latency.p99} ms`,
      `${result.non2xx}`,
      `${result.errors} / ${result.timeouts}`,
    ];
    section(
      'Reference server',
      `autocannon ${LOAD_SECONDS} s per call, ${LOAD_CONNECTIONS} connections, no pipelining, over loopback to the server running in the bench's own ` +
        'Node.js process (SQLite in a temp directory). Display: `POST /api/display/{client}` with a minimal JSON body. ' +
        `Conversion: \`POST /api/display/conversion/{viewer_id}\` (pop-up \`${server.poptinId}\`), form-encoded, a new \`conversion_key\` and email on every request, so each one stores a lead.`,
      table(
        ['call', 'throughput (mean)', 'requests', 'latency p50', 'latency p99', 'non-2xx', 'errors / timeouts'],
        [row('display', server.display), row('conversion', server.conversion)],
      ),
    );
  }

  if (facts.rules) renderRules(facts.rules, section);
  if (facts.site) lines.push(facts.site.markdown.trimEnd(), '');
  if (notes.length) section('Notes from this run', notes.map((note) => `- ${note}`).join('\n'));
  return `${lines.join('\n').trimEnd()}\n`;
}

// ---------------------------------------------------------------------------------------------

async function ensureBuild() {
  const build = await run(process.execPath, ['scripts/build.mjs', '--if-stale'], { timeoutMs: LIMIT.BUILD_MS, inherit: true });
  if (build.code !== 0) throw new Error('the build failed (see above); fix it or run `npm run build`');
}

/** Starts the reference server on a free loopback port with its own temp database. */
async function startReferenceServer(dataDir) {
  const { startServer } = await import('../demo/server/server.ts');
  const { DEMO_CLIENT_ID } = await import('../demo/server/constants.ts');
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, quiet: true });
  onCleanup(() => server.close());
  return { server, clientId: DEMO_CLIENT_ID };
}

async function measureTimings(serverUrl, peer, notes) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, timeout: LIMIT.PAGE_MS });
  onCleanup(() => browser.close());
  const storeUrl = new URL('store', serverUrl).href;
  const chromiumVersion = browser.version();

  const timings = {
    kiteFast: await repeat('kite pop-up', () => kiteRun(browser, storeUrl, 1)),
    kiteSlow: await repeat(`kite pop-up, CPU ${CPU_SLOWDOWN}x`, () => kiteRun(browser, storeUrl, CPU_SLOWDOWN)),
  };
  if (peer?.file) {
    const peerServer = await startPeerServer(peer.file);
    onCleanup(() => peerServer.close());
    timings.peerName = `${peer.name} ${peer.version}`;
    timings.peerFast = await repeat(peer.name, () => sweetAlertRun(browser, peerServer.url, 1));
    timings.peerSlow = await repeat(`${peer.name}, CPU ${CPU_SLOWDOWN}x`, () => sweetAlertRun(browser, peerServer.url, CPU_SLOWDOWN));
  } else notes.push('No peer pop-up timing: sweetalert2 was not available.');
  return { timings, chromiumVersion };
}

async function main() {
  const notes = [];
  await ensureBuild();
  const kite = measureKiteSizes();
  console.log(`bench: sizes measured (${kite.files.length} files, lightbox set ${kb(kite.lightbox.gzip)} min+gzip)`);

  const tmp = mkdtempSync(join(tmpdir(), 'kite-bench-'));
  onCleanup(() => rmSync(tmp, { recursive: true, force: true }));

  let peerSizes = { peers: [] };
  const onlySite = process.argv.includes('--only-site');
  const onlyRules = process.argv.includes('--only-rules');
  const skipPeers = ['--no-peers', '--only-types', '--only-site', '--only-rules'].find((flag) => process.argv.includes(flag));
  if (skipPeers) peerSizes = { error: `skipped (${skipPeers})` };
  else {
    console.log(`bench: installing peers into ${tmp} (${PEERS.map((peer) => peer.spec).join(', ')})`);
    peerSizes = await preparePeers(tmp);
    if (peerSizes.error) console.log(`bench: peer rows unavailable: ${peerSizes.error}`);
  }
  const sweetAlert = peerSizes.peers?.find((peer) => peer.name === 'sweetalert2' && !peer.error);

  let timings = { error: 'not run' };
  let types = { error: 'not run' };
  let server = { error: 'not run' };
  const onlyTypes = process.argv.includes('--only-types');
  let chromiumVersion = 'n/a';
  let reference;
  try {
    reference = await startReferenceServer(join(tmp, 'data'));
    console.log(`bench: reference server on ${reference.server.url}`);
  } catch (error) {
    // Without tsx, Node cannot load the server's TypeScript: say how to run the bench instead.
    const hint = error.code === 'ERR_UNKNOWN_FILE_EXTENSION' ? ' (run the bench as `node --import tsx scripts/bench.mjs`)' : '';
    timings = types = server = { error: `the reference server did not start: ${error.message.split('\n')[0]}${hint}` };
    console.log(`bench: ${timings.error}`);
  }

  let rules = { error: 'not run' };
  if (reference && !onlyTypes && !onlySite) {
    rules = await attempt('triggers and single-page apps', () => measureRules(reference.server));
  } else if (reference) rules = { error: `skipped (${onlySite ? '--only-site' : '--only-types'})` };
  if (reference && onlyRules) {
    timings = server = types = { error: 'skipped (--only-rules)' };
  } else if (reference && (onlyTypes || onlySite)) {
    timings = server = { error: `skipped (${onlySite ? '--only-site' : '--only-types'})` };
    if (onlySite) types = { error: 'skipped (--only-site)' };
  } else if (reference) {
    try {
      const measured = await measureTimings(reference.server.url, sweetAlert, notes);
      timings = measured.timings;
      chromiumVersion = measured.chromiumVersion;
    } catch (error) {
      timings = { error: error.message.split('\n')[0] };
    }
  }
  if (reference && !onlySite && !onlyRules) {
    try {
      console.log('bench: pop-up types on the gallery page');
      types = await measureTypes(reference.server.url);
      if (chromiumVersion === 'n/a') chromiumVersion = types.chromiumVersion;
      const shifted = types.shifts.filter((row) => !row.error && (row.expected === 'none' ? row.shifts !== 0 : row.shifts !== 1));
      if (shifted.length) notes.push(`Layout shift not as expected for: ${shifted.map((row) => `${row.label} (${row.shifts} shifts, CLS ${row.cls.toFixed(4)})`).join(', ')}.`);
    } catch (error) {
      types = { error: error.message.split('\n')[0] };
    }
  }
  if (reference && !onlyTypes && !onlySite && !onlyRules) {
    try {
      console.log(`bench: load on the display and conversion calls (${LOAD_SECONDS} s each)`);
      server = await measureServer(reference.server.url, reference.clientId);
      for (const [name, result] of [['display', server.display], ['conversion', server.conversion]]) {
        if (result.non2xx > 0) notes.push(`${name} call: ${result.non2xx} non-2xx answers under load (status counts: ${JSON.stringify(result.statusCodeStats)}).`);
      }
    } catch (error) {
      server = { error: error.message.split('\n')[0] };
    }
  }
  let site = { markdown: `## Lightbox and player against their peers\n\nSkipped (${onlyTypes ? '--only-types' : '--no-peers'}).\n` };
  if (!onlyTypes && !onlyRules && !process.argv.includes('--no-peers')) {
    try {
      site = await benchSite({ runs: RUNS, tmpDir: tmp, log: (line) => console.log(line), onCleanup, cpuSlowdown: CPU_SLOWDOWN });
      if (chromiumVersion === 'n/a') chromiumVersion = site.chromiumVersion;
    } catch (error) {
      site = { markdown: `## Lightbox and player against their peers\n\nUnavailable: ${error.message.split('\n')[0]}\n` };
    }
  }
  if (RUNS !== 20 || LOAD_SECONDS !== 10) notes.push(`Shortened run: --runs ${RUNS}, --seconds ${LOAD_SECONDS} (the defaults are 20 and 10).`);

  const cpu = cpus();
  const machine = {
    date: new Date().toISOString(),
    cores: cpu.length,
    cpuModel: cpu[0]?.model?.trim() ?? 'unknown',
    node: process.version,
    chromium: chromiumVersion,
  };
  // The lead form (issue 5): its chunks, the business-email shard and submit to thank-you.
  let form = { markdown: '## Lead form (issue 5)\n\nSkipped.\n' };
  if (reference && !['--only-types', '--only-site', '--only-rules'].some((flag) => process.argv.includes(flag))) {
    try {
      form = await benchForm({ runs: RUNS, serverUrl: reference.server.url, log: (text) => console.log(text) });
    } catch (error) {
      form = { markdown: `## Lead form (issue 5)\n\nUnavailable: ${error.message.split('\n')[0]}\n` };
    }
  }
  // The page shell (issue 14): scroll cost against the floor, and the lit-only page's bytes.
  let shell;
  try {
    shell = await benchShell({ cpuSlowdown: CPU_SLOWDOWN, log: (text) => console.log(text) });
  } catch (error) {
    shell = { markdown: `## Page shell (issue 14)\n\nUnavailable: ${error.message.split('\n')[0]}\n` };
  }
  // The table of contents (issue 14) against tocbot.
  let toc = { markdown: '## Table of contents: kite-toc against tocbot\n\nSkipped.\n' };
  if (!['--only-types', '--only-site', '--only-rules', '--no-peers'].some((flag) => process.argv.includes(flag))) {
    try {
      toc = await benchToc({ runs: RUNS, tmpDir: tmp, log: (text) => console.log(text), onCleanup, cpuSlowdown: CPU_SLOWDOWN });
    } catch (error) {
      toc = { markdown: `## Table of contents: kite-toc against tocbot\n\nUnavailable: ${error.message.split('\n')[0]}\n` };
    }
  }
  const markdown = `${render({ machine, kite, peerSizes, timings, types, server, site, rules, notes })}\n${form.markdown}\n${shell.markdown}\n${toc.markdown}`;
  mkdirSync(dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, markdown);
  console.log(`\n${markdown}`);
  console.log(`bench: wrote ${OUTPUT}`);
}

const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${LIMIT.WHOLE_RUN_MS / 60_000} min; stopping.`);
  cleanUp().finally(() => process.exit(1));
}, LIMIT.WHOLE_RUN_MS);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => cleanUp().finally(() => process.exit(130)));

let code = 0;
try {
  process.chdir(fileURLToPath(new URL('..', import.meta.url))); // dist/, docs/ and the build are found from the repo root
  await main();
} catch (error) {
  console.error(`bench: ${error.message}`);
  code = 1;
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
process.exit(code);
