// Sections on the pop-up gallery (/types): the layout shift each type causes when it opens, the
// trigger to the first frame of the entry effect (lightbox, bar, fullpage), and the frame rate of
// each background animation.
import { runAlone } from './lib/alone.mjs';
import { launchChromium } from './lib/browser.mjs';
import { MISSED_REFRESH_MS, SMOOTH_FRAME_MS, frameStats, percent } from './lib/frames.mjs';
import { GALLERY_VIEWPORT, galleryPage } from './lib/gallery.mjs';
import { addNote, cell, ms, section, table, timingCells } from './lib/markdown.mjs';
import { attempt, repeat } from './lib/measure.mjs';
import { withResources } from './lib/process.mjs';
import { LIMIT, RUNS } from './lib/settings.mjs';
import { referenceServer } from './lib/setup.mjs';

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
/** How long each background animation's frames are counted. */
const BACKGROUND_SAMPLE_MS = 2_000;
/** After the entry effect, how long layout shifts are still collected (a late resize would show here). */
const SHIFT_SETTLE_MS = 1_000;

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
    return frameStats(result.deltas);
  } finally {
    await context.close();
  }
}

async function measureTypes() {
  const { server } = await referenceServer();
  const typesUrl = new URL('types', server.url).href;
  return withResources(async (onStop) => {
    const browser = await launchChromium(onStop);
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
    return { shifts, effects, backgrounds };
  });
}

const shiftAsExpected = (row) => (row.expected === 'none' ? row.shifts === 0 : row.shifts === 1);

function renderTypes({ shifts, effects, backgrounds }) {
  const { width, height } = GALLERY_VIEWPORT;
  const layout = section(
    'Layout shift when each pop-up type opens',
    `The gallery page (\`/types\`) in Chromium headless at ${width} x ${height}, a fresh visitor per type. Each pop-up is opened by a script ` +
      'call (`kiteTypes.show(record)`, no click, so no shift is excused as input-driven; entries with `hadRecentInput` would be left out ' +
      'anyway), and every `layout-shift` entry (PerformanceObserver) from that moment until the entry effect has ended and ' +
      `${SHIFT_SETTLE_MS} ms more is counted. CLS is the sum of their values. Overlay and corner types are fixed boxes and move nothing; ` +
      'a top bar (bar or mobile) pushes the page down by its height in one step; the embedded form fills the space its slot reserves ' +
      '(scrolled into view first, so a shift would be seen).',
    table(
      ['type (record)', 'expected', 'layout shifts', 'CLS', 'as expected'],
      shifts.map((row) =>
        row.error
          ? [`${row.label} (\`${row.record}\`)`, row.expected, `failed: ${cell(row.error)}`, '', '']
          : [`${row.label} (\`${row.record}\`)`, row.expected, String(row.shifts), row.cls.toFixed(4), shiftAsExpected(row) ? 'yes' : '**no**'],
      ),
    ),
  );
  const effect = section(
    'Trigger to the first frame of the entry effect',
    `The gallery page, ${RUNS} fresh visitors per type, the pop-up code already loaded and the record fetched. Timed from the script call ` +
      'that opens the pop-up (`kiteTypes.show(record)`, what a trigger does) to the first animation frame in which the dialog\'s entry ' +
      'effect (the `kite-effect-*` Web Animation) is running and no longer pending. The effect is the record\'s own (fullpage always fades in).',
    table(
      ['type (record)', 'effect', 'runs', 'median', 'p90'],
      effects.map((row) => [`${row.label} (\`${row.record}\`)`, row.runs.results[0]?.effect ?? 'n/a', ...timingCells(row.runs, (r) => r.ms)]),
    ),
  );
  const background = section(
    'Background animation frame rate',
    `The lightbox with each background animation drawn behind its content, a fresh visitor each; once the canvas has drawn, the time ` +
      `between \`requestAnimationFrame\` callbacks (their timestamps) for ${BACKGROUND_SAMPLE_MS / 1000} s. "Under ${SMOOTH_FRAME_MS} ms" is ` +
      'the share of frames strictly within one 60 Hz refresh; at a steady 60 Hz the frame times jitter around 16.67 ms by about 0.1 ms, ' +
      `so that share sits near half even with no refresh missed. "No missed refresh" is the share under ${MISSED_REFRESH_MS.toFixed(2)} ms ` +
      '(a missed refresh doubles a frame). Chromium headless paints without a GPU here (`--disable-gpu`).',
    table(
      ['animation', 'frames', `under ${SMOOTH_FRAME_MS} ms`, 'no missed refresh', 'median frame', 'p95 frame'],
      backgrounds.map((row) =>
        row.error
          ? [`\`${row.kind}\``, `failed: ${cell(row.error)}`, '', '', '', '']
          : [`\`${row.kind}\``, String(row.frames), percent(row.smoothShare), percent(row.noMissShare), ms(row.medianMs), ms(row.p95Ms)],
      ),
    ),
  );
  return [layout, effect, background].join('\n\n');
}

/** The three sections; a type that shifts the page other than expected is also a note of the run. */
export async function benchTypes() {
  const types = await measureTypes();
  const shifted = types.shifts.filter((row) => !row.error && !shiftAsExpected(row));
  if (shifted.length) addNote(`Layout shift not as expected for: ${shifted.map((row) => `${row.label} (${row.shifts} shifts, CLS ${row.cls.toFixed(4)})`).join(', ')}.`);
  return renderTypes(types);
}

runAlone(import.meta.url, benchTypes);
