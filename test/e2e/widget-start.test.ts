// The widget start (widget spec section 4 "Pop-up life", section 3 "Client storage") in real
// Chromium against the reference server: consent gate, optional delay, start once, the visit's
// cookies with their lifetimes, and the context the display call sends.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type BrowserContext, type Page, type Request } from 'playwright-core';
import { holdClock, serverAndBrowser, STRICT_CSP, waitFor } from './harness.ts';
import { COOKIE, START, STORAGE_KEY } from '../../shared/constants/widget.ts';
import { chunkOfModule, POPTIN_ELEMENT_MODULE, readChunkGraph, staticClosure, WIDGET_RUNTIME } from '../../scripts/sizes.mjs';

const e2e = serverAndBrowser('start', 'start-admin-token-0123456789abcdef', undefined, { demoPoptins: true });

const at = (path: string) => e2e.at(path);
const SCRIPT = '<script src="/kite/widget.js" data-client-id="demo-client" async></script>';

/**
 * A page of the demo origin with our own markup (served by the test, as a site owner's page
 * would be), plus an optional script file for what a store's own scripts would set up.
 */
async function open(page: Page, head: string, pageScript?: string): Promise<void> {
  await page.route(at('test-page'), (route) =>
    route.fulfill({
      contentType: 'text/html',
      // The strict policy of every test page (its favicon is a data: image).
      headers: { 'Content-Security-Policy': STRICT_CSP },
      body: `<!doctype html><html lang="en"><head><title>Start test</title><link rel="icon" href="data:,">${
        pageScript ? '<script src="/test-page-setup.js"></script>' : ''
      }${head}</head><body><p>Page</p></body></html>`,
    }),
  );
  if (pageScript) {
    await page.route(at('test-page-setup.js'), (route) => route.fulfill({ contentType: 'text/javascript', body: pageScript }));
  }
  await page.goto(at('test-page'));
}

/** Every display call the page makes. */
function displayCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/display/demo-client')) calls.push(request);
  });
  return calls;
}

/** The page's clock, installed and held before it loads: page time moves only by `page.clock.runFor`. */
async function heldClock(page: Page): Promise<void> {
  await page.clock.install();
  await holdClock(page);
}

/**
 * The cookies the page has (its own view, no round trip to the browser): the start writes the
 * visit's cookies in the same task as it decides to start, so none means it has not started.
 */
const pageCookies = (page: Page) => page.evaluate(() => document.cookie);

async function withVisitor(run: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await e2e.browser.newContext();
  try {
    await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

describe('widget start', () => {
  it('records the visit with the spec lifetimes and sends the documented context', () =>
    withVisitor(async (page, context) => {
      const calls = displayCalls(page);
      await page.goto(at('store'), { referer: 'https://search.example/?q=jackets' });
      await waitFor(() => calls.length === 1, 'the display call');
      const startedAt = Date.now() / 1_000;
      const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
      const lifetime = (name: string) => Math.round(cookies[name]!.expires - startedAt);
      const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) <= 5, `${actual} ≈ ${expected}`);
      close(lifetime(STORAGE_KEY.CLIENT_ID), COOKIE.CLIENT_ID_DAYS * COOKIE.SECONDS_PER_DAY);
      close(lifetime(STORAGE_KEY.LAST_VISIT), COOKIE.LAST_VISIT_DAYS * COOKIE.SECONDS_PER_DAY);
      close(lifetime(STORAGE_KEY.SESSION), COOKIE.SESSION_DAYS * COOKIE.SECONDS_PER_DAY);
      close(lifetime(STORAGE_KEY.REFERRER), COOKIE.REFERRER_S);
      assert.equal(decodeURIComponent(cookies[STORAGE_KEY.REFERRER]!.value), 'https://search.example/?q=jackets');

      const first = calls[0]!.postDataJSON() as Record<string, unknown>;
      assert.equal(first.domain, '127.0.0.1');
      assert.equal(first.url, at('store'));
      assert.equal(first.referrer, 'https://search.example/?q=jackets');
      assert.equal(first.previous_url, '');
      assert.equal(first.page_title, 'Kite demo store');
      assert.deepEqual(first.visited_pages, ['/store']);
      assert.equal(first.visitor_id, decodeURIComponent(cookies[STORAGE_KEY.CLIENT_ID]!.value));
      assert.equal((first.cookies as Record<string, string>)[STORAGE_KEY.CLIENT_ID], first.visitor_id, "the site's poptin cookies are sent");

      // The next page with the widget: same visitor and session, the previous URL, the visited
      // list, the first referrer kept (the content page between has no widget, so it leaves no trace).
      await page.goto(at('content'));
      await page.goto(at('store?page=2'));
      await waitFor(() => calls.length === 2, 'the second display call');
      const second = calls[1]!.postDataJSON() as Record<string, unknown>;
      assert.equal(second.visitor_id, first.visitor_id);
      assert.equal(second.previous_url, at('store'));
      assert.deepEqual(second.visited_pages, ['/store', '/store']);
      assert.equal(second.referrer, 'https://search.example/?q=jackets');
      assert.equal(
        (second.cookies as Record<string, string>)[STORAGE_KEY.SESSION],
        (first.cookies as Record<string, string>)[STORAGE_KEY.SESSION],
        'same session',
      );
    }));

  it('starts once, however many times it is included', () =>
    withVisitor(async (page) => {
      const calls = displayCalls(page);
      await open(page, SCRIPT + SCRIPT + '<script type="module" src="/kite/kite.js"></script>');
      await page.evaluate(() => {
        const widget = document.createElement('kite-widget');
        widget.setAttribute('client-id', 'demo-client');
        document.body.append(widget);
      });
      await page.locator('kite-poptin [role="dialog"]').waitFor();
      // Settled (no request for a while): a second start's call would have gone out.
      await page.waitForLoadState('networkidle');
      assert.equal(calls.length, 1);
    }));

  it('waits for Shopify-style consent: polls while undecided, starts on yes', () =>
    withVisitor(async (page) => {
      const calls = displayCalls(page);
      await heldClock(page);
      await open(
        page,
        SCRIPT,
        `window.consent = ''; window.Shopify = { customerPrivacy: { currentVisitorConsent: () => ({ marketing: window.consent }) } };`,
      );
      await page.clock.runFor(START.CONSENT_POLL_MS * 2);
      assert.equal(await pageCookies(page), '', 'nothing while undecided');
      assert.equal(calls.length, 0, 'no call while undecided');
      await page.evaluate(() => ((window as unknown as { consent: string }).consent = 'yes'));
      // Noticed at the next poll: one poll's time of page time is enough.
      await page.clock.runFor(START.CONSENT_POLL_MS);
      await waitFor(() => calls.length === 1, 'the display call');
    }));

  it('never starts when consent is no: no call, no cookie', () =>
    withVisitor(async (page, context) => {
      const calls = displayCalls(page);
      await heldClock(page);
      await open(page, SCRIPT, `window.Shopify = { customerPrivacy: { currentVisitorConsent: () => ({ marketing: 'no' }) } };`);
      await page.clock.runFor(START.CONSENT_POLL_MS * 2);
      assert.equal(await pageCookies(page), '');
      assert.equal(calls.length, 0);
      assert.deepEqual((await context.cookies()).map((cookie) => cookie.name), []);
    }));

  it('the optional delayed start waits 1.5 s after load, unless noConflict or noJqueryUi is set', async () => {
    // Page time stands still while the page loads: the delay counts from the load on the test's clock.
    await withVisitor(async (page) => {
      const calls = displayCalls(page);
      await heldClock(page);
      await open(page, SCRIPT.replace('async', 'async data-delayed-start'));
      await page.clock.runFor(START.PAGE_LOAD_DELAY_MS - 1);
      assert.equal(await pageCookies(page), '', 'not started before the delay');
      assert.equal(calls.length, 0, 'no call before the delay');
      await page.clock.runFor(1);
      await waitFor(() => calls.length === 1, 'the display call at the delay');
    });
    for (const flag of ['noConflict', 'noJqueryUi']) {
      await withVisitor(async (page) => {
        const calls = displayCalls(page);
        // With page time held, only a start without the delay makes its call.
        await heldClock(page);
        await open(page, SCRIPT.replace('async', 'async data-delayed-start'), `window.${flag} = true;`);
        await waitFor(() => calls.length === 1, `the display call at once with ${flag}`);
      });
    }
  });

  it('a page whose display answer has no pop-up fetches widget.js alone and calls nothing but the display API (issue 22, item 4)', () =>
    withVisitor(async (page) => {
      const quietClient = e2e.addClient('quiet-client');
      const paths: string[] = [];
      page.on('request', (request) => paths.push(new URL(request.url()).pathname));
      const answer = page.waitForResponse((response) => response.url().endsWith(`/api/display/${quietClient}`));
      await open(page, SCRIPT.replace('demo-client', quietClient));
      assert.deepEqual(((await (await answer).json()) as { poptins: unknown[] }).poptins, [], 'the answer has no pop-up');
      // Settled (no request for a while): the runtime, the outbox or a view call would have gone out by now.
      await page.waitForLoadState('networkidle');
      assert.deepEqual(paths.filter((path) => path.startsWith('/kite/')), ['/kite/widget.js']);
      assert.deepEqual(paths.filter((path) => path.startsWith('/api/')), [`/api/display/${quietClient}`]);
    }));

  it('a pop-up due on load has its code, React with it, fetched while the answer\'s records are still being admitted (issue 22, item 3)', () =>
    withVisitor(async (page) => {
      let releaseAdmission = () => {};
      const admissionHeld = new Promise<void>((resolve) => (releaseAdmission = resolve));
      // The content blocks' schemas: the store's answer has a record with blocks, and no pop-up is armed before every record is admitted.
      await page.route(/\/kite\/chunks\/poptin-record\.complete-[^/]+\.js$/, async (route) => {
        await admissionHeld;
        await route.continue();
      });
      const reactRequested = page.waitForRequest(/\/kite\/chunks\/react-[^/]+\.js$/);
      await page.goto(at('store'));
      await reactRequested;
      releaseAdmission();
      await page.locator('kite-poptin [role="dialog"]').waitFor();
    }));

  /**
   * Holds one built file's answer until every file in `expected` has been requested: the page
   * asked for those knowing only the held file's name, never its content. Resolves once the
   * pop-up shows after the release.
   */
  async function requestedWhileHeld(page: Page, held: RegExp, expected: string[]): Promise<void> {
    let release = () => {};
    const holding = new Promise<void>((resolve) => (release = resolve));
    await page.route(held, async (route) => {
      await holding;
      await route.continue();
    });
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname));
    await page.goto(at('store'));
    await waitFor(() => expected.every((file) => requested.has(`/kite/${file}`)), `requests for ${expected.join(', ')}`);
    release();
    await page.locator('kite-poptin [role="dialog"]').waitFor();
  }

  it('once the answer has a pop-up due on load, widget.js asks for the runtime, every chunk it imports and the pop-up\'s code with React at once (issue 22, item 3)', () =>
    withVisitor(async (page) => {
      const graph = readChunkGraph();
      const popUp = graph && chunkOfModule(graph, POPTIN_ELEMENT_MODULE);
      assert.ok(graph && popUp, 'dist/chunk-graph.json (npm run build)');
      const expected = new Set([...staticClosure(graph, WIDGET_RUNTIME), ...staticClosure(graph, popUp.fileName)]);
      expected.delete(WIDGET_RUNTIME);
      assert.ok([...expected].some((file) => file.startsWith('chunks/react-')), 'React among them');
      await requestedWhileHeld(page, /\/kite\/widget-runtime\.js$/, [...expected]);
    }));

  it("the content blocks' schemas come with everything they import at once: every pop-up of the run waits for them (issue 22, item 3)", () =>
    withVisitor(async (page) => {
      const graph = readChunkGraph();
      const schemas = graph && chunkOfModule(graph, 'shared/schema/poptin-record.complete.ts');
      assert.ok(schemas?.imports?.length, 'the content schemas have a chunk that imports others');
      await requestedWhileHeld(page, new RegExp(`/kite/${schemas.fileName.replaceAll('.', '\\.')}$`), schemas.imports);
    }));

  it('sends the cart totals on a Shopify-style store', () =>
    withVisitor(async (page) => {
      const calls = displayCalls(page);
      await page.goto(at('store'));
      await waitFor(() => calls.length === 1, 'the display call');
      await page.evaluate(() => fetch('/cart/add.js', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"items":[{"id":41001,"quantity":2}]}' }));
      const cart = await page.evaluate(() => fetch('/cart.js').then((response) => response.json()));
      await open(page, SCRIPT, 'window.Shopify = {};');
      await waitFor(() => calls.length === 2, 'the second display call');
      const body = calls[1]!.postDataJSON() as { cart: { total_price: number; item_count: number }; store_integration: string };
      assert.equal(body.store_integration, 'shopify');
      assert.deepEqual(body.cart, { total_price: cart.total_price, item_count: cart.item_count });
      assert.ok(body.cart.item_count >= 2);
    }));
});
