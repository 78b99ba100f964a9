// End to end: the demo's portfolio (English and Hebrew) and product pages with kite-gallery inside
// kite-lightbox, kite-counter and kite-parallax, served by the reference server under its strict
// Content-Security-Policy, tried in real Chromium as a new visitor would: by mouse, keyboard and
// touch (real taps, swipes as CDP touch events), with reduced motion, left to right and right to
// left. Needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PARALLAX } from '../../shared/constants/site.ts';
import { enhanced, MOBILE_PHONE, serverAndBrowser, STATE_DEADLINE_MS as SLACK_MS, touchSwipe, WIDE } from './harness.ts';

const e2e = serverAndBrowser('gallery-counter-parallax', 'e2e-gcp-admin-token-0123456789abcdef');
const { asVisitor } = e2e;

/** A swipe's travel in CSS pixels: well beyond the least a swipe needs. */
const SWIPE_PX = 160;
/** The page's scroll step in the parallax check. */
const SCROLL_STEP_PX = 120;

const photo = (n: number) => `/media/gallery/aero-${String(n).padStart(2, '0')}.svg`;
const gallery = (page: Page) => page.locator('kite-gallery');
const thumb = (page: Page, n: number) => gallery(page).locator(`.avia-gallery-thumb a[href="${photo(n)}"]`);
const preview = (page: Page) => gallery(page).locator('.avia-gallery-big');
/** The open dialog: a first click before the lightbox's React part has loaded opens a stand-in beside React's (built closed), which React's then replaces. */
const lightboxDialog = (page: Page) => page.locator('kite-lightbox').locator('[part~="dialog"][open]');
const layer = (page: Page) => page.locator('kite-parallax .av-parallax');

/** Opens `path` and waits until the gallery's thumbnails have all faded in. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(e2e.at(path));
  await page.waitForFunction(() => {
    const thumbs = [...document.querySelectorAll('kite-gallery .avia-gallery-thumb a')];
    return thumbs.length > 0 && thumbs.every((thumb) => thumb.getAttribute('data-kite-gallery-thumb') === 'shown');
  }, null, { timeout: SLACK_MS });
}

async function previewShows(page: Page, n: number): Promise<void> {
  await page.waitForFunction((src) => document.querySelector('kite-gallery .avia-gallery-big img')?.getAttribute('src') === src, photo(n), { timeout: SLACK_MS });
  assert.equal(await thumb(page, n).getAttribute('aria-current'), 'true');
}

/** The lightbox shows photo `n`, then closes by Esc. */
async function lightboxShowsThenCloses(page: Page, n: number): Promise<void> {
  await lightboxDialog(page).locator('[part~="image"]').waitFor({ state: 'visible', timeout: SLACK_MS });
  await page.waitForFunction(
    (src) => document.querySelector('kite-lightbox')?.shadowRoot?.querySelector<HTMLImageElement>('[part~="image"]')?.src === new URL(src, location.href).href,
    photo(n),
    { timeout: SLACK_MS },
  );
  await page.keyboard.press('Escape');
  await lightboxDialog(page).waitFor({ state: 'hidden', timeout: SLACK_MS });
}

/**
 * Scrolls the counters into view, once the page has taken its enhanced shape (the folded tabs
 * and slider above them move them up by hundreds of pixels), and waits for each to show its
 * final number (what the theme wrote).
 */
async function countersEnd(page: Page): Promise<void> {
  await enhanced(page);
  await page.locator('kite-counter').first().scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () => [...document.querySelectorAll('kite-counter')].every((counter) => counter.shadowRoot?.querySelector('[part~="value"]')?.textContent === counter.textContent!.trim()),
    null,
    { timeout: SLACK_MS },
  );
}

for (const { lang, path, dir } of [
  { lang: 'en', path: '/portfolio', dir: 'ltr' },
  { lang: 'he', path: '/portfolio-he', dir: 'rtl' },
] as const) {
  describe(`the portfolio in ${lang === 'en' ? 'English' : 'Hebrew'} (${dir}), as a new visitor`, () => {
    it('by mouse: a thumbnail changes the preview, the preview opens the lightbox there; the counters count to their numbers; the hero moves as the page scrolls', async () => {
      await asVisitor(WIDE, async ({ page }) => {
        await open(page, path);
        // The hero at the top of the page moves as the page scrolls.
        await page.locator('kite-parallax .av-parallax.' + PARALLAX.ENABLED_CLASS).waitFor({ state: 'attached', timeout: SLACK_MS });
        const before = await layer(page).evaluate((element) => element.style.transform);
        await page.mouse.wheel(0, SCROLL_STEP_PX);
        await page.waitForFunction((was) => document.querySelector<HTMLElement>('kite-parallax .av-parallax')!.style.transform !== was, before, { timeout: SLACK_MS });
        assert.match(await layer(page).evaluate((element) => element.style.transform), /^translate3d\(0px, -?\d+px, 0px\)$/);

        await thumb(page, 3).click();
        await previewShows(page, 3);
        assert.equal(new URL(page.url()).pathname, path, 'the thumbnail link was not followed');
        await preview(page).click();
        await lightboxShowsThenCloses(page, 3);

        await countersEnd(page);
      });
    });

    it(`by keyboard: the thumbnails are one tab stop, ${dir === 'rtl' ? 'the left arrow' : 'the right arrow'} goes to the next image, Enter on the preview opens it`, async () => {
      await asVisitor(WIDE, async ({ page }) => {
        await open(page, path);
        await preview(page).focus();
        await page.keyboard.press('Tab');
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), photo(1), 'Tab goes to the current thumbnail');
        await page.keyboard.press(dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight');
        await previewShows(page, 2);
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), photo(2));
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Enter');
        await lightboxShowsThenCloses(page, 2);
      });
    });

    it('by touch on a phone: a tap chooses, a swipe on the preview goes on the way the page reads; no parallax on a mobile device', async () => {
      await asVisitor(MOBILE_PHONE, async ({ context, page }) => {
        await open(page, path);
        await thumb(page, 4).tap();
        await previewShows(page, 4);
        await preview(page).scrollIntoViewIfNeeded();
        const forward = dir === 'rtl' ? SWIPE_PX : -SWIPE_PX;
        await touchSwipe(context, page, (await preview(page).boundingBox())!, forward);
        await previewShows(page, 5);
        // Measured again: the first swipe may have moved the page under the finger.
        await touchSwipe(context, page, (await preview(page).boundingBox())!, -forward);
        await previewShows(page, 4);
        assert.equal(await page.evaluate(() => document.documentElement.classList.contains('avia_mobile')), true);
        assert.equal(await layer(page).evaluate((element, enabled) => element.classList.contains(enabled), PARALLAX.ENABLED_CLASS), false);
        await countersEnd(page);
      });
    });

    it('with reduced motion: the counters show their numbers at once and the hero stays still', async () => {
      await asVisitor({ ...WIDE, reducedMotion: 'reduce' }, async ({ page }) => {
        await open(page, path);
        await page.waitForFunction(
          () => [...document.querySelectorAll('kite-counter')].every((counter) => counter.shadowRoot?.querySelector('[part~="value"]')?.getAttribute('data-state') === 'done'),
          null,
          { timeout: SLACK_MS },
        );
        assert.equal(await layer(page).evaluate((element) => element.style.transform), '');
      });
    });
  });
}

describe('the product page, as a new visitor', () => {
  it('the Aero 2 in numbers count to the numbers the page wrote', async () => {
    await asVisitor(WIDE, async ({ page }) => {
      await page.goto(e2e.at('/product'));
      await countersEnd(page);
    });
  });
});
