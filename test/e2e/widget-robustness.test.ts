// The widget on hostile pages (issue 13), in real Chromium against the reference server, each a
// fresh client with a lead pop-up whose lead must be stored exactly once:
// - where the browser refuses storage (item 1): a page inside an `<iframe sandbox="allow-scripts">`
//   (an opaque origin: reading localStorage, sessionStorage or document.cookie throws
//   SecurityError, IndexedDB and Web Locks are refused), and a browser profile that blocks all
//   cookies (Chromium's own setting: storage throws SecurityError, cookies are dropped unsaid);
// - on a page whose address is longer than the display API takes (item 6);
// - on a page whose markup is named "kite" and so shows through `window.kite` (item 7);
// - when one of the run's own files does not arrive (offline, or a release replaced the files).
// Needs a build.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Frame, type FrameLocator, type Page } from 'playwright-core';
import { launchChromium, leadLightbox, poptinIdOf, serverAndBrowser, STRICT_CSP, waitFor, watchViolations } from './harness.ts';
import { findChromium, CHROMIUM_ARGS } from '../../scripts/chromium.mjs';
import { METADATA, STORAGE_KEY } from '../../shared/constants/widget.ts';
import { chunkOfModule, readChunkGraph } from '../../scripts/sizes.mjs';
import { FREQUENCY } from '../../shared/constants/frequency.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

const ADMIN_TOKEN = 'widget-robustness-admin-token-of-32-chars-or-more';
const e2e = serverAndBrowser('robustness', ADMIN_TOKEN);
const { at } = e2e;

/** Chromium's content setting value that blocks cookies and site storage for every site. */
const CONTENT_SETTING_BLOCK = 2;

const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/**
 * A browser whose profile blocks all cookies, as a visitor sets it in Chromium's settings: not a
 * stub, the browser itself refuses (localStorage, sessionStorage and IndexedDB throw or fail,
 * document.cookie reads empty and drops every write).
 */
async function cookiesBlockedBrowser(): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), 'kite-cookies-blocked-'));
  folders.push(profile);
  mkdirSync(join(profile, 'Default'));
  const preferences = { profile: { default_content_setting_values: { cookies: CONTENT_SETTING_BLOCK } } };
  writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify(preferences));
  return watchViolations(await chromium.launchPersistentContext(profile, { executablePath: findChromium(), args: CHROMIUM_ARGS }));
}

/** Holds the tab teasers' code (its file) in `context` until the returned function releases it. */
async function holdTeaserCode(context: BrowserContext): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(`**${fileOf('components/widget/teaser.ts')}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Where the page fetches the built file holding `moduleId` from. */
function fileOf(moduleId: string): string {
  const chunk = chunkOfModule(readChunkGraph()!, moduleId);
  assert.ok(chunk, `a chunk holds ${moduleId} (npm run build)`);
  return `/kite/${chunk.fileName}`;
}

/** Notes, in `page`, when its first pop-up says it showed (`kite-poptin-show`), on the page's own clock. */
const noteShowTime = (page: Page) =>
  page.addInitScript(() => document.addEventListener('kite-poptin-show', () => Object.assign(window, { shownAt: performance.now() }), { once: true }));

/** When the pop-up showed (noteShowTime), and when each file the page fetched was asked for and arrived, by path. */
const fileTimes = (page: Page) =>
  page.evaluate(() => ({
    shownAt: (window as unknown as { shownAt: number }).shownAt,
    files: Object.fromEntries(
      performance.getEntriesByType('resource').map((entry) => [new URL(entry.name).pathname, { askedAt: entry.startTime, arrivedAt: (entry as PerformanceResourceTiming).responseEnd }]),
    ),
  }));

let serial = 0;
/** A pop-up id no other test of the file uses. */
function nextPoptinId(): string {
  serial += 1;
  return poptinIdOf('robst', serial);
}

/**
 * A fresh client with one lead lightbox on page load, a form and a thank-you screen; `more`
 * changes the record (`d_f_r`, a teaser, the design given the lead lightbox's).
 */
async function leadPoptin(more: (record: PoptinRecord) => Partial<PoptinRecord> = () => ({})): Promise<{ clientId: string; poptinId: string }> {
  const poptinId = nextPoptinId();
  const clientId = e2e.addClient(`e2e-robust-${serial}`);
  const record = leadLightbox(poptinId);
  await e2e.putPoptin(clientId, { ...record, ...more(record) });
  return { clientId, poptinId };
}

/** Leads stored for the pop-up. */
const storedLeads = (poptinId: string) =>
  e2e.server.sql.prepare('SELECT email FROM conversions WHERE poptin_id = ?').all(poptinId) as Array<{ email: string }>;

interface SiteOptions {
  /** More attributes of the widget's script tag. */
  attrs?: string;
  /** Markup before the widget's script tag. */
  markup?: string;
  /** A script file run before the widget (what the site's own scripts set up). */
  setup?: string;
}

/**
 * Serves the site's pages in `context`: every page under `/site/` runs widget.js for `clientId`,
 * except `/site/outer`, which frames `/site/inner` in a sandbox that allows scripts only; every
 * page under a strict CSP. Counts the conversion requests.
 */
async function servePages(context: BrowserContext, clientId: string, { attrs = '', markup = '', setup }: SiteOptions = {}): Promise<{ conversions: number }> {
  const counted = { conversions: 0 };
  await context.route('**/site/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path.endsWith('/setup.js')) return route.fulfill({ contentType: 'text/javascript', body: setup ?? '' });
    const body = path.endsWith('/outer')
      ? `<iframe sandbox="allow-scripts" src="/site/inner" title="site"></iframe>`
      : `${setup === undefined ? '' : '<script src="/site/setup.js"></script>'}${markup}<script src="/kite/widget.js" data-client-id="${clientId}" ${attrs} async></script><p>Page ${path}</p>`;
    return route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': STRICT_CSP },
      body: `<!doctype html><html lang="en"><head><title>Site ${path}</title><link rel="icon" href="data:,"></head><body>${body}</body></html>`,
    });
  });
  await context.route('**/api/display/conversion/**', async (route) => {
    counted.conversions++;
    await route.fulfill({ response: await route.fetch() });
  });
  return counted;
}

/** Every page error and console error of the page and its frames. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return problems;
}

/** Fills the pop-up's form, submits it, and waits for the thank-you screen and the stored lead. */
async function submitLead(where: Page | FrameLocator, poptinId: string, email: string): Promise<void> {
  const dialog = where.locator('kite-poptin [role="dialog"]');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Join' }).click();
  await dialog.getByText('Thanks for joining').waitFor();
  await waitFor(() => storedLeads(poptinId).length > 0, 'the stored lead');
}

/** What the page itself is refused, read in its own realm (so the test proves the refusal is real). */
const refusals = (frame: Frame) =>
  frame.evaluate(`(() => {
    const refused = (read) => { try { read(); return false; } catch (error) { return error.name; } };
    return {
      localStorage: refused(() => localStorage.length),
      sessionStorage: refused(() => sessionStorage.length),
      cookie: refused(() => document.cookie),
    };
  })()`);

describe('storage refused by the browser', () => {
  it('in an <iframe sandbox="allow-scripts"> the pop-up shows and its lead is stored exactly once', { timeout: 60_000 }, async () => {
    const { clientId, poptinId } = await leadPoptin();
    // The site as it is deployed, on a public address: Chromium's local network access checks would
    // otherwise stop an opaque-origin frame from reaching a server on the loopback address.
    const browser = await launchChromium([`--ip-address-space-overrides=${new URL(e2e.server.url).host}=public`]);
    const context = await browser.newContext();
    try {
      const counted = await servePages(context, clientId);
      const page = await context.newPage();
      const problems = problemsOf(page);
      await page.goto(at('site/outer'));
      const frame = page.frameLocator('iframe');
      await frame.locator('kite-poptin [role="dialog"]').getByText('Join us').waitFor();
      const inner = page.frames().find((candidate) => candidate.url().endsWith('/site/inner'))!;
      assert.deepEqual(await refusals(inner), { localStorage: 'SecurityError', sessionStorage: 'SecurityError', cookie: 'SecurityError' });

      await submitLead(frame, poptinId, 'sandboxed@example.com');
      assert.deepEqual(storedLeads(poptinId), [{ email: 'sandboxed@example.com' }]);
      assert.equal(counted.conversions, 1, 'one conversion request');
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  });

  it('with all cookies blocked the pop-up shows and its lead is stored exactly once', { timeout: 60_000 }, async () => {
    const { clientId, poptinId } = await leadPoptin();
    const context = await cookiesBlockedBrowser();
    try {
      const counted = await servePages(context, clientId);
      const page = await context.newPage();
      const problems = problemsOf(page);
      await page.goto(at('site/inner'));
      await page.locator('kite-poptin [role="dialog"]').getByText('Join us').waitFor();
      assert.deepEqual(await refusals(page.mainFrame()), { localStorage: 'SecurityError', sessionStorage: 'SecurityError', cookie: false });
      assert.equal(await page.evaluate('document.cookie'), '', 'no cookie was kept by the browser');

      await submitLead(page, poptinId, 'no-cookies@example.com');
      assert.deepEqual(storedLeads(poptinId), [{ email: 'no-cookies@example.com' }]);
      assert.equal(counted.conversions, 1, 'one conversion request');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('with all cookies blocked the frequency rules count in memory for the page: once per session is not shown again after a single-page-app navigation', { timeout: 60_000 }, async () => {
    const { clientId, poptinId } = await leadPoptin(() => ({ d_f_r: `all@${FREQUENCY.ONCE_PER_SESSION}` }));
    const context = await cookiesBlockedBrowser();
    try {
      await servePages(context, clientId, { attrs: 'data-spa' });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const shown: string[] = [];
        (window as unknown as { shown: string[] }).shown = shown;
        addEventListener('kite-poptin-show', (event) => shown.push((event as CustomEvent<{ poptinId: string }>).detail.poptinId), true);
        addEventListener('kite-widget-armed', (event) => ((window as unknown as { armed: unknown }).armed = (event as CustomEvent).detail), true);
      });
      await page.goto(at('site/inner'));
      const dialog = page.locator('kite-poptin [role="dialog"]');
      await dialog.getByText('Join us').waitFor();
      await dialog.getByRole('button', { name: /close/i }).first().click();
      await dialog.waitFor({ state: 'detached' });
      // The app moves on without a page load: the widget re-runs its rules on the new address.
      await page.evaluate(`(window.armed = null, history.pushState({}, '', '/site/next'))`);
      await waitFor(async () => (await page.evaluate('window.armed')) !== null, 'the rules decided again');
      assert.deepEqual(await page.evaluate('window.armed.clickOnly'), [poptinId], `held back: it was seen this session ${JSON.stringify(await page.evaluate('window.armed'))}`);
      assert.deepEqual(await page.evaluate('window.shown'), [poptinId], 'shown once');
    } finally {
      await context.close();
    }
  });
});

/** The pop-up of a fresh client on `path` in a fresh visitor: it shows, takes `email`, and the lead is stored once. */
async function leadTaken(path: string, email: string, site: SiteOptions = {}): Promise<{ poptinId: string; page: Page; problems: string[] }> {
  const { clientId, poptinId } = await leadPoptin();
  const context = await e2e.browser.newContext();
  const counted = await servePages(context, clientId, site);
  const page = await context.newPage();
  const problems = problemsOf(page);
  await page.goto(at(path));
  await page.locator('kite-poptin [role="dialog"]').getByText('Join us').waitFor();
  await submitLead(page, poptinId, email);
  assert.deepEqual(storedLeads(poptinId), [{ email }]);
  assert.equal(counted.conversions, 1, 'one conversion request');
  return { poptinId, page, problems };
}

describe('long page metadata', () => {
  for (const length of [5_000, 12_000]) {
    it(`a page address of ${length} characters: the pop-up shows and the lead is stored, with the address cut to fit`, { timeout: 60_000 }, async () => {
      const path = `site/inner?campaign=${'x'.repeat(length)}`;
      const { poptinId, page, problems } = await leadTaken(path, `long-${length}@example.com`);
      try {
        assert.ok(page.url().length > length);
        const { url } = e2e.server.sql.prepare('SELECT url FROM conversions WHERE poptin_id = ?').get(poptinId) as { url: string };
        assert.equal(url, page.url().slice(0, METADATA.TEXT_MAX_CHARS));
        assert.deepEqual(problems, []);
      } finally {
        await page.context().close();
      }
    });
  }
});

describe('window.kite and page markup', () => {
  const CLOBBERING_MARKUP = '<form id="kite"><input name="started"></form>';

  it('a page with <form id="kite"><input name="started"></form> still shows the pop-up and takes the lead; the form is left alone', { timeout: 60_000 }, async () => {
    const { page, problems } = await leadTaken('site/inner', 'clobbered@example.com', { markup: CLOBBERING_MARKUP });
    try {
      assert.equal(await page.evaluate('typeof window.kite.consent'), 'function', 'window.kite is the widget\'s object');
      assert.equal(await page.evaluate("'consent' in document.getElementById('kite')"), false, 'nothing was written on the form');
      assert.deepEqual(problems, []);
    } finally {
      await page.context().close();
    }
  });

  it('with that markup, `window.kite = { consented: true }` set by a page script before widget.js still releases data-consent="required"', { timeout: 60_000 }, async () => {
    const { page } = await leadTaken('site/inner', 'consented@example.com', {
      markup: CLOBBERING_MARKUP,
      attrs: 'data-consent="required"',
      setup: 'window.kite = { consented: true };',
    });
    await page.context().close();
  });
});

describe('a file of the run that does not arrive', () => {
  /** Refuses, in `context`, the built file holding `moduleId`, as a network that drops it would. */
  async function refuseFileOf(context: BrowserContext, moduleId: string): Promise<void> {
    await context.route(`**${fileOf(moduleId)}`, (route) => route.abort('internetdisconnected'));
  }
  /** The refused file's own line in the console: the browser's, not the widget's. */
  const refusedFile = /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/;

  /** A pop-up with a countdown: its block needs the content blocks' checks and their view, each a file of its own. */
  const countdownPoptin = (poptinId: string, triggers: PoptinRecord['triggers'] = { page_load: true }): PoptinRecord => ({
    ...leadLightbox(poptinId),
    triggers,
    design: { blocks: [{ type: 'title', text: 'Five minutes left' }, { type: 'countdown', timer: { kind: 'from_now', minutes: 5, seconds: 0 }, timer_ver: 0 }] },
  });

  /**
   * A visit of the client's page (`site`: its widget's options) with the file holding `moduleId`
   * refused: the lead pop-up `poptinId` shows and its lead (`email`) is stored; then `check` gets
   * the page and its console warnings, and the page has no other problem than the refused file's
   * line and those `expected`.
   */
  async function leadTakenWithout(
    moduleId: string,
    { clientId, poptinId }: { clientId: string; poptinId: string },
    email: string,
    check: (visit: { context: BrowserContext; page: Page; warnings: string[] }) => Promise<void>,
    { expected = [], site }: { expected?: RegExp[]; site?: SiteOptions } = {},
  ): Promise<void> {
    const context = await e2e.browser.newContext();
    try {
      await refuseFileOf(context, moduleId);
      await servePages(context, clientId, site);
      const page = await context.newPage();
      const problems = problemsOf(page);
      const warnings: string[] = [];
      page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
      await page.goto(at('site/inner'));
      await page.locator('kite-poptin [role="dialog"]').getByText('Join us').waitFor();
      await submitLead(page, poptinId, email);
      assert.deepEqual(storedLeads(poptinId), [{ email }]);
      await check({ context, page, warnings });
      assert.deepEqual(problems.filter((line) => ![refusedFile, ...expected].some((pattern) => pattern.test(line))), []);
    } finally {
      await context.close();
    }
  }

  it("a record's content checks not arriving skip that record only: the run's other pop-up shows and takes its lead", { timeout: 60_000 }, async () => {
    const lead = await leadPoptin();
    const countdownId = nextPoptinId();
    // Admitted with the lead pop-up at start (its countdown needs the content blocks' checks), shown only much later.
    await e2e.putPoptin(lead.clientId, countdownPoptin(countdownId, { seconds: 600 }));
    await leadTakenWithout('shared/schema/poptin-record.complete.ts', lead, 'checks-missing@example.com', async ({ warnings }) => {
      assert.ok(warnings.includes(`Kite: pop-up ${countdownId} skipped: load-failed`), warnings.join('\n'));
    });
  });

  // The block view, and the countdown's own view it renders (fetched before the show, beside it).
  for (const [file, moduleId] of [
    ["content block's code", 'components/poptin/blocks/content-block.tsx'],
    ["countdown's view", 'components/poptin/blocks/countdown.tsx'],
  ]) {
    it(`a pop-up whose ${file} does not arrive is skipped, not left blank: the next pop-up in the queue shows and takes its lead`, { timeout: 60_000 }, async () => {
      const countdownId = nextPoptinId();
      const clientId = e2e.addClient(`e2e-robust-${serial}`);
      // Both on page load, one modal at a time: the countdown first, the lead pop-up queued behind it.
      await e2e.putPoptin(clientId, countdownPoptin(countdownId));
      const poptinId = nextPoptinId();
      await e2e.putPoptin(clientId, leadLightbox(poptinId));
      await leadTakenWithout(
        moduleId,
        { clientId, poptinId },
        `missing-${serial}@example.com`,
        async ({ page, warnings }) => {
          assert.equal(await page.locator('kite-poptin').count(), 1, 'the skipped pop-up left the page');
          assert.ok(warnings.includes(`Kite: pop-up ${countdownId} skipped: load-failed`), warnings.join('\n'));
        },
        // React reports the error its boundary caught.
        { expected: [/Failed to fetch dynamically imported module/] },
      );
    });
  }

  it("the visit upkeep's code not arriving costs no pop-up: it shows and takes its lead, not counted as seen, and the console says so", { timeout: 60_000 }, async () => {
    const lead = await leadPoptin();
    await leadTakenWithout('shared/widget/session.ts', lead, 'upkeep-missing@example.com', async ({ context, warnings }) => {
      assert.ok(warnings.includes('Kite: the visit upkeep could not load: pop-ups show, but are not counted as seen'), warnings.join('\n'));
      const cookies = await context.cookies();
      assert.equal(cookies.find(({ name }) => name === `${STORAGE_KEY.SEEN_PREFIX}${lead.poptinId}`), undefined, 'no seen cookie without its code');
    });
  });

  it("kite-poptin on a theme's page, its record's checks not arriving: its skip says load-failed, not invalid", { timeout: 60_000 }, async () => {
    const poptinId = nextPoptinId();
    const context = await e2e.browser.newContext();
    try {
      await refuseFileOf(context, 'shared/schema/poptin-record.complete.ts');
      await context.route('**/site/record.json', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(countdownPoptin(poptinId)) }));
      await context.route('**/site/theme', (route) =>
        route.fulfill({
          contentType: 'text/html',
          headers: { 'Content-Security-Policy': STRICT_CSP },
          body: '<!doctype html><html lang="en"><head><title>Theme</title><link rel="icon" href="data:,"><script type="module" src="/kite/kite.js"></script></head><body><kite-poptin src="/site/record.json" open></kite-poptin></body></html>',
        }),
      );
      const page = await context.newPage();
      await page.addInitScript(() => {
        const skips: unknown[] = [];
        Object.assign(window, { skips });
        document.addEventListener('kite-poptin-skip', (event) => skips.push((event as CustomEvent).detail));
      });
      const problems = problemsOf(page);
      await page.goto(at('site/theme'));
      await page.waitForFunction(() => (window as unknown as { skips: unknown[] }).skips.length > 0);
      assert.deepEqual(await page.evaluate(() => (window as unknown as { skips: unknown[] }).skips), [{ poptinId, reason: 'load-failed' }]);
      assert.deepEqual(problems.filter((line) => !refusedFile.test(line)), []);
    } finally {
      await context.close();
    }
  });

  it("a decoration's code not arriving (the background animation) costs the pop-up only that: it shows and takes its lead", { timeout: 60_000 }, async () => {
    const lead = await leadPoptin((record) => ({ design: { ...record.design!, background_animation: 'snow' } }));
    await leadTakenWithout(
      'components/poptin/poptin.background.tsx',
      lead,
      'decoration-missing@example.com',
      async ({ page, warnings }) => {
        assert.equal(await page.locator('kite-poptin canvas').count(), 0, 'no animation without its code');
        assert.deepEqual(warnings.filter((line) => line.includes('skipped')), []);
      },
      // React reports the error the decoration's boundary caught.
      { expected: [/Failed to fetch dynamically imported module/] },
    );
  });

  it("the close note's code not arriving leaves the X described by nothing, not by a note that is not there", { timeout: 60_000 }, async () => {
    const lead = await leadPoptin((record) => ({
      design_properties: { ...record.design_properties, poptin_design_close_options_type: 'closing_options-x', poptin_design_show_x_comment: 'Not today' },
    }));
    await leadTakenWithout(
      'components/poptin/poptin.note.tsx',
      lead,
      'note-missing@example.com',
      async ({ page }) => {
        // The pop-up is still up, on its thank-you screen.
        const close = page.locator('kite-poptin [part="close"]');
        assert.equal(await page.locator('kite-poptin [part="close-note"]').count(), 0, 'no note without its code');
        assert.equal(await close.getAttribute('aria-describedby'), null);
      },
      { expected: [/Failed to fetch dynamically imported module/] },
    );
  });

  it("a tab teaser's code not arriving costs its pop-up nothing: it shows and takes its lead, and the console names the teaser", { timeout: 60_000 }, async () => {
    const { clientId, poptinId } = await leadPoptin(() => ({ is_teasers_on: true, teaser: { display_mode: 'always', label: 'Join us' } }));
    await leadTakenWithout('components/widget/teaser.ts', { clientId, poptinId }, 'teaser-missing@example.com', async ({ page, warnings }) => {
      assert.ok(warnings.includes(`Kite: the tab teaser of pop-up ${poptinId} could not load`), warnings.join('\n'));
      assert.equal(await page.locator('kite-tab-teaser').count(), 0);
    });
  });

  it("a pop-up skipped before its tab teaser's code arrived gets no tab, which would open nothing; the next pop-up gets its own", { timeout: 60_000 }, async () => {
    const teaser = { is_teasers_on: true, teaser: { display_mode: 'always' as const } };
    // Both on page load: the countdown first, skipped as its block's code does not arrive; the lead pop-up after it.
    const countdownId = nextPoptinId();
    const clientId = e2e.addClient(`e2e-robust-${serial}`);
    await e2e.putPoptin(clientId, { ...countdownPoptin(countdownId), ...teaser });
    const poptinId = nextPoptinId();
    await e2e.putPoptin(clientId, { ...leadLightbox(poptinId), ...teaser });
    const context = await e2e.browser.newContext();
    try {
      await refuseFileOf(context, 'components/poptin/blocks/content-block.tsx');
      // The teasers' code is held until the skip, so it arrives after it, as on a slow network.
      const skipped = await holdTeaserCode(context);
      await servePages(context, clientId);
      const page = await context.newPage();
      const problems = problemsOf(page);
      page.on('console', (message) => message.text() === `Kite: pop-up ${countdownId} skipped: load-failed` && skipped());
      await page.goto(at('site/inner'));
      await page.locator('kite-poptin [role="dialog"]').getByText('Join us').waitFor();
      // The teasers are placed in the records' order: once the lead pop-up's is here, the countdown's was decided.
      await page.locator(`kite-tab-teaser[poptin-id="${poptinId}"]`).waitFor({ state: 'attached' });
      assert.equal(await page.locator(`kite-tab-teaser[poptin-id="${countdownId}"]`).count(), 0);
      assert.deepEqual(problems.filter((line) => ![refusedFile, /Failed to fetch dynamically imported module/].some((pattern) => pattern.test(line))), []);
    } finally {
      await context.close();
    }
  });

  it("an 'after close' tab teaser's code is fetched only once its pop-up is on screen, and its tab shows when the pop-up closes (issue 22, item 1)", { timeout: 60_000 }, async () => {
    const { clientId } = await leadPoptin(() => ({ is_teasers_on: true, teaser: { display_mode: 'after_close', label: 'Join us' } }));
    const context = await e2e.browser.newContext();
    try {
      await servePages(context, clientId);
      const page = await context.newPage();
      const problems = problemsOf(page);
      await noteShowTime(page);
      await page.goto(at('site/inner'));
      const dialog = page.locator('kite-poptin [role="dialog"]');
      await dialog.waitFor();
      await dialog.locator('[part="close"]').click();
      await page.locator('kite-tab-teaser [part="base"]').getByText('Join us').waitFor();
      const { shownAt, files } = await fileTimes(page);
      const startedAt = Object.fromEntries(Object.entries(files).map(([path, { askedAt }]) => [path, askedAt]));
      assert.ok(startedAt[fileOf('components/tab-teaser/poptin-life.ts')]! < shownAt, "the pop-up's life is heard from before it shows");
      for (const moduleId of ['components/widget/teaser.ts', 'components/tab-teaser/tab-teaser.element.ts']) {
        assert.ok(startedAt[fileOf(moduleId)]! > shownAt, `${moduleId} asked for at ${startedAt[fileOf(moduleId)]} ms, after the show at ${shownAt} ms`);
      }
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it("a pop-up that shows before its 'before show' tab teaser's code arrives gets no tab beside it", { timeout: 60_000 }, async () => {
    // Both on page load: the first shows; the second waits behind it, and its 'always' tab, placed
    // after the first's in the same task, is the moment by which the first's tab has decided.
    const poptinId = nextPoptinId();
    const clientId = e2e.addClient(`e2e-robust-${serial}`);
    await e2e.putPoptin(clientId, { ...leadLightbox(poptinId), is_teasers_on: true, teaser: { display_mode: 'before_show' } });
    const laterId = nextPoptinId();
    await e2e.putPoptin(clientId, { ...leadLightbox(laterId), is_teasers_on: true, teaser: { display_mode: 'always' } });
    const context = await e2e.browser.newContext();
    try {
      // The teasers' code is held until the pop-up is on screen, as on a slow network.
      const release = await holdTeaserCode(context);
      await servePages(context, clientId);
      const page = await context.newPage();
      await page.addInitScript(() => {
        const tabsShown: string[] = [];
        Object.assign(window, { tabsShown });
        document.addEventListener('kite-tab-teaser-show', (event) => tabsShown.push((event as CustomEvent<{ poptinId: string }>).detail.poptinId));
      });
      const problems = problemsOf(page);
      await page.goto(at('site/inner'));
      await page.locator('kite-poptin [role="dialog"]').waitFor();
      assert.equal(await page.evaluate(() => (document.querySelector('kite-poptin')?.poptin as { poptin_id?: string } | undefined)?.poptin_id), poptinId);
      release();
      await page.waitForFunction((id) => (window as unknown as { tabsShown: string[] }).tabsShown.includes(id), laterId);
      assert.deepEqual(await page.evaluate(() => (window as unknown as { tabsShown: string[] }).tabsShown), [laterId]);
      assert.equal(await page.locator(`kite-tab-teaser[poptin-id="${poptinId}"] [part="base"]`).count(), 0);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it("a single-page app's page-change watch not arriving costs no pop-up on this page, and the console says so", { timeout: 60_000 }, async () => {
    const lead = await leadPoptin();
    await leadTakenWithout(
      'components/widget/spa.ts',
      lead,
      'spa-watch-missing@example.com',
      async ({ warnings }) => {
        assert.ok(warnings.includes('Kite: the page-change watch could not load'), warnings.join('\n'));
      },
      { site: { attrs: 'data-spa' } },
    );
  });
});

describe("the views of a pop-up's countdown, ticker, video, coupon and extra buttons: chunks of their own, fetched with the block view before the show (issue 22, item 1)", () => {
  const VIEWS = ['countdown', 'ticker', 'video', 'coupon', 'extra-buttons'].map((view) => `components/poptin/blocks/${view}.tsx`);
  const BLOCK_VIEW = 'components/poptin/blocks/content-block.tsx';

  /** A fresh client with one pop-up on page load: `record` with a fresh id, or the lead lightbox with `blocks` before its form. */
  async function clientWith({ blocks = [], record }: { blocks?: NonNullable<PoptinRecord['design']>['blocks']; record?: PoptinRecord }): Promise<string> {
    const { clientId } = await leadPoptin((lead) =>
      record ? { ...record, poptin_id: lead.poptin_id, triggers: { page_load: true } } : { design: { ...lead.design!, blocks: [...blocks, ...lead.design!.blocks] } },
    );
    return clientId;
  }

  it("a countdown's, a ticker's and a coupon's views have arrived, with the block view, when the pop-up shows: none is a round trip after its first render", { timeout: 60_000 }, async () => {
    const clientId = await clientWith({
      blocks: [
        { type: 'countdown', timer: { kind: 'from_now', minutes: 5, seconds: 0 }, timer_ver: 0 },
        { type: 'ticker', text: 'Free returns on every order' },
        { type: 'coupon', code: 'SAVE10' },
      ],
    });
    const context = await e2e.browser.newContext();
    try {
      await servePages(context, clientId);
      const page = await context.newPage();
      const problems = problemsOf(page);
      await noteShowTime(page);
      await page.goto(at('site/inner'));
      const dialog = page.locator('kite-poptin [role="dialog"]');
      for (const part of ['countdown', 'ticker', 'coupon']) await dialog.locator(`[part~="${part}"]`).waitFor();
      // The files the page had received when the pop-up said it showed.
      const { shownAt, files } = await fileTimes(page);
      const filesAtShow = Object.entries(files).flatMap(([path, { arrivedAt }]) => (arrivedAt <= shownAt ? [path] : []));
      const expected = [BLOCK_VIEW, VIEWS[0]!, VIEWS[1]!, VIEWS[3]!].map(fileOf);
      assert.deepEqual(expected.filter((file) => !filesAtShow.includes(file)), [], 'each had arrived at the show');
      assert.deepEqual([VIEWS[2]!, VIEWS[4]!].map(fileOf).filter((file) => filesAtShow.includes(file)), [], 'no video or extra buttons block, none of their views');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it("a game pop-up (the demo's wheel) fetches none of the countdown's, ticker's, video's and extra buttons' views (the coupon's comes with the game, for its prize)", { timeout: 60_000 }, async () => {
    const wheel = JSON.parse(readFileSync(new URL('../../demo/poptins/gamified.json', import.meta.url), 'utf8')) as PoptinRecord;
    const clientId = await clientWith({ record: wheel });
    const context = await e2e.browser.newContext();
    try {
      await servePages(context, clientId);
      const page = await context.newPage();
      const requested = new Set<string>();
      page.on('request', (request) => requested.add(new URL(request.url()).pathname));
      await page.goto(at('site/inner'));
      await page.locator('kite-poptin [role="dialog"] [part~="wheel-disc"]').waitFor();
      assert.ok(requested.has(fileOf(BLOCK_VIEW)), 'the block view came');
      assert.deepEqual(VIEWS.filter((view) => !view.endsWith('/coupon.tsx')).map(fileOf).filter((file) => requested.has(file)), []);
    } finally {
      await context.close();
    }
  });
});
