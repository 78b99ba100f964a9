// The widget start (widget spec section 4 "Pop-up life", section 3 "Client storage") in real
// Chromium against the reference server: consent gate, optional delay, start once, the visit's
// cookies with their lifetimes, and the context the display call sends.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { launchChromium, startE2EServer, STRICT_CSP } from './harness.ts';
import { COOKIE, START, STORAGE_KEY } from '../../shared/constants/widget.ts';

let server: Awaited<ReturnType<typeof startE2EServer>>;
let browser: Browser;
let dataDir: string;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kite-start-'));
  server = await startE2EServer({ port: 0, dataDir, adminToken: 'start-admin-token-0123456789abcdef', quiet: true });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const at = (path: string) => new URL(path, server.url).href;
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

/** Every display call the page makes, with the time it was made. */
function displayCalls(page: Page): Array<{ at: number; request: Request }> {
  const calls: Array<{ at: number; request: Request }> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/display/demo-client')) calls.push({ at: Date.now(), request });
  });
  return calls;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function withVisitor(run: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
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
      await until(() => calls.length === 1);
      const startedAt = Date.now() / 1_000;
      const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
      const lifetime = (name: string) => Math.round(cookies[name]!.expires - startedAt);
      const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) <= 5, `${actual} ≈ ${expected}`);
      close(lifetime(STORAGE_KEY.CLIENT_ID), COOKIE.CLIENT_ID_DAYS * COOKIE.SECONDS_PER_DAY);
      close(lifetime(STORAGE_KEY.LAST_VISIT), COOKIE.LAST_VISIT_DAYS * COOKIE.SECONDS_PER_DAY);
      close(lifetime(STORAGE_KEY.SESSION), COOKIE.SESSION_DAYS * COOKIE.SECONDS_PER_DAY);
      close(lifetime(STORAGE_KEY.REFERRER), COOKIE.REFERRER_S);
      assert.equal(decodeURIComponent(cookies[STORAGE_KEY.REFERRER]!.value), 'https://search.example/?q=jackets');

      const first = calls[0]!.request.postDataJSON() as Record<string, unknown>;
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
      await until(() => calls.length === 2);
      const second = calls[1]!.request.postDataJSON() as Record<string, unknown>;
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
      await page.waitForTimeout(500);
      assert.equal(calls.length, 1);
    }));

  it('waits for Shopify-style consent: polls while undecided, starts on yes', () =>
    withVisitor(async (page) => {
      const calls = displayCalls(page);
      await open(
        page,
        SCRIPT,
        `window.consent = ''; window.Shopify = { customerPrivacy: { currentVisitorConsent: () => ({ marketing: window.consent }) } };`,
      );
      await page.waitForTimeout(START.CONSENT_POLL_MS * 2);
      assert.equal(calls.length, 0, 'nothing while undecided');
      const decidedAt = Date.now();
      await page.evaluate(() => ((window as unknown as { consent: string }).consent = 'yes'));
      await until(() => calls.length === 1);
      assert.ok(calls[0]!.at - decidedAt <= START.CONSENT_POLL_MS + 500, 'noticed at the next poll');
    }));

  it('never starts when consent is no: no call, no cookie', () =>
    withVisitor(async (page, context) => {
      const calls = displayCalls(page);
      await open(page, SCRIPT, `window.Shopify = { customerPrivacy: { currentVisitorConsent: () => ({ marketing: 'no' }) } };`);
      await page.waitForTimeout(START.CONSENT_POLL_MS * 2);
      assert.equal(calls.length, 0);
      assert.deepEqual((await context.cookies()).map((cookie) => cookie.name), []);
    }));

  it('the optional delayed start waits 1.5 s after load, unless noConflict or noJqueryUi is set', async () => {
    await withVisitor(async (page) => {
      const calls = displayCalls(page);
      await open(page, SCRIPT.replace('async', 'async data-delayed-start'));
      const loadedAt = await page.evaluate(() => performance.timing.loadEventEnd);
      await until(() => calls.length === 1);
      assert.ok(calls[0]!.at - loadedAt >= START.PAGE_LOAD_DELAY_MS - 50, `${calls[0]!.at - loadedAt} ms after load`);
    });
    for (const flag of ['noConflict', 'noJqueryUi']) {
      await withVisitor(async (page) => {
        const calls = displayCalls(page);
        await open(page, SCRIPT.replace('async', 'async data-delayed-start'), `window.${flag} = true;`);
        const loadedAt = await page.evaluate(() => performance.timing.loadEventEnd);
        await until(() => calls.length === 1);
        assert.ok(calls[0]!.at - loadedAt < START.PAGE_LOAD_DELAY_MS, `no delay with ${flag}`);
      });
    }
  });

  it('sends the cart totals on a Shopify-style store', () =>
    withVisitor(async (page) => {
      const calls = displayCalls(page);
      await page.goto(at('store'));
      await until(() => calls.length === 1);
      await page.evaluate(() => fetch('/cart/add.js', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"items":[{"id":41001,"quantity":2}]}' }));
      const cart = await page.evaluate(() => fetch('/cart.js').then((response) => response.json()));
      await open(page, SCRIPT, 'window.Shopify = {};');
      await until(() => calls.length === 2);
      const body = calls[1]!.request.postDataJSON() as { cart: { total_price: number; item_count: number }; store_integration: string };
      assert.equal(body.store_integration, 'shopify');
      assert.deepEqual(body.cart, { total_price: cart.total_price, item_count: cart.item_count });
      assert.ok(body.cart.item_count >= 2);
    }));
});
