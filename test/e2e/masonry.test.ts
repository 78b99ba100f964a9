// End to end: the portfolio grid (kite-masonry) on the demo site, its first items printed by the
// reference server from SQLite and more loaded from its ajax endpoint, under the strict
// Content-Security-Policy, tried in real Chromium as a new visitor would: mouse, keyboard, touch
// on a phone, the Hebrew page, and without JavaScript. Needs a build.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { MASONRY } from '../../shared/constants/site.ts';
import { PHONE, serverAndBrowser, waitFor, WIDE } from './harness.ts';

const e2e = serverAndBrowser('masonry', 'e2e-masonry-admin-token-0123456789abcdef');
const { asVisitor } = e2e;

/** Items the page prints and each load adds (its load-more link's `data-items`). */
const PAGE_ITEMS = 12;
const grid = (page: Page) => page.locator('kite-masonry');
const items = (page: Page) => page.locator('kite-masonry .av-masonry-entry');
const shownItems = (page: Page) => page.locator('kite-masonry .av-masonry-entry:not([hidden])');
const loadMore = (page: Page) => page.locator('kite-masonry .av-masonry-load-more');
const sortLink = (page: Page, filter: string) => page.locator(`kite-masonry [data-filter="${filter}"]`);
const status = (page: Page) => page.locator('kite-masonry [part="status"]');
/** The element has laid the grid out. */
const laidOut = (page: Page) => waitFor(async () => (await grid(page).getAttribute('laid-out')) !== null, 'the grid is laid out');
const ids = (page: Page) => items(page).evaluateAll((entries) => entries.map((entry) => Number(entry.getAttribute('data-av-masonry-item'))));
/** Every shown item revealed (the reveal is over). */
const allRevealed = (page: Page) =>
  waitFor(async () => (await page.locator(`kite-masonry .av-masonry-entry:not(.${MASONRY.ITEM_LOADED_CLASS})`).count()) === 0, 'every item revealed');

describe('the portfolio grid, as a new visitor', () => {
  it('mouse: items in columns without overlap; a category filters; load-more adds the next 12 in order', async () => {
    await asVisitor(WIDE, async ({ page }) => {
      const posts: string[] = [];
      page.on('request', (request) => request.method() === 'POST' && posts.push(request.postData() ?? ''));
      await page.goto(e2e.at('portfolio-grid'));
      await laidOut(page);
      assert.deepEqual(await ids(page), Array.from({ length: PAGE_ITEMS }, (_, index) => index + 1), 'the server printed the newest 12');
      const boxes = await items(page).evaluateAll((entries) => entries.map((entry) => entry.getBoundingClientRect().toJSON() as DOMRect));
      const lefts = new Set(boxes.map((box) => Math.round(box.left)));
      assert.equal(lefts.size, MASONRY.COLUMNS.desktop, 'the desktop columns');
      for (const [index, a] of boxes.entries()) {
        for (const b of boxes.slice(index + 1)) {
          const overlap = a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
          assert.ok(!overlap, 'no two items overlap');
        }
      }
      await sortLink(page, 'kites_sort').click();
      await waitFor(async () => (await sortLink(page, 'kites_sort').getAttribute('aria-pressed')) === 'true', 'the link is marked');
      const kites = await shownItems(page).evaluateAll((entries) => entries.map((entry) => entry.className));
      assert.ok(kites.length > 0 && kites.every((name) => name.includes('kites_sort')));
      await sortLink(page, 'all_sort').click();
      await waitFor(async () => (await shownItems(page).count()) === PAGE_ITEMS, 'all shown again');
      await loadMore(page).click();
      await waitFor(async () => (await items(page).count()) === 2 * PAGE_ITEMS, 'twelve more');
      assert.deepEqual(await ids(page), Array.from({ length: 2 * PAGE_ITEMS }, (_, index) => index + 1));
      await allRevealed(page);
      const sent = new URLSearchParams(posts.at(-1));
      assert.equal(sent.get('action'), MASONRY.ACTION);
      assert.equal(sent.get('offset'), String(PAGE_ITEMS));
      assert.equal(sent.getAll('loaded[]').length, PAGE_ITEMS);
      await waitFor(async () => /12 more items loaded/.test((await status(page).textContent()) ?? ''), 'the status says so');
    });
  });

  it('keyboard: Tab reaches the category links and load-more, Space filters, Enter loads', async () => {
    await asVisitor(WIDE, async ({ page }) => {
      await page.goto(e2e.at('portfolio-grid'));
      await laidOut(page);
      const focused = (filter: string) => page.evaluate((name) => document.activeElement?.getAttribute('data-filter') === name, filter);
      // From the link before the grid, Tab goes through the category links in order, then (the items hold no link) to load-more.
      await page.locator('main a[hreflang="he"]').focus();
      await page.keyboard.press('Tab');
      assert.ok(await focused('all_sort'), 'Tab reached the first category link');
      for (let press = 0; press < 4; press++) await page.keyboard.press('Tab');
      assert.ok(await focused('events_sort'), 'Tab went through the links in order');
      await page.keyboard.press('Space');
      await waitFor(async () => (await sortLink(page, 'events_sort').getAttribute('aria-pressed')) === 'true', 'Space filtered');
      await page.keyboard.press('Tab');
      assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('av-masonry-load-more')), 'Tab reached load-more');
      await page.keyboard.press('Enter');
      await waitFor(async () => (await items(page).count()) === 2 * PAGE_ITEMS, 'Enter loaded');
      const hidden = await items(page).evaluateAll((entries) => entries.filter((entry) => !entry.classList.contains('events_sort')).every((entry) => (entry as HTMLElement).hidden));
      assert.ok(hidden, 'new items follow the current filter');
    });
  });

  it('loads to the end: the link retires and the status says there are no more items', async () => {
    await asVisitor(WIDE, async ({ page }) => {
      await page.goto(e2e.at('portfolio-grid'));
      await laidOut(page);
      // 500 items, 12 a page: the last load brings 8.
      for (let loaded = PAGE_ITEMS; loaded < 500; loaded += PAGE_ITEMS) {
        await waitFor(async () => (await loadMore(page).getAttribute('aria-disabled')) === null, 'the link is usable');
        await loadMore(page).click();
        await waitFor(async () => (await items(page).count()) === Math.min(loaded + PAGE_ITEMS, 500), `items after ${loaded}`);
      }
      await waitFor(async () => !(await loadMore(page).isVisible()), 'the link retired');
      await waitFor(async () => /No more items/.test((await status(page).textContent()) ?? ''), 'no more items said');
      assert.equal(new Set(await ids(page)).size, 500, 'no item twice');
    });
  });

  it('touch on a phone: one column, a tap filters, a tap loads more, 44 px targets', async () => {
    await asVisitor(PHONE, async ({ page }) => {
      await page.goto(e2e.at('portfolio-grid'));
      await laidOut(page);
      const lefts = await items(page).evaluateAll((entries) => new Set(entries.map((entry) => Math.round(entry.getBoundingClientRect().left))).size);
      assert.equal(lefts, MASONRY.COLUMNS.mini);
      assert.ok((await sortLink(page, 'boards_sort').boundingBox())!.height >= 44);
      await sortLink(page, 'boards_sort').tap();
      await waitFor(async () => (await sortLink(page, 'boards_sort').getAttribute('aria-pressed')) === 'true', 'the tap filtered');
      await sortLink(page, 'all_sort').tap();
      await loadMore(page).scrollIntoViewIfNeeded();
      assert.ok((await loadMore(page).boundingBox())!.height >= 44);
      await loadMore(page).tap();
      await waitFor(async () => (await items(page).count()) === 2 * PAGE_ITEMS, 'the tap loaded');
    });
  });

  it('Hebrew: the columns mirror (the first item on the right), the messages are Hebrew', async () => {
    await asVisitor(WIDE, async ({ page }) => {
      await page.goto(e2e.at('portfolio-grid-he'));
      await laidOut(page);
      const [first, second] = await items(page).evaluateAll((entries) => entries.slice(0, 2).map((entry) => entry.getBoundingClientRect().left));
      assert.ok(first! > second!, 'the first column is on the right');
      await loadMore(page).click();
      await waitFor(async () => /נטענו/.test((await status(page).textContent()) ?? ''), 'the Hebrew status');
    });
  });

  it('without JavaScript the first items read as a plain grid, with no dead controls', async () => {
    await asVisitor({ ...WIDE, javaScriptEnabled: false }, async ({ page }) => {
      await page.goto(e2e.at('portfolio-grid'));
      assert.equal(await items(page).count(), PAGE_ITEMS);
      assert.ok(await page.locator('kite-masonry .av-masonry-entry-title').first().isVisible());
      assert.equal(await loadMore(page).isVisible(), false, 'no load-more that cannot work');
      assert.equal(await sortLink(page, 'kites_sort').isVisible(), false, 'no filter that cannot work');
    });
  });
});
