// End to end (issue 18 items 4 and 5): what the widget tells the display API about the visitor and
// what it does with the answer, in real Chromium against the reference server. The display
// answer's `lang` and `cc` (from the browser's Accept-Language) pick the labels' language of a page
// that says none and the international phone field's country; the display call's `triggers`; the
// store fields of the viewed and closed calls; `apt_{id}` (a queued pop-up shown on the tab's next
// page) and `pop_urls` (sent with the lead); and the content lock in a browser that keeps no
// cookie and no storage. Needs a build.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContextOptions, Page, Request } from 'playwright-core';
import { leadLightbox, poptinHeading, poptinIdOf, serverAndBrowser, STRICT_CSP, waitFor, WIDE } from './harness.ts';
import { STORAGE_KEY } from '../../shared/constants/widget.ts';
import type { FormField, PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { en, he } from '../messages.ts';

const ADMIN_TOKEN = 'e2e-admin-token-visitor-context-01';

/** Their own clients, so one test's pop-ups never show on another's page. */
const CLIENT = { context: 'kite-e2e-context', queue: 'kite-e2e-queue', lock: 'kite-e2e-lock' } as const;

const PHONE_FIELD: FormField = { name: 'poptinDesignInputTextFieldPhone', kind: 'phone', label: 'Phone', mode: 'international' };

/** A lead lightbox on page load whose form also has an international phone field naming no country. */
const WITH_PHONE: PoptinRecord = (() => {
  const record = leadLightbox(poptinIdOf('ctxphone', 1));
  const [title, form] = record.design!.blocks;
  return { ...record, design: { ...record.design!, blocks: [title!, { ...(form as Extract<typeof form, { type: 'form' }>), fields: [...(form as { fields: FormField[] }).fields, PHONE_FIELD] }] } };
})();

/** A modal pop-up on page load, once per session, and one at the visitor's second click, titled "Second offer". */
const FIRST = { ...leadLightbox(poptinIdOf('ctxfirst', 1)), d_f_r: 'all@display_once_per_session' };
const SECOND: PoptinRecord = (() => {
  const record = leadLightbox(poptinIdOf('ctxsecond', 1));
  return { ...record, triggers: { click_count: 2 }, design: { ...record.design!, blocks: [{ type: 'title', text: 'Second offer' }, record.design!.blocks[1]!] } };
})();

/** A content lock on page load. */
const LOCK = leadLightbox(poptinIdOf('ctxlock', 1), { poptin_design_content_lock: true, poptin_design_close_options_type: 'closing_options-x' });

const e2e = serverAndBrowser('visitor-context', ADMIN_TOKEN, async (setup) => {
  for (const id of Object.values(CLIENT)) setup.addClient(id);
  await setup.putPoptin(CLIENT.context, WITH_PHONE);
  await setup.putPoptin(CLIENT.queue, FIRST);
  await setup.putPoptin(CLIENT.queue, SECOND);
  await setup.putPoptin(CLIENT.lock, LOCK);
});
const at = (path: string) => e2e.at(path);

interface TestPage {
  client: string;
  /** `<html lang>`; none when left out. */
  lang?: string;
  /** More attributes of widget.js's script tag. */
  script?: string;
  body?: string;
}

/** Serves `path` on the demo origin as a site owner's page with widget.js (strict CSP; Trusted Types in that run), and opens it. */
async function open(page: Page, path: string, { client, lang, script = '', body = '' }: TestPage): Promise<void> {
  await page.route(at(path), (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': STRICT_CSP },
      body: `<!doctype html><html${lang ? ` lang="${lang}"` : ''}><head><title>Visitor context</title><link rel="icon" href="data:,"><script src="/kite/widget.js" data-client-id="${client}" ${script} async></script></head><body><main><h1>Page</h1><p>Story</p>${body}</main></body></html>`,
    }),
  );
  await page.goto(at(path));
}

const dialog = (page: Page) => page.locator('kite-poptin [role="dialog"]');
const countryPicker = (page: Page) => dialog(page).locator(`select[name="${PHONE_FIELD.name}-country"]`);

/** The dialog's language and direction, the X's name and the phone field's country, once the pop-up is up. */
async function shown(page: Page) {
  await dialog(page).waitFor({ state: 'visible' });
  return {
    lang: await dialog(page).getAttribute('lang'),
    dir: await dialog(page).getAttribute('dir'),
    close: await dialog(page).locator('[part="close"]').getAttribute('aria-label'),
    country: await countryPicker(page).inputValue(),
  };
}

/** The bodies of the POSTs to `path` the page makes. */
function posts(page: Page, path: string): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) bodies.push(request.postDataJSON());
  });
  return bodies;
}

const HEBREW_BROWSER: BrowserContextOptions = { ...WIDE, locale: 'he-IL' };

describe('the display answer\'s lang and cc', () => {
  it('a Hebrew browser in Israel on a page that names no language: Hebrew labels, right to left, the phone field on Israel', () =>
    e2e.asVisitor(HEBREW_BROWSER, async ({ page }) => {
      await open(page, 'ctx-no-lang', { client: CLIENT.context });
      assert.deepEqual(await shown(page), { lang: 'he', dir: 'rtl', close: he.close, country: 'IL' });
    }));

  it('the page\'s own language wins (html lang, then data-lang); the country still comes from the answer', () =>
    e2e.asVisitor(HEBREW_BROWSER, async ({ page }) => {
      await open(page, 'ctx-english', { client: CLIENT.context, lang: 'en' });
      assert.deepEqual(await shown(page), { lang: 'en', dir: 'ltr', close: en.close, country: 'IL' });
      await open(page, 'ctx-data-lang', { client: CLIENT.context, script: 'data-lang="en"' });
      assert.deepEqual(await shown(page), { lang: 'en', dir: 'ltr', close: en.close, country: 'IL' });
    }));

  it('an English browser in the US: English, the phone field on the US', () =>
    e2e.asVisitor({ ...WIDE, locale: 'en-US' }, async ({ page }) => {
      await open(page, 'ctx-no-lang', { client: CLIENT.context });
      assert.deepEqual(await shown(page), { lang: 'en', dir: 'ltr', close: en.close, country: 'US' });
    }));
});

describe('what the calls carry', () => {
  it('the display call sends as triggers the pop-up ids the page\'s links and buttons carry, each once, and only what can be an id', () =>
    e2e.asVisitor(WIDE, async ({ page }) => {
      const calls = posts(page, `/api/display/${CLIENT.context}`);
      await open(page, 'ctx-links', {
        client: CLIENT.context,
        body: `<a href="#" data-poptin="${SECOND.poptin_id}">Offer</a><button type="button" data-poptin="${SECOND.poptin_id}">Again</button><button type="button" data-poptin="not an id">Stray</button><a href="#" data-poptin="${FIRST.poptin_id}">Other</a>`,
      });
      await dialog(page).waitFor({ state: 'visible' });
      assert.deepEqual(calls[0]?.triggers, [SECOND.poptin_id, FIRST.poptin_id]);
    }));

  it('on a store page, the viewed and closed calls carry the platform and the signed-in customer', () =>
    e2e.asVisitor(WIDE, async ({ page }) => {
      await open(page, 'ctx-store', { client: CLIENT.context, script: 'data-store="wix"', body: '<p data-kite-customer-id="customer-42">Signed in</p>' });
      await dialog(page).waitFor({ state: 'visible' });
      const row = (table: 'views' | 'closes') =>
        e2e.server.sql.prepare(`SELECT store_integration, store_integration_customer_id FROM ${table} WHERE poptin_id = ? AND url = ?`).get(WITH_PHONE.poptin_id, at('ctx-store')) as
          | Record<string, string>
          | undefined;
      await waitFor(() => Boolean(row('views')), 'the view to be stored');
      assert.deepEqual({ ...row('views') }, { store_integration: 'wix', store_integration_customer_id: 'customer-42' });
      await dialog(page).locator('[part="close"]').click();
      await waitFor(() => Boolean(row('closes')), 'the close to be stored');
      assert.deepEqual({ ...row('closes') }, { store_integration: 'wix', store_integration_customer_id: 'customer-42' });
    }));
});

describe('session storage: apt_{id} and pop_urls', () => {
  it('a pop-up queued behind another when the visitor leaves shows on the tab\'s next page with its trigger; the lead lists the pages with pop-ups', () =>
    e2e.asVisitor(WIDE, async ({ page }) => {
      const mark = `${STORAGE_KEY.ACTIVE_TRIGGER_PREFIX}${SECOND.poptin_id}`;
      await open(page, 'ctx-queue-1', { client: CLIENT.queue });
      await poptinHeading(page, 'Join us').waitFor();
      // Two clicks in the first pop-up: the second one's trigger fires, and it waits behind the first.
      await poptinHeading(page, 'Join us').click();
      await poptinHeading(page, 'Join us').click();
      await waitFor(
        () => page.evaluate(() => (document.querySelector('kite-widget') as unknown as { actor: { getSnapshot(): { context: { queue: unknown[] } } } }).actor.getSnapshot().context.queue.length === 1),
        'the second pop-up to be queued',
      );
      assert.equal(await page.evaluate((key) => sessionStorage.getItem(key), mark), null, 'nothing kept while the page is open');

      // The kept trigger must wait for the rules to be decided: here the rules' code comes only once the mark was read (and removed).
      await page.route(/\/kite\/chunks\/display-rules-[^/]+\.js$/, async (route) => {
        await page.waitForFunction((key) => sessionStorage.getItem(key) === null, mark);
        await route.continue();
      });
      await open(page, 'ctx-queue-2', { client: CLIENT.queue });
      await poptinHeading(page, 'Second offer').waitFor();
      assert.equal(await page.locator('kite-poptin').count(), 1, 'the first pop-up, seen this session, stays away');
      assert.equal(await page.locator('kite-poptin').getAttribute('trigger'), 'click_count');
      assert.equal(await page.evaluate((key) => sessionStorage.getItem(key), mark), null, 'the mark is read once');
      const view = () => e2e.server.sql.prepare('SELECT trigger FROM views WHERE poptin_id = ?').get(SECOND.poptin_id) as { trigger: string } | undefined;
      await waitFor(() => Boolean(view()), 'the second pop-up\'s view');
      assert.equal(view()?.trigger, 'click_count');

      assert.equal(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY.POP_URLS), '/ctx-queue-1|/ctx-queue-2');
      await dialog(page).getByLabel('Email', { exact: true }).fill('queued@example.com');
      await dialog(page).getByRole('button', { name: 'Join' }).click();
      await poptinHeading(page, 'Thanks for joining').waitFor();
      const lead = e2e.server.sql.prepare('SELECT fields_json FROM conversions WHERE poptin_id = ?').get(SECOND.poptin_id) as { fields_json: string };
      assert.equal(JSON.parse(lead.fields_json).pop_urls, '/ctx-queue-1|/ctx-queue-2');
    }));
});

/**
 * Chromium with all cookies blocked: it says so, document.cookie keeps nothing, and touching web
 * storage throws. A string, not a function: the test's compiler would wrap a function's inner
 * functions in a helper the page does not have.
 */
const REFUSE_STORAGE = `
  Object.defineProperty(Navigator.prototype, 'cookieEnabled', { configurable: true, get: () => false });
  Object.defineProperty(Document.prototype, 'cookie', { configurable: true, get: () => '', set: () => undefined });
  for (const name of ['localStorage', 'sessionStorage']) {
    Object.defineProperty(window, name, { configurable: true, get: () => { throw new DOMException('Access is denied for this document.', 'SecurityError'); } });
  }
`;

describe('the content lock and a browser that cannot remember the unlock', () => {
  const mainInert = (page: Page) => page.evaluate(() => document.querySelector('main')!.inert);

  it('keeping cookies: the page is held back behind a pop-up without an X', () =>
    e2e.asVisitor(WIDE, async ({ page }) => {
      await open(page, 'ctx-lock', { client: CLIENT.lock });
      await dialog(page).waitFor({ state: 'visible' });
      await waitFor(() => mainInert(page), 'the page to be locked');
      assert.equal(await dialog(page).locator('[part="close"]').count(), 0);
    }));

  it('keeping no cookie and no storage: no lock, the pop-up shows as an ordinary one and closes with its X', () =>
    e2e.asVisitor(
      WIDE,
      async ({ page }) => {
        const notes: string[] = [];
        page.on('console', (message) => message.type() === 'info' && notes.push(message.text()));
        await page.addInitScript(REFUSE_STORAGE);
        await open(page, 'ctx-lock', { client: CLIENT.lock });
        await dialog(page).waitFor({ state: 'visible' });
        assert.equal(await mainInert(page), false);
        assert.equal(await dialog(page).locator('[part="lock-note"]').count(), 0);
        assert.ok(notes.some((note) => note.includes(`pop-up ${LOCK.poptin_id}: content lock not applied`)), notes.join('\n'));
        await dialog(page).locator('[part="close"]').click();
        await dialog(page).waitFor({ state: 'detached' });
      },
    ));
});
