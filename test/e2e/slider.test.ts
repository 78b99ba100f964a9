// End to end: kite-slider on the demo's product page (a hero slideshow with autoplay and a film
// slide) and portfolio pages (a carousel of projects, English and Hebrew), served by the reference
// server under its strict Content-Security-Policy and walked in real Chromium as a new visitor: by
// mouse, keyboard and touch, right to left on the Hebrew page. Needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { SLIDER, SWIPE } from '../../shared/constants/site.ts';
import { site as en } from '../../shared/i18n/languages/en.ts';
import { site as he } from '../../shared/i18n/languages/he.ts';
import { becomes, holdClock, MOBILE_PHONE, serverAndBrowser, STATE_DEADLINE_MS as SLACK_MS, touchSwipe, waitFor, WIDE } from './harness.ts';

const e2e = serverAndBrowser('slider', 'e2e-slider-token-of-more-than-32-characters');
const { asVisitor } = e2e;

const INTERVAL_MS = SLIDER.INTERVAL_DEFAULT_S * 1_000;
const PROJECTS = 6;

/** Opens `path` and waits for its slider to take its list over and the shell's preloader (which covers the page at load) to go. */
async function open(page: Page, path: string, selector: string): Promise<Locator> {
  await page.goto(e2e.at(path));
  await page.locator('kite-preloader').locator('[part="overlay"][data-state="hidden"]').waitFor({ state: 'attached', timeout: SLACK_MS });
  const slider = page.locator(`${selector}[data-enhanced]`);
  await slider.waitFor({ state: 'attached', timeout: SLACK_MS });
  await slider.locator('[part~="next"]').waitFor({ timeout: SLACK_MS });
  await slider.scrollIntoViewIfNeeded();
  return slider;
}

/** The label of the current dot ("Slide N"). */
const currentDot = (slider: Locator) => slider.locator('[part~="dot"][aria-current="true"]').getAttribute('aria-label');
/**
 * Waits until the dot `label` is the current one and the change has finished (navigation is
 * ignored while it animates); `finish` moves a held page clock over the change.
 */
async function becomesCurrent(slider: Locator, label: string, finish?: () => Promise<void>): Promise<void> {
  let seen: string | null = null;
  const arrived = await becomes(async () => (seen = await currentDot(slider)) === label);
  assert.ok(arrived, `the current dot to be ${label}, but it is ${seen}`);
  await finish?.();
  await slider.locator('[part~="base"]:not([data-animating])').waitFor({ state: 'attached', timeout: SLACK_MS });
}
/** Indexes of the slides in view (not inert). */
const inView = (slider: Locator) => slider.evaluate((host) => [...host.querySelectorAll(':scope > ul > li')].flatMap((slide, index) => (slide.hasAttribute('inert') ? [] : [index])));
/** The label of the focused element inside the slider's shadow root. */
const focusedPart = (slider: Locator) => slider.evaluate((host) => host.shadowRoot!.activeElement?.getAttribute('part') ?? 'nothing');

describe('the demo product page\'s hero slideshow, as a new visitor', () => {
  it('autoplay moves on every interval with the live region off; the pointer resting on it holds it; a click on next stops it; no errors', async () => {
    await asVisitor(WIDE, async ({ page }) => {
      await page.clock.install();
      const slider = await open(page, 'product', '.hero-slider');
      const viewport = slider.locator('[part~="viewport"]');
      assert.equal(await viewport.getAttribute('aria-live'), 'off');
      assert.equal(await slider.locator('[part~="rotation"]').getAttribute('aria-label'), en.sliderStop);
      await holdClock(page);
      await page.clock.runFor(INTERVAL_MS);
      const overTheChange = () => page.clock.runFor(SLIDER.TRANSITION_MS);
      await becomesCurrent(slider, 'Slide 2', overTheChange);
      await slider.locator('[part~="viewport"]').hover();
      await waitFor(async () => (await viewport.getAttribute('aria-live')) === 'polite', 'the pointer to hold autoplay');
      await page.clock.runFor(INTERVAL_MS * 2);
      assert.equal(await currentDot(slider), 'Slide 2');
      await slider.locator('[part~="next"]').click();
      await becomesCurrent(slider, 'Slide 3', overTheChange);
      await page.mouse.move(0, 0);
      await page.clock.runFor(INTERVAL_MS * 2);
      assert.equal(await slider.locator('[part~="rotation"]').getAttribute('aria-label'), en.sliderStart, 'stopped by the click');
      assert.deepEqual(await inView(slider), [2]);
    });
  });

  it('by keyboard: the rotation control comes first and stops it; Tab reaches the arrows and dots, Enter and the arrow keys move it', async () => {
    await asVisitor(WIDE, async ({ page }) => {
      const slider = await open(page, 'product', '.hero-slider');
      await slider.locator('[part~="rotation"]').focus();
      await page.keyboard.press('Enter');
      await waitFor(async () => (await slider.locator('[part~="rotation"]').getAttribute('aria-label')) === en.sliderStart, 'Enter to stop autoplay');
      assert.equal(await slider.locator('[part~="viewport"]').getAttribute('aria-live'), 'polite');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      assert.equal(await focusedPart(slider), 'next');
      await page.keyboard.press('Enter');
      await becomesCurrent(slider, 'Slide 2');
      await page.keyboard.press('ArrowRight');
      await becomesCurrent(slider, 'Slide 3');
      await page.keyboard.press('Tab');
      assert.equal(await focusedPart(slider), 'dot');
      await page.keyboard.press('ArrowLeft');
      await becomesCurrent(slider, 'Slide 2');
    });
  });

  it('on a phone: the film slide shows its still instead of the video, and swipes move it', async () => {
    await asVisitor(MOBILE_PHONE, async ({ context, page }) => {
      const slider = await open(page, 'product', '.hero-slider');
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('avia_mobile')), true);
      const film = slider.locator('li.av-video-slide');
      assert.equal(await film.locator('video').evaluate((video) => getComputedStyle(video).display), 'none');
      assert.notEqual(await film.locator('.av-mobile-fallback-image').evaluate((image) => getComputedStyle(image).display), 'none');
      assert.equal(await film.locator('.kite-slider-message').count(), 0, 'it has a fallback image: no message');
      const box = await slider.locator('[part~="viewport"]').boundingBox();
      assert.ok(box);
      await touchSwipe(context, page, box, -SWIPE.MIN_HORIZONTAL_PX * 3);
      await becomesCurrent(slider, 'Slide 2');
      await waitFor(async () => {
        await touchSwipe(context, page, box, SWIPE.MIN_HORIZONTAL_PX * 3);
        return (await currentDot(slider)) === 'Slide 1';
      }, 'a swipe to the right to go back (after the swipe lock)');
    });
  });
});

for (const { lang, path, messages, forwardKey, forwardSwipe } of [
  { lang: 'en', path: 'portfolio', messages: en, forwardKey: 'ArrowRight', forwardSwipe: -1 },
  { lang: 'he', path: 'portfolio-he', messages: he, forwardKey: 'ArrowLeft', forwardSwipe: 1 },
] as const) {
  describe(`the demo portfolio's carousel of projects in ${lang === 'en' ? 'English' : 'Hebrew'}, as a new visitor`, () => {
    const dot = (n: number) => messages.sliderDot.replace('{index}', String(n));
    const positions = PROJECTS - SLIDER.CAROUSEL_SLIDES_TO_SHOW + 1;

    it('by mouse: three projects shown, a dot per position, the arrows step one and wrap (mirrored right to left)', async () => {
      await asVisitor(WIDE, async ({ page }) => {
        const slider = await open(page, path, '.projects-carousel');
        assert.equal(await slider.locator('[part~="base"]').getAttribute('aria-roledescription'), messages.sliderCarousel);
        // The page's language arrives after the first render: the slides are worded in it all the same.
        assert.equal(await slider.locator(':scope > ul > li').first().getAttribute('aria-label'), messages.sliderSlideOf.replace('{index}', '1').replace('{count}', String(PROJECTS)));
        assert.equal(await slider.locator(':scope > ul > li').first().getAttribute('aria-roledescription'), messages.sliderSlide);
        assert.deepEqual(await inView(slider), [0, 1, 2]);
        assert.equal(await slider.locator('[part~="dot"]').count(), positions);
        const next = await slider.locator('[part~="next"]').boundingBox();
        const previous = await slider.locator('[part~="previous"]').boundingBox();
        assert.ok(next && previous);
        assert.equal(next.x > previous.x, lang === 'en', 'next is on the reading side');
        await slider.locator('[part~="next"]').click();
        await becomesCurrent(slider, dot(2));
        assert.deepEqual(await inView(slider), [1, 2, 3]);
        const first = await slider.locator(':scope > ul > li').nth(1).boundingBox();
        const box = await slider.locator('[part~="viewport"]').boundingBox();
        assert.ok(first && box);
        // The first project shown sits at the reading start of the window once the change is over.
        await waitFor(async () => {
          const now = (await slider.locator(':scope > ul > li').nth(1).boundingBox())!;
          return Math.abs(lang === 'en' ? now.x - box.x : now.x + now.width - (box.x + box.width)) < 1;
        }, 'the second project at the start of the window');
        await slider.locator('[part~="previous"]').click();
        await becomesCurrent(slider, dot(1));
        await slider.locator('[part~="previous"]').click();
        await becomesCurrent(slider, dot(positions));
      });
    });

    it('by keyboard: the arrow keys follow the reading direction', async () => {
      await asVisitor(WIDE, async ({ page }) => {
        const slider = await open(page, path, '.projects-carousel');
        await slider.locator('[part~="next"]').focus();
        await page.keyboard.press(forwardKey);
        await becomesCurrent(slider, dot(2));
      });
    });

    it('by touch: a swipe follows the reading direction', async () => {
      await asVisitor(MOBILE_PHONE, async ({ context, page }) => {
        const slider = await open(page, path, '.projects-carousel');
        const box = await slider.locator('[part~="viewport"]').boundingBox();
        assert.ok(box);
        await touchSwipe(context, page, box, forwardSwipe * SWIPE.MIN_HORIZONTAL_PX * 3);
        await becomesCurrent(slider, dot(2));
      });
    });
  });
}
