// End to end: the demo site served by the reference server, driven in real Chromium, as a
// visitor and a site owner would use it. Needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type Page } from 'playwright-core';
import { newVisitor, requireTrustedTypes, serverAndBrowser, waitFor } from './harness.ts';
import { CLOSE, COOKIE, STORAGE_KEY } from '../../shared/constants/widget.ts';
import { en } from '../messages.ts';
import { DEMO_CLIENT_ID } from '../../demo/server/constants.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { readFileSync } from 'node:fs';

const STORE_WHEEL = JSON.parse(readFileSync(new URL('../../demo/poptins/store-wheel.json', import.meta.url), 'utf8')) as PoptinRecord;

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';
const POPTIN_ID = 'kitewelcome01';
// The visitors here meet the store's welcome offer alone: the store's exit-intent wheel, which arms
// the widget on every visit, has its own file (store-wheel.test.ts). (The Shopify-style and
// Wix-style stores' pop-ups are on clients of their own, demo-shop and demo-wix.)
const e2e = serverAndBrowser(
  'e2e',
  ADMIN_TOKEN,
  async (setup) => {
    await setup.putPoptin(DEMO_CLIENT_ID, STORE_WHEEL, false);
  },
  { demoPoptins: true },
);

async function leads(): Promise<Array<Record<string, unknown>>> {
  const response = await fetch(at('api/admin/leads'), { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  assert.equal(response.status, 200);
  return ((await response.json()) as { leads: Array<Record<string, unknown>> }).leads;
}

async function stats(): Promise<{ views: number; conversions: number; closes: number }> {
  const response = await fetch(at('api/admin/stats'), { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  const { stats } = (await response.json()) as { stats: Array<{ poptin_id: string; views: number; conversions: number; closes: number }> };
  const { views = 0, conversions = 0, closes = 0 } = stats.find((row) => row.poptin_id === POPTIN_ID) ?? {};
  return { views, conversions, closes };
}
const closes = async () => (await stats()).closes;

const visitor = () => newVisitor(e2e.browser);

/** An address on the test server (its url ends with a slash). */
const at = (path: string) => e2e.at(path);
const dialog = (page: Page) => page.locator('kite-poptin [role="dialog"]');

describe('the demo store, as a visitor and the site owner', () => {
  it('shows the lightbox on page load under the strict CSP, takes a lead and the owner finds it stored', async () => {
    const { context, page, problems } = await visitor();
    await page.goto(at('store'));
    await dialog(page).waitFor({ state: 'visible' });
    assert.equal(await dialog(page).getAttribute('aria-modal'), 'true');
    assert.match(await dialog(page).locator('h2').innerText(), /10% off/);
    assert.equal(await page.evaluate(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.getAttribute('name');
    }), 'poptinDesignInputTextFieldEmail', 'focus moved into the dialog');

    await dialog(page).getByLabel('Email', { exact: true }).fill('ada@example.com');
    await dialog(page).getByLabel('First name').fill('Ada');
    await dialog(page).getByLabel('Phone').fill('+1 (555) 010-9999');
    await dialog(page).getByLabel('I agree to receive marketing emails').check();
    const submittedAt = Date.now() / 1000;
    await dialog(page).getByRole('button', { name: 'Get my code' }).click();
    await dialog(page).getByText('Thank you!').waitFor();

    const [lead] = await leads();
    assert.ok(lead, 'the lead is stored');
    assert.equal(lead.email, 'ada@example.com');
    assert.equal(lead.poptin_id, POPTIN_ID);
    const fields = lead.fields as Record<string, string>;
    assert.equal(fields.first_name, 'Ada');
    assert.equal(fields.phone, '+1555010-9999');
    assert.equal(fields.checkbox_checked, '1');
    assert.equal(fields.trigger, 'page_load');
    assert.equal(fields.client_id, 'demo-client');
    assert.match(fields.url, /\/store$/);
    assert.ok(fields.poptin_view_id, 'the view was recorded first and its id sent with the lead');
    assert.deepEqual(await stats(), { views: 1, conversions: 1, closes: 0 }, 'one view, one conversion, no close call for a submitted pop-up');
    assert.ok(fields.visitor, 'the visitor id is sent');
    const converted = (await context.cookies()).find((cookie) => cookie.name === `${STORAGE_KEY.CONVERSION_PREFIX}${POPTIN_ID}`);
    assert.ok(converted, 'converted cookie set');
    // It lasts COOKIE.CONVERSION_DAYS from the submit (whole seconds, so a second either side).
    const lifetime = COOKIE.CONVERSION_DAYS * COOKIE.SECONDS_PER_DAY;
    assert.ok(converted.expires >= Math.floor(submittedAt) + lifetime - 1, `expires ${converted.expires}: not before ${COOKIE.CONVERSION_DAYS} days`);
    assert.ok(converted.expires <= Date.now() / 1000 + lifetime + 1, `expires ${converted.expires}: not after ${COOKIE.CONVERSION_DAYS} days`);
    assert.deepEqual(problems, []);

    // A converted visitor is not shown this pop-up again, and nothing heavy loads for nothing.
    const scripts: string[] = [];
    page.on('request', (request) => request.url().includes('/kite/') && scripts.push(request.url()));
    await page.reload();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.locator('kite-poptin').count(), 0);
    assert.deepEqual(scripts.map((url) => new URL(url).pathname), ['/kite/widget.js']);

    // The demo's "forget me" makes the browser a new visitor, who is offered the pop-up again.
    await page.getByRole('button', { name: 'Forget me and show it again' }).click();
    await dialog(page).waitFor({ state: 'visible' });
    await context.close();
  });

  it('gives the code to a visitor who leaves the marketing consent unticked: the consent is asked, not forced', async () => {
    const { context, page, problems } = await visitor();
    await page.goto(at('store'));
    await dialog(page).waitFor({ state: 'visible' });
    const consent = dialog(page).getByLabel('I agree to receive marketing emails');
    assert.equal(await consent.isChecked(), false);
    await dialog(page).getByLabel('Email', { exact: true }).fill('lin@example.com');
    await dialog(page).getByRole('button', { name: 'Get my code' }).click();
    await dialog(page).getByText('Thank you!').waitFor();
    const lead = (await leads()).find((candidate) => candidate.email === 'lin@example.com');
    assert.ok(lead, 'the lead is stored');
    assert.notEqual((lead.fields as Record<string, string>).checkbox_checked, '1', 'stored as not agreed to marketing');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('under Trusted Types, conversion code neither blocks nor undoes the conversion: marked first, then run through the kite policy', async () => {
    const admin = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' };
    const saved = (await (await fetch(at(`api/admin/poptins/${POPTIN_ID}`), { headers: admin })).json()) as { record: Record<string, unknown> };
    const putRecord = async (record: Record<string, unknown>) =>
      assert.ok((await fetch(at(`api/admin/poptins/${POPTIN_ID}`), { method: 'PUT', headers: admin, body: JSON.stringify({ record }) })).ok);
    // The owner's pixel: a same-origin script (the strict policy refuses inline ones) that reads what is marked when it runs.
    await putRecord({ ...saved.record, integration_conversion_code: '<script src="/pixel.js"></script>' });
    const { context, page, problems } = await visitor();
    try {
      await requireTrustedTypes(context, at('store'));
      await context.route(at('pixel.js'), (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.pixelSaw = document.cookie;' }));
      await page.goto(at('store'));
      await dialog(page).getByLabel('Email', { exact: true }).fill('tt@example.com');
      await dialog(page).getByLabel('I agree to receive marketing emails').check();
      await dialog(page).getByRole('button', { name: 'Get my code' }).click();
      await dialog(page).getByText('Thank you!').waitFor();
      const conversionCookie = `${STORAGE_KEY.CONVERSION_PREFIX}${POPTIN_ID}`;
      assert.ok((await context.cookies()).some((cookie) => cookie.name === conversionCookie), 'the visitor is marked converted');
      const pixelSaw = await (await page.waitForFunction(() => (window as unknown as { pixelSaw?: string }).pixelSaw)).jsonValue();
      assert.match(String(pixelSaw), new RegExp(`${conversionCookie}=`), 'the code ran, after the conversion was marked');
      assert.equal((await leads()).filter((lead) => lead.email === 'tt@example.com').length, 1);
      assert.deepEqual(problems, [], 'no console error, no Trusted Types violation');
    } finally {
      await context.close();
      await putRecord(saved.record);
    }
  });

  it('never loses a lead: a failed send is kept and retried, and stored once', async () => {
    const { context, page } = await visitor();
    let failures = 1;
    await page.route('**/api/display/conversion/**', (route) => (failures-- > 0 ? route.abort('connectionreset') : route.continue()));
    await page.goto(at('store'));
    await dialog(page).getByLabel('Email', { exact: true }).fill('grace@example.com');
    await dialog(page).getByLabel('I agree to receive marketing emails').check();
    await dialog(page).getByRole('button', { name: 'Get my code' }).click();
    // The visitor is done: the lead is safe in the outbox even though the network failed.
    await dialog(page).getByText('Thank you!').waitFor();
    await waitFor(async () => (await leads()).some((lead) => lead.email === 'grace@example.com'), 'the retried lead stored');
    assert.equal((await leads()).filter((lead) => lead.email === 'grace@example.com').length, 1);
    assert.equal(await page.evaluate(() => localStorage.getItem('kite_conversion_outbox')), '[]');
    await context.close();
  });

  it('Escape closes after its delay, poptinClose fires and the close is recorded', async () => {
    const { context, page } = await visitor();
    await page.goto(at('store'));
    await dialog(page).waitFor({ state: 'visible' });
    const closesBefore = await closes();
    const closed = page.evaluate(
      () => new Promise<string>((resolve) => addEventListener('poptinClose', (event) => resolve((event as CustomEvent).detail.poptin_id))),
    );
    const pressedAt = Date.now();
    await page.keyboard.press('Escape');
    assert.equal(await closed, POPTIN_ID);
    assert.ok(Date.now() - pressedAt >= CLOSE.ESCAPE_MS - 50, 'not before the escape delay');
    await dialog(page).waitFor({ state: 'detached' });
    // The closed call is fire and forget: wait for it to land.
    await waitFor(async () => (await closes()) !== closesBefore, 'the closed call');
    assert.equal(await closes(), closesBefore + 1, 'the closed call is recorded once');
    await context.close();
  });

  it('preview mode, from the owner\'s preview link, shows the banner and the previewed pop-up', async () => {
    const { context, page } = await visitor();
    const response = await fetch(at(`api/admin/poptins/${POPTIN_ID}/preview-link`), {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: at('store') }),
    });
    await page.goto(((await response.json()) as { url: string }).url);
    await page.getByText(en.previewBanner).waitFor();
    await dialog(page).waitFor({ state: 'visible' });
    await context.close();
  });

  it('the content page enhances its fold sections', async () => {
    const { context, page, problems } = await visitor();
    await page.goto(at('content'));
    const section = page.locator('kite-fold-section').first();
    const toggle = section.getByRole('button').first();
    await toggle.waitFor();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.deepEqual(problems, []);
    await context.close();
  });
});

/** The deepest focused element's `part`, through shadow roots. */
const focusedPart = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.getAttribute('part') ?? null;
  });

/** Enough Tab presses to go from any gallery button through the rest of the page to the embedded slot. */
const MAX_TABS = 300;

/**
 * Closes the open gallery pop-up by keyboard, as a visitor would: Tab to its X or skip button
 * (waiting out a locked one) and Enter; a pop-up with neither closes on Escape. Returns how.
 */
async function closeByKeyboard(page: Page, open: ReturnType<Page['locator']>): Promise<string> {
  const hasControl = (await open.locator('[part="close"], [part="skip"]').count()) > 0;
  if (!hasControl) {
    await page.keyboard.press('Escape');
    return 'Escape';
  }
  for (let presses = 0; presses < MAX_TABS; presses++) {
    await page.keyboard.press('Tab');
    const part = await focusedPart(page);
    if (part !== 'close' && part !== 'skip') continue;
    await open.locator(`[part="${part}"]:not([aria-disabled])`).waitFor();
    await page.keyboard.press('Enter');
    return `Tab to ${part}, Enter`;
  }
  throw new Error('Tab never reached its close control');
}

describe('the pop-up gallery, tried as a new visitor', () => {
  for (const path of ['types', 'types-he']) {
    it(`${path}: every button opens a pop-up on screen, and each closes by keyboard`, async () => {
      const { context, page, problems } = await visitor();
      await page.goto(at(path));
      // Not the held pop-ups (content lock, landing page): by design nothing but a lead ends them (record-settings.test.ts).
      const buttons = page.locator('button[data-record]:not([data-held])');
      const count = await buttons.count();
      assert.ok(count > 0, 'the gallery has buttons');
      const viewport = page.viewportSize()!;
      for (let index = 0; index < count; index++) {
        const button = buttons.nth(index);
        const label = `${path}: ${(await button.textContent())?.trim()} (${await button.getAttribute('data-record')})`;
        await button.focus();
        await page.keyboard.press('Enter');
        const teaserMode = await button.getAttribute('data-teaser');
        // This button's tab: the previous button's may still be on the page while this one's record loads.
        const tab = page.locator(`kite-tab-teaser[display-mode="${teaserMode}"] [part="base"]`);
        if (teaserMode === 'before_show') {
          // The tab comes first and opens the pop-up.
          await tab.waitFor({ state: 'visible' });
          await tab.focus();
          await page.keyboard.press('Enter');
        }
        const open = page.locator(`kite-poptin[data-gallery-record="${await button.getAttribute('data-record')}"] [role="dialog"][data-state="shown"]`);
        await open.waitFor({ state: 'visible' }).catch(() => assert.fail(`${label}: its pop-up did not show`));
        await open.scrollIntoViewIfNeeded();
        await open.evaluate((dialog) => Promise.all(dialog.getAnimations().map((animation) => animation.finished)));
        const box = (await open.boundingBox())!;
        const onScreen = box.width > 0 && box.height > 0 && box.x < viewport.width && box.y < viewport.height && box.x + box.width > 0 && box.y + box.height > 0;
        assert.ok(onScreen, `${label}: on screen`);

        const how = await closeByKeyboard(page, open);
        await page
          .locator('kite-poptin [role="dialog"]')
          .waitFor({ state: 'detached' })
          .catch(() => assert.fail(`${label}: still open after ${how}`));
        if (teaserMode === 'always' || teaserMode === 'after_close') await tab.waitFor({ state: 'visible' });
      }
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
