// The redirect after a submit (widget spec section 4 "After submission" and "Redirect", issue 4
// item 6), in real Chromium against the reference server: the visitor fills a pop-up's form and
// the lead is stored AND the page goes where the pop-up's redirect setting says, with the form's
// values when it asks for them; a new tab leaves this page's pop-up without its thank-you screen
// and without poptinClose, and when blocked falls back to a hidden link, then to this tab; a
// `javascript:` address is never followed. Needs a build.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { leadLightbox, poptinIdOf, serverAndBrowser, STRICT_CSP } from './harness.ts';
import { STORAGE_KEY } from '../../shared/constants/widget.ts';
import { REDIRECT } from '../../shared/constants/redirect.ts';
import type { DesignProperties } from '../../shared/schema/poptin-record.ts';

const ADMIN_TOKEN = 'redirect-admin-token-0123456789abcdef';
const e2e = serverAndBrowser('redirect', ADMIN_TOKEN);

const { at } = e2e;

let serial = 0;
/** A fresh client with one lead pop-up on page load, a form and a thank-you screen, and these redirect settings. */
async function clientWith(redirect: DesignProperties): Promise<{ clientId: string; poptinId: string }> {
  serial += 1;
  const clientId = e2e.addClient(`e2e-redirect-${serial}`);
  const poptinId = poptinIdOf('redir', serial);
  await e2e.putPoptin(clientId, leadLightbox(poptinId, { poptin_design_redirect: true, ...redirect }));
  return { clientId, poptinId };
}

/** The leads stored for a pop-up. */
const leads = (poptinId: string) =>
  e2e.server.sql.prepare('SELECT email, fields_json AS fields FROM conversions WHERE poptin_id = ?').all(poptinId) as Array<{ email: string; fields: string }>;

/**
 * A fresh visitor on `/redirect-submit/start` with the widget of `clientId` under a strict STRICT_CSP;
 * every other page under /redirect-submit/ is a plain page naming its path. `kite-poptin-close`
 * and `poptinClose` are recorded in `window.closes`. `block`: what the browser's popup blocker refuses.
 */
async function visit(clientId: string, block: 'none' | 'window' | 'all' = 'none'): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await e2e.browser.newContext();
  // A popup blocker: new windows for an address refused; 'all' also stops link clicks. (A string, so no helper of the test's compiler leaks in.)
  if (block !== 'none') {
    await context.addInitScript(`{
      const open = window.open.bind(window);
      window.open = (url, target, features) => (url ? null : open(url, target, features));
      if (${JSON.stringify(block)} === 'all') { HTMLAnchorElement.prototype.click = function () {}; window.open = () => null; }
    }`);
  }
  await context.addInitScript(() => {
    const closes: string[] = [];
    (window as unknown as { closes: string[] }).closes = closes;
    addEventListener('poptinClose', () => closes.push('poptinClose'));
    addEventListener('kite-poptin-close', (event) => closes.push(`kite-poptin-close submitted=${(event as CustomEvent).detail.submitted}`), true);
  });
  await context.route('**/redirect-submit/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    const widget = path.endsWith('/start') ? `<script src="/kite/widget.js" data-client-id="${clientId}" async></script>` : '';
    return route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': STRICT_CSP },
      body: `<!doctype html><html lang="en"><head><title>Page ${path}</title><link rel="icon" href="data:,">${widget}</head><body><p>${path}</p></body></html>`,
    });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(at('redirect-submit/start'));
  return { context, page, problems };
}

const dialog = (page: Page) => page.locator('kite-poptin [role="dialog"]');

async function submit(page: Page, email: string): Promise<void> {
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByRole('button', { name: 'Join' }).click();
}

describe('redirect after submit', () => {
  it('same tab: the lead is stored and the page goes to the address (http:// added) with the form data', async () => {
    const host = new URL(e2e.server.url).host;
    const { clientId, poptinId } = await clientWith({ poptin_design_redirect_url: `${host}/redirect-submit/thanks`, poptin_design_redirect_send_form_data: true });
    const { context, page, problems } = await visit(clientId);
    try {
      await submit(page, 'ada@example.com');
      await page.waitForURL((url) => url.pathname === '/redirect-submit/thanks');
      const landed = new URL(page.url());
      assert.equal(landed.protocol, 'http:');
      assert.equal(landed.searchParams.get('email'), 'ada@example.com', 'the form data went with the redirect');
      assert.deepEqual(leads(poptinId).map((lead) => lead.email), ['ada@example.com'], 'the lead was stored before the page left');
      assert.equal(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY.CONVERTED_EMAIL), 'ada@example.com', 'the converted email is kept');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('same tab without the form-data option: the address as set, no values in it', async () => {
    const { clientId, poptinId } = await clientWith({ poptin_design_redirect_url: at('redirect-submit/plain?from=popup') });
    const { context, page } = await visit(clientId);
    try {
      await submit(page, 'grace@example.com');
      await page.waitForURL((url) => url.pathname === '/redirect-submit/plain');
      assert.equal(new URL(page.url()).search, '?from=popup');
      assert.deepEqual(leads(poptinId).map((lead) => lead.email), ['grace@example.com']);
    } finally {
      await context.close();
    }
  });

  it('new tab: the address opens there; this page never shows the thank-you screen and fires no poptinClose', async () => {
    const { clientId, poptinId } = await clientWith({ poptin_design_redirect_url: at('redirect-submit/offer'), poptin_design_redirect_target: '_blank' });
    const { context, page, problems } = await visit(clientId);
    try {
      await dialog(page).waitFor();
      // Watched from the submit until the pop-up is gone (a background tab draws no frames: a MutationObserver).
      await page.evaluate(() => {
        const root = document.querySelector('kite-poptin')!.shadowRoot!;
        new MutationObserver(() => {
          if (root.textContent?.includes('Thanks for joining')) (window as unknown as { thankYouSeen: boolean }).thankYouSeen = true;
        }).observe(root, { childList: true, subtree: true, characterData: true });
      });
      const opened = context.waitForEvent('page');
      await submit(page, 'linus@example.com');
      const tab = await opened;
      await tab.waitForURL((url) => url.pathname === '/redirect-submit/offer');
      assert.equal(new URL(page.url()).pathname, '/redirect-submit/start', 'this tab stays');
      await page.locator('kite-poptin').waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => (window as unknown as { thankYouSeen?: boolean }).thankYouSeen ?? false), false, 'no thank-you screen');
      assert.deepEqual(await page.evaluate(() => (window as unknown as { closes: string[] }).closes), ['kite-poptin-close submitted=true']);
      assert.deepEqual(leads(poptinId).map((lead) => lead.email), ['linus@example.com']);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('new tab blocked: a hidden link opens it; that blocked too: this tab goes there; the lead is stored each time', async () => {
    const { clientId, poptinId } = await clientWith({ poptin_design_redirect_url: at('redirect-submit/linked'), poptin_design_redirect_target: '_blank' });
    const linked = (url: URL) => url.pathname === '/redirect-submit/linked';
    const first = await visit(clientId, 'window');
    try {
      const opened = first.context.waitForEvent('page');
      await submit(first.page, 'ken@example.com');
      await (await opened).waitForURL(linked);
      assert.equal(new URL(first.page.url()).pathname, '/redirect-submit/start', 'this tab stays');
    } finally {
      await first.context.close();
    }
    const second = await visit(clientId, 'all');
    try {
      const submittedAt = Date.now();
      await submit(second.page, 'barbara@example.com');
      await second.page.waitForURL(linked);
      assert.ok(Date.now() - submittedAt >= REDIRECT.LINK_FALLBACK_MS, 'after the hidden link had its chance');
      assert.equal(second.context.pages().length, 1, 'no other tab');
    } finally {
      await second.context.close();
    }
    assert.deepEqual(leads(poptinId).map((lead) => lead.email).sort(), ['barbara@example.com', 'ken@example.com']);
  });

  it('a javascript: address is never followed: the lead is stored and the page stays', async () => {
    const { clientId, poptinId } = await clientWith({ poptin_design_redirect_url: 'javascript:document.title="followed"' });
    const { context, page } = await visit(clientId);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    try {
      await submit(page, 'alan@example.com');
      await page.locator('kite-poptin').waitFor({ state: 'detached' });
      assert.deepEqual(leads(poptinId).map((lead) => lead.email), ['alan@example.com']);
      assert.equal(await page.title(), 'Page /redirect-submit/start', 'the script in the address did not run');
      assert.deepEqual(navigations, [], 'no navigation');
    } finally {
      await context.close();
    }
  });
});
