// End to end: the video embeds of the demo's product and portfolio pages (English and Hebrew) and
// their one video consent (`<meta name="kite-video-consent" content="ask">`), walked in real
// Chromium as a new visitor: by mouse, keyboard and touch. Every request to a video site is recorded
// and answered here (page.route): nothing leaves the machine, and none may go out before consent.
// Needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PHONE, serverAndBrowser, STATE_DEADLINE_MS as SLACK_MS, WIDE } from './harness.ts';

const e2e = serverAndBrowser('video-consent', 'e2e-video-consent-token-of-more-than-32-characters');
const { asVisitor } = e2e;

/** Every host of the two video sites: players, thumbnails, pages. */
const VIDEO_HOSTS = /^https:\/\/([\w-]+\.)*(youtube\.com|youtube-nocookie\.com|ytimg\.com|youtu\.be|vimeo\.com|vimeocdn\.com)\//;
const YOUTUBE_ID = 'aqz-KE-bpKQ';

/** Records (and answers with an empty page) every request to a video site. */
async function recordVideoRequests(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route(VIDEO_HOSTS, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Video</title>' });
  });
  return requests;
}

const embeds = (page: Page) => page.locator('kite-video-embed');
const stateOf = (page: Page, n: number) => embeds(page).nth(n).locator('[part~="base"]').getAttribute('data-state');

async function open(page: Page, path: string): Promise<void> {
  await page.goto(e2e.at(path));
  await embeds(page).first().locator('[part~="base"]').waitFor({ state: 'attached', timeout: SLACK_MS });
  await page.locator('.video-consent-bar:not([hidden])').waitFor({ timeout: SLACK_MS });
}

for (const { lang, path, dir, allow, withdraw, play } of [
  { lang: 'en', path: '/portfolio', dir: 'ltr', allow: 'Allow video embeds', withdraw: 'Turn video embeds off', play: 'Play Building the Lagoon team kites' },
  { lang: 'he', path: '/portfolio-he', dir: 'rtl', allow: 'לאפשר סרטונים מוטמעים', withdraw: 'לכבות סרטונים מוטמעים', play: 'הפעלת בונים את עפיפוני הצוות של Lagoon' },
] as const) {
  describe(`the portfolio's video embeds in ${lang === 'en' ? 'English' : 'Hebrew'} (${dir}), as a new visitor`, () => {
    it('by mouse: nothing from a video site before consent; the embed\'s allow button turns every embed into a poster, play frames the player', async () => {
      await asVisitor(WIDE, async ({ page }) => {
        const requests = await recordVideoRequests(page);
        await open(page, path);
        assert.equal(await embeds(page).count(), 2);
        assert.equal(await stateOf(page, 0), 'consentNeeded');
        assert.equal(await embeds(page).first().locator('[part~="base"]').getAttribute('dir'), dir === 'rtl' ? 'rtl' : null);
        const link = embeds(page).first().locator('[part~="consent-link"]');
        assert.equal(await link.getAttribute('href'), 'https://vimeo.com/76979871');
        assert.equal(await link.getAttribute('target'), '_blank');
        assert.equal(requests.length, 0, 'no request to a video site before consent');

        await embeds(page).first().getByRole('button', { name: allow }).click();
        await page.waitForFunction(() => [...document.querySelectorAll('kite-video-embed')].every((embed) => embed.shadowRoot?.querySelector('[part~="play"]')), null, { timeout: SLACK_MS });
        assert.equal(requests.length, 0, 'consent alone frames nothing: the visitor has not played');
        assert.equal(await page.locator('.video-consent-bar').getByRole('button', { name: withdraw }).isVisible(), true, 'the bar follows');

        await embeds(page).first().getByRole('button', { name: play }).click();
        const frame = embeds(page).first().locator('iframe[part~="frame"]');
        await frame.waitFor({ timeout: SLACK_MS });
        assert.match((await frame.getAttribute('src')) ?? '', /^https:\/\/player\.vimeo\.com\/video\/76979871\?autoplay=1$/);
        await page.waitForFunction(() => document.querySelector('kite-video-embed')!.shadowRoot!.querySelector('[part~="base"]')!.getAttribute('data-state') === 'embedded', null, { timeout: SLACK_MS });
        assert.ok(requests.some((url) => url.startsWith('https://player.vimeo.com/video/76979871')), 'the player was asked for');
      });
    });

    it('by keyboard: Enter on the consent bar allows, Enter on a play button frames the YouTube player and focus moves into it', async () => {
      await asVisitor(WIDE, async ({ page }) => {
        const requests = await recordVideoRequests(page);
        await open(page, path);
        await page.locator('.video-consent-bar').getByRole('button', { name: allow }).focus();
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => document.querySelectorAll('kite-video-embed')[1]?.shadowRoot?.querySelector('[part~="play"]'), null, { timeout: SLACK_MS });
        await embeds(page).nth(1).locator('[part~="play"]').focus();
        await page.keyboard.press('Enter');
        const frame = embeds(page).nth(1).locator('iframe[part~="frame"]');
        await frame.waitFor({ timeout: SLACK_MS });
        const src = new URL((await frame.getAttribute('src'))!);
        assert.equal(src.origin + src.pathname, `https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}`);
        assert.equal(src.searchParams.get('autoplay'), '1');
        assert.equal(await page.evaluate(() => document.querySelectorAll('kite-video-embed')[1]!.shadowRoot!.activeElement?.localName), 'iframe');
        assert.ok(requests.every((url) => !url.includes('ytimg.com')), 'the theme poster is used: no YouTube thumbnail');
      });
    });

    it('consent withdrawn from the bar: posters go back to the notice and a link, nothing more is asked of the video sites', async () => {
      await asVisitor(WIDE, async ({ page }) => {
        const requests = await recordVideoRequests(page);
        await open(page, path);
        await page.locator('.video-consent-bar').getByRole('button', { name: allow }).click();
        await page.waitForFunction(() => document.querySelector('kite-video-embed')?.shadowRoot?.querySelector('[part~="play"]'), null, { timeout: SLACK_MS });
        await page.locator('.video-consent-bar').getByRole('button', { name: withdraw }).click();
        await page.waitForFunction(() => [...document.querySelectorAll('kite-video-embed')].every((embed) => embed.shadowRoot?.querySelector('[part~="consent-link"]')), null, { timeout: SLACK_MS });
        assert.equal(requests.length, 0, requests.join(' '));
      });
    });
  });
}

describe('the product page\'s video embed, as a new visitor', () => {
  it('by touch: allow, then a tap on play frames the YouTube player', async () => {
    await asVisitor(PHONE, async ({ page }) => {
      const requests = await recordVideoRequests(page);
      await open(page, '/product');
      assert.equal(await stateOf(page, 0), 'consentNeeded');
      await embeds(page).first().locator('[part~="consent-allow"]').tap();
      const play = embeds(page).first().getByRole('button', { name: 'Play The Aero 2 in a fresh breeze' });
      await play.waitFor({ timeout: SLACK_MS });
      assert.equal(requests.length, 0, requests.join(' '));
      await play.tap();
      await embeds(page).first().locator('iframe[part~="frame"]').waitFor({ timeout: SLACK_MS });
      assert.ok(requests.some((url) => url.startsWith(`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}`)));
    });
  });
});
