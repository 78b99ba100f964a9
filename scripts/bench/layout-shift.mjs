// The layout-shift rows of `npm run bench` (issue 22, item 8: "no layout shift at upgrade"): the
// cumulative layout shift of every demo page, in a desktop window and on a phone, with Kite and
// without it, in this run.
//
//   with Kite     Kite's files are answered once the page has painted its first frame, so the
//                 elements always upgrade after it (as on a slow network); the shifts are summed up
//                 to every element upgraded and a frame later. Goal: 0 on every page.
//   without Kite  The same page with Kite's files refused: what the theme's own markup and scripts
//                 shift by themselves, up to the load event and a frame later.
//
// A fresh visitor per load, on the reference server (its demo pop-ups included, under the demo's
// CSP); the worst of the runs is shown. Shifts after input do not count (there is none).
import { cumulativeShift, demoPages, layoutShiftsOf } from './lib/layout-shift.mjs';
import { runAlone } from './lib/alone.mjs';
import { freshPage, launchChromium } from './lib/browser.mjs';
import { addNote, section, table } from './lib/markdown.mjs';
import { withResources } from './lib/process.mjs';
import { LIMIT, RUNS } from './lib/settings.mjs';
import { referenceServer } from './lib/setup.mjs';

const TITLE = 'Layout shift at upgrade (issue 22, item 8)';
/** Loads per page, setting and viewport: the hold makes the figure repeatable, so a few show any spread. */
const SHIFT_RUNS = Math.min(RUNS, 2);
/** The two windows: a laptop's, and a phone in portrait. */
const VIEWPORTS = {
  'desktop 1280x800': { viewport: { width: 1280, height: 800 } },
  'phone 390x844': { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};
/** The goal: no shift at all with Kite. */
const GOAL_CLS = 0;
const DIGITS = 4;

/** The worst cumulative shift of `path` over the runs, and what moved in that run. */
async function worstShift(browser, url, contextOptions, withKite) {
  let worst = { cls: -1, moved: [] };
  for (let run = 0; run < SHIFT_RUNS; run++) {
    const { context, page } = await freshPage(browser, { contextOptions });
    try {
      const shifts = await layoutShiftsOf(page, url, { withKite, timeout: LIMIT.PAGE_MS });
      const cls = cumulativeShift(shifts);
      if (cls > worst.cls) worst = { cls, moved: shifts.flatMap((shift) => shift.moved) };
    } finally {
      await context.close();
    }
  }
  return worst;
}

export async function benchLayoutShift() {
  const { server } = await referenceServer();
  return withResources(async (onStop) => {
    const browser = await launchChromium(onStop);
    const rows = [];
    let met = 0;
    for (const [name, contextOptions] of Object.entries(VIEWPORTS)) {
      for (const path of demoPages()) {
        const url = new URL(path, server.url).href;
        const kite = await worstShift(browser, url, contextOptions, true);
        const without = await worstShift(browser, url, contextOptions, false);
        const ok = kite.cls <= GOAL_CLS;
        if (ok) met++;
        else addNote(`Layout shift with Kite, ${path} (${name}): ${kite.moved.slice(0, 3).join('; ')}.`);
        rows.push([path, name, kite.cls.toFixed(DIGITS), without.cls.toFixed(DIGITS), ok ? 'met' : 'not met']);
      }
    }
    return section(
      TITLE,
      `Cumulative layout shift of each demo page, worst of ${SHIFT_RUNS} fresh visitors; with Kite its files arrive after the first frame. Goal: ${GOAL_CLS} with Kite on every page (${met} of ${rows.length} met).`,
      table(['page', 'window', 'CLS with Kite', 'CLS without Kite', `goal ${GOAL_CLS}`], rows),
    );
  });
}

runAlone(import.meta.url, benchLayoutShift);
