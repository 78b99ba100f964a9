// End to end: the header's live search on the demo site, served by the reference server (FTS5
// over the site's pages) under its strict Content-Security-Policy, tried in real Chromium as a
// new visitor would: mouse, keyboard, touch on a phone, and the Hebrew page. Needs a build.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { LIVE_SEARCH } from '../../shared/constants/site.ts';
import { PHONE, serverAndBrowser, waitFor, WIDE } from './harness.ts';

const e2e = serverAndBrowser('live-search', 'e2e-live-search-admin-token-0123456789');
const { asVisitor } = e2e;

const field = (page: Page) => page.locator('kite-live-search input[name="s"]');
const options = (page: Page) => page.locator('kite-live-search [role="option"]');
const panel = (page: Page) => page.locator('kite-live-search .kite-live-search-panel');
/** The element has taken the field over. */
const enhanced = (page: Page) => waitFor(async () => (await field(page).getAttribute('role')) === 'combobox', 'the search field is a combobox');

describe('the header search, as a new visitor', () => {
  it('mouse: typing shows ranked, highlighted results from the site; a click outside parks them, a click on the field brings them back, a click opens one', async () => {
    await asVisitor(WIDE, async ({ page }) => {
      const posts: string[] = [];
      page.on('request', (request) => request.method() === 'POST' && posts.push(request.postData() ?? ''));
      await page.goto(e2e.at('article'));
      await enhanced(page);
      await field(page).click();
      await page.keyboard.type('kite', { delay: 30 });
      await waitFor(async () => (await options(page).count()) > 0, 'results shown');
      assert.equal(posts.length, 1, 'one post for the typing');
      assert.equal(new URLSearchParams(posts[0]).get('action'), LIVE_SEARCH.ACTION);
      assert.ok(await options(page).first().locator('mark').count(), 'the match is highlighted');
      assert.equal(await field(page).getAttribute('aria-expanded'), 'true');
      await page.locator('main h1').first().click();
      await waitFor(async () => !(await panel(page).isVisible()), 'a click outside hid the results');
      assert.match((await field(page).getAttribute('class')) ?? '', new RegExp(LIVE_SEARCH.PARKED_CLASS));
      await field(page).click();
      await waitFor(() => panel(page).isVisible(), 'a click on the field showed them again');
      const href = await options(page).first().getAttribute('href');
      await options(page).first().click();
      await page.waitForURL((url) => url.pathname === href);
    });
  });

  it('keyboard: Down moves to a result, Enter opens it; Escape clears; nothing matching says so', async () => {
    await asVisitor(WIDE, async ({ page }) => {
      await page.goto(e2e.at('product'));
      await enhanced(page);
      await page.keyboard.press('Tab');
      await field(page).focus();
      await page.keyboard.type('zeppelinxyz');
      await waitFor(async () => (await page.locator('kite-live-search .kite-live-search-none').isVisible()), 'the no-results message');
      await page.keyboard.press('Escape');
      await waitFor(async () => !(await panel(page).isVisible()), 'Escape cleared');
      await field(page).fill('');
      await page.keyboard.type('guide');
      await waitFor(async () => (await options(page).count()) > 0, 'results shown');
      await page.keyboard.press('ArrowDown');
      const first = options(page).first();
      assert.equal(await field(page).getAttribute('aria-activedescendant'), await first.getAttribute('id'));
      const href = await first.getAttribute('href');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === href);
    });
  });

  it('touch on a phone: the search fits the screen, a tap on a result opens it', async () => {
    await asVisitor(PHONE, async ({ page }) => {
      await page.goto(e2e.at('gallery'));
      await enhanced(page);
      const width = page.viewportSize()!.width;
      for (const control of [field(page), page.locator('#searchsubmit')]) {
        const { x, width: controlWidth } = (await control.boundingBox())!;
        assert.ok(x >= 0 && x + controlWidth <= width, `inside the ${width} px screen: ${x} to ${x + controlWidth}`);
      }
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'the page does not scroll sideways');
      await field(page).tap();
      await page.keyboard.type('wind');
      await waitFor(async () => (await options(page).count()) > 0, 'results shown');
      const box = (await options(page).first().boundingBox())!;
      assert.ok(box.height >= 44, `a result is a 44 px touch target (${box.height})`);
      const href = await options(page).first().getAttribute('href');
      await options(page).first().tap();
      await page.waitForURL((url) => url.pathname === href);
    });
  });

  it('Hebrew: searches the Hebrew pages, right to left, with the Hebrew messages', async () => {
    await asVisitor(WIDE, async ({ page }) => {
      await page.goto(e2e.at('article-he'));
      await enhanced(page);
      await field(page).click();
      await page.keyboard.type('עפיפון');
      await waitFor(async () => (await options(page).count()) > 0, 'Hebrew results shown');
      assert.equal(await panel(page).getAttribute('dir'), 'rtl');
      for (const href of await options(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')))) assert.match(href!, /-he$/);
      const status = page.locator('kite-live-search [part="status"]');
      await waitFor(async () => /תוצאות|תוצאה/.test((await status.textContent()) ?? ''), 'the count announced in Hebrew');
    });
  });

  it('without JavaScript the form searches on its own page', async () => {
    await asVisitor({ ...WIDE, javaScriptEnabled: false }, async ({ page }) => {
      await page.goto(e2e.at('article'));
      await field(page).fill('kite');
      await field(page).press('Enter');
      await page.waitForURL((url) => url.pathname === '/search');
      assert.ok(await page.locator('.search-results .av_ajax_search_entry').count());
    });
  });
});
