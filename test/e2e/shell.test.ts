// End to end: the demo's theme shell (kite-header with kite-menu and the language switcher,
// kite-preloader, kite-scroll-top, kite-toc on the long guide) served by the reference server under
// its strict Content-Security-Policy, walked in real Chromium as a new visitor: by mouse, keyboard
// and touch, in English and in Hebrew (right to left). Needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { LANGUAGE_COOKIE, SCROLL, TOC } from '../../shared/constants/site.ts';
import { PHONE, serverAndBrowser, STATE_DEADLINE_MS as SLACK_MS, WIDE } from './harness.ts';
import { axeViolations } from './axe.ts';

const e2e = serverAndBrowser('shell', 'e2e-shell-token-of-more-than-32-characters');

/** A narrow desktop window: below the burger's breakpoint (`BURGER_MENU.OTHER_WIDTH_PX`). */
const NARROW: BrowserContextOptions = { viewport: { width: 400, height: 800 } };
const DAY_S = 24 * 60 * 60;

const { asVisitor } = e2e;

/** Opens a demo page and waits until the shell's elements have taken their markup over. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(e2e.at(path));
  await page.locator('kite-menu[data-enhanced]').waitFor({ state: 'attached', timeout: SLACK_MS });
  await page.locator('kite-toc').locator('[part~="list"]').waitFor({ state: 'attached', timeout: SLACK_MS });
  await page.locator('kite-preloader').locator('[part="overlay"][data-state="hidden"]').waitFor({ state: 'attached', timeout: SLACK_MS });
}

const mega = (page: Page) => page.locator('kite-menu li.mega > :is(ul, .mega-menu)');
const toggleOf = (page: Page, n: number) => page.locator('kite-menu .kite-menu-toggle').nth(n);
const overlay = (page: Page) => page.locator('kite-menu').locator('[part="overlay"]');
const burger = (page: Page) => page.locator('kite-menu').locator('[part="burger"]');
const focusedIs = (page: Page, selector: string) => page.waitForFunction((wanted) => document.activeElement?.matches(wanted) ?? false, selector, { timeout: SLACK_MS });

/**
 * A toc link scrolls (the theme's smooth scroll) until its heading is `TOC.ANCHOR_OFFSET_PX` below
 * the header's bar as it was when clicked (the bar may shrink on the way: the heading stays clear of it).
 */
async function tocGoesTo(page: Page, id: string): Promise<void> {
  const barHeight = () => page.evaluate(() => document.querySelector('kite-header')!.shadowRoot!.querySelector('[part="bar"]')!.getBoundingClientRect().height);
  const before = await barHeight();
  await page.locator('kite-toc').locator(`[part~="link"][href="#${id}"]`).click();
  await page.waitForFunction(
    ({ id, top }) => Math.abs(document.getElementById(id)!.getBoundingClientRect().top - top) <= 1,
    { id, top: before + TOC.ANCHOR_OFFSET_PX },
    { timeout: SCROLL.SMOOTH_MS + SLACK_MS },
  );
  assert.ok(before >= (await barHeight()), 'the heading is clear of the header');
  assert.equal(new URL(page.url()).hash, `#${id}`);
  assert.equal(await page.evaluate(() => document.activeElement?.id), id, 'focus moved to the heading');
}

for (const { lang, path, dir, mega: megaLabel } of [
  { lang: 'en', path: '/article', dir: 'ltr', mega: 'Guides' },
  { lang: 'he', path: '/article-he', dir: 'rtl', mega: 'מדריכים' },
] as const) {
  describe(`the demo shell in ${lang === 'en' ? 'English' : 'Hebrew'} (${dir}), as a new visitor`, () => {
    it('by mouse: resting on the mega menu opens it, the toc link scrolls to its heading below the header', async () => {
      await asVisitor(WIDE, async ({ page }) => {
        await open(page, path);
        assert.equal(await page.evaluate(() => document.documentElement.dir || 'ltr'), dir);
        await page.locator('kite-menu li.mega > a').filter({ hasText: megaLabel }).hover();
        await page.locator('kite-menu li.mega > [data-kite-menu-dropdown="open"]').waitFor({ timeout: SLACK_MS });
        await mega(page).locator('a').first().waitFor({ state: 'visible', timeout: SLACK_MS });
        await page.mouse.move(5, 790);
        await page.locator('kite-menu li.mega > [data-kite-menu-dropdown="closed"]').waitFor({ state: 'attached', timeout: SLACK_MS });
        await tocGoesTo(page, 'wind');
      });
    });

    it('by mouse at a narrow width: the burger opens the overlay with the menu, its close button shuts it', async () => {
      await asVisitor(NARROW, async ({ page }) => {
        await open(page, path);
        await burger(page).click();
        await overlay(page).locator('[part~="item"]').last().waitFor({ state: 'visible', timeout: SLACK_MS });
        assert.equal(await overlay(page).getAttribute('dir'), dir);
        await overlay(page).locator('[part="close"]').click();
        await overlay(page).waitFor({ state: 'hidden', timeout: SLACK_MS });
        assert.equal(await burger(page).evaluate((button) => button.getRootNode() instanceof ShadowRoot && (button.getRootNode() as ShadowRoot).activeElement === button), true, 'focus back on the burger');
      });
    });

    it('by keyboard: Tab reaches the menu, Enter opens a submenu, Esc closes it and gives focus back; Tab to scroll-to-top and Enter', async () => {
      await asVisitor(WIDE, async ({ page }) => {
        await open(page, path);
        const toggle = toggleOf(page, 0);
        for (let presses = 0; presses < 10 && !(await toggle.evaluate((button) => button === document.activeElement)); presses++) await page.keyboard.press('Tab');
        await focusedIs(page, 'kite-menu .kite-menu-toggle');
        // Focus on the item opened it already: Enter closes, Enter opens again.
        await page.waitForFunction(() => document.activeElement?.getAttribute('aria-expanded') === 'true', null, { timeout: SLACK_MS });
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => document.activeElement?.getAttribute('aria-expanded') === 'false', null, { timeout: SLACK_MS });
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => document.activeElement?.getAttribute('aria-expanded') === 'true', null, { timeout: SLACK_MS });
        await page.keyboard.press('Tab');
        await focusedIs(page, 'kite-menu .sub-menu a');
        await page.keyboard.press('Escape');
        await page.locator('kite-menu .sub-menu[data-kite-menu-dropdown="closed"]').waitFor({ state: 'attached', timeout: SLACK_MS });
        await focusedIs(page, 'kite-menu .kite-menu-toggle');

        await page.evaluate((top) => scrollTo({ top, behavior: 'instant' }), SCROLL.TO_TOP_THRESHOLD_PX + 100);
        const toTop = page.locator('kite-scroll-top').locator('[part="link"]');
        await toTop.waitFor({ state: 'visible', timeout: SLACK_MS });
        await page.locator('.site-languages a').last().focus();
        await page.keyboard.press('Tab');
        await page.waitForFunction(() => document.activeElement?.localName === 'kite-scroll-top', null, { timeout: SLACK_MS });
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => scrollY === 0, null, { timeout: SCROLL.SMOOTH_MS + SLACK_MS });
      });
    });

    it('by touch: a tap on the burger opens the overlay, a tap on a toc link scrolls to its heading', async () => {
      await asVisitor(PHONE, async ({ page }) => {
        await open(page, path);
        await burger(page).tap();
        await overlay(page).locator('[part~="item"]').last().waitFor({ state: 'visible', timeout: SLACK_MS });
        await overlay(page).locator('[part="close"]').tap();
        await overlay(page).waitFor({ state: 'hidden', timeout: SLACK_MS });
        await tocGoesTo(page, 'care');
      });
    });
  });
}

describe('the demo language switcher, as a new visitor', () => {
  it('is English by default; עברית goes to the Hebrew page and keeps "he" in the language cookie for a day, English back', async () => {
    await asVisitor(WIDE, async ({ context, page }) => {
      await open(page, '/article');
      const cookie = async () => (await context.cookies()).find((entry) => entry.name === LANGUAGE_COOKIE.NAME);
      assert.equal(await cookie(), undefined, 'a new visitor has no language cookie (read as English)');
      await page.locator('.site-languages a[hreflang="he"]').click();
      await page.waitForURL(e2e.at('/article-he'), { timeout: SLACK_MS });
      const hebrew = await cookie();
      assert.equal(hebrew?.value, 'he');
      assert.ok(Math.abs(hebrew!.expires - (Date.now() / 1000 + LANGUAGE_COOKIE.MAX_AGE_DAYS * DAY_S)) < 60 * 60, `expires in a day: ${hebrew!.expires}`);
      await open(page, '/article-he');
      await page.locator('.site-languages a[hreflang="en"]').click();
      await page.waitForURL(e2e.at('/article'), { timeout: SLACK_MS });
      assert.equal((await cookie())?.value, 'en');
    });
  });

  it('pairs the home pages: the English one links its Hebrew version (rel=alternate and עברית), which is right to left; both axe-clean', async () => {
    await asVisitor(WIDE, async ({ page }) => {
      await page.goto(e2e.at('/'));
      assert.equal(await page.locator('link[rel="alternate"][hreflang="he"]').getAttribute('href'), '/index-he');
      assert.deepEqual(await axeViolations(page), [], 'English home page');
      await page.locator('.site-languages a[hreflang="he"]').click();
      await page.waitForURL(e2e.at('/index-he'), { timeout: SLACK_MS });
      assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, getComputedStyle(document.body).direction]), ['he', 'rtl']);
      assert.equal(await page.locator('link[rel="alternate"][hreflang="en"]').getAttribute('href'), '/');
      assert.deepEqual(await axeViolations(page), [], 'Hebrew home page');
      await page.locator('.site-languages a[hreflang="en"]').click();
      await page.waitForURL(e2e.at('/'), { timeout: SLACK_MS });
    });
  });
});
