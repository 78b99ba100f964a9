// The Lighthouse rows of `npm run bench` (issue 22, item 7: "no cost in the host page's Lighthouse
// score"): Lighthouse's performance score, its largest contentful paint and the LCP element, on
// every demo page that shows a pop-up on load and on the content pages, with its mobile and its
// desktop preset, with Kite and without it, in this run.
//
//   with Kite     the page as the demo server serves it (its pop-ups included, a fresh visitor).
//   without Kite  the same page with Kite's files refused (Lighthouse's blockedUrlPatterns), as the
//                 layout-shift rows do: what the page scores by itself.
//
// Each figure is the median of its runs (3 unless --runs is lower), each run in a fresh Chromium
// (its own profile: no cookie says the pop-up was seen). Goal: with Kite, the page's score at least
// its score without Kite, and the same LCP element.
//
// While working on a page, run this file alone on it: `node --import tsx scripts/bench/lighthouse.mjs
// --runs 1 --page /content.html --preset mobile` (`--page` and `--preset` repeat; the survey of
// pages with a pop-up on load is then skipped).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findChromium } from '../chromium.mjs';
import { START } from '../../shared/constants/widget.ts';
import { runAlone } from './lib/alone.mjs';
import { freshPage, launchChromium } from './lib/browser.mjs';
import { demoPages } from './lib/layout-shift.mjs';
import { addNote, cell, count, ms, section, table } from './lib/markdown.mjs';
import { median, record } from './lib/measure.mjs';
import { withResources, withTimeout } from './lib/process.mjs';
import { LIMIT, RUNS, valuesOf } from './lib/settings.mjs';
import { benchTempDir, referenceServer } from './lib/setup.mjs';

const TITLE = 'Lighthouse on the demo pages (issue 22, item 7)';
/** The issue's "median of 3": fewer when --runs is lower. */
const LIGHTHOUSE_RUNS = Math.min(RUNS, 3);
/** Pages measured whether or not they show a pop-up on load: the pages of content (articles, fold sections). */
const CONTENT_PAGES = ['/article.html', '/content.html'];
/** Kite's files as the demo server serves them, in Lighthouse's URL pattern syntax. */
const KITE_FILES = '*/kite/*';
/** How long after the load event a page is watched for a pop-up on load: the spec's page-load delay and a margin. */
const POPUP_WAIT_MS = START.PAGE_LOAD_DELAY_MS + 3_500;
/** The windows the page survey opens: a pop-up may be for phones or for desktops only. */
const SURVEY_WINDOWS = [{ viewport: { width: 1280, height: 800 } }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }];
/** A Lighthouse run: load, trace and audits of one page, with room for a loaded machine. */
const LIGHTHOUSE_MS = 120_000;
/** How long Chromium gets to say which port its DevTools listen on. */
const DEVTOOLS_WAIT_MS = 10_000;
const LABEL_CHARS = 40;
/** Lighthouse's own package file, for its version (the bench runs from the repo root). */
const LIGHTHOUSE_PACKAGE = 'node_modules/lighthouse/package.json';

/** Page function: whether a `kite-poptin` on the page shows its dialog. */
const popupShown = () =>
  [...document.querySelectorAll('kite-poptin')].some((host) => host.shadowRoot?.querySelector('[role="dialog"][data-state="shown"]'));

/** Whether `url` shows a pop-up by itself, within POPUP_WAIT_MS of its load, to a fresh visitor in `contextOptions`. */
async function showsPopupOnLoad(browser, url, contextOptions) {
  const { context, page } = await freshPage(browser, { contextOptions });
  try {
    await page.goto(url, { waitUntil: 'load', timeout: LIMIT.PAGE_MS });
    return await page.waitForFunction(popupShown, null, { timeout: POPUP_WAIT_MS, polling: 100 }).then(
      () => true,
      () => false,
    );
  } finally {
    await context.close();
  }
}

/** The pages and presets asked for on the command line (running this file alone), else all. */
const CHOSEN_PAGES = valuesOf('--page');
const CHOSEN_PRESETS = valuesOf('--preset');

/** The demo pages that show a pop-up on load in a desktop window or on a phone, then the content pages. */
async function pagesToMeasure(baseUrl) {
  if (CHOSEN_PAGES.length) return { onLoad: CHOSEN_PAGES.filter((path) => !CONTENT_PAGES.includes(path)), pages: CHOSEN_PAGES };
  const onLoad = await withResources(async (onStop) => {
    const browser = await launchChromium(onStop);
    const found = [];
    for (const path of demoPages()) {
      const url = new URL(path, baseUrl).href;
      const shows = await Promise.all(SURVEY_WINDOWS.map((options) => showsPopupOnLoad(browser, url, options)));
      if (shows.some(Boolean)) found.push(path);
    }
    console.log(`bench: pages with a pop-up on load: ${found.join(', ') || 'none'}`);
    return found;
  });
  return { onLoad, pages: [...new Set([...onLoad, ...CONTENT_PAGES])].sort() };
}

/**
 * Starts a fresh Chromium (its own profile) that Lighthouse can drive, and registers its end with
 * `onStop`; resolves the DevTools port it chose (it writes it into its profile).
 */
async function debuggableChromium(onStop, profile) {
  const child = spawn(findChromium(), [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  onStop(async () => {
    child.kill('SIGKILL');
  });
  const portFile = join(profile, 'DevToolsActivePort');
  const started = Date.now();
  while (!existsSync(portFile) || !readFileSync(portFile, 'utf8').includes('\n')) {
    if (child.exitCode !== null) throw new Error(`Chromium exited (${child.exitCode}) before it listened for DevTools`);
    if (Date.now() - started > DEVTOOLS_WAIT_MS) throw new Error('Chromium did not say which DevTools port it listens on');
    await new Promise((wait) => setTimeout(wait, 50));
  }
  return Number(readFileSync(portFile, 'utf8').split('\n')[0]);
}

let profiles = 0;
/** One Lighthouse run of `url` in a fresh Chromium: the score (0-100), the LCP in ms and the LCP element. */
async function lighthouseRun(url, config, withKite) {
  const { default: lighthouse } = await import('lighthouse');
  return withResources(async (onStop) => {
    const port = await debuggableChromium(onStop, benchTempDir(`lighthouse-${(profiles += 1)}`));
    const flags = { port, onlyCategories: ['performance'], output: 'json', logLevel: 'error', blockedUrlPatterns: withKite ? [] : [KITE_FILES] };
    const result = await withTimeout(lighthouse(url, flags, config), LIGHTHOUSE_MS, `Lighthouse on ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code}: ${runtimeError.message}`);
    const node = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    const metric = (id) => audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round(categories.performance.score * 100),
      lcpMs: metric('largest-contentful-paint'),
      fcpMs: metric('first-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      speedIndexMs: metric('speed-index'),
      cls: metric('cumulative-layout-shift'),
      element: node ? { selector: node.selector, label: node.nodeLabel ?? '' } : null,
    };
  });
}

/** `LIGHTHOUSE_RUNS` runs of `url` into a `{ results, errors }` bucket. */
async function runs(label, url, config, withKite) {
  const bucket = { results: [], errors: [] };
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) await record(bucket, label, () => lighthouseRun(url, config, withKite));
  console.log(`bench: ${label}: ${bucket.results.length}/${LIGHTHOUSE_RUNS} runs`);
  return bucket;
}

/** The median of `pick` over the bucket's runs. */
const medianOf = (bucket, pick) => median(bucket.results.map(pick).filter(Number.isFinite));

/** The LCP element most of the runs name (by its selector), or null. */
function usualElement(bucket) {
  const tally = new Map();
  for (const { element } of bucket.results) if (element) tally.set(element.selector, [...(tally.get(element.selector) ?? []), element]);
  const [most] = [...tally.values()].sort((a, b) => b.length - a.length);
  return most ? { ...most[0], runs: most.length } : null;
}

/** What names an element across runs with and without Kite: the last step of its selector, its tag only, and its text. */
const elementKey = (element) => `${element.selector.split(/\s*>\s*/).pop().split(/[.#]/)[0]} ${element.label}`;

/** A table cell naming an element: the last step of its selector and the start of its text. */
function elementCell(element) {
  if (!element) return 'none';
  const step = element.selector.split(/\s*>\s*/).pop();
  const label = element.label.length > LABEL_CHARS ? `${element.label.slice(0, LABEL_CHARS)}…` : element.label;
  return cell(`\`${step}\` "${label}"`);
}

async function presets() {
  const { default: desktop } = await import('lighthouse/core/config/desktop-config.js');
  // Lighthouse's default configuration is its mobile preset (a mid-range phone, slow 4G, simulated).
  const all = { mobile: undefined, desktop };
  return CHOSEN_PRESETS.length ? Object.fromEntries(Object.entries(all).filter(([name]) => CHOSEN_PRESETS.includes(name))) : all;
}

export async function benchLighthouse() {
  const { server } = await referenceServer();
  const { onLoad, pages } = await pagesToMeasure(server.url);
  const rows = [];
  let met = 0;
  for (const [preset, config] of Object.entries(await presets())) {
    for (const path of pages) {
      const url = new URL(path, server.url).href;
      const kite = await runs(`Lighthouse ${preset} ${path} with Kite`, url, config, true);
      const bare = await runs(`Lighthouse ${preset} ${path} without Kite`, url, config, false);
      const [kiteScore, bareScore] = [medianOf(kite, (run) => run.score), medianOf(bare, (run) => run.score)];
      const [kiteElement, bareElement] = [usualElement(kite), usualElement(bare)];
      // The same element by its tag and text: an element's upgrade may rename the boxes around it (a fold section's).
      const sameElement = Boolean(kiteElement && bareElement) && elementKey(kiteElement) === elementKey(bareElement);
      const ok = kite.results.length > 0 && bare.results.length > 0 && kiteScore >= bareScore && sameElement;
      if (ok) met++;
      else {
        const metrics = (bucket) =>
          `FCP ${ms(medianOf(bucket, (run) => run.fcpMs))}, LCP ${ms(medianOf(bucket, (run) => run.lcpMs))}, TBT ${ms(medianOf(bucket, (run) => run.tbtMs))}, ` +
          `Speed Index ${ms(medianOf(bucket, (run) => run.speedIndexMs))}, CLS ${medianOf(bucket, (run) => run.cls)?.toFixed(3)}`;
        addNote(
          `Lighthouse ${preset}, ${path}: score ${count(kiteScore)} with Kite (${metrics(kite)}; LCP element \`${kiteElement?.selector ?? 'none'}\`) ` +
            `against ${count(bareScore)} without (${metrics(bare)}; \`${bareElement?.selector ?? 'none'}\`)` +
            `${kite.errors[0] || bare.errors[0] ? `; failed runs: ${kite.errors[0] ?? bare.errors[0]}` : ''}.`,
        );
      }
      rows.push([
        path,
        preset,
        count(kiteScore),
        count(bareScore),
        ms(medianOf(kite, (run) => run.lcpMs)),
        ms(medianOf(bare, (run) => run.lcpMs)),
        elementCell(kiteElement),
        elementCell(bareElement),
        ok ? 'met' : 'not met',
      ]);
    }
  }
  return section(
    TITLE,
    `Lighthouse ${JSON.parse(readFileSync(LIGHTHOUSE_PACKAGE, 'utf8')).version}, performance category, mobile and desktop presets (simulated throttling), ` +
      `median of ${LIGHTHOUSE_RUNS} runs, each in a fresh Chromium; without Kite its files are refused. ` +
      `Pages with a pop-up on load (a fresh visitor, desktop window or phone, within ${POPUP_WAIT_MS / 1000} s of the load event): ${onLoad.map((path) => `\`${path}\``).join(', ') || 'none'}; ` +
      `and the content pages ${CONTENT_PAGES.map((path) => `\`${path}\``).join(', ')}. ` +
      `The LCP element is the one most runs name (Lighthouse's largest-contentful-paint-element audit). ` +
      `Goal: with Kite the score at least the score without it, and the same LCP element (${met} of ${rows.length} met).`,
    table(['page', 'preset', 'score with Kite', 'score without Kite', 'LCP with Kite', 'LCP without Kite', 'LCP element with Kite', 'LCP element without Kite', 'goal'], rows),
  );
}

runAlone(import.meta.url, benchLighthouse);
