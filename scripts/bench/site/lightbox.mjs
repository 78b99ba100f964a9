// Section "Lightbox: click on a thumbnail to the full image" (issue 6), with its script-time and
// size tables: kite-lightbox on the demo gallery page against GLightbox, PhotoSwipe, Magnific
// Popup and a bare <dialog> (the floor), click to the full image painted, at normal CPU and slower.
import { scriptSeconds, settle, untilLogged } from '../lib/browser.mjs';
import { cell, ms, ratio, section, table, timingCells } from '../lib/markdown.mjs';
import { medianOf, percentile, record } from '../lib/measure.mjs';
import { CPU_SLOWDOWN, LIMIT, RUNS } from '../lib/settings.mjs';
import { elementSizes } from '../lib/element-sizes.mjs';
import { lightboxProbe } from './lightbox-probe.mjs';
import { SHOW_MS, SITE_VIEWPORT, siteVisitor } from './pages.mjs';
import { contestants, nameOf, runnable, sizeRows } from './peers.mjs';

const KITE_MODULE = 'components/lightbox/lightbox.element.ts';
/** The contestants, in report order; `build` names the peer build, none for Kite and the floor. */
const LIGHTBOXES = [
  { id: 'kite', label: 'kite-lightbox' },
  { id: 'glightbox', label: 'GLightbox', build: 'glightbox', pkg: 'glightbox' },
  { id: 'photoswipe', label: 'PhotoSwipe (lightbox module)', build: 'photoswipe', pkg: 'photoswipe' },
  { id: 'magnific', label: 'Magnific Popup', build: 'magnific', pkg: 'magnific-popup', alsoPkg: 'jquery' },
  { id: 'dialog', label: 'bare `<dialog>` + `<img>` (floor)' },
];
/** After the image first shows, how long the open effect may run before the run fails (no final size to time against). */
const SETTLE_MS = 3_000;
/** Past the probe's own limits, how long the run waits for the probe to answer. */
const PROBE_SLACK_MS = 5_000;
/** What the probe logs once the image is visible or the run has failed (see `untilLogged`). */
const PROBE_DONE_MESSAGE = 'kite-bench: lightbox probe done';
/** Kite's goal against the floor: within this factor of a bare `<dialog>`, click to visible. */
const FLOOR_FACTOR = 1.5;
/**
 * Normal CPU, slower CPU, and Kite alone with `prefers-reduced-motion: reduce` (it then opens
 * without any fade).
 */
const VARIANTS = [
  { key: 'fast', slowdown: 1 },
  { key: 'slow', slowdown: CPU_SLOWDOWN },
  { key: 'reduced', slowdown: 1, reducedMotion: 'reduce', only: 'kite' },
];

/** Page expressions: the library has started (its click handlers are on). */
const LIGHTBOX_READY = {
  kite: () => Boolean(document.querySelector('kite-lightbox a[aria-haspopup="dialog"]')),
  other: () => window.__benchReady === true,
};

async function lightboxRun(browser, url, kind, { slowdown, reducedMotion }) {
  const { context, page, cdp } = await siteVisitor(browser, { slowdown, reducedMotion });
  try {
    await page.addInitScript(lightboxProbe, { kind, showMs: SHOW_MS, settleMs: SETTLE_MS, doneMessage: PROBE_DONE_MESSAGE });
    const before = await scriptSeconds(cdp);
    await page.goto(url, { timeout: LIMIT.PAGE_MS, waitUntil: 'load' });
    await settle(page, kind === 'kite' ? LIGHTBOX_READY.kite : LIGHTBOX_READY.other);
    const started = await scriptSeconds(cdp);
    const thumb = page.locator('.products li:first-child a img');
    const box = await thumb.boundingBox({ timeout: LIMIT.PAGE_MS });
    if (!box) throw new Error('the first thumbnail has no box');
    const done = untilLogged(page, PROBE_DONE_MESSAGE, SHOW_MS + SETTLE_MS + PROBE_SLACK_MS);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await done;
    const after = await scriptSeconds(cdp);
    const data = await page.evaluate(() => window.__siteBench);
    if (data.error) throw new Error(data.error);
    return {
      visibleMs: data.visibleAt - data.clickAt,
      settledMs: data.settledAt - data.clickAt,
      placeholderMs: data.placeholderAt === null ? NaN : data.placeholderAt - data.clickAt,
      startScriptMs: (started - before) * 1000,
      clickScriptMs: (after - started) * 1000,
    };
  } finally {
    await context.close();
  }
}

/**
 * Every round visits each contestant once per variant (in turn, so a busy moment of the machine
 * falls on all of them); `budget.allows()` turns false once the site's time budget ran out.
 */
export async function measureLightbox(browser, pageUrl, peers, budget) {
  const lightboxes = contestants(LIGHTBOXES, peers, () => Object.fromEntries(VARIANTS.map((variant) => [variant.key, { results: [], errors: [] }])));
  const ownVariants = (entry) => VARIANTS.filter((variant) => !variant.only || variant.only === entry.id);
  console.log(`bench: lightbox click to image, ${RUNS} rounds (normal CPU, ${CPU_SLOWDOWN}x slower, and Kite with reduced motion)`);
  for (let round = 0; round < RUNS; round += 1) {
    for (const variant of VARIANTS) {
      for (const entry of lightboxes.filter((candidate) => runnable(candidate) && ownVariants(candidate).includes(variant))) {
        if (!budget.allows()) continue;
        await record(entry.timing[variant.key], `lightbox ${entry.id} (${variant.key})`, () => lightboxRun(browser, pageUrl('lightbox', entry.id), entry.id, variant));
      }
    }
  }
  for (const entry of lightboxes.filter(runnable)) {
    console.log(`bench: lightbox ${entry.id}: ${ownVariants(entry).map((variant) => `${entry.timing[variant.key].results.length}/${RUNS} ${variant.key}`).join(', ')}`);
  }
  return lightboxes;
}

function renderLightbox(lightboxes) {
  const slow = String(CPU_SLOWDOWN);
  const unavailable = (entry) => entry.build?.error;
  const kiteSize = elementSizes(KITE_MODULE);
  const kiteBox = lightboxes.find((entry) => entry.id === 'kite');
  const floor = lightboxes.find((entry) => entry.id === 'dialog');
  const peers = lightboxes.filter((entry) => entry.build);
  const photoswipe = lightboxes.find((entry) => entry.id === 'photoswipe');

  const kiteFast = medianOf(kiteBox.timing.fast, 'visibleMs');
  const kiteSlow = medianOf(kiteBox.timing.slow, 'visibleMs');
  const ratioRows = lightboxes
    .filter((entry) => entry.id !== 'kite' && !unavailable(entry))
    .map((entry) => [
      `kite-lightbox / ${nameOf(entry)}`,
      ratio(kiteFast, medianOf(entry.timing.fast, 'visibleMs')),
      ratio(kiteSlow, medianOf(entry.timing.slow, 'visibleMs')),
      ratio(medianOf(kiteBox.timing.fast, 'settledMs'), medianOf(entry.timing.fast, 'settledMs')),
      ratio(medianOf(kiteBox.timing.slow, 'settledMs'), medianOf(entry.timing.slow, 'settledMs')),
    ]);

  // The issue's goal, on the "visible" medians at both CPU settings.
  const settings = [
    ['fast', 'normal CPU', kiteFast],
    ['slow', `CPU ${CPU_SLOWDOWN}x`, kiteSlow],
  ];
  const available = peers.filter((entry) => !unavailable(entry));
  const misses = [];
  if (!Number.isFinite(kiteFast) || !Number.isFinite(kiteSlow)) misses.push('Kite has no timing');
  for (const entry of available) {
    for (const [key, label, kiteValue] of settings) {
      const peerValue = medianOf(entry.timing[key], 'visibleMs');
      if (!Number.isFinite(peerValue)) misses.push(`${entry.label} has no timing at ${label}`);
      else if (!(kiteValue < peerValue)) misses.push(`not faster than ${entry.label} at ${label} (${ms(kiteValue)} vs ${ms(peerValue)})`);
    }
  }
  if (available.length < peers.length) misses.push(`not compared with ${peers.filter(unavailable).map((entry) => entry.label).join(', ')} (unavailable)`);
  for (const [key, label, kiteValue] of settings) {
    const floorValue = medianOf(floor.timing[key], 'visibleMs');
    if (!Number.isFinite(floorValue)) misses.push(`no floor timing at ${label}`);
    else if (!(kiteValue <= FLOOR_FACTOR * floorValue)) misses.push(`${ratio(kiteValue, floorValue)} the bare \`<dialog>\` at ${label} (limit ${FLOOR_FACTOR.toFixed(2)}x)`);
  }
  const goal =
    `**Goal (issue 6): faster than GLightbox, PhotoSwipe and Magnific Popup, and within ${FLOOR_FACTOR}x of a bare \`<dialog>\`, click to visible, median, ` +
    `at normal CPU and ${CPU_SLOWDOWN}x slower: ${misses.length ? 'NOT met' : 'met'}.**` +
    (misses.length ? ` Missed: ${misses.join('; ')}.` : '') +
    ` kite-lightbox / bare \`<dialog>\`: ${ratio(kiteFast, medianOf(floor.timing.fast, 'visibleMs'))} at normal CPU, ` +
    `${ratio(kiteSlow, medianOf(floor.timing.slow, 'visibleMs'))} at CPU ${CPU_SLOWDOWN}x.`;

  const reduced = kiteBox.timing.reduced;
  const reducedLine =
    `Kite with \`prefers-reduced-motion: reduce\` (no fades; the peers were not run this way), normal CPU: ${reduced.results.length}/${RUNS} runs` +
    (reduced.errors.length ? ` (${reduced.errors.length} failed: ${cell(reduced.errors[0])})` : '') +
    `, visible median ${ms(medianOf(reduced, 'visibleMs'))} (p90 ${ms(percentile(reduced.results.map((result) => result.visibleMs), 90))}), ` +
    `settled median ${ms(medianOf(reduced, 'settledMs'))}; ${ratio(medianOf(reduced, 'visibleMs'), medianOf(floor.timing.fast, 'visibleMs'))} the bare \`<dialog>\`.`;
  const placeholderLine =
    photoswipe && !unavailable(photoswipe)
      ? `PhotoSwipe zooms in from a placeholder, the thumbnail scaled up, before it shows the full image; that placeholder was visible after ` +
        `${ms(medianOf(photoswipe.timing.fast, 'placeholderMs'))} (median, normal CPU) and ${ms(medianOf(photoswipe.timing.slow, 'placeholderMs'))} (CPU ${CPU_SLOWDOWN}x). ` +
        'It is not counted as the full image above, although on this page the thumbnail is the same file.'
      : '';

  return section(
    LIGHTBOX_TITLE,
    `Chromium headless at ${SITE_VIEWPORT.width} x ${SITE_VIEWPORT.height}, ${RUNS} rounds; each round visits every page once per CPU setting (the contestants ` +
      'in turn, so a busy moment of the machine falls on all of them), each visit a fresh browser context (no cache). Kite: the demo gallery page ' +
      '(`demo/public/gallery.html`, 20 photos in one `kite-lightbox` with its default options: no `zoom`, as Magnific Popup\'s default). Each peer: the same page (same markup, `site.css` and the 20 images under ' +
      '`/media/gallery/`) with the `kite-lightbox` wrappers turned into `div`s and Kite\'s script replaced by the peer\'s, with its default options ' +
      '(GLightbox `selector: \'.products a\'`; PhotoSwipe `gallery: \'.products\'`, `children: \'a\'`, the core imported on the first click through ' +
      '`pswpModule` as PhotoSwipe documents it, `data-pswp-width`/`-height` from the SVGs; Magnific Popup `delegate: \'a\'`, `type: \'image\'`, gallery ' +
      'on). The floor: a `<dialog>` with an `<img>`; a click sets the image\'s `src` and calls `showModal()`. All served by one static server on ' +
      '127.0.0.1. After the page loaded and the library started (Kite: its links marked `aria-haspopup`; peers: their init call returned) and two ' +
      'frames more, a real mouse click (CDP input) on the first thumbnail. Each animation frame after it records whether the clicked image is ' +
      'on show: loaded (`complete`, `naturalWidth` > 0, `currentSrc` the link\'s address), in the viewport, neither it nor its lightbox hidden ' +
      '(`checkVisibility` with opacity and visibility), opaque (its own computed opacity times every ancestor\'s, across shadow roots, is 1), and ' +
      'the size of its box (transforms included). **Settled**: the first frame in which it is on show and no finite animation runs in the ' +
      `document or the lightbox's shadow root (the open effect over; up to ${SETTLE_MS / 1000} s). **Visible**: the frame after the first one from which the ` +
      'image stayed on show at its settled size (that one has been painted by then), so a fade or a zoom counts once it has ended, for every ' +
      'library alike. ' +
      'The thumbnails are the full images themselves (as on the demo page), so every contestant finds the image in the memory cache. ' +
      `The slower rows use \`Emulation.setCPUThrottlingRate\` ${CPU_SLOWDOWN}.`,
    table(
      ['library', 'runs', 'visible, median', 'p90', `runs, CPU ${slow}x`, `visible, median, CPU ${slow}x`, 'p90', 'settled, median', `settled, median, CPU ${slow}x`],
      lightboxes.map((entry) => {
        if (unavailable(entry)) return [nameOf(entry), `unavailable: ${cell(entry.build.error)}`, '', '', '', '', '', '', ''];
        return [
          nameOf(entry),
          ...timingCells(entry.timing.fast, (result) => result.visibleMs),
          ...timingCells(entry.timing.slow, (result) => result.visibleMs),
          ms(medianOf(entry.timing.fast, 'settledMs')),
          ms(medianOf(entry.timing.slow, 'settledMs')),
        ];
      }),
    ),
    table(['ratio of medians', 'visible', `visible, CPU ${slow}x`, 'settled', `settled, CPU ${slow}x`], ratioRows),
    goal,
    reducedLine,
    placeholderLine,
    '### Lightbox script time',
    'Chromium\'s `ScriptDuration` (CDP `Performance.getMetrics`: time spent compiling and running script) over the same visits, as differences: ' +
      'from before navigation to the library started (the page load, including the probe\'s few lines), and from there to the image settled ' +
      '(the click and the open).',
    table(
      ['library', 'page start, median', `page start, median, CPU ${slow}x`, 'click to settled, median', `click to settled, median, CPU ${slow}x`],
      lightboxes
        .filter((entry) => !unavailable(entry))
        .map((entry) => [
          nameOf(entry),
          ms(medianOf(entry.timing.fast, 'startScriptMs')),
          ms(medianOf(entry.timing.slow, 'startScriptMs')),
          ms(medianOf(entry.timing.fast, 'clickScriptMs')),
          ms(medianOf(entry.timing.slow, 'clickScriptMs')),
        ]),
    ),
    '### Lightbox size',
    'Min + gzip (level 9). Kite: the files `dist/chunk-graph.json` says a page with `kite-lightbox` fetches as it starts: the autoloader and the ' +
      'element\'s first chunk with its static imports (no React, no XState); what the element imports dynamically loads only when needed and is not ' +
      'counted: the rest of the lightbox (React, XState, the machine, the view), fetched on the visitor\'s first intent, and the Hebrew messages' +
      (kiteSize.dynamic?.length ? ` (here: ${kiteSize.dynamic.map((file) => `\`${file}\``).join(', ')})` : '') +
      '. Peers: bundled and minified with esbuild into the files listed (PhotoSwipe: the lightbox module and the core it imports on the first click, ' +
      'both counted; Magnific Popup: with jQuery, and alone for reference), their CSS minified by esbuild and listed separately.',
    table(['library', 'JS files', 'JS minified', 'JS min+gzip', 'CSS min+gzip', 'Kite JS / library JS (gzip)'], sizeRows(lightboxes, kiteSize)),
  );
}

/** The section's title, which `--only-lightbox` finds in docs/BENCHMARKS.md to replace. */
export const LIGHTBOX_TITLE = 'Lightbox: click on a thumbnail to the full image';

export const benchLightbox = async (browser, pageUrl, peers, budget) => renderLightbox(await measureLightbox(browser, pageUrl, peers, budget));
