// End to end: the two framework-host pages of the demo, served by the reference server under its
// strict Content-Security-Policy and driven in real Chromium as a visitor would: the React 19 app
// (/react: the elements rendered in JSX, their events heard by the app) and the CMS theme page
// (/theme: the theme's HTML and one script tag). On each, the lightbox opens on a click and closes
// with Escape, the player's play control is reached by keyboard and plays, and the pop-up shows with
// a field that takes typing. Needs a build (npm test builds first): the React app is built by it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { en } from '../messages.ts';
import { launchChromium, newVisitor, startE2EServer, STATE_DEADLINE_MS as SLACK_MS } from './harness.ts';

/** More Tab presses than there are focusable things between the top of a page and its player. */
const MAX_TABS = 60;

// The pages read the demo's pop-up records (demo/poptins/, served at /poptins/), so the server
// keeps its default records folder; the data is a fresh SQLite file.
let server: Awaited<ReturnType<typeof startE2EServer>>;
let browser: Browser;
let dataDir: string;
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kite-e2e-hosts-'));
  server = await startE2EServer({ port: 0, dataDir, adminToken: 'e2e-hosts-admin-token-0123456789abcdef', distDir: process.env.KITE_DIST_DIR, quiet: true });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Opens `path` as a new visitor (after `beforeLoad`, which can install a script that runs before
 * the page's), runs `body`, then checks the page logged no error and no CSP violation.
 */
async function visit(path: string, body: (page: Page) => Promise<void>, beforeLoad?: (page: Page) => Promise<unknown>): Promise<void> {
  const { context, page, problems } = await newVisitor(browser);
  try {
    await beforeLoad?.(page);
    await page.goto(new URL(path, server.url).href);
    await body(page);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
}

/** The open dialog: a first click before the lightbox's React part has loaded opens a stand-in beside React's (built closed), which React's then replaces. */
const lightboxDialog = (page: Page) => page.locator('kite-lightbox [part~="dialog"][open]');
const poptinDialog = (page: Page) => page.locator('kite-poptin [role="dialog"]');
/** The React app's line that says which element event it heard last. */
const status = (page: Page) => page.getByRole('status');

/** Clicks the first photo of the gallery (once the lightbox has taken it over) and waits for the dialog. */
async function opensLightboxOnClick(page: Page): Promise<void> {
  const photo = page.locator('kite-lightbox a[aria-haspopup="dialog"]').first();
  await photo.waitFor({ state: 'attached', timeout: SLACK_MS });
  await photo.click();
  await lightboxDialog(page).waitFor({ state: 'visible', timeout: SLACK_MS });
}

async function closesLightboxWithEscape(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await lightboxDialog(page).waitFor({ state: 'hidden', timeout: SLACK_MS });
}

/** The accessible name of what has focus, looking into open shadow roots. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.getAttribute('aria-label') ?? active?.textContent ?? '';
  });

/** Tabs from the top of the page to the player's Play button (a keyboard user reaches it) and presses Space. */
async function playsFromKeyboard(page: Page): Promise<void> {
  await page.locator('kite-player [part~="play-button"]').waitFor({ state: 'attached', timeout: SLACK_MS });
  let presses = 0;
  while ((await focusedLabel(page)) !== en.playerPlay) {
    assert.ok(++presses <= MAX_TABS, 'Tab reaches the Play button');
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('kite-player video')?.paused === false, null, { timeout: SLACK_MS });
}

/** The pop-up shows and its email field takes what the visitor types. */
async function typesIntoPoptin(page: Page, email: string): Promise<void> {
  await poptinDialog(page).waitFor({ state: 'visible', timeout: SLACK_MS });
  const field = poptinDialog(page).getByLabel('Email', { exact: true });
  await field.pressSequentially(email);
  assert.equal(await field.inputValue(), email);
}

describe('the React app page (/react), as a visitor', () => {
  it("does not move as the app's first render replaces its loading line (no layout shift)", async () => {
    await visit(
      'react',
      async (page) => {
        // The app's own heading: the page's shell has status regions of its own, there before the app renders.
        await page.getByRole('heading', { name: 'Aero 2 summer colours' }).waitFor({ timeout: SLACK_MS });
        const [before, rendered] = await page.evaluate(() => [(window as { loadingLineTop?: number }).loadingLineTop, document.getElementById('react-app')!.getBoundingClientRect().top]);
        assert.equal(rendered, before);
      },
      // The app renders after its record and Kite's elements have loaded: at DOMContentLoaded the
      // mount point still holds the page's own loading line.
      (page) =>
        page.addInitScript(() => {
          addEventListener('DOMContentLoaded', () => {
            (window as { loadingLineTop?: number }).loadingLineTop = document.getElementById('react-app')!.getBoundingClientRect().top;
          });
        }),
    );
  });

  it('opens a photo on a click and closes it with Escape; the app hears both events', async () => {
    await visit('react', async (page) => {
      await opensLightboxOnClick(page);
      await status(page).getByText('Photo 1 of 3 opened.').waitFor({ timeout: SLACK_MS });
      await closesLightboxWithEscape(page);
      await status(page).getByText('Photo closed (escape).').waitFor({ timeout: SLACK_MS });
    });
  });

  it('reaches the Play button by keyboard and plays the film; the app hears it', async () => {
    await visit('react', async (page) => {
      await playsFromKeyboard(page);
      await status(page).getByText('The film plays.').waitFor({ timeout: SLACK_MS });
    });
  });

  it('opens the offer pop-up from its record (a property, not an attribute), takes typing, and the app hears it show', async () => {
    await visit('react', async (page) => {
      await page.getByRole('button', { name: 'Get the offer' }).click();
      await typesIntoPoptin(page, 'ada@example.com');
      await status(page).getByText('The offer shows.').waitFor({ timeout: SLACK_MS });
      assert.equal(await page.locator('kite-poptin').evaluate((element) => element.hasAttribute('poptin')), false);
    });
  });
});

describe('the CMS theme page (/theme), as a visitor', () => {
  it("enhances the theme's HTML once kite.js is loaded: the lightbox opens on a click and closes with Escape", async () => {
    await visit('theme', async (page) => {
      await opensLightboxOnClick(page);
      await closesLightboxWithEscape(page);
    });
  });

  it('reaches the Play button by keyboard and plays the film', async () => {
    await visit('theme', (page) => playsFromKeyboard(page));
  });

  it('shows the embedded newsletter form, which takes typing', async () => {
    await visit('theme', (page) => typesIntoPoptin(page, 'grace@example.com'));
  });
});
