// End to end: Kite on a phone (issue 23, item 2). At a 390 x 844 touch phone every pop-up the demo
// serves (each record file of demo/poptins/, each game of the gamified type, the tab teaser) and
// every demo page are checked for what a phone visitor meets (test/e2e/phone-audit.js): a control
// under the 44 px target of WCAG 2.5.5 or cut off, text set under 12 px, a box past the window's
// sides (the page must not scroll sideways). The rule for links: a link in a sentence (inline,
// with words of its line outside any control) is exempt, as WCAG's "inline" exception says; a
// link standing alone, as a page's navigation, is a control. In a desktop window the close
// controls keep their 44 px too (the fullpage design shrinks; its X must not). Needs a build.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { demoPages } from '../../scripts/bench/lib/layout-shift.mjs';
import { enhanced, newVisitor, PHONE, phoneAudit as audit, serverAndBrowser, WIDE } from './harness.ts';
import { axeViolations } from './axe.ts';
import { A11Y } from '../../shared/constants/accessibility.ts';
import { FORMAT_AVAILABLE_COUNT } from '../../shared/constants/widget.ts';
import type { Block, PoptinRecord } from '../../shared/schema/poptin-record.ts';

const e2e = serverAndBrowser('phone', 'e2e-phone-admin-token-0123456789abcdef', undefined, { demoPoptins: true });

const POPTINS_DIR = new URL('../../demo/poptins/', import.meta.url);

/** Sub-pixel layout: a box of 43.999 px is 44 px. */
const EPSILON_PX = 0.01;

/** Effects off: each pop-up is measured where it settles, not on its way in. */
const ON_PHONE: BrowserContextOptions = { ...PHONE, reducedMotion: 'reduce' };
const ON_DESKTOP: BrowserContextOptions = { ...WIDE, reducedMotion: 'reduce' };

/**
 * The records the demo serves at /poptins/, by file name, but the rules page's (`rule-*`): those
 * differ from the others only in their triggers and display rules, which a pop-up opened at once
 * does not read.
 */
const RECORDS = readdirSync(POPTINS_DIR)
  .filter((file) => file.endsWith('.json') && !file.startsWith('rule-'))
  .map((file) => ({ file, record: JSON.parse(readFileSync(new URL(file, POPTINS_DIR), 'utf8')) as PoptinRecord }));

/** What shows each block of a record once it has rendered (some load their code on first use). */
const BLOCK_SHOWN: Record<Block['type'], string> = {
  title: '[part="title"]',
  text: '[part="text"]',
  image: '[part="image"]',
  form: 'form',
  countdown: '[part="countdown"]',
  coupon: '[part="coupon"]',
  ticker: '[part="ticker"]',
  video: '[part="video"]',
  extra_buttons: '[part="extra-buttons"]',
  game: '[part="game"]',
  products: '[part="products-block"]',
};

/** What must be in the pop-up before it is measured: each block of its first screen, its credit badge, its markup. */
function shownParts(record: PoptinRecord): string[] {
  if (!record.design) return ['[data-markup] > *'];
  const blocks = record.design.welcome?.blocks ?? record.design.blocks;
  // A game takes the form over: the form shows inside the game, once it is played for.
  const game = blocks.some((block) => block.type === 'game');
  return [
    ...blocks.filter((block) => !(game && block.type === 'form')).map((block) => BLOCK_SHOWN[block.type]),
    ...(record.design.welcome ? ['[part~="welcome-start"]'] : []),
    ...(record.if_poptin_credit ? ['[part="credit"]'] : []),
  ];
}


/**
 * Opens `record` (the file `file`, or the record given, as the pop-up gallery's format buttons do)
 * at once on the pop-up gallery of its language, and waits until all of it shows.
 */
async function openPoptin(page: Page, file: string, record: PoptinRecord, given?: PoptinRecord): Promise<void> {
  await page.goto(e2e.at(file.startsWith('he-') ? 'types-he.html' : 'types.html'));
  await page.evaluate(
    async ({ src, given }) => {
      const kiteTypes = (window as unknown as { kiteTypes: { ready: Promise<unknown> } }).kiteTypes;
      await kiteTypes.ready;
      const element = document.createElement('kite-poptin') as HTMLElement & { poptin?: unknown };
      if (given) element.poptin = given;
      else element.setAttribute('src', src);
      element.toggleAttribute('open', true);
      // The gallery's slot for embedded pop-ups: in the page's flow; the other types take their own place.
      document.querySelector('.types-embedded')!.append(element);
    },
    { src: `/poptins/${file}`, given },
  );
  const poptin = page.locator('kite-poptin');
  await poptin.locator('[part="dialog"][data-state="shown"]').waitFor();
  for (const part of shownParts(record)) await poptin.locator(part).first().waitFor({ state: 'attached' });
}

/** Runs `body` on a fresh page in `options`, closed after. */
async function onPage(options: BrowserContextOptions, body: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await newVisitor(e2e.browser, options);
  try {
    await body(page);
  } finally {
    await context.close();
  }
}

describe('every pop-up the demo serves, on a phone', () => {
  for (const { file, record } of RECORDS) {
    it(`${file} (${record.poptin_type})`, () =>
      onPage(ON_PHONE, async (page) => {
        await openPoptin(page, file, record);
        assert.deepEqual(await audit(page, 'kite-poptin'), []);
      }));
  }

  const gamified = RECORDS.find(({ record }) => record.poptin_type === 'gamified')!;
  for (let format = 1; format <= FORMAT_AVAILABLE_COUNT.gamified; format++) {
    it(`the gamified type's format ${format}`, () =>
      onPage(ON_PHONE, async (page) => {
        const record = { ...gamified.record, poptin_format: `gamified_format_${format}` };
        await openPoptin(page, gamified.file, record, record);
        assert.deepEqual(await audit(page, 'kite-poptin'), []);
      }));
  }

  it('the tab teaser', () =>
    onPage(ON_PHONE, async (page) => {
      await page.goto(e2e.at('types.html'));
      await page.locator('button[data-teaser="before_show"]').click();
      await page.locator('kite-tab-teaser').getByRole('button').waitFor();
      assert.deepEqual(await audit(page, 'kite-tab-teaser'), []);
    }));

  it('the full page fills the phone, axe-clean', () =>
    onPage(ON_PHONE, async (page) => {
      const { file, record } = RECORDS.find(({ record }) => record.poptin_type === 'fullpage')!;
      await openPoptin(page, file, record);
      const box = await page.locator('kite-poptin [part="dialog"]').boundingBox();
      assert.deepEqual(box, { x: 0, y: 0, ...page.viewportSize()! });
      assert.deepEqual(await axeViolations(page), []);
    }));
});

describe('every demo page, on a phone', () => {
  for (const path of demoPages()) {
    it(path, () =>
      onPage(ON_PHONE, async (page) => {
        await page.goto(e2e.at(path));
        await enhanced(page);
        assert.deepEqual(await audit(page), []);
      }));
  }

  it('the player on the media page: its seek bar has a row of its own, every control inside the bar', () =>
    onPage(ON_PHONE, async (page) => {
      await page.goto(e2e.at('media.html'));
      await enhanced(page);
      const player = page.locator('kite-player').first();
      const bar = (await player.locator('[part="controls"]').boundingBox())!;
      const seek = (await player.locator('[part~="progress"]').boundingBox())!;
      assert.ok(seek.width >= bar.width / 2, `seek bar ${seek.width} px wide in a ${bar.width} px bar`);
      for (const control of await player.locator('[part="controls"] button').all()) {
        const box = (await control.boundingBox())!;
        const name = await control.getAttribute('aria-label');
        assert.ok(box.y >= seek.y + seek.height - EPSILON_PX, `${name} below the seek bar`);
        assert.ok(box.x >= bar.x - EPSILON_PX && box.x + box.width <= bar.x + bar.width + EPSILON_PX && box.y + box.height <= bar.y + bar.height + EPSILON_PX, `${name} inside the bar`);
      }
    }));

  it('the gallery page: each thumbnail inside its card', () =>
    onPage(ON_PHONE, async (page) => {
      await page.goto(e2e.at('gallery.html'));
      await enhanced(page);
      const outside = await page.locator('.products li').evaluateAll((cards) =>
        cards.flatMap((card) => {
          const around = card.getBoundingClientRect();
          return [...card.querySelectorAll('img')]
            .map((image) => image.getBoundingClientRect())
            .filter((box) => box.left < around.left || box.right > around.right)
            .map((box) => `${card.textContent!.trim()}: ${Math.round(box.left)}..${Math.round(box.right)} in ${Math.round(around.left)}..${Math.round(around.right)}`);
        }),
      );
      assert.deepEqual(outside, []);
    }));
});

/** One record per type and way to close: the close controls are laid out by the type's frame. */
const CLOSE_CASES = [
  ...new Map(
    RECORDS.filter(({ file }) => !file.startsWith('he-')).map((entry) => [
      `${entry.record.poptin_type} ${entry.record.design_properties?.poptin_design_close_options_type ?? 'closing_options-x'}`,
      entry,
    ]),
  ),
];

describe('the close controls in a desktop window', () => {
  for (const [what, { file, record }] of CLOSE_CASES) {
    it(`${what} (${file})`, () =>
      onPage(ON_DESKTOP, async (page) => {
        await openPoptin(page, file, record);
        const small = [];
        for (const control of await page.locator('kite-poptin').locator('[part="close"], [part="skip"], [part~="close-button"]').all()) {
          const box = (await control.boundingBox())!;
          if (Math.min(box.width, box.height) + EPSILON_PX < A11Y.TARGET_MIN_PX) small.push(`${await control.getAttribute('part')} ${box.width}x${box.height}`);
        }
        assert.deepEqual(small, []);
      }));
  }
});
