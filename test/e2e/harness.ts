// What the end-to-end files share: a reference server on a fresh SQLite file without the demo's
// pop-ups (each test brings its own), and Chromium, started before a file's tests and gone after.
// The suite runs twice (scripts/test.mjs): the second time, with KITE_E2E_TRUSTED_TYPES=1, every
// page policy also requires Trusted Types, and a file with any CSP violation fails.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import BetterSqlite3 from 'better-sqlite3';
import { startServer, type RunningServer, type ServerOptions } from '../../demo/server/server.ts';
import { DEFAULTS, REQUIRE_TRUSTED_TYPES } from '../../demo/server/constants.ts';
import { findChromium, CHROMIUM_ARGS } from '../../scripts/chromium.mjs';
import { upgraded } from '../../scripts/bench/lib/layout-shift.mjs';
import { TRIGGER } from '../../shared/constants/widget.ts';
import { A11Y } from '../../shared/constants/accessibility.ts';
import type { DesignProperties, PoptinRecord } from '../../shared/schema/poptin-record.ts';

/** A desktop browser window. */
export const WIDE: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
/** A touch phone in portrait. */
export const PHONE: BrowserContextOptions = { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } };
/** A phone the page classes tag `avia_mobile` (content-site spec 001, section 2): PHONE with a mobile browser's user agent. */
export const MOBILE_PHONE: BrowserContextOptions = {
  ...PHONE,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
};

/** This is the Trusted Types run of the suite (`KITE_E2E_TRUSTED_TYPES=1`). */
const TRUSTED_TYPES_RUN = process.env.KITE_E2E_TRUSTED_TYPES === '1';

/** A page policy as this run serves it: with `require-trusted-types-for 'script'` in the Trusted Types run. */
const pagePolicy = (policy: string): string => (TRUSTED_TYPES_RUN ? `${policy}; ${REQUIRE_TRUSTED_TYPES}` : policy);

/** A strict page policy: no inline script or style, no eval; the widget must work under it. */
export const STRICT_CSP = pagePolicy("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'");

/**
 * The server's pages matching `url` require Trusted Types in this context, whatever the run: their
 * own policy gets `require-trusted-types-for 'script'` added where it lacks it.
 */
export async function requireTrustedTypes(context: BrowserContext, url: string): Promise<void> {
  await context.route(url, async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    const policy = headers['content-security-policy'];
    // Added once: the Trusted Types run's pages have it already, and Chromium warns of a repeated directive.
    if (!policy?.includes(REQUIRE_TRUSTED_TYPES)) headers['content-security-policy'] = policy ? `${policy}; ${REQUIRE_TRUSTED_TYPES}` : REQUIRE_TRUSTED_TYPES;
    await route.fulfill({ response, headers });
  });
}

/** How long a test's write to the server's SQLite file waits for the server's own. */
const E2E_SQL_BUSY_TIMEOUT_MS = 5_000;

/** Every CSP violation any page of this file reported (Trusted Types ones included). */
const violations: string[] = [];
/** What this file started through the harness, closed here when the check fails (the file's own after hooks are then skipped). */
const started: Array<{ close(): Promise<void> }> = [];
// Registered first, so it runs before the file's own after hooks.
after(async () => {
  if (violations.length) await Promise.allSettled(started.map((resource) => resource.close()));
  assert.deepEqual(violations, [], 'no CSP violation in any page of this file');
});

/**
 * The reference server of an end-to-end run, with `sql`: its SQLite file opened beside it, for the
 * tests' synchronous reads and writes (inside a page's wait, say). The end-to-end runs use the
 * embedded default; the server suite covers PostgreSQL.
 */
export type E2EServer = RunningServer & { sql: BetterSqlite3.Database };

/** The reference server for an end-to-end file: its demo pages require Trusted Types in that run. */
export async function startE2EServer(options: ServerOptions): Promise<E2EServer> {
  const server = await startServer({ ...options, trustedTypes: TRUSTED_TYPES_RUN });
  const sql = new BetterSqlite3(join(options.dataDir, DEFAULTS.DB_FILE));
  // The server writes meanwhile (WAL: readers never wait); a test's write waits its turn.
  sql.pragma(`busy_timeout = ${E2E_SQL_BUSY_TIMEOUT_MS}`);
  let closed: Promise<void> | undefined;
  const e2eServer: E2EServer = {
    ...server,
    sql,
    close() {
      closed ??= (async () => {
        sql.close();
        await server.close();
      })();
      return closed;
    },
  };
  started.push(e2eServer);
  return e2eServer;
}

/**
 * Reports each CSP violation of `context`'s pages (and their frames) as a console error
 * (`CSP violation: ...`) and into the file's tally, checked after the file's tests. Contexts of
 * {@link launchChromium} are watched already; call it for one made another way (a persistent profile).
 */
export async function watchViolations<C extends BrowserContext>(context: C): Promise<C> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('CSP violation:')) violations.push(message.text());
  });
  return context;
}

/**
 * Chromium for an end-to-end file, with `args` after the harness's own. Every context it makes
 * is watched for CSP violations ({@link watchViolations}).
 */
export async function launchChromium(args: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_ARGS, ...args] });
  started.push(browser);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => watchViolations(await newContext(options));
  return browser;
}

export interface E2E {
  readonly server: E2EServer;
  readonly browser: Browser;
  /** An address on the server. */
  at(path: string): string;
  /** Adds the client `id` to the server's database (kept if it is there already); returns the id. */
  addClient(id: string): string;
  /** Stores `record` for `clientId` through the owner API (active unless `active` is false); fails on a refusal. */
  putPoptin(clientId: string, record: PoptinRecord, active?: boolean): Promise<void>;
  /**
   * Runs `body` as a fresh visitor ({@link newVisitor}; `options` for a phone or a window size),
   * then checks the page logged no error (CSP violations included) but those matching `expected`
   * (a status the test provokes); the context is closed either way.
   */
  asVisitor(options: BrowserContextOptions, body: (visit: { context: BrowserContext; page: Page }) => Promise<void>, expected?: RegExp[]): Promise<void>;
}

/** How long {@link waitFor} and {@link becomes} wait for a state by default: generous, as the suite shares its CPUs. */
export const STATE_DEADLINE_MS = 10_000;
/** How often they look again. */
const POLL_MS = 50;

/**
 * Whether `check` comes to hold (a state of the page, the server or the test, looked at every
 * {@link POLL_MS}) within `deadlineMs`: a wait on a state, never a fixed sleep.
 */
export async function becomes(check: () => boolean | Promise<boolean>, deadlineMs = STATE_DEADLINE_MS): Promise<boolean> {
  const deadline = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

/** Waits until `check` holds ({@link becomes}), failing with `what` after `deadlineMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, deadlineMs = STATE_DEADLINE_MS): Promise<void> {
  if (!(await becomes(check, deadlineMs))) throw new Error(`timed out waiting for ${what}`);
}

/**
 * How far ahead of the page's time {@link holdClock} stops it: far enough that the jump stays
 * forward however long the call takes (Playwright refuses to pause in the past), short beside any
 * delay a test drives.
 */
const HOLD_AHEAD_MS = 100;
/** Tries of {@link holdClock} before its failure is the test's. */
const HOLD_ATTEMPTS = 5;

/**
 * Stops the page's clock (installed with `page.clock.install()` before the page loaded) just
 * after the page's present time: from then on page time moves only by `page.clock.runFor`.
 */
export async function holdClock(page: Page): Promise<void> {
  // On a loaded machine the call can take longer than the margin: the page's time is read again and the pause asked again.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + HOLD_AHEAD_MS);
      return;
    } catch (error) {
      if (attempt >= HOLD_ATTEMPTS || !/to the past/i.test(String(error))) throw error;
    }
  }
}

/** A pop-up id of the spec's length: `prefix`, then `serial` padded with zeros. */
export const poptinIdOf = (prefix: string, serial: number): string => `${prefix}${String(serial).padStart(TRIGGER.POPTIN_ID_LENGTH - prefix.length, '0')}`;

/** A lead lightbox on page load: the title "Join us", an email form with the button "Join", and the thank-you "Thanks for joining". */
export const leadLightbox = (poptinId: string, designProperties: DesignProperties = {}): PoptinRecord => ({
  poptin_id: poptinId,
  poptin_type: 'lightbox',
  poptin_target: 'lead',
  viewer_id: `viewer-${poptinId}`,
  triggers: { page_load: true },
  design: {
    blocks: [
      { type: 'title', text: 'Join us' },
      { type: 'form', fields: [{ name: 'poptinDesignInputTextFieldEmail', kind: 'email', label: 'Email', required: true }], button: { text: 'Join' } },
    ],
    thank_you: [{ type: 'title', text: 'Thanks for joining' }],
  },
  design_properties: { poptin_design_entry_effect: 'none', poptin_design_thank_screen: true, ...designProperties },
});

/**
 * Registers the file's before and after hooks; `name` labels the temporary folders. `setup` runs
 * at the end of the before hook (Node 20 does not wait for one root hook before the next). The
 * server starts without the demo's pop-ups (each test brings its own) unless `demoPoptins`;
 * `serverOptions` add to the server's (a seeded `random` for the prize draw).
 */
export function serverAndBrowser(
  name: string,
  adminToken: string,
  setup?: (e2e: E2E) => Promise<void>,
  { demoPoptins = false, ...serverOptions }: { demoPoptins?: boolean } & Partial<ServerOptions> = {},
): E2E {
  let server: E2E['server'] | undefined;
  let browser: Browser | undefined;
  const folders: string[] = [];
  before(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), `kite-${name}-`));
    // No folder: the server seeds the demo's own (demo/poptins/).
    const poptinsDir = demoPoptins ? undefined : mkdtempSync(join(tmpdir(), `kite-${name}-poptins-`));
    folders.push(dataDir, ...(poptinsDir ? [poptinsDir] : []));
    // KITE_DIST_DIR: a build elsewhere than dist/ (a shared checkout where others rebuild dist/ meanwhile).
    server = await startE2EServer({ port: 0, dataDir, adminToken, poptinsDir, distDir: process.env.KITE_DIST_DIR, quiet: true, ...serverOptions });
    browser = await launchChromium();
    await setup?.(e2e);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  const e2e: E2E = {
    get server() {
      if (!server) throw new Error('the server starts in the before hook');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in the before hook');
      return browser;
    },
    at: (path) => new URL(path, server!.url).href,
    addClient(id) {
      e2e.server.sql.prepare('INSERT OR IGNORE INTO clients (id, name) VALUES (?, ?)').run(id, id);
      return id;
    },
    async putPoptin(clientId, record, active = true) {
      const response = await fetch(e2e.at(`api/admin/poptins/${record.poptin_id}`), {
        method: 'PUT',
        headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ record, active, client_id: clientId }),
      });
      assert.ok(response.ok, `PUT ${record.poptin_id}: ${response.status} ${await response.text()}`);
    },
    async asVisitor(options, body, expected = []) {
      const { context, page, problems } = await newVisitor(e2e.browser, options);
      try {
        await body({ context, page });
        assert.deepEqual(problems.filter((line) => !expected.some((pattern) => pattern.test(line))), []);
      } finally {
        await context.close();
      }
    },
  };
  return e2e;
}

/** A fresh visitor (new cookies and storage), with every console error, page error and CSP violation (see {@link launchChromium}) collected in `problems`. */
export async function newVisitor(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

/** The moves of a swipe between its touch start and end. */
const SWIPE_STEPS = 5;

/**
 * A horizontal swipe across the middle of `box` as real touch input (CDP): one finger, `dx`
 * pixels (negative: to the left) in a few moves, one per frame, centred on the box.
 */
export async function touchSwipe(context: BrowserContext, page: Page, box: { x: number; y: number; width: number; height: number }, dx: number): Promise<void> {
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2 - dx / 2;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= SWIPE_STEPS; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / SWIPE_STEPS, y }] });
    // The next frame, not a timer: each move lands in a frame of its own, as a finger's do.
    await page.evaluate(() => new Promise((frame) => requestAnimationFrame(frame)));
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Waits until every Kite element on `page` is defined and has rendered (lit's `updateComplete`,
 * then a frame for the React ones): the page as a reader scrolling it sees, after kite.js has
 * enhanced the theme's markup (tabs folded to one panel, the slider to one slide) and moved what
 * follows.
 */
export async function enhanced(page: Page): Promise<void> {
  await upgraded(page, STATE_DEADLINE_MS);
}

/** Pages that already note the widget's `kite-widget-armed` (one init script each, however many pages they open). */
const notingArmed = new WeakSet<Page>();

/**
 * Opens `url` in `page` and waits until the widget has armed this page's pop-ups
 * (`kite-widget-armed`); the ids it armed (the rules ruled the others out).
 */
export async function openArmed(page: Page, url: string): Promise<string[]> {
  if (!notingArmed.has(page)) {
    notingArmed.add(page);
    await page.addInitScript(() =>
      document.addEventListener('kite-widget-armed', (event) => ((window as { armed?: string[] }).armed = (event as CustomEvent<{ armed: string[] }>).detail.armed)),
    );
  }
  await page.goto(url);
  return (await page.waitForFunction(() => (window as { armed?: string[] }).armed, null, { timeout: STATE_DEADLINE_MS })).jsonValue() as Promise<string[]>;
}

/** The heading `title` of a pop-up on screen (the kite-poptin host itself has no box). */
export const poptinHeading = (page: Page, title: string) => page.locator('kite-poptin').getByRole('heading', { name: title });

/** The phone audit's script, evaluated in a page. */
const PHONE_AUDIT = readFileSync(new URL('./phone-audit.js', import.meta.url), 'utf8');

/** What the phone audit (phone-audit.js: small targets and text, boxes outside the window) found on `page` (only in the elements matching `scope`, if given): one line each. */
export async function phoneAudit(page: Page, scope?: string): Promise<string[]> {
  await page.evaluate(PHONE_AUDIT);
  const viewportWidth = page.viewportSize()!.width;
  return page.evaluate((options) => (window as unknown as { kitePhoneAudit(o: typeof options): string[] }).kitePhoneAudit(options), {
    scope,
    minTargetPx: A11Y.TARGET_MIN_PX,
    minFontPx: A11Y.TEXT_MIN_PX,
    viewportWidth,
  });
}
