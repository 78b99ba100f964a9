// `npm run bench` (`node --import tsx scripts/bench/index.mjs`, tsx because it starts the
// TypeScript reference server in-process): builds if stale, measures, then writes
// docs/BENCHMARKS.md and prints it. Every figure is measured in this run; nothing is copied from
// an earlier one.
//
// One file per section, holding its measurement and its part of the report; each runs alone too
// (`node --import tsx scripts/bench/<file> [--runs N]` prints its markdown, writes nothing):
//   sizes.mjs       Sizes: min+gzip and brotli of every dist file and of the lightbox chunk set;
//                   Peers: the same for sweetalert2 and a11y-dialog, installed into a temp dir
//   popup.mjs       Pop-up timing: display response -> dialog visible, fresh visitors, then at 4x CPU
//                   slowdown; Swal.fire() -> popup visible the same way; long tasks before it shows
//   no-popup.mjs    No pop-up, no cost (issue 22): script time and Kite files of a page whose display
//                   answer has no pop-up, at 1x and 4x CPU, against the bare page
//   types.mjs       on the pop-up gallery (/types): layout shift caused by opening each type, trigger to
//                   the first frame of the entry effect (lightbox, bar, fullpage), background frame rates
//   load.mjs        Reference server: throughput and latency of the display and conversion calls (autocannon)
//   rules.mjs       Triggers and single-page apps (issue 4): main-thread work of the widget's trigger
//                   handlers per event at 1x and 4x CPU and on a touch device (none over 4 ms); heap,
//                   listeners, timers and pop-up nodes after 1, 50 and 500 navigations (probe: rules-probe.mjs)
//   site/           kite-lightbox and kite-player against their peers: index.mjs (shared set-up),
//                   lightbox.mjs (+ lightbox-probe.mjs), player.mjs, peers.mjs, pages.mjs
//   form.mjs        Lead form (issue 5): chunks, one business-email check's download, submit to thank-you
//   shell.mjs       Page shell (issue 14): per-scroll cost of kite-header and the scroll helpers; lit-only bytes
//   toc.mjs         kite-toc against tocbot on a 1000-heading article: build time and script size
//   games.mjs       Gamified pop-ups (issue 16): frames of the wheel's spin at 1x and 4x CPU, a scratch
//                   stroke's input to paint, the game chunk's bytes beyond the lightbox pop-up
//   live-search.mjs Live search (issue 19): keystroke to results painted, kite-live-search against a
//                   bare input with a debounced fetch, at 1x and 4x CPU, against the reference server
//   counters.mjs    Animated numbers (issue 17): 50 kite-counter against 50 countUp.js, main-thread time
//                   while they run and script bytes
//   cart-watch.mjs  Cart watching (issue 18): main-thread time per cart call and while idle (timers)
//   recommendations.mjs  Product recommendations (issue 18): display answer to painted cards at 1x and
//                   4x CPU, the element's and the pop-up block's bytes
//   engines.mjs     Reference server on PostgreSQL (issue 21): display and conversion calls on SQLite, PostgreSQL
//                   with one instance and with two behind a round-robin proxy, at 10 and 100 connections
//   fault.mjs       Its fault test across instances: 1,000 leads through two instances behind a fault-injecting
//                   proxy, one instance killed and restarted halfway: each stored exactly once (PASS/FAIL)
//   masonry.mjs     Masonry grid (issue 19): a 500-item grid laid out and relaid out after a resize,
//                   kite-masonry against Masonry and Isotope, at 1x and 4x CPU, and script bytes
//   layout-shift.mjs  Layout shift at upgrade (issue 22, item 8): CLS of every demo page, desktop and
//                   phone, with Kite (its files after the first frame) and without it
//   lighthouse.mjs  Lighthouse on the demo pages (issue 22, item 7): score, LCP and LCP element of every
//                   page with a pop-up on load and the content pages, mobile and desktop presets,
//                   median of 3, with Kite and without it
// Shared helpers in lib/: settings.mjs (options, limits), process.mjs (command runner, clean-up,
// watchdog), setup.mjs (build, temp dir, reference server), measure.mjs (runs, percentiles),
// markdown.mjs (sections, tables, notes), browser.mjs (Chromium, fresh pages), peers.mjs (npm
// installer, esbuild), static-server.mjs (the one static server), element-sizes.mjs, alone.mjs,
// frames.mjs (shares of frames within a refresh), gallery.mjs (a fresh visitor on /types).
//
// Options: --runs N (default 20), --seconds N (autocannon duration, default 10), --no-peers,
// --only-sizes (the sizes and the peers' sizes only),
// --only-popup (the pop-up timing, long-task and no-pop-up rows only), --only-types (the gallery rows only), --only-site
// (the lightbox and player rows only), --only-rules (the trigger and single-page-app rows only),
// --only-games (the gamified pop-ups' rows only), --only-counters (the animated numbers' rows only),
// --only-carousel (the carousel rows only), --only-cart (the cart-watching rows only), --only-search (the live search rows only),
// --only-recommendations (the product recommendations rows only), --only-masonry (the masonry grid rows only),
// --only-layout-shift (the layout shift rows only), --only-lighthouse (the Lighthouse rows only), --only-engines (the reference server on SQLite and PostgreSQL, one and two instances, and the fault test across instances),
// --only-player (the player rows only), --only-lightbox (the lightbox rows only). An --only flag rewrites only its sections of the existing
// docs/BENCHMARKS.md, each saying when it was measured, and leaves the rest as it was. The sizes and
// the page shell are measured in every full run. A check that fails (the fault test's
// exactly once) is a note, and the run exits 1 once the report is written. All traffic stays on 127.0.0.1; the
// server, the browser and the temp dir are always cleaned up, and a watchdog ends the run if a
// step hangs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import { chromiumVersion } from './lib/browser.mjs';
import { addNote, failedChecks, mergeSections, notesSection, section, table, unavailable } from './lib/markdown.mjs';
import { firstLine } from './lib/measure.mjs';
import { runMain } from './lib/process.mjs';
import { DEFAULT_LOAD_SECONDS, DEFAULT_RUNS, LOAD_SECONDS, RUNS, firstFlag, hasFlag } from './lib/settings.mjs';
import { ensureBuild } from './lib/setup.mjs';
import { benchCounters } from './counters.mjs';
import { benchCartWatch } from './cart-watch.mjs';
import { benchForm } from './form.mjs';
import { benchCarousel } from './carousel.mjs';
import { benchGames } from './games.mjs';
import { benchLiveSearch } from './live-search.mjs';
import { benchLoad } from './load.mjs';
import { benchNoPopup } from './no-popup.mjs';
import { benchPopup } from './popup.mjs';
import { benchRules } from './rules.mjs';
import { benchShell } from './shell.mjs';
import { benchSite } from './site/index.mjs';
import { LIGHTBOX_TITLE } from './site/lightbox.mjs';
import { PLAYER_TITLE } from './site/player.mjs';
import { measureKiteSizes, preparePeers, renderPeers, renderSizes, sweetAlertOf } from './sizes.mjs';
import { benchToc } from './toc.mjs';
import { benchRecommendations } from './recommendations.mjs';
import { benchTypes } from './types.mjs';
import { benchMasonry } from './masonry.mjs';
import { benchLayoutShift } from './layout-shift.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { benchEngines } from './engines.mjs';
import { benchFault } from './fault.mjs';

const OUTPUT = 'docs/BENCHMARKS.md';
const ONLY_FLAGS = ['--only-sizes', '--only-popup', '--only-types', '--only-site', '--only-rules', '--only-games', '--only-counters', '--only-carousel', '--only-cart', '--only-search', '--only-recommendations', '--only-masonry', '--only-layout-shift', '--only-lighthouse', '--only-engines'];
const NO_PEERS = '--no-peers';
/** Measures the player alone and rewrites only its section of the existing report. */
const ONLY_PLAYER = '--only-player';
/** Measures the lightbox alone and rewrites only its section of the existing report. */
const ONLY_LIGHTBOX = '--only-lightbox';
/** The sections an --only flag of one site section measures, by flag. */
const SITE_ONLY = {
  [ONLY_PLAYER]: { title: PLAYER_TITLE, bench: () => benchSite({ playerOnly: true }) },
  [ONLY_LIGHTBOX]: { title: LIGHTBOX_TITLE, bench: () => benchSite({ lightboxOnly: true }) },
};

/**
 * The report's sections in order. `always`: measured in every full run, even with --no-peers;
 * `only`: the --only flag that measures it alone (rewriteOnly); `peers`: installs peer libraries,
 * so --no-peers skips it. `title` heads the section when it is
 * skipped or fails; `bench` resolves its markdown.
 */
function sections() {
  const kite = measureKiteSizes();
  let peerSizes;
  return [
    { title: 'Sizes', always: true, only: '--only-sizes', bench: async () => renderSizes(kite) },
    {
      title: 'Peers, measured the same way',
      only: '--only-sizes',
      peers: true,
      bench: async () => {
        peerSizes = await preparePeers();
        return renderPeers(peerSizes, kite);
      },
    },
    {
      title: 'Pop-up timing',
      only: '--only-popup',
      // Alone (--only-popup) the peers' section was skipped: sweetalert2 is installed here instead, unless --no-peers.
      bench: async () => benchPopup(sweetAlertOf(peerSizes ?? (hasFlag(NO_PEERS) ? {} : await preparePeers()))),
    },
    { title: 'No pop-up, no cost (issue 22)', only: '--only-popup', bench: benchNoPopup },
    { title: 'Pop-up types', only: '--only-types', bench: benchTypes },
    { title: 'Reference server', bench: benchLoad },
    { title: 'Triggers and single-page apps', only: '--only-rules', bench: benchRules },
    { title: 'Lightbox and player against their peers', only: '--only-site', peers: true, bench: benchSite },
    // Last measured, so every section's notes are in; shown here, before the issue 5 and 14 sections.
    { title: 'Notes from this run', always: true, atEnd: true, bench: async () => notesSection() },
    { title: 'Lead form (issue 5)', bench: benchForm },
    { title: 'Page shell (issue 14)', always: true, bench: benchShell },
    { title: 'Table of contents: kite-toc against tocbot', peers: true, bench: benchToc },
    { title: 'Gamified pop-ups (issue 16)', only: '--only-games', bench: benchGames },
    { title: 'Animated numbers: kite-counter against countUp.js', only: '--only-counters', peers: true, bench: benchCounters },
    { title: 'Carousels: kite-slider against Swiper, Splide and Embla (issue 17)', only: '--only-carousel', peers: true, bench: benchCarousel },
    { title: 'Cart watching (issue 18)', only: '--only-cart', bench: benchCartWatch },
    { title: 'Live search: kite-live-search against a debounced fetch', only: '--only-search', bench: benchLiveSearch },
    { title: 'Product recommendations (issue 18)', only: '--only-recommendations', bench: benchRecommendations },
    { title: 'Masonry grid: kite-masonry against Masonry and Isotope (issue 19)', only: '--only-masonry', peers: true, bench: benchMasonry },
    { title: 'Layout shift at upgrade (issue 22, item 8)', only: '--only-layout-shift', bench: benchLayoutShift },
    { title: 'Lighthouse on the demo pages (issue 22, item 7)', only: '--only-lighthouse', bench: benchLighthouse },
    { title: 'Reference server on PostgreSQL', only: '--only-engines', bench: benchEngines },
    { title: 'Reference server on PostgreSQL: fault test across instances', only: '--only-engines', bench: benchFault },
  ];
}

/** The flag that skips `entry` in this run, if any. */
const skippedBy = (entry) => (entry.peers && !entry.always && hasFlag(NO_PEERS) ? NO_PEERS : undefined);

/** The entry's markdown: measured, or why it was not. */
async function measure(entry) {
  const flag = skippedBy(entry);
  if (flag) return section(entry.title, `Skipped (${flag}).`);
  try {
    return await entry.bench();
  } catch (error) {
    console.log(`bench: ${entry.title}: ${firstLine(error)}`);
    return unavailable(entry.title, firstLine(error));
  }
}

function machineSection() {
  const cpu = cpus();
  return section(
    'Machine',
    table(
      ['', 'value'],
      [
        ['CPU', `${cpu[0]?.model?.trim() ?? 'unknown'} (${cpu.length} cores)`],
        ['Node.js', process.version],
        ['Chromium', chromiumVersion()],
        ['OS', `${process.platform} ${process.arch}`],
      ],
    ),
  );
}

/**
 * An `--only-*` run: the sections of `flag` measured again and put in place of theirs in OUTPUT,
 * each with a line saying so (the header's date stays the whole run's); the rest of the file is
 * left as it was. The run's notes go under the last section written.
 */
async function rewriteOnly(flag) {
  const previous = readFileSync(OUTPUT, 'utf8');
  const entries = SITE_ONLY[flag] ? [SITE_ONLY[flag]] : sections().filter((entry) => entry.only === flag);
  const measured = [];
  for (const entry of entries) measured.push(await measure(entry));
  const options = RUNS !== DEFAULT_RUNS ? ` --runs ${RUNS}` : '';
  const provenance =
    `This section alone was measured by \`npm run bench -- ${flag}${options}\` on ${new Date().toISOString()}; ` +
    'the rest of this file is from the run named at the top.';
  const notes = notesSection().replace(/^## .*\n\n/, '');
  const { report, titles } = mergeSections(previous, [...measured, notes ? `Notes from this run:\n\n${notes}` : ''].filter(Boolean).join('\n\n'), provenance);
  writeFileSync(OUTPUT, report);
  console.log(`\n${measured.join('\n\n')}\n`);
  console.log(`bench: rewrote ${titles.map((title) => `"${title}"`).join(', ')} in ${OUTPUT}`);
  const failed = failedChecks();
  if (failed.length) throw new Error(`${failed.length} check(s) failed: ${failed.join('; ')}`);
}

async function main() {
  await ensureBuild();
  const only = firstFlag([...ONLY_FLAGS, ...Object.keys(SITE_ONLY)]);
  if (only) return rewriteOnly(only);
  const entries = sections();
  const parts = [];
  for (const entry of entries) parts.push(entry.atEnd ? undefined : await measure(entry));
  if (RUNS !== DEFAULT_RUNS || LOAD_SECONDS !== DEFAULT_LOAD_SECONDS) {
    addNote(`Shortened run: --runs ${RUNS}, --seconds ${LOAD_SECONDS} (the defaults are ${DEFAULT_RUNS} and ${DEFAULT_LOAD_SECONDS}).`);
  }
  for (const [index, entry] of entries.entries()) if (entry.atEnd) parts[index] = await measure(entry);
  const header = `# Kite benchmarks\n\nGenerated by \`npm run bench\` (scripts/bench/) on ${new Date().toISOString()}; every figure below was measured in that run. Do not edit by hand.`;
  const markdown = `${[header, machineSection(), ...parts].map((part) => part.trimEnd()).filter(Boolean).join('\n\n')}\n`;
  mkdirSync(dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, markdown);
  console.log(`\n${markdown}`);
  console.log(`bench: wrote ${OUTPUT}`);
  // A check that failed (not a figure that could not be measured) fails the run, after the report is written.
  const failed = failedChecks();
  if (failed.length) throw new Error(`${failed.length} check(s) failed: ${failed.join('; ')}`);
}

await runMain(main);
