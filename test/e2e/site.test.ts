// End to end: the demo's content-site pages (gallery, video, product) served by the reference
// server under its strict Content-Security-Policy, tried in real Chromium as a new visitor would:
// by mouse, keyboard and touch (a touch context: real taps, and swipes as CDP touch events).
// Needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { CONTACT_TEXT } from '../../demo/server/routes/contact.ts';
import { LIGHTBOX, PLAYER, SWIPE } from '../../shared/constants/site.ts';
import { en } from '../messages.ts';
import { CONTACT_FIELDS_WITH_ERROR_DEFAULT } from '../../shared/logic/contact.ts';
import { VIDEO_EMBED_ORIGINS } from '../../shared/logic/video-url.ts';
import { COMPILE_HINT } from '../../scripts/rollup/compile-hints.mjs';
import { PHONE, serverAndBrowser, touchSwipe, waitFor } from './harness.ts';

const e2e = serverAndBrowser('site', 'e2e-site-admin-token-0123456789abcdef');

/** Generous bound for "it happens after X ms" in a shared, loaded machine. */
const SLACK_MS = 5_000;

const { asVisitor } = e2e;

const counter = (current: number, total: number) => en.lightboxCounter.replace('{current}', String(current)).replace('{total}', String(total));

// Lightbox ---------------------------------------------------------------------------------------

const photos = (page: Page) => page.locator('kite-lightbox').first();
/** The open dialog: a first click before the lightbox's React part has loaded opens a stand-in beside React's (built closed), which React's then replaces. */
const dialog = (page: Page) => photos(page).locator('[part~="dialog"][open]');
const photo = (n: number) => `/media/gallery/aero-${String(n).padStart(2, '0')}.svg`;
const thumbnail = (page: Page, n: number) => photos(page).locator(`a[href="${photo(n)}"]`);

/** The element has taken its links over (it marks them). */
const lightboxReady = (page: Page) => thumbnail(page, 1).and(page.locator('[aria-haspopup="dialog"]')).waitFor({ state: 'attached' });

/** The dialog shows photo `n` of `total`, loaded, with the counter. */
async function showsPhoto(page: Page, n: number, total: number) {
  const image = dialog(page).locator('[part~="image"]');
  await image.waitFor({ state: 'visible', timeout: SLACK_MS });
  await page.waitForFunction(
    ({ src }) => {
      const img = document.querySelector('kite-lightbox')?.shadowRoot?.querySelector<HTMLImageElement>('[part~="image"]');
      return Boolean(img?.complete && img.naturalWidth > 0 && img.src === new URL(src, location.href).href);
    },
    { src: photo(n) },
    { timeout: LIGHTBOX.NAVIGATION_DELAY_MS + SLACK_MS },
  );
  assert.equal(await dialog(page).locator('[part~="counter"]').textContent(), counter(n, total));
}

/** The thing with focus: inside a shadow root when focus is there. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active ? `${active.localName}${active.getAttribute('part') ? `(${active.getAttribute('part')})` : ''}${active.getAttribute('href') ? `[${active.getAttribute('href')}]` : ''}` : 'nothing';
  });

/** Closed: the dialog stays in the shadow root, built for the next opening, hidden. */
async function closedLightbox(page: Page) {
  await dialog(page).waitFor({ state: 'hidden', timeout: LIGHTBOX.REMOVAL_DELAY_MS + SLACK_MS });
}

/** A horizontal swipe on the stage as real touch input, `dx` pixels. */
async function swipe(context: BrowserContext, page: Page, dx: number) {
  const box = await dialog(page).locator('[part~="stage"]').boundingBox();
  assert.ok(box, 'the stage has a box');
  await touchSwipe(context, page, box, dx);
}

describe('the demo gallery page, as a new visitor', () => {
  const TOTAL = 20;

  it('by mouse: opens a photo, the arrow keys page through it both ways (wrapping), Esc closes and focus returns to the thumbnail', async () => {
    await asVisitor({}, async ({ page }) => {
      await page.goto(e2e.at('gallery'));
      await lightboxReady(page);
      await thumbnail(page, 1).locator('img').click();
      await showsPhoto(page, 1, TOTAL);
      assert.equal(await dialog(page).getAttribute('aria-labelledby') !== null, true, 'named by its title');
      assert.equal(await dialog(page).locator('[part~="title"]').textContent(), 'Aero 2 Sunset, in flight');
      await page.keyboard.press('ArrowRight');
      await showsPhoto(page, 2, TOTAL);
      await page.keyboard.press('ArrowLeft');
      await showsPhoto(page, 1, TOTAL);
      await page.keyboard.press('ArrowLeft');
      await showsPhoto(page, TOTAL, TOTAL);
      await page.keyboard.press('Escape');
      await closedLightbox(page);
      assert.equal(await focusedName(page), `a[${photo(1)}]`);
      // The page scrolls again.
      assert.equal(await page.evaluate(() => document.documentElement.style.overflow), '');
    });
  });

  /** The shell comes first in tab order: logo, menu links and their submenu buttons, language links, scroll-to-top. */
  const TABS_TO_FIRST_PHOTO_MAX = 40;

  it('by keyboard: Tab to a photo, Enter opens it with focus in the dialog, Tab stays in it', async () => {
    await asVisitor({}, async ({ page }) => {
      await page.goto(e2e.at('gallery'));
      await lightboxReady(page);
      for (let presses = 0; presses < TABS_TO_FIRST_PHOTO_MAX && (await focusedName(page)) !== `a[${photo(1)}]`; presses++) await page.keyboard.press('Tab');
      assert.equal(await focusedName(page), `a[${photo(1)}]`, 'Tabs reach the first photo');
      await page.keyboard.press('Enter');
      await showsPhoto(page, 1, TOTAL);
      assert.equal(await focusedName(page), 'figure(figure)');
      // Close, previous, next: three Tabs come back round inside the dialog.
      const seen = new Set<string>();
      for (let presses = 0; presses < 6; presses++) {
        await page.keyboard.press('Tab');
        seen.add(await focusedName(page));
      }
      assert.deepEqual([...seen].sort(), ['button(close)', 'button(next)', 'button(previous)']);
      await page.keyboard.press('Escape');
      await closedLightbox(page);
      assert.equal(await focusedName(page), `a[${photo(1)}]`);
    });
  });

  it('by touch: a tap opens a photo, a swipe to the left shows the next one, to the right the previous one', async () => {
    await asVisitor(PHONE, async ({ context, page }) => {
      await page.goto(e2e.at('gallery'));
      await lightboxReady(page);
      await thumbnail(page, 1).locator('img').tap();
      await showsPhoto(page, 1, TOTAL);
      await swipe(context, page, -SWIPE.MIN_HORIZONTAL_PX * 3);
      await showsPhoto(page, 2, TOTAL);
      // After the lock, the other way.
      await page.waitForTimeout(SWIPE.LOCK_MS);
      await swipe(context, page, SWIPE.MIN_HORIZONTAL_PX * 3);
      await showsPhoto(page, 1, TOTAL);
      // A tap at once after a swipe made no click here (Chromium's gesture detection); a finger pauses first.
      await page.waitForTimeout(SWIPE.LOCK_MS);
      await dialog(page).locator('[part~="close"]').tap();
      await closedLightbox(page);
    });
  });

  it('gets the code of its first click compiled ahead: React, XState and the rest of the lightbox, fetched on the pointer over a photo, start with V8\'s compile hint; its first chunk, mostly code for a first click before React, does not', async () => {
    await asVisitor({}, async ({ page }) => {
      const scripts = new Map<string, Promise<string>>();
      page.on('response', (response) => {
        const file = /\/kite\/chunks\/([\w.-]+\.js)$/.exec(response.url())?.[1];
        if (file) scripts.set(file, response.text());
      });
      const chunk = (name: string) => [...scripts.keys()].find((file) => file.startsWith(`${name}-`));
      await page.goto(e2e.at('gallery'));
      await lightboxReady(page);
      await thumbnail(page, 1).hover();
      await waitFor(() => ['react', 'lightbox.view'].every((name) => chunk(name) !== undefined), 'the rest of the lightbox fetched');
      for (const name of ['react', 'xstate', 'lightbox.view', 'lightbox.machine']) {
        const file = chunk(name);
        assert.ok(file, `${name} fetched (got ${[...scripts.keys()].join(', ')})`);
        assert.ok((await scripts.get(file)!).startsWith(`${COMPILE_HINT}\n`), `${file} starts with the hint`);
      }
      const first = chunk('lightbox.element');
      assert.ok(first && !(await scripts.get(first)!).includes(COMPILE_HINT), `${first} without the hint`);
      // Not on everything: the English messages are data, with nothing to compile.
      const messages = [...scripts.keys()].filter((file) => file.startsWith('en-'));
      assert.ok(messages.length > 0);
      for (const file of messages) assert.ok(!(await scripts.get(file)!).includes(COMPILE_HINT), file);
    });
  });

  it('plays the video link in a frame from the video site (allowed by the page policy), gone when closed', async () => {
    await asVisitor({}, async ({ context, page }) => {
      // No network here: the video site's player answers from this test.
      const embeds: string[] = [];
      await context.route(`${VIDEO_EMBED_ORIGINS.youtube}/**`, (route) => {
        embeds.push(route.request().url());
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>playing</p>' });
      });
      await page.goto(e2e.at('gallery'));
      const videos = page.locator('kite-lightbox').nth(1);
      await videos.locator('a[href*="youtube.com"][aria-haspopup="dialog"]').waitFor({ state: 'attached' });
      await videos.locator('a[href*="youtube.com"]').click();
      const frame = videos.locator('[part~="frame"]');
      await frame.waitFor({ state: 'visible', timeout: SLACK_MS });
      assert.equal(await frame.getAttribute('title'), 'A short film (YouTube)');
      await page.waitForFunction(() => document.querySelectorAll('kite-lightbox')[1]?.shadowRoot?.querySelector('[part~="dialog"]')?.getAttribute('data-status') === 'ready', null, { timeout: SLACK_MS });
      assert.equal(embeds.length, 1);
      assert.match(embeds[0]!, new RegExp(`^${VIDEO_EMBED_ORIGINS.youtube}/embed/aqz-KE-bpKQ\\?`));
      assert.equal(await page.frame({ url: /\/embed\/aqz-KE-bpKQ/ })?.locator('p').textContent(), 'playing');
      await page.keyboard.press('Escape');
      await frame.waitFor({ state: 'detached', timeout: LIGHTBOX.REMOVAL_DELAY_MS + SLACK_MS });
    });
  });
});

// Player -----------------------------------------------------------------------------------------

const film = (page: Page) => page.locator('kite-player').first();
const control = (page: Page, part: string) => film(page).locator(`[part~="${part}"]`);
const video = (page: Page) => film(page).locator('video');
const paused = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.paused);

async function playerReady(page: Page) {
  await control(page, 'play-button').waitFor({ state: 'attached', timeout: SLACK_MS });
  await page.waitForFunction(() => ((document.querySelector('kite-player video') as HTMLVideoElement | null)?.readyState ?? 0) >= 1, null, { timeout: SLACK_MS });
}

/** The film plays (its time moving) or is paused, and the play button says what it does next. */
async function playing(page: Page, expected: boolean) {
  await page.waitForFunction(
    ({ wanted, label }) => {
      const host = document.querySelector('kite-player');
      const element = host?.querySelector('video');
      const button = host?.shadowRoot?.querySelector('[part~="play-button"]');
      return Boolean(element && element.paused === !wanted && (!wanted || element.currentTime > 0) && button?.getAttribute('aria-label') === label);
    },
    { wanted: expected, label: expected ? en.playerPause : en.playerPlay },
    { timeout: SLACK_MS },
  );
}

/** Enough Tab presses to cross the demo video page's header, menus and links (18 stops before the player) and reach any control. */
const MAX_TABS = 40;

/** Tab until `part` in the film's player has focus. */
async function tabTo(page: Page, part: string) {
  for (let presses = 0; presses < MAX_TABS; presses++) {
    const inPlayer = await film(page).evaluate((host, wanted) => host.shadowRoot?.activeElement?.getAttribute('part')?.split(' ').includes(wanted) ?? false, part);
    if (inPlayer) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached ${part}`);
}

/** The big play button plays the film; over the film, the play button pauses it. */
async function playsAndPausesByMouse(page: Page) {
  await playerReady(page);
  await control(page, 'big-play-button').click();
  await playing(page, true);
  await film(page).hover();
  await control(page, 'play-button').click();
  await playing(page, false);
}

describe('the demo video page, as a new visitor', () => {
  it('by mouse: the big play button plays the film, the play button pauses it', async () => {
    await asVisitor({}, async ({ page }) => {
      await page.goto(e2e.at('media.html'));
      await playsAndPausesByMouse(page);
    });
  });

  it('by keyboard: Space plays and Enter pauses on the play button; the arrow keys seek by 5% of the film', async () => {
    await asVisitor({}, async ({ page }) => {
      await page.goto(e2e.at('media.html'));
      await playerReady(page);
      await tabTo(page, 'play-button');
      await page.keyboard.press('Space');
      await playing(page, true);
      await page.keyboard.press('Enter');
      await playing(page, false);

      await tabTo(page, 'progress');
      const duration = await video(page).evaluate((element: HTMLVideoElement) => element.duration);
      const start = await video(page).evaluate((element: HTMLVideoElement) => element.currentTime);
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((from) => (document.querySelector('kite-player video') as HTMLVideoElement).currentTime > from, start, { timeout: SLACK_MS });
      const after = await video(page).evaluate((element: HTMLVideoElement) => element.currentTime);
      // Media seeks land on a frame: within a frame (1/25 s) of the step.
      assert.ok(Math.abs(after - start - PLAYER.SEEK_STEP_RATIO * duration) < 0.04, `seeked from ${start} to ${after} of ${duration}`);
      await page.keyboard.press('ArrowLeft');
      await page.waitForFunction((from) => (document.querySelector('kite-player video') as HTMLVideoElement).currentTime < from, after, { timeout: SLACK_MS });
      assert.equal(await paused(page), true, 'seeking does not play');
    });
  });

  it('toggles the captions off and on from the captions menu', async () => {
    await asVisitor({}, async ({ page }) => {
      await page.goto(e2e.at('media.html'));
      await playerReady(page);
      // The first cue shows from the start: seek into it, paused.
      await tabTo(page, 'progress');
      await page.keyboard.press('ArrowRight');
      const captions = control(page, 'captions');
      await captions.waitFor({ state: 'visible', timeout: SLACK_MS });
      assert.equal(await captions.textContent(), 'Meet the Aero 2, our single-line kite.');

      const menu = control(page, 'captions-button');
      await menu.click();
      await film(page).getByRole('menuitemradio', { name: en.playerCaptionsOff }).click();
      await captions.waitFor({ state: 'detached', timeout: SLACK_MS });
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');

      await menu.click();
      await film(page).getByRole('menuitemradio', { name: 'English' }).click();
      await captions.waitFor({ state: 'visible', timeout: SLACK_MS });
      assert.equal(await captions.textContent(), 'Meet the Aero 2, our single-line kite.');
    });
  });

  it('by touch: a tap on the big play button plays the film', async () => {
    await asVisitor(PHONE, async ({ page }) => {
      await page.goto(e2e.at('media.html'));
      await playerReady(page);
      await control(page, 'big-play-button').tap();
      await playing(page, true);
    });
  });
});

// The product page: all three together -----------------------------------------------------------

describe('the demo product page, as a new visitor', () => {
  it('is linked from the home page and has a working gallery, film and question form', async () => {
    await asVisitor({}, async ({ page }) => {
      await page.goto(e2e.at(''));
      await page.getByRole('link', { name: 'Product page' }).click();
      await page.waitForURL(/\/product$/);

      await lightboxReady(page);
      await thumbnail(page, 2).locator('img').click();
      await showsPhoto(page, 2, 5);
      assert.equal(await dialog(page).locator('[part~="title"]').textContent(), 'Lagoon');
      await page.keyboard.press('Escape');
      await closedLightbox(page);

      await playsAndPausesByMouse(page);
      assert.equal(await control(page, 'chapters-button').count(), 1, 'the chapters menu');

      const form = page.locator('kite-contact-form');
      await form.locator('form[novalidate]').waitFor({ state: 'attached' });
      await form.getByRole('button', { name: 'Ask' }).click();
      await form.locator('[part~="summary"]').getByText(CONTACT_FIELDS_WITH_ERROR_DEFAULT).waitFor({ timeout: SLACK_MS });
      assert.equal(await page.locator('#element_question_email').getAttribute('class'), 'form_element form_element_half error');
      await form.getByLabel('Name').fill('Ana Lima');
      await form.getByLabel('E-Mail').fill('ana@example.com');
      await form.getByLabel('Your question').fill('Does the Aero 2 fly in 5 knots?');
      await form.getByRole('button', { name: 'Ask' }).click();
      await form.getByText(CONTACT_TEXT.SUCCESS).waitFor({ timeout: SLACK_MS });
    });
  });
});
