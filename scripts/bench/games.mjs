// The gamified pop-ups' rows (issue 16): the frames of the wheel's 7 s spin at normal CPU and at
// 4x, whether the spin is a compositor (transform) transition, the script bytes a gamified pop-up
// loads beyond the lightbox pop-up, and the latency from a scratch stroke's input to the frame that
// draws it at 4x. On the pop-up gallery (/types), the demo's gamified record without its form, so
// the game plays at once.
import { DIST_DIR, lightboxFileSet, measureDist, readChunkGraph, sumSizes } from '../sizes.mjs';
import { runAlone } from './lib/alone.mjs';
import { launchChromium } from './lib/browser.mjs';
import { extraFiles } from './lib/element-sizes.mjs';
import { MISSED_REFRESH_MS, frameStats, percent } from './lib/frames.mjs';
import { galleryPage } from './lib/gallery.mjs';
import { bytes, count, ms, runsCell, section, table } from './lib/markdown.mjs';
import { median, percentile, repeat } from './lib/measure.mjs';
import { withResources } from './lib/process.mjs';
import { CPU_SLOWDOWN, LIMIT, RUNS } from './lib/settings.mjs';
import { referenceServer } from './lib/setup.mjs';
import { GAMIFIED } from '../../shared/constants/gamified.ts';

/** The gallery's gamified record (demo/poptins/gamified.json): a wheel with a form. */
const GAMIFIED_RECORD = 'gamified';
/** The record's format for each game measured (GAMIFIED.GAME_BY_FORMAT). */
const FORMAT = { wheel: 'gamified_format_3', scratch_card: 'gamified_format_2' };
/** The module whose chunk holds the three games, loaded only for a record with a game block. */
const GAME_MODULE = 'components/poptin/game/game.view.tsx';
/** The lead outbox, fetched when a play submits the lead. */
const OUTBOX_MODULE = 'shared/api/outbox-core.ts';
/** Spins per CPU row (each lasts GAMIFIED.WHEEL_SPIN_MS): few, as a row of 20 would take minutes; --runs lowers it. */
const WHEEL_ROUNDS = Math.min(RUNS, 5);
/** Fresh visitors scratching one stroke each, per CPU row; --runs lowers it. */
const SCRATCH_ROUNDS = Math.min(RUNS, 10);
/** Moves of the pointer in one stroke across the card, and the margin kept from its edges in CSS px. */
const STROKE_MOVES = 30;
const STROKE_MARGIN_PX = 12;
/** The long task put in the middle of the spin, after this many frames of it. */
const LONG_TASK_MS = 1_000;
const FRAMES_BEFORE_LONG_TASK = 10;
/** Spins with a long task in them, and as many controls; --runs lowers it. */
const LONG_TASK_ROUNDS = Math.min(RUNS, 3);
/** A small, cheap screencast: only the count of frames matters. */
const SCREENCAST = { format: 'jpeg', quality: 10, maxWidth: 320, maxHeight: 200, everyNthFrame: 1 };
/** The CPU rows: normal, and a mid-range phone. */
const SLOWDOWNS = [1, CPU_SLOWDOWN];

/**
 * Opens the gamified record as `game` without its form (the game plays at once) and waits for
 * `readySelector` in its shadow root, then for two quiet frames.
 */
async function openGame(page, game, readySelector) {
  await page.evaluate(
    async ({ name, format }) => {
      const source = await window.kiteTypes.load(name);
      const record = structuredClone(source);
      record.poptin_format = format;
      record.design.blocks = record.design.blocks.filter((block) => block.type !== 'form');
      window.kiteTypes.show(record);
    },
    { name: GAMIFIED_RECORD, format: FORMAT[game] },
  );
  await page.waitForFunction(
    (selector) => document.querySelector('kite-poptin')?.shadowRoot?.querySelector(selector),
    readySelector,
    { timeout: LIMIT.PAGE_MS, polling: 50 },
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
}

/**
 * One fresh visitor with the wheel shown: with `spin`, a click on Spin, then the times between
 * animation frames from the spin's transition being ready until it finishes (or is replaced by
 * the result screen), and what the transition is (kind, property, duration); without, the same
 * count over as long with the wheel standing still: the page's and the machine's own frame rate.
 */
async function wheelRun(browser, typesUrl, { slowdown, spin }) {
  const { context, page } = await galleryPage(browser, typesUrl, GAMIFIED_RECORD, { slowdown });
  try {
    await openGame(page, 'wheel', '[part="game-play"]');
    const result = await page.evaluate(
      async ({ spin, spinMs, limitMs }) => {
        const root = document.querySelector('kite-poptin').shadowRoot;
        const disc = root.querySelector('[part="wheel-disc"]');
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        let counting = true;
        let transition = null;
        if (spin) {
          root.querySelector('[part="game-play"]').click();
          const startedAt = performance.now();
          while (!(transition = disc.getAnimations().find((animation) => animation.transitionProperty))) {
            if (performance.now() - startedAt > limitMs) return { error: `no transition on the wheel's disc after ${limitMs} ms` };
            await frame();
          }
          await transition.ready;
          // The result screen may take the disc away as the transition ends: that cancels it, and ends the count too.
          const stop = () => (counting = false);
          transition.finished.then(stop, stop);
        }
        const deltas = [];
        let previous = await frame();
        const start = previous;
        while (spin ? counting : previous - start < spinMs) {
          const now = await frame();
          deltas.push(now - previous);
          previous = now;
        }
        return {
          deltas,
          transition: transition && { kind: transition.constructor.name, property: transition.transitionProperty, durationMs: transition.effect.getTiming().duration },
        };
      },
      { spin, spinMs: GAMIFIED.WHEEL_SPIN_MS, limitMs: LIMIT.PAGE_MS },
    );
    if (result.error) throw new Error(result.error);
    return { ...frameStats(result.deltas), countedMs: result.deltas.reduce((sum, delta) => sum + delta, 0), transition: result.transition };
  } finally {
    await context.close();
  }
}

/**
 * One fresh visitor with the wheel shown (spinning with `spin`, a few frames into the spin):
 * the page's main thread is blocked for `LONG_TASK_MS`, and the frames the browser presents
 * meanwhile are counted from a DevTools screencast (Page.startScreencast sends a frame each time
 * the compositor draws a change). A spin on the compositor keeps drawing; one on the main thread,
 * like the wheel standing still, draws nothing until the task ends.
 */
async function longTaskRun(browser, typesUrl, { spin }) {
  const { context, page, cdp } = await galleryPage(browser, typesUrl, GAMIFIED_RECORD, { cdp: true });
  try {
    await openGame(page, 'wheel', '[part="game-play"]');
    const presentedAt = [];
    cdp.on('Page.screencastFrame', ({ sessionId, metadata }) => {
      presentedAt.push(metadata.timestamp * 1000);
      cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
    });
    await cdp.send('Page.startScreencast', SCREENCAST);
    const task = await page.evaluate(
      async ({ spin, blockMs, framesBefore }) => {
        const root = document.querySelector('kite-poptin').shadowRoot;
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        if (spin) {
          root.querySelector('[part="game-play"]').click();
          const disc = root.querySelector('[part="wheel-disc"]');
          let transition;
          while (!(transition = disc.getAnimations().find((animation) => animation.transitionProperty))) await frame();
          await transition.ready;
        }
        for (let i = 0; i < framesBefore; i += 1) await frame();
        const epochNow = () => performance.timeOrigin + performance.now();
        const start = epochNow();
        while (epochNow() - start < blockMs) {
          // The long task: the main thread does nothing else.
        }
        return { start, end: epochNow() };
      },
      { spin, blockMs: LONG_TASK_MS, framesBefore: FRAMES_BEFORE_LONG_TASK },
    );
    // Frames drawn during the task may arrive after it.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await cdp.send('Page.stopScreencast');
    return { during: presentedAt.filter((at) => at > task.start && at < task.end).length };
  } finally {
    await context.close();
  }
}

/**
 * One fresh visitor scratches one stroke across the card: a press near its left edge, then
 * `STROKE_MOVES` mouse moves to its right edge, each dispatched through DevTools
 * (Input.dispatchMouseEvent, as the browser's own input) and awaited. For each `pointermove` the
 * card receives: the time from the event's timestamp to the end of the frame that draws it (a
 * task queued from that frame's requestAnimationFrame callback runs after its rendering). Checks
 * the stroke cleared the cover under it.
 */
async function scratchRun(browser, typesUrl, slowdown) {
  const { context, page, cdp } = await galleryPage(browser, typesUrl, GAMIFIED_RECORD, { slowdown, cdp: true });
  try {
    await openGame(page, 'scratch_card', '[part="scratch-cover"]');
    const box = await page.evaluate(() => {
      const canvas = document.querySelector('kite-poptin').shadowRoot.querySelector('[part="scratch-cover"]');
      window.__kiteScratch = [];
      // A target-phase listener runs before React's (on the shadow root), so its frame callback is queued first in that frame.
      canvas.addEventListener('pointermove', (event) => {
        const inputAt = event.timeStamp;
        requestAnimationFrame(() => {
          const after = new MessageChannel();
          after.port1.onmessage = () => window.__kiteScratch.push(performance.now() - inputAt);
          after.port2.postMessage(null);
        });
      });
      const { left, top, width, height } = canvas.getBoundingClientRect();
      return { left, top, width, height };
    });
    const y = box.top + box.height / 2;
    const from = box.left + STROKE_MARGIN_PX;
    const to = box.left + box.width - STROKE_MARGIN_PX;
    const mouse = (type, x, buttons) => cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons, clickCount: 1 });
    await mouse('mousePressed', from, 1);
    for (let move = 1; move <= STROKE_MOVES; move += 1) await mouse('mouseMoved', from + ((to - from) * move) / STROKE_MOVES, 1);
    await mouse('mouseReleased', to, 0);
    // Two frames and a task: the last move's frame has ended and its latency is in.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
    const { latencies, cleared } = await page.evaluate(() => {
      const canvas = document.querySelector('kite-poptin').shadowRoot.querySelector('[part="scratch-cover"]');
      const alpha = canvas.getContext('2d').getImageData(Math.round(canvas.width / 2), Math.round(canvas.height / 2), 1, 1).data[3];
      return { latencies: window.__kiteScratch, cleared: alpha === 0 };
    });
    if (!cleared) throw new Error('the stroke did not clear the cover under it');
    if (!latencies.length) throw new Error('the card received no pointermove');
    return { latencies };
  } finally {
    await context.close();
  }
}

/** The files a gamified pop-up fetches beyond the lightbox set, each with its min+gzip bytes, and the outbox its play fetches. */
function measureGameBytes() {
  const graph = readChunkGraph();
  if (!graph) throw new Error('no dist/chunk-graph.json (run `npm run build`)');
  const measured = measureDist(DIST_DIR);
  const lightbox = new Set(lightboxFileSet(graph).files);
  const game = extraFiles(graph, measured, GAME_MODULE, lightbox);
  if (!game.files.length) throw new Error(`no chunk holds ${GAME_MODULE}`);
  const outbox = extraFiles(graph, measured, OUTBOX_MODULE, new Set([...lightbox, ...game.files]));
  const files = game.files.map((file) => ({ file, gzip: sumSizes(measured, [file]).gzip, modules: graph.find((chunk) => chunk.fileName === file)?.modules ?? [] }));
  return { lightbox: sumSizes(measured, [...lightbox]).gzip, files, total: game.gzip, outbox };
}

/** What a chunk holds, in a few words: its own modules (not node_modules), up to three, and how many more. */
function modulesOf(modules) {
  const own = modules.filter((id) => !id.includes('node_modules')).map((id) => id.slice(id.lastIndexOf('/') + 1));
  const shown = own.slice(0, 3).map((name) => `\`${name}\``).join(', ');
  return own.length > 3 ? `${shown} and ${own.length - 3} more` : shown || 'library code';
}

const cpuLabel = (slowdown) => (slowdown > 1 ? `${slowdown}x slower` : 'normal');

function renderGames({ wheel, longTask, scratch, sizes }) {
  const spinRow = ({ slowdown, spin, bucket }) => {
    const pick = (key) => bucket.results.map((result) => result[key]).filter(Number.isFinite);
    return [
      `${cpuLabel(slowdown)}, ${spin ? 'spinning' : 'standing still (control)'}`,
      runsCell(bucket, WHEEL_ROUNDS),
      count(median(pick('frames'))),
      `${(median(pick('countedMs')) / 1000).toFixed(2)} s`,
      percent(median(pick('noMissShare'))),
      percent(Math.min(...pick('noMissShare'))),
      ms(median(pick('p95Ms'))),
    ];
  };
  const seen = wheel.flatMap(({ bucket }) => bucket.results).find((result) => result.transition)?.transition;
  const transition = seen ? `a \`${seen.kind}\` of \`${seen.property}\` lasting ${seen.durationMs} ms` : 'not seen (no spin succeeded)';
  const spin = section(
    'Gamified pop-ups (issue 16)',
    `**Wheel spin.** The gallery page (\`/types\`), the demo's gamified record as a wheel without its form, a fresh visitor per run, ${WHEEL_ROUNDS} runs per row. ` +
      'After a click on Spin, the times between `requestAnimationFrame` callbacks from the spin\'s transition being ready until it finishes. ' +
      `"Within one refresh" is the share of frames under ${MISSED_REFRESH_MS.toFixed(2)} ms (1.5 refresh intervals at 60 Hz: a missed refresh doubles a frame); ` +
      'median over the runs, and the worst run. The control row counts as long with the wheel standing still: frames the page misses anyway. CPU slowdown is DevTools\' `Emulation.setCPUThrottlingRate`, which slows the page\'s main thread. ' +
      `The spin on the disc is ${transition}, a kind Chromium can run on the compositor (checked by the long task below); these rows count the main thread's frames, ` +
      'so the gap between a spinning row and its control is what the spin costs the page. ' +
      'Chromium headless paints without a GPU here (`--disable-gpu`).',
    table(
      ['CPU, wheel', 'runs', 'frames (median)', 'time counted', 'within one refresh (median)', 'worst run', 'p95 frame (median)'],
      wheel.map(spinRow),
    ),
  );
  const stall = [
    `**Does a long task stall the spin?** At normal CPU, ${FRAMES_BEFORE_LONG_TASK} frames into the spin, the page's main thread is blocked for ${LONG_TASK_MS} ms; ` +
      'the frames the browser presents meanwhile are counted from a DevTools screencast (`Page.startScreencast` sends a frame each time the compositor draws a change). ' +
      `The control blocks as long with the wheel standing still (nothing changes, so nothing is drawn). ${LONG_TASK_ROUNDS} fresh visitors each.`,
    table(
      ['wheel', 'runs', `frames presented during the ${LONG_TASK_MS} ms task (median)`, 'fewest'],
      longTask.map(({ spin, bucket }) => {
        const during = bucket.results.map((result) => result.during);
        return [spin ? 'spinning' : 'standing still (control)', runsCell(bucket, LONG_TASK_ROUNDS), count(median(during)), count(Math.min(...during))];
      }),
    ),
  ].join('\n\n');
  const latencyRow = (slowdown, bucket) => {
    const all = bucket.results.flatMap((result) => result.latencies);
    return [cpuLabel(slowdown), runsCell(bucket, SCRATCH_ROUNDS), String(all.length), ms(median(all)), ms(percentile(all, 90)), ms(Math.max(...all))];
  };
  const scratchTable = [
    `**Scratch card: input to paint.** The same record as a scratch card without its form, a fresh visitor per stroke, ${SCRATCH_ROUNDS} strokes per row. ` +
      `One stroke: a press near the card's left edge and ${STROKE_MOVES} mouse moves across to its right edge, dispatched through DevTools ` +
      '(`Input.dispatchMouseEvent`, the browser\'s own input path) one after another. For each `pointermove` on the card, from the event\'s ' +
      '`timeStamp` to the end of the frame that draws it: a `requestAnimationFrame` callback queued in the handler posts a task, which runs once that ' +
      'frame\'s rendering is done (not the Event Timing API: it does not report `pointermove`). Each stroke is checked to have cleared the cover under it.',
    table(
      ['CPU', 'strokes', 'moves timed', 'median', 'p90', 'slowest'],
      scratch.map(({ slowdown, bucket }) => latencyRow(slowdown, bucket)),
    ),
  ].join('\n\n');
  const bytesTable = [
    '**Script bytes** (min+gzip, from `dist/chunk-graph.json`): what a gamified pop-up fetches beyond the lightbox set ' +
      `(${bytes(sizes.lightbox)}): the game chunk, which holds all three games and loads only for a record with a game block, and its static imports not already loaded.`,
    table(
      ['file', 'holds', 'min+gzip'],
      [
        ...sizes.files.map(({ file, gzip, modules }) => [`\`${file}\``, modulesOf(modules), bytes(gzip)]),
        ['**beyond the lightbox set**', `${sizes.files.length} files`, `**${bytes(sizes.total)}**`],
        [`the lead outbox, when the play submits (${sizes.outbox.files.map((file) => `\`${file}\``).join(', ') || 'already loaded'})`, '', bytes(sizes.outbox.gzip)],
      ],
    ),
  ].join('\n\n');
  return [spin, stall, scratchTable, bytesTable].join('\n\n');
}

/** The gamified pop-ups' section of docs/BENCHMARKS.md. */
export async function benchGames() {
  const sizes = measureGameBytes();
  console.log(`bench: game chunks measured (${sizes.total} B beyond the lightbox set)`);
  const typesUrl = new URL('types', (await referenceServer()).server.url).href;
  const measured = await withResources(async (onStop) => {
    const browser = await launchChromium(onStop);
    const wheel = [];
    for (const slowdown of SLOWDOWNS) {
      for (const spin of [true, false]) {
        const label = `wheel ${spin ? 'spinning' : 'standing still'} at ${slowdown}x`;
        wheel.push({ slowdown, spin, bucket: await repeat(label, () => wheelRun(browser, typesUrl, { slowdown, spin }), WHEEL_ROUNDS) });
      }
    }
    const longTask = [];
    for (const spin of [true, false]) {
      const label = `long task with the wheel ${spin ? 'spinning' : 'standing still'}`;
      longTask.push({ spin, bucket: await repeat(label, () => longTaskRun(browser, typesUrl, { spin }), LONG_TASK_ROUNDS) });
    }
    const scratch = [];
    for (const slowdown of SLOWDOWNS) scratch.push({ slowdown, bucket: await repeat(`scratch stroke at ${slowdown}x`, () => scratchRun(browser, typesUrl, slowdown), SCRATCH_ROUNDS) });
    return { wheel, longTask, scratch };
  });
  return renderGames({ ...measured, sizes });
}

runAlone(import.meta.url, benchGames);
