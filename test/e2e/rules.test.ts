// When and whether a pop-up shows (issue 4), in real Chromium against the reference server: the
// browser facts the machines decide on (cookies across reloads, clicks on links carrying an id,
// inactivity, click and page-visit counts, touch exit intent and the back button, single-page-app
// navigations without leaks, the consent hold, the ad-block probe, cookie and global filters, A/B
// variants, the plan-limit pop-ups and redirects). Every test is a fresh visitor of a fresh client
// whose pop-ups it creates through the owner API, on a page served with a strict STRICT_CSP.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { holdClock, serverAndBrowser, startE2EServer, STRICT_CSP, waitFor } from './harness.ts';
import { COOKIE, SECOND_MS, SPA, STORAGE_KEY, TRIGGER } from '../../shared/constants/widget.ts';
import { FREQUENCY } from '../../shared/constants/frequency.ts';
import { ADBLOCK, UPGRADE } from '../../shared/constants/owner-limits.ts';
import { REDIRECT } from '../../shared/constants/redirect.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { en } from '../messages.ts';

const ADMIN_TOKEN = 'rules-admin-token-0123456789abcdef';
const e2e = serverAndBrowser('rules', ADMIN_TOKEN);

const { at } = e2e;

let serial = 0;
/** A fresh client of the reference e2e.server. */
function newClient(): string {
  const id = `e2e-rules-${++serial}`;
  e2e.server.sql.prepare('INSERT INTO clients (id, name) VALUES (?, ?)').run(id, id);
  return id;
}
/** A fresh pop-up id of the spec's length. */
function newId(): string {
  serial += 1;
  return `rules${String(serial).padStart(TRIGGER.POPTIN_ID_LENGTH - 'rules'.length, '0')}`;
}

/** A small bar (non-modal) or lightbox with a title naming it. */
function record(triggers: PoptinRecord['triggers'], extra: Partial<PoptinRecord> = {}): PoptinRecord {
  const id = extra.poptin_id ?? newId();
  return {
    poptin_id: id,
    poptin_name: `Pop-up ${id}`,
    poptin_type: 'bar',
    viewer_id: `viewer-${id}`,
    triggers,
    design: { blocks: [{ type: 'title', text: `Title ${id}` }] },
    design_properties: { poptin_location: 'center-bottom', poptin_design_close_options_type: 'closing_options-x', poptin_design_entry_effect: 'none' },
    ...extra,
  };
}

/** Stores the pop-ups for `clientId`, active, through the owner API. */
async function addPoptins(clientId: string, ...records: PoptinRecord[]): Promise<void> {
  for (const poptin of records) {
    const response = await fetch(at(`api/admin/poptins/${poptin.poptin_id}`), {
      method: 'PUT',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ record: poptin, active: true, client_id: clientId }),
    });
    assert.ok(response.ok, `PUT ${poptin.poptin_id}: ${response.status} ${await response.text()}`);
  }
}

interface PageOptions {
  clientId: string;
  /** More attributes of the widget script tag. */
  attrs?: string;
  /** Markup of the body, besides a paragraph. */
  body?: string;
  /** A script file run before the widget (what the site's own scripts would set up). */
  setup?: string;
  /** The page's path; every path under /rules-test/ is served the same page. */
  path?: string;
  /** No widget script tag (the test places kite-widget itself). */
  noScript?: boolean;
}

/** Serves the test pages of this browser context: our markup under a strict STRICT_CSP. */
async function servePages(context: BrowserContext, options: PageOptions): Promise<void> {
  await context.route('**/rules-test/**', (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('/setup.js')) {
      // The page is tall enough to scroll (styled through the CSSOM: the STRICT_CSP allows no inline style).
      const tall = "addEventListener('DOMContentLoaded', () => { document.querySelector('.tall').style.height = '6000px'; });";
      return route.fulfill({ contentType: 'text/javascript', body: `${tall}\n${options.setup ?? ''}` });
    }
    return route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': STRICT_CSP },
      body: `<!doctype html><html lang="en"><head><title>Rules test</title><link rel="icon" href="data:,"><script src="/rules-test/setup.js"></script>${
        options.noScript ? '' : `<script src="/kite/widget.js" data-client-id="${options.clientId}" ${options.attrs ?? ''} async></script>`
      }</head><body><main><p>Page ${url.pathname}</p>${options.body ?? ''}<div class="tall"></div></main></body></html>`,
    });
  });
}

/** A fresh visitor; every `kite-*` event and problem of its pages is recorded in `window.kiteEvents`. */
async function visitor(options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await e2e.browser.newContext(options);
  await context.addInitScript(() => {
    const record: Array<{ type: string; detail: unknown }> = [];
    (window as unknown as { kiteEvents: typeof record }).kiteEvents = record;
    for (const type of ['kite-widget-ready', 'kite-widget-armed', 'kite-poptin-show', 'kite-poptin-close', 'kite-widget-navigate']) {
      addEventListener(type, (event) => record.push({ type, detail: (event as CustomEvent).detail }), true);
    }
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return { context, page, problems };
}

async function withVisitor(run: (page: Page, context: BrowserContext, problems: string[]) => Promise<void>, options: BrowserContextOptions = {}): Promise<void> {
  const { context, page, problems } = await visitor(options);
  try {
    await run(page, context, problems);
  } finally {
    await context.close();
  }
}

type KiteEvent = { type: string; detail: Record<string, unknown> };
const events = (page: Page, type: string) =>
  page.evaluate((type) => (window as unknown as { kiteEvents: KiteEvent[] }).kiteEvents.filter((event) => event.type === type), type);
/** The ids of the pop-ups that showed on this page, in order. */
const shownIds = async (page: Page) => (await events(page, 'kite-poptin-show')).map((event) => event.detail.poptinId as string);
/** The trigger that showed pop-up `id` on this page. */
const triggerOf = async (page: Page, id: string) => (await events(page, 'kite-poptin-show')).find((event) => event.detail.poptinId === id)?.detail.trigger;
/**
 * Whether the element of pop-up `id` is on the page. Once the pop-up code is on the page (a pop-up
 * shown on load brought it), the widget places it in the same task as its trigger fires: a sound
 * "not shown (yet)" check, with no time to wait.
 */
const placed = (page: Page, id: string) =>
  page.evaluate((id) => [...document.querySelectorAll('kite-poptin')].some((node) => (node as unknown as { poptin?: PoptinRecord }).poptin?.poptin_id === id), id);
/** Waits until the pop-up code is defined: the widget loads it at once when a pop-up is due on load, so by then such a pop-up it decided to show is placed. */
const poptinCodeLoaded = (page: Page) => waitFor(() => page.evaluate(() => customElements.get('kite-poptin') !== undefined), 'the pop-up code');
/** The display rules' decision on this page (waits for it). */
async function armed(page: Page, index = 0): Promise<{ armed: string[]; clickOnly: string[]; hidden: string[] }> {
  await waitFor(async () => (await events(page, 'kite-widget-armed')).length > index, 'kite-widget-armed');
  return (await events(page, 'kite-widget-armed'))[index]!.detail as { armed: string[]; clickOnly: string[]; hidden: string[] };
}
const dialog = (page: Page, id?: string) =>
  id ? page.locator(`kite-poptin:has([role="dialog"])`).filter({ hasText: `Title ${id}` }) : page.locator('kite-poptin [role="dialog"]');
async function waitShown(page: Page, id: string, timeoutMs?: number): Promise<void> {
  await waitFor(async () => (await shownIds(page)).includes(id), `${id} to show`, timeoutMs);
}

/**
 * Waits until the widget holds for consent: its `window.kite.consent` is there and the page has
 * settled (no request for a while, Playwright's network idle): a call it should not make would
 * have been seen by now.
 */
async function holding(page: Page): Promise<void> {
  await waitFor(() => page.evaluate(() => typeof window.kite?.consent === 'function'), 'the consent gate');
  await page.waitForLoadState('networkidle');
}

/** Calls the page makes to `path` (a fragment of the URL). */
function requestsTo(page: Page, fragment: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes(fragment)) seen.push(request);
  });
  return seen;
}

describe('display frequency across page loads (cookies)', () => {
  it('once per session: shown, then held back on the next pages, shown again in a new session; the seen cookie has the spec lifetime', () =>
    withVisitor(async (page, context) => {
      const clientId = newClient();
      const poptin = record({ page_load: true }, { d_f_r: `all@${FREQUENCY.ONCE_PER_SESSION}` });
      await addPoptins(clientId, poptin);
      await servePages(context, { clientId });
      await page.goto(at('rules-test/a'));
      await waitShown(page, poptin.poptin_id);
      // Written as it shows, by the run's cookie code (a chunk fetched as the run starts).
      const seenCookie = async () => (await context.cookies()).find((cookie) => cookie.name === STORAGE_KEY.SEEN_PREFIX + poptin.poptin_id);
      await waitFor(async () => Boolean(await seenCookie()), 'the seen cookie is written');
      const seen = (await seenCookie())!;
      assert.ok(Math.abs(seen.expires - Date.now() / 1_000 - COOKIE.MARKER_DAYS * COOKIE.SECONDS_PER_DAY) < 10, 'it lives a day');

      await page.goto(at('rules-test/b'));
      assert.deepEqual((await armed(page)).clickOnly, [poptin.poptin_id]);
      await poptinCodeLoaded(page);
      assert.equal(await placed(page, poptin.poptin_id), false);
      assert.deepEqual(await shownIds(page), []);

      // The session cookie expires (30 minutes): the next visit is a new session.
      await context.clearCookies({ name: STORAGE_KEY.SESSION });
      await page.goto(at('rules-test/c'));
      await waitShown(page, poptin.poptin_id);
    }));

  it('once every few visits and once a day, read back from the cookies the widget left', () =>
    withVisitor(async (page, context) => {
      const clientId = newClient();
      const everyTwo = record({ page_load: true }, { d_f_r: `all@${FREQUENCY.EVERY_VISITS}_2` });
      const daily = record({ page_load: true }, { d_f_r: `all@${FREQUENCY.ONCE_A_DAY}` });
      await addPoptins(clientId, everyTwo, daily);
      await servePages(context, { clientId });
      await page.goto(at('rules-test/1'));
      await waitShown(page, everyTwo.poptin_id);
      await waitShown(page, daily.poptin_id);
      const cookie = (name: string) => context.cookies().then((all) => all.find((c) => c.name === name));
      await waitFor(async () => Boolean(await cookie(STORAGE_KEY.SEEN_PREFIX + everyTwo.poptin_id)), 'the seen cookie is written');
      assert.ok(Math.abs((await cookie(STORAGE_KEY.SEEN_PREFIX + everyTwo.poptin_id))!.expires - Date.now() / 1_000 - COOKIE.LAST_VISIT_DAYS * COOKIE.SECONDS_PER_DAY) < 10);
      assert.equal((await cookie(STORAGE_KEY.VISIT_COUNT))!.value, '1');

      await context.clearCookies({ name: STORAGE_KEY.SESSION });
      await page.goto(at('rules-test/2'));
      const second = await armed(page);
      assert.deepEqual(second.clickOnly.sort(), [daily.poptin_id, everyTwo.poptin_id].sort(), 'visit 2, the same day');
      assert.equal((await cookie(STORAGE_KEY.VISIT_COUNT))!.value, '2');
      assert.ok(await cookie(STORAGE_KEY.OLD_USER), 'a returning visitor is an old user');

      await context.clearCookies({ name: STORAGE_KEY.SESSION });
      await page.goto(at('rules-test/3'));
      await waitShown(page, everyTwo.poptin_id);
      assert.deepEqual((await armed(page)).clickOnly, [daily.poptin_id]);
    }));
});

describe('triggers with browser facts', () => {
  it('a click on a link or button carrying the 13-character id opens the pop-up, again after it closed; an unknown id is fetched', () =>
    withVisitor(async (page, context, problems) => {
      const clientId = newClient();
      const onClick = record({}, { poptin_type: 'lightbox' });
      const elsewhere = record({}, { poptin_type: 'lightbox' });
      await addPoptins(clientId, onClick);
      const clickDisplay = requestsTo(page, '/api/display/click-display/');
      await servePages(context, {
        clientId,
        body: `<button type="button" data-poptin="${onClick.poptin_id}">Open</button><a href="#${onClick.poptin_id}">Link</a>
               <button type="button" class="cta ${onClick.poptin_id}">Class</button><button type="button" data-poptin="${elsewhere.poptin_id}">Other</button>`,
      });
      await page.goto(at('rules-test/click'));
      await armed(page);
      await page.getByRole('button', { name: 'Open' }).click();
      await waitShown(page, onClick.poptin_id);
      assert.equal((await events(page, 'kite-poptin-show'))[0]!.detail.trigger, 'click');
      await dialog(page).getByRole('button', { name: en.close }).click();
      await waitFor(async () => (await events(page, 'kite-poptin-close')).length === 1, 'the close');
      await page.getByRole('link', { name: 'Link' }).click();
      await waitFor(async () => (await shownIds(page)).length === 2, 'the link to open it again');
      assert.equal(new URL(page.url()).hash, '', 'the link did not navigate');
      await page.keyboard.press('Escape');
      await waitFor(async () => (await events(page, 'kite-poptin-close')).length === 2, 'the second close');
      await page.getByRole('button', { name: 'Class' }).click();
      await waitFor(async () => (await shownIds(page)).length === 3, 'the class to open it');
      await page.keyboard.press('Escape');
      await waitFor(async () => (await events(page, 'kite-poptin-close')).length === 3, 'the third close');

      // Not in this page's answer (added to the client afterwards): the click-display call brings it.
      await addPoptins(clientId, elsewhere);
      await page.getByRole('button', { name: 'Other' }).click();
      await waitShown(page, elsewhere.poptin_id);
      assert.equal(clickDisplay.length, 1);
      assert.equal(clickDisplay[0]!.method(), 'POST');
      assert.deepEqual(problems, []);
    }));

  it('inactivity: shows after N seconds without activity, not while the visitor moves', () =>
    withVisitor(async (page, context) => {
      const clientId = newClient();
      // Long beside the real time the page takes to load: page time only jumps once the test holds it.
      const seconds = 30;
      const waitMs = seconds * SECOND_MS;
      /** Moves come this often, each before the wait since the one before runs out. */
      const moveEveryMs = waitMs / 4;
      const poptin = record({ inactivity_seconds: seconds });
      // Shown on load, it brings the pop-up code: the other's element is then placed the moment its trigger fires.
      const onLoad = record({ page_load: true });
      await addPoptins(clientId, poptin, onLoad);
      await servePages(context, { clientId });
      await page.clock.install();
      await page.goto(at('rules-test/idle'));
      await armed(page);
      await waitShown(page, onLoad.poptin_id);
      await holdClock(page);
      for (let moved = 0, x = 10; moved < waitMs * 2; moved += moveEveryMs, x = (x + 37) % 300) {
        await page.mouse.move(x, 200);
        await page.clock.runFor(moveEveryMs);
      }
      assert.equal(await placed(page, poptin.poptin_id), false, 'not while the mouse moves');
      await page.mouse.move(0, 200);
      await page.clock.runFor(waitMs - 1);
      assert.equal(await placed(page, poptin.poptin_id), false, 'not before N seconds after the last move');
      await page.clock.runFor(1);
      await waitShown(page, poptin.poptin_id);
      assert.equal(await triggerOf(page, poptin.poptin_id), 'inactivity');
    }));

  it('click count: shows at the Nth click on the page', () =>
    withVisitor(async (page, context) => {
      const clientId = newClient();
      const poptin = record({ click_count: 3 });
      // Shown on load, it brings the pop-up code: the counted one's element is then placed in the click that fires it.
      const onLoad = record({ page_load: true });
      await addPoptins(clientId, poptin, onLoad);
      await servePages(context, { clientId });
      await page.goto(at('rules-test/clicks'));
      await armed(page);
      await waitShown(page, onLoad.poptin_id);
      await page.mouse.click(50, 50);
      await page.mouse.click(60, 60);
      assert.equal(await placed(page, poptin.poptin_id), false, 'not at the second click');
      await page.mouse.click(70, 70);
      await waitShown(page, poptin.poptin_id);
      assert.equal(await triggerOf(page, poptin.poptin_id), 'click_count');
    }));

  it('page-visit count: shows from the Nth page of the visit on', () =>
    withVisitor(async (page, context) => {
      const clientId = newClient();
      const poptin = record({ page_visit_count: 3 });
      // Shown on every page, it brings the pop-up code: once it shows, a counted pop-up decided at arming is placed.
      const onLoad = record({ page_load: true });
      await addPoptins(clientId, poptin, onLoad);
      await servePages(context, { clientId });
      for (const path of ['one', 'two']) {
        await page.goto(at(`rules-test/${path}`));
        await armed(page);
        await waitShown(page, onLoad.poptin_id);
        assert.equal(await placed(page, poptin.poptin_id), false, path);
        assert.deepEqual(await shownIds(page), [onLoad.poptin_id], path);
      }
      await page.goto(at('rules-test/three'));
      await waitShown(page, poptin.poptin_id);
      assert.equal(await triggerOf(page, poptin.poptin_id), 'page_visits');
    }));

  it('touch exit intent: the back button (History API) and a fast scroll up; off by default', () =>
    withVisitor(
      async (page, context) => {
        const clientId = newClient();
        const mobileExit = record({ exit_intent_mobile: true });
        const desktopOnly = record({ exit_intent: true });
        await addPoptins(clientId, mobileExit, desktopOnly);
        await servePages(context, { clientId });
        // The scroll-up window is driven on the page's clock.
        await page.clock.install();
        await page.goto(at('rules-test/first'));
        await page.goto(at('rules-test/mobile'));
        await armed(page);
        const length = await page.evaluate(() => history.length);
        await page.touchscreen.tap(20, 100);
        await waitFor(() => page.evaluate((length) => history.length === length + 1, length), 'the guard entry');
        await page.goBack();
        await waitShown(page, mobileExit.poptin_id);
        assert.match(page.url(), /\/rules-test\/mobile$/, 'still on the page');
        assert.equal((await events(page, 'kite-poptin-show'))[0]!.detail.trigger, 'exit_intent_mobile');
        assert.deepEqual(await shownIds(page), [mobileExit.poptin_id], 'the desktop exit intent does not fire on touch');

        // A fresh page: a slow scroll up does nothing, a fast one shows it.
        await page.goto(at('rules-test/scroll'));
        await armed(page, 0);
        // Two frames: the scroll event of the last scrollTo has been dispatched. (A string, so no helper of the test's compiler leaks in.)
        const frames = (_count: number) => page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
        await page.evaluate(() => scrollTo(0, 3_000));
        await frames(2);
        // Each step up comes once the window of the move before has run out.
        await page.clock.runFor(TRIGGER.MOBILE_SCROLL_UP_WINDOW_MS);
        for (let y = 3_000; y >= 3_000 - TRIGGER.MOBILE_SCROLL_UP_PX * 2; y -= TRIGGER.MOBILE_SCROLL_UP_PX / 4) {
          await page.evaluate((y) => scrollTo(0, y), y);
          await frames(2);
          await page.clock.runFor(TRIGGER.MOBILE_SCROLL_UP_WINDOW_MS);
        }
        assert.deepEqual(await shownIds(page), [], 'a slow scroll up');
        await page.evaluate(() => scrollTo(0, 2_000));
        await frames(2);
        await page.evaluate((y) => scrollTo(0, y), 2_000 - TRIGGER.MOBILE_SCROLL_UP_PX - 20);
        await waitShown(page, mobileExit.poptin_id);

        // A pop-up without the setting adds no history entry and ignores a fast scroll up.
        const other = newClient();
        const plain = record({ exit_intent: true });
        // Shown on load, it brings the pop-up code: the plain one's element would be placed in the scroll that fired it.
        const onLoad = record({ page_load: true });
        await addPoptins(other, plain, onLoad);
        await context.unrouteAll();
        await servePages(context, { clientId: other });
        await page.goto(at('rules-test/plain'));
        await armed(page);
        await waitShown(page, onLoad.poptin_id);
        const plainLength = await page.evaluate(() => history.length);
        // A guard entry is pushed in the tap's own touchend: it would be there once the tap returns.
        await page.touchscreen.tap(20, 100);
        await page.evaluate(() => scrollTo(0, 2_000));
        await frames(2);
        await page.evaluate(() => scrollTo(0, 0));
        await frames(2);
        assert.equal(await page.evaluate(() => history.length), plainLength);
        assert.equal(await placed(page, plain.poptin_id), false);
        assert.deepEqual(await shownIds(page), [onLoad.poptin_id]);
      },
      { hasTouch: true, isMobile: true, viewport: { width: 390, height: 700 } },
    ));

  it('touch: the back button works as usual once no pop-up waits for it (shown, or never armed)', () =>
    withVisitor(
      async (page, context) => {
        const clientId = newClient();
        const soon = record({ exit_intent_mobile: true, seconds: 2 });
        await addPoptins(clientId, soon);
        await servePages(context, { clientId });
        await page.goto(at('rules-test/first'));
        await page.goto(at('rules-test/waits'));
        await armed(page);
        const length = await page.evaluate(() => history.length);
        await page.touchscreen.tap(20, 100);
        await waitFor(() => page.evaluate((length) => history.length === length + 1, length), 'the guard entry while it waits');
        await waitShown(page, soon.poptin_id, 5_000);
        assert.equal((await events(page, 'kite-poptin-show'))[0]!.detail.trigger, 'seconds');
        await page.goBack();
        assert.match(page.url(), /\/rules-test\/first$/, 'one Back leaves the page once the pop-up showed');

        // Already on screen from the start: a tap adds no entry.
        const other = newClient();
        const atOnce = record({ exit_intent_mobile: true, page_load: true });
        await addPoptins(other, atOnce);
        await context.unrouteAll();
        await servePages(context, { clientId: other });
        await page.goto(at('rules-test/shown'));
        await waitShown(page, atOnce.poptin_id);
        const before = await page.evaluate(() => history.length);
        // A guard entry is pushed in the tap's own touchend: it would be there once the tap returns.
        await page.touchscreen.tap(20, 100);
        assert.equal(await page.evaluate(() => history.length), before);
        await page.goBack();
        assert.match(page.url(), /\/rules-test\/first$/);
      },
      { hasTouch: true, isMobile: true, viewport: { width: 390, height: 700 } },
    ));
});

describe('filters', () => {
  it('cookie and global-value filters: read by name and path, never evaluated', () =>
    withVisitor(async (page, context) => {
      const clientId = newClient();
      const proCookie = record({ page_load: true }, { cookie_filter: { display_if_specific_cookie_active: true, rules: [{ name: 'plan', value: 'pro', show: 'show@equals' }] } });
      const notFree = record({ page_load: true }, { cookie_filter: { display_if_specific_cookie_active: true, rules: [{ name: 'plan', value: 'free', show: 'show@equals' }] } });
      const proGlobal = record({ page_load: true }, { js_filter: { display_if_specific_js_active: true, js_name_pair: ['dataLayer.0.user.plan'], js_value_pair: ['pro'], js_show_pair: ['show@equals'] } });
      const evil = record({ page_load: true }, { js_filter: { display_if_specific_js_active: true, js_name_pair: ['constructor.constructor'], js_value_pair: [''], js_show_pair: ['show@exists'] } });
      await addPoptins(clientId, proCookie, notFree, proGlobal, evil);
      await servePages(context, { clientId, setup: "document.cookie = 'plan=pro; path=/'; window.dataLayer = [{ user: { plan: 'pro' } }];" });
      await page.goto(at('rules-test/filters'));
      const decided = await armed(page);
      assert.deepEqual(decided.armed.sort(), [proCookie.poptin_id, proGlobal.poptin_id].sort());
      assert.deepEqual(decided.hidden.sort(), [notFree.poptin_id, evil.poptin_id].sort());
      await waitShown(page, proCookie.poptin_id);
      await waitShown(page, proGlobal.poptin_id);
    }));

  it('ad blocker: the probe loads only for such a pop-up; shown only when the bait is blocked', async () => {
    const clientId = newClient();
    const poptin = record({ page_load: true }, { display_if_adblock_active: true });
    await addPoptins(clientId, poptin);
    await withVisitor(async (page, context) => {
      const baits = requestsTo(page, ADBLOCK.BAIT_PATH.split('?')[0]!);
      await servePages(context, { clientId });
      await page.goto(at('rules-test/no-blocker'));
      assert.deepEqual((await armed(page)).hidden, [poptin.poptin_id]);
      assert.equal(baits.length, 1);
    });
    await withVisitor(async (page, context) => {
      // An ad blocker refuses the bait.
      await context.route(`**${ADBLOCK.BAIT_PATH.split('?')[0]}*`, (route) => route.abort('blockedbyclient'));
      await servePages(context, { clientId });
      await page.goto(at('rules-test/blocker'));
      await waitShown(page, poptin.poptin_id);
    });
    const plainClient = newClient();
    await addPoptins(plainClient, record({ page_load: true }));
    await withVisitor(async (page, context) => {
      const baits = requestsTo(page, ADBLOCK.BAIT_PATH.split('?')[0]!);
      const scripts = requestsTo(page, 'adblock');
      await servePages(context, { clientId: plainClient });
      await page.goto(at('rules-test/plain'));
      await armed(page);
      await page.waitForLoadState('networkidle');
      assert.equal(baits.length + scripts.length, 0, 'no probe without the setting');
    });
  });

  it('engagement with another pop-up, across pages', () =>
    withVisitor(async (page, context) => {
      const clientId = newClient();
      const first = record({ page_load: true }, { d_f_r: `all@${FREQUENCY.ONCE_PER_SESSION}` });
      const afterFirst = record({ page_load: true }, { engagement_with_other_poptin_filter: `show|seen|other|${first.poptin_id}` });
      await addPoptins(clientId, first, afterFirst);
      await servePages(context, { clientId });
      await page.goto(at('rules-test/one'));
      assert.deepEqual((await armed(page)).hidden, [afterFirst.poptin_id]);
      await waitShown(page, first.poptin_id);
      await page.goto(at('rules-test/two'));
      await waitShown(page, afterFirst.poptin_id);
    }));
});

describe('single-page apps', () => {
  /** Longer than any short-lived timer of a run (ours are at most 2 s; the outbox's first check takes 3 s). */
  const QUIET_MS = 4_000;
  const SETUP = `
    // Counts what the page holds: listeners added and not removed, timers pending.
    const listeners = new Set();
    const key = (target, type, listener, options) => [target, type, listener, typeof options === 'boolean' ? options : !!(options && options.capture)];
    const find = (k) => [...listeners].find((e) => e[0] === k[0] && e[1] === k[1] && e[2] === k[2] && e[3] === k[3]);
    const add = EventTarget.prototype.addEventListener, remove = EventTarget.prototype.removeEventListener;
    EventTarget.prototype.addEventListener = function (type, listener, options) {
      const k = key(this, type, listener, options);
      if (listener && !find(k) && !(options && options.once)) listeners.add(k);
      return add.call(this, type, listener, options);
    };
    EventTarget.prototype.removeEventListener = function (type, listener, options) {
      const found = find(key(this, type, listener, options));
      if (found) listeners.delete(found);
      return remove.call(this, type, listener, options);
    };
    const timers = new Map();
    const st = setTimeout, ct = clearTimeout, si = setInterval, ci = clearInterval;
    window.setTimeout = function (fn, ms, ...args) { const id = st(function () { timers.delete(id); return typeof fn === 'function' ? fn.apply(this, arguments) : undefined; }, ms, ...args); timers.set(id, 'timeout ' + ms + ' ' + new Error().stack.split('\\n')[2]); return id; };
    window.clearTimeout = function (id) { timers.delete(id); return ct(id); };
    window.setInterval = function (fn, ms, ...args) { const id = si(fn, ms, ...args); timers.set(id, 'interval ' + ms); return id; };
    window.clearInterval = function (id) { timers.delete(id); return ci(id); };
    window.timerList = () => [...timers.values()];
    window.leakCounts = () => ({
      listeners: [...listeners].filter((e) => !(e[0] instanceof Node) || e[0].isConnected || e[0] === document || e[0] === window).length,
      timers: timers.size,
      poptins: document.querySelectorAll('kite-poptin').length,
      teasers: document.querySelectorAll('kite-tab-teaser').length,
      widgets: document.querySelectorAll('kite-widget').length,
    });
    // The app's router.
    window.go = (path) => history.pushState({ path }, '', path);
  `;

  it('re-runs on pushState and popstate; after 50 navigations listeners, timers and pop-up nodes are as after one', () =>
    withVisitor(async (page, context, problems) => {
      const clientId = newClient();
      const embedded = record({ page_load: true }, { poptin_type: 'embedded', poptin_id: 'spaembedded01' });
      const bar = record({ page_load: true }, { d_f_r: `all@${FREQUENCY.EVERYTIME}` });
      const delayed = record({ seconds: 600, inactivity_seconds: 600, click_count: 100 });
      await addPoptins(clientId, embedded, bar, delayed);
      const displayCalls = requestsTo(page, `/api/display/${clientId}`);
      await servePages(context, { clientId, attrs: 'data-spa', setup: SETUP, body: `<div id="${embedded.poptin_id}"></div>` });
      // The navigation settle time and the quiet time are driven on the page's clock.
      await page.clock.install();
      await page.goto(at('rules-test/app/0'));
      await waitFor(async () => (await shownIds(page)).length === 2, 'the first page\'s pop-ups');

      const navigate = async (n: number) => {
        const before = displayCalls.length;
        await page.evaluate((n) => (window as unknown as { go: (path: string) => void }).go(`/rules-test/app/${n}`), n);
        await waitFor(() => displayCalls.length === before + 1, `the display call of navigation ${n}`);
        await waitFor(async () => (await shownIds(page)).length === 2 * (n + 1), `the pop-ups of navigation ${n}`);
      };
      // A state change of the same address (a replace, a push of the same URL) is no navigation.
      await page.evaluate(() => history.replaceState({ x: 1 }, ''));
      assert.equal((await events(page, 'kite-widget-navigate')).length, 1, 'the replace is noticed');
      await page.clock.runFor(SPA.NAVIGATION_SETTLE_MS);
      // A new run would have taken this run's pop-ups off the page in the settle timer itself.
      assert.equal(await page.locator('kite-poptin').count(), 2, 'no new run');
      assert.equal(displayCalls.length, 1);

      await navigate(1);
      // Quiet: short-lived timers of the first runs (the lead outbox's first check) are done.
      await page.clock.runFor(QUIET_MS);
      const afterOne = await page.evaluate(() => (window as unknown as { leakCounts: () => Record<string, number> }).leakCounts());
      const timersAfterOne = await page.evaluate(() => (window as unknown as { timerList: () => string[] }).timerList());
      for (let n = 2; n <= 50; n++) await navigate(n);
      await page.clock.runFor(QUIET_MS);
      const afterFifty = await page.evaluate(() => (window as unknown as { leakCounts: () => Record<string, number> }).leakCounts());
      assert.deepEqual(afterFifty, afterOne, JSON.stringify([timersAfterOne, await page.evaluate(() => (window as unknown as { timerList: () => string[] }).timerList())]));
      assert.equal(afterOne.poptins, 2, 'the embedded pop-up and the bar of the current page only');
      assert.equal(afterOne.widgets, 1);

      // The back button is a navigation too.
      const before = displayCalls.length;
      await page.goBack();
      await waitFor(() => displayCalls.length === before + 1, 'the display call after the back button');
      assert.match(page.url(), /\/app\/49$/);
      assert.deepEqual(problems, []);
    }));

  it('embedded pop-ups are rendered again every 5 s when the app re-renders their host', () =>
    withVisitor(async (page, context) => {
      const clientId = newClient();
      const embedded = record({ page_load: true }, { poptin_type: 'embedded', poptin_id: 'spaembedded02' });
      await addPoptins(clientId, embedded);
      await servePages(context, { clientId, attrs: 'data-spa', body: `<section id="app"><div id="${embedded.poptin_id}"></div></section>` });
      await page.clock.install();
      await page.goto(at('rules-test/app'));
      await waitShown(page, embedded.poptin_id);
      await holdClock(page);
      await page.evaluate((id) => {
        const app = document.getElementById('app')!;
        app.replaceChildren(Object.assign(document.createElement('div'), { id }));
      }, embedded.poptin_id);
      // Back within one refresh period of page time (the clock moves no further meanwhile).
      await page.clock.runFor(SPA.EMBED_REFRESH_MS);
      await waitFor(
        () => page.evaluate((id) => document.getElementById(id)!.querySelector('kite-poptin') !== null, embedded.poptin_id),
        'the embedded pop-up back in its new host',
      );
    }));
});

describe('consent hold (data-consent="required")', () => {
  it('nothing is written and no call is made until window.kite.consent(true)', () =>
    withVisitor(async (page, context) => {
      const clientId = newClient();
      const poptin = record({ page_load: true });
      await addPoptins(clientId, poptin);
      const calls = requestsTo(page, '/api/');
      await servePages(context, { clientId, attrs: 'data-consent="required"' });
      await page.goto(at('rules-test/consent'));
      await holding(page);
      const nothing = async () => {
        assert.equal(calls.length, 0, 'no call');
        assert.deepEqual((await context.cookies()).map((cookie) => cookie.name), [], 'no cookie');
        assert.deepEqual(await page.evaluate(() => [localStorage.length, sessionStorage.length]), [0, 0], 'no storage');
      };
      await nothing();
      // A refusal is heard in the call itself (an event): a release would have begun by its return.
      await page.evaluate(() => window.kite!.consent!(false));
      await nothing();
      await page.evaluate(() => window.kite!.consent!(true));
      await waitShown(page, poptin.poptin_id);
      assert.ok((await context.cookies()).some((cookie) => cookie.name === STORAGE_KEY.CLIENT_ID));
    }));

  it('kite-widget with consent="required", and a page that said yes before the widget loaded', async () => {
    const clientId = newClient();
    const poptin = record({ page_load: true });
    await addPoptins(clientId, poptin);
    await withVisitor(async (page, context) => {
      const calls = requestsTo(page, '/api/');
      await servePages(context, {
        clientId,
        noScript: true,
        body: `<kite-widget client-id="${clientId}" consent="required"></kite-widget><script type="module" src="/kite/kite.js"></script>`,
      });
      await page.goto(at('rules-test/element'));
      await holding(page);
      assert.equal(calls.length, 0);
      await page.evaluate(() => window.kite!.consent!(true));
      await waitShown(page, poptin.poptin_id);
    });
    await withVisitor(async (page, context) => {
      await servePages(context, { clientId, attrs: 'data-consent="required"', setup: 'window.kite = { consented: true };' });
      await page.goto(at('rules-test/early'));
      await waitShown(page, poptin.poptin_id);
    });
  });
  it('window.kite.consent(false) after true: the pop-ups go, the session timers write nothing more, no call is made, the next page of the app waits', () =>
    withVisitor(async (page, context) => {
      const clientId = newClient();
      const poptin = record({ page_load: true });
      await addPoptins(clientId, poptin);
      await servePages(context, { clientId, attrs: 'data-consent="required" data-spa' });
      await page.clock.install();
      await page.goto(at('rules-test/withdraw'));
      await page.evaluate(() => window.kite!.consent!(true));
      await waitShown(page, poptin.poptin_id);
      await page.evaluate(() => window.kite!.consent!(false));
      await waitFor(async () => (await page.locator('kite-poptin').count()) === 0, 'the pop-up to go');
      const calls = requestsTo(page, '/api/');
      await context.clearCookies();
      await page.clock.runFor(COOKIE.REFERRER_REFRESH_MS);
      await page.evaluate(() => history.pushState(null, '', '/rules-test/next'));
      // The next page's run starts in the settle timer, and waits for consent again.
      await page.clock.runFor(SPA.NAVIGATION_SETTLE_MS + SECOND_MS);
      assert.deepEqual((await context.cookies()).map((cookie) => cookie.name), [], 'nothing written');
      assert.equal(calls.length, 0, 'no call');
      // Consent given again: the widget runs again.
      await page.evaluate(() => window.kite!.consent!(true));
      await waitFor(async () => (await shownIds(page)).length === 2, 'the pop-up again');
    }));
});

describe('A/B tests', () => {
  it('a visitor stays in one variant across visits; visitors spread over the variants', async () => {
    const clientId = newClient();
    const parent = record({ page_load: true }, { ab_test: true });
    const variant = record({ page_load: true }, { ab_test: true, ab_test_parent_id: parent.poptin_id });
    await addPoptins(clientId, parent, variant);
    const variants = new Set<string>();
    for (let n = 0; n < 16; n++) {
      await withVisitor(async (page, context) => {
        await servePages(context, { clientId });
        const seen: string[] = [];
        for (let visit = 0; visit < (n === 0 ? 4 : 1); visit++) {
          await context.clearCookies({ name: STORAGE_KEY.SESSION });
          await page.goto(at(`rules-test/visit-${visit}`));
          const { armed: ids } = await armed(page);
          assert.equal(ids.length, 1, 'one variant per page');
          seen.push(ids[0]!);
        }
        assert.equal(new Set(seen).size, 1, `the same variant on every visit: ${seen}`);
        variants.add(seen[0]!);
      });
      if (variants.size === 2) break;
    }
    assert.equal(variants.size, 2, 'both variants are shown to someone');
  });
});

describe('owners\' limits (display answer not_allowed)', () => {
  const logs = () => e2e.server.sql.prepare('SELECT client_id, status, setting_id FROM limit_logs ORDER BY id').all() as Array<{ client_id: string; status: string; setting_id: string }>;

  it('with is_client_restriction: the upgrade pop-up, then the remind-me pop-up, with their limitLogs calls', () =>
    withVisitor(async (page, context, problems) => {
      await servePages(context, { clientId: 'demo-upgrade' });
      const before = logs().length;
      await page.goto(at('rules-test/upgrade'));
      const upgrade = page.getByRole('dialog', { name: en.upgradeTitle });
      await upgrade.waitFor();
      const popup = context.waitForEvent('page');
      await upgrade.getByRole('button', { name: en.upgradeButton }).click();
      await (await popup).close();
      await waitFor(() => logs().length === before + 1, 'the click log');
      assert.deepEqual(logs().at(-1), { client_id: 'demo-upgrade', status: UPGRADE.STATUS_CLICK, setting_id: 'upgrade-demo' });

      await page.reload();
      await upgrade.waitFor();
      await upgrade.getByRole('button', { name: en.close }).click();
      const remind = page.getByRole('dialog', { name: en.remindTitle });
      await remind.getByRole('button', { name: en.remindMe }).click();
      await waitFor(() => logs().length === before + 2, 'the remind-me log');
      assert.equal(logs().at(-1)!.status, UPGRADE.STATUS_REMIND_ME);
      assert.equal(await remind.count(), 0, 'closed');

      await page.reload();
      await upgrade.waitFor();
      // Focus moves into the dialog and Tab, either way, keeps it there (WAI-ARIA dialog pattern).
      const upgradeButton = upgrade.getByRole('button', { name: en.upgradeButton });
      const closeButton = upgrade.getByRole('button', { name: en.close });
      const hasFocus = (button: typeof closeButton) => button.evaluate((node) => node === (node.getRootNode() as ShadowRoot).activeElement);
      assert.ok(await hasFocus(upgradeButton), 'focus moved to the upgrade button');
      for (const [key, button] of [['Tab', closeButton], ['Tab', upgradeButton], ['Shift+Tab', closeButton], ['Shift+Tab', upgradeButton]] as const) {
        await page.keyboard.press(key);
        assert.ok(await hasFocus(button), `${key} kept focus in the dialog`);
      }
      await page.keyboard.press('Escape');
      await remind.getByRole('button', { name: en.dontRemindMe }).click();
      await waitFor(() => logs().length === before + 3, "the don't-remind-me log");
      assert.equal(logs().at(-1)!.status, UPGRADE.STATUS_DONT_REMIND_ME);
      assert.deepEqual(problems, []);
    }));

  it('a reminder that is due shows the remind-me pop-up alone', () =>
    withVisitor(async (page, context) => {
      await servePages(context, { clientId: 'demo-remind' });
      await page.goto(at('rules-test/remind'));
      await page.getByRole('dialog', { name: en.remindTitle }).waitFor();
      assert.equal(await page.getByRole('dialog', { name: en.upgradeTitle }).count(), 0);
    }));

  it('without it the refusal is only logged: nothing shows, nothing more loads', () =>
    withVisitor(async (page, context) => {
      const info: string[] = [];
      page.on('console', (message) => message.type() === 'info' && info.push(message.text()));
      const scripts = requestsTo(page, '/kite/');
      await servePages(context, { clientId: 'demo-max-views' });
      await page.goto(at('rules-test/limited'));
      await waitFor(() => info.some((text) => text.includes(UPGRADE.MESSAGE_MAX_VIEWS)), 'the logged refusal');
      await page.waitForLoadState('networkidle');
      assert.deepEqual(scripts.map((request) => new URL(request.url()).pathname), ['/kite/widget.js']);
      assert.equal(await page.getByRole('dialog').count(), 0);
    }));
});

describe('session bookkeeping', () => {
  it('session timer cookie, and a known lead\'s website session and conversion activities (viewed, closed)', () =>
    withVisitor(async (page, context) => {
      const clientId = newClient();
      const poptin = record({ page_load: true });
      await addPoptins(clientId, poptin);
      const sessions = requestsTo(page, `/api/display/total-website-session/${clientId}`);
      const activities = requestsTo(page, `/api/display/conversion-activities/${clientId}`);
      await servePages(context, { clientId, setup: `localStorage.setItem('${STORAGE_KEY.CONVERTED_EMAIL}', 'ada@example.com');` });
      await page.goto(at('rules-test/known'));
      await waitShown(page, poptin.poptin_id);
      const timer = (await context.cookies()).find((cookie) => cookie.name === STORAGE_KEY.SESSION_TIMER);
      assert.ok(timer && Math.abs(timer.expires - Date.now() / 1_000 - COOKIE.SESSION_TIMER_S) < 5, 'the session timer lives a minute');
      await waitFor(() => sessions.length === 1 && activities.length === 1, 'the session and viewed calls');
      assert.deepEqual(sessions[0]!.postDataJSON(), { email: 'ada@example.com', url_host: new URL(e2e.server.url).host });
      assert.deepEqual(activities[0]!.postDataJSON(), { email: 'ada@example.com', url_host: new URL(e2e.server.url).host, poptin_id: poptin.poptin_id, activity: 'viewed' });
      await dialog(page).getByRole('button', { name: en.close }).click();
      await waitFor(() => activities.length === 2, 'the closed call');
      assert.equal(activities[1]!.postDataJSON().activity, 'closed');
      // The next page of the same session: no new website session.
      await page.reload();
      await waitShown(page, poptin.poptin_id);
      // A new website session would be sent at arming, before this page's viewed call.
      await waitFor(() => activities.length === 3, "the next page's viewed call");
      assert.equal(sessions.length, 1);
    }));
  it('while the page stays open: the session timer and the session every 20 s, the referrer every 60 s; the landing page and landed-url session keys', () =>
    withVisitor(async (page, context) => {
      const clientId = newClient();
      await addPoptins(clientId, record({ exit_intent: true }));
      await servePages(context, { clientId });
      await page.clock.install();
      await page.goto(at('rules-test/landing?from=ad'));
      await page.goto(at('rules-test/stay'));
      await armed(page);
      assert.deepEqual(
        await page.evaluate((keys) => keys.map((key) => sessionStorage.getItem(key)), [STORAGE_KEY.ORIGIN_LANDING_PAGE, STORAGE_KEY.LANDED_URL]),
        [at('rules-test/landing?from=ad'), at('rules-test/stay')],
        'the session\'s first page, and this one',
      );
      const cookie = async (name: string) => (await context.cookies()).find((found) => found.name === name)!;
      // Cut short (in the browser's real time), so a refresh shows in the expiry it keeps.
      const soon = Math.round(Date.now() / 1_000) + 10;
      await context.addCookies([
        { ...(await cookie(STORAGE_KEY.SESSION)), expires: soon },
        { name: STORAGE_KEY.REFERRER, value: encodeURIComponent('https://search.example/'), url: at('/'), expires: soon },
      ]);
      const timer = Number((await cookie(STORAGE_KEY.SESSION_TIMER)).value);

      await page.clock.runFor(COOKIE.SESSION_TIMER_REFRESH_MS);
      assert.ok(Number((await cookie(STORAGE_KEY.SESSION_TIMER)).value) - timer >= COOKIE.SESSION_TIMER_REFRESH_MS, 'the session timer, rewritten');
      assert.ok((await cookie(STORAGE_KEY.SESSION)).expires > soon + COOKIE.REFERRER_S, 'the session, renewed for its 30 minutes');
      assert.equal((await cookie(STORAGE_KEY.REFERRER)).expires, soon, 'the referrer, not yet');

      await page.clock.runFor(COOKIE.REFERRER_REFRESH_MS - COOKIE.SESSION_TIMER_REFRESH_MS);
      const referrer = await cookie(STORAGE_KEY.REFERRER);
      assert.ok(Math.abs(referrer.expires - Date.now() / 1_000 - COOKIE.REFERRER_S) < 5, 'the referrer, renewed for its 2 minutes');
      assert.equal(decodeURIComponent(referrer.value), 'https://search.example/');
    }));
});

describe('redirects', () => {
  let module = '';
  before(async () => {
    const result = await build({ entryPoints: ['shared/widget/redirect.ts'], bundle: true, format: 'esm', write: false, target: 'es2020', logLevel: 'silent' });
    module = result.outputFiles[0]!.text;
  });

  /** A page with the redirect module as `window.redirect`; `block`: what the page's popup blocker refuses. */
  async function redirectPage(page: Page, context: BrowserContext, block: 'none' | 'window' | 'all' = 'none'): Promise<void> {
    await context.route('**/redirect-test/**', (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path.endsWith('/redirect.js')) return route.fulfill({ contentType: 'text/javascript', body: module });
      if (path.endsWith('/page.js')) {
        return route.fulfill({
          contentType: 'text/javascript',
          body: `import { redirect } from './redirect.js';
            const open = window.open.bind(window);
            // A popup blocker: new windows for an address refused; 'all' also stops link clicks.
            if (${JSON.stringify(block)} !== 'none') window.open = (url, target, features) => (url ? null : open(url, target, features));
            // 'all' also notes the fallback's look for the link's window (a window.open without an address).
            if (${JSON.stringify(block)} === 'all') { HTMLAnchorElement.prototype.click = function () {}; window.open = (url) => { if (!url) window.lookedForTab = true; return null; }; }
            window.redirect = redirect; window.ready = true;`,
        });
      }
      return route.fulfill({
        contentType: 'text/html',
        headers: { 'Content-Security-Policy': STRICT_CSP },
        body: `<!doctype html><html lang="en"><head><title>Redirect</title><script type="module" src="/redirect-test/page.js"></script></head><body><p>${path}</p></body></html>`,
      });
    });
    await page.goto(at('redirect-test/start'));
    await waitFor(() => page.evaluate(() => (window as unknown as { ready?: boolean }).ready === true), 'the redirect module');
  }
  const run = (page: Page, url: string, options: Record<string, unknown> = {}) =>
    page.evaluate(([url, options]) => (window as unknown as { redirect: (u: string, o: unknown) => Promise<string> }).redirect(url, options), [url, options] as const);

  it('same tab: an address without a scheme gets http://, form data goes in the query', () =>
    withVisitor(async (page, context) => {
      await redirectPage(page, context);
      const host = new URL(e2e.server.url).host;
      await Promise.all([
        page.waitForURL(`http://${host}/redirect-test/thanks?email=ada%40example.com`),
        run(page, `${host}/redirect-test/thanks`, { formData: { email: 'ada@example.com' } }).catch(() => 'navigated'),
      ]);
    }));

  it('javascript:, data: and vbscript: are never followed', () =>
    withVisitor(async (page, context) => {
      await redirectPage(page, context);
      for (const url of ['javascript:document.title="owned"', 'data:text/html,<b>x</b>', 'VBScript:msgbox(1)', ' java\tscript:alert(1)']) {
        assert.equal(await run(page, url), 'refused', url);
      }
      assert.match(page.url(), /\/redirect-test\/start$/);
      assert.equal(await page.title(), 'Redirect');
    }));

  it('new tab: window.open; blocked: a hidden link; that blocked too: this tab', async () => {
    await withVisitor(async (page, context) => {
      await redirectPage(page, context);
      const opened = context.waitForEvent('page');
      assert.equal(await run(page, at('redirect-test/new'), { target: '_blank' }), 'new-window');
      const tab = await opened;
      await tab.waitForURL(/\/redirect-test\/new$/);
      assert.equal(await tab.evaluate(() => window.opener), null, 'the new page cannot reach the opener');
      assert.match(page.url(), /\/start$/);
    });
    await withVisitor(async (page, context) => {
      await redirectPage(page, context, 'window');
      const opened = context.waitForEvent('page');
      assert.equal(await run(page, at('redirect-test/linked'), { target: '_blank' }), 'link');
      const tab = await opened;
      await tab.waitForURL(/\/redirect-test\/linked$/);
      assert.match(page.url(), /\/start$/, 'this tab stays');
    });
    await withVisitor(async (page, context) => {
      await page.clock.install();
      await redirectPage(page, context, 'all');
      await holdClock(page);
      const redirected = run(page, at('redirect-test/fallback'), { target: '_blank' }).catch(() => 'navigated');
      const lookedForTab = () => page.evaluate(() => (window as unknown as { lookedForTab?: boolean }).lookedForTab ?? false);
      await page.clock.runFor(REDIRECT.LINK_FALLBACK_MS - 1);
      assert.equal(await lookedForTab(), false, 'not before the hidden link had its chance');
      await Promise.all([page.waitForURL(/\/redirect-test\/fallback$/), page.clock.runFor(1), redirected]);
      assert.equal(context.pages().length, 1, 'no other tab');
    });
  });
});

describe('the rules demo page (demo/public/rules.html), as a new visitor', () => {
  let demo: Awaited<ReturnType<typeof startE2EServer>>;
  let demoData: string;
  before(async () => {
    demoData = mkdtempSync(join(tmpdir(), 'kite-rules-demo-'));
    demo = await startE2EServer({ port: 0, dataDir: demoData, adminToken: ADMIN_TOKEN, distDir: process.env.KITE_DIST_DIR, quiet: true });
  });
  after(async () => {
    await demo?.close();
    rmSync(demoData, { recursive: true, force: true });
  });
  const demoAt = (path: string) => new URL(path, demo.url).href;
  /** The title block of a demo record file, as the pop-up shows it. */
  const demoTitle = (file: string) =>
    (JSON.parse(readFileSync(new URL(`../../demo/poptins/${file}`, import.meta.url), 'utf8')) as PoptinRecord).design!.blocks.find((block) => block.type === 'title')!.text;

  it('a demo shows its pop-up under the strict STRICT_CSP; the reset button makes a new visitor; the store still shows only its lightbox', () =>
    withVisitor(async (page, context, problems) => {
      await page.goto(demoAt('rules'));
      await page.waitForLoadState('networkidle');
      assert.equal(await page.locator('kite-poptin').count(), 0, 'no demo chosen, no widget');
      // A page of the site like the others: the theme shell's header, with its main navigation.
      assert.equal(await page.getByRole('banner').getByRole('navigation', { name: 'Main', exact: true }).count(), 1);
      // Each offer says, for the site owner, when it shows, and links to its demo.
      const offers = await page.locator('section[data-demo]').evaluateAll((sections) =>
        sections.map((section) => ({
          caption: section.querySelector('.offer-when')?.textContent?.trim() !== '',
          tryIt: [...section.querySelectorAll('a')].find((link) => link.textContent === 'Try it')?.getAttribute('href'),
          name: (section as HTMLElement).dataset.demo,
        })),
      );
      assert.ok(offers.length > 0);
      for (const { caption, tryIt, name } of offers) assert.deepEqual({ caption, tryIt }, { caption: true, tryIt: `/rules?demo=${name}#demo-${name}` }, name);
      await page.getByRole('link', { name: 'Try it' }).and(page.locator('[href*="demo=session"]')).click();
      await waitShown(page, 'kiterulesessn');
      // The pop-up speaks the shop's words: the heading of its record file.
      await page.getByRole('dialog').getByRole('heading', { name: demoTitle('rule-session.json'), exact: true }).waitFor();
      // The seen cookie is written by the run's lazy chunk once it has loaded: reload after it.
      const seen = async () => (await context.cookies()).some((cookie) => cookie.name === `${STORAGE_KEY.SEEN_PREFIX}kiterulesessn`);
      await waitFor(seen, 'the seen cookie is written');
      await page.reload();
      assert.deepEqual((await armed(page)).clickOnly, ['kiterulesessn'], 'once per session');
      await page.getByRole('button', { name: 'Reset my cookies' }).click();
      await page.waitForLoadState('load');
      await waitShown(page, 'kiterulesessn');

      await page.goto(demoAt('rules?demo=click-id'));
      await armed(page);
      await page.getByRole('button', { name: 'Button with the id as a class' }).click();
      await waitShown(page, 'kiteruleonclk');

      await page.goto(demoAt('rules?demo=consent'));
      await holding(page);
      assert.equal(await page.locator('kite-poptin').count(), 0, 'held until consent');
      await page.getByRole('button', { name: 'Accept' }).click();
      await waitShown(page, 'kiteruleconsn');

      await page.goto(demoAt('store'));
      await waitFor(async () => (await shownIds(page)).length === 1, 'the store lightbox');
      // The pop-up code is on the page: any other pop-up decided on load is placed by now.
      assert.equal(await page.locator('kite-poptin').count(), 1);
      assert.deepEqual(await shownIds(page), ['kitewelcome01']);
      assert.deepEqual(problems, []);
    }));
});
