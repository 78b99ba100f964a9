// Launching another pop-up from inside one (widget spec sections 1 and 7, issue 4 item 5), in
// real Chromium against the reference server: a button carrying another pop-up's id closes the
// pop-up it is in (a link click) and brings the other with the launch call, GET
// /api/display/click/{id}; with `data-poptin-variant="form"` the call asks for the form variant
// (`?form=1`), which shows only the form and its titles, and takes a lead. Needs a build.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { poptinIdOf, serverAndBrowser, STRICT_CSP } from './harness.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { en } from '../messages.ts';

const ADMIN_TOKEN = 'launch-admin-token-0123456789abcdef';
const e2e = serverAndBrowser('launch', ADMIN_TOKEN);

const { at } = e2e;

let serial = 0;
const newId = () => poptinIdOf('launch', ++serial);

async function store(clientId: string, record: PoptinRecord): Promise<void> {
  await e2e.putPoptin(e2e.addClient(clientId), record);
}

/**
 * A page whose one pop-up (a markup lightbox on page load) has two buttons launching another
 * lightbox with a title, a text and a form: as its form variant, and whole. Both are the page's
 * client's (the server takes views and leads only under the pop-up's own client), but the launched
 * one is taken out of the page's display answer, as for a visitor the server did not give it, so
 * only the launch call can bring it.
 */
async function launchingPage(): Promise<{ page: Page; close: () => Promise<void>; launcher: string; launched: string; calls: string[] }> {
  const clientId = `e2e-launch-${++serial}`;
  const launcher = newId();
  const launched = newId();
  await store(clientId, {
    poptin_id: launcher,
    poptin_type: 'lightbox',
    viewer_id: `viewer-${launcher}`,
    triggers: { page_load: true },
    poptin: `<div data-poptin-id="${launcher}"><h2>Before you go</h2>
      <button type="button" data-poptin="${launched}" data-poptin-variant="form">Just the form</button>
      <button type="button" data-poptin="${launched}">Tell me more</button></div>`,
    design_properties: { poptin_design_entry_effect: 'none', poptin_design_exit_effect: 'none' },
  });
  await store(clientId, {
    poptin_id: launched,
    poptin_type: 'lightbox',
    poptin_target: 'lead',
    viewer_id: `viewer-${launched}`,
    triggers: { on_click: true },
    design: {
      blocks: [
        { type: 'title', text: 'Join the club' },
        { type: 'text', text: 'Members hear about every sale first.' },
        { type: 'form', fields: [{ name: 'poptinDesignInputTextFieldEmail', kind: 'email', label: 'Email', required: true }], button: { text: 'Join' } },
      ],
    },
    design_properties: { poptin_design_entry_effect: 'none' },
  });
  const context = await e2e.browser.newContext();
  await context.route(`**/api/display/${clientId}`, async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { poptins: PoptinRecord[] };
    await route.fulfill({ response, json: { ...answer, poptins: answer.poptins.filter((poptin) => poptin.poptin_id !== launched) } });
  });
  await context.addInitScript(() => {
    const closes: unknown[] = [];
    (window as unknown as { closes: unknown[] }).closes = closes;
    addEventListener('kite-poptin-close', (event) => closes.push((event as CustomEvent).detail), true);
  });
  await context.route('**/launch-test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': STRICT_CSP },
      body: `<!doctype html><html lang="en"><head><title>Launch</title><link rel="icon" href="data:,"><script src="/kite/widget.js" data-client-id="${clientId}" async></script></head><body><p>Shop</p></body></html>`,
    }),
  );
  const page = await context.newPage();
  const calls: string[] = [];
  page.on('request', (request) => request.url().includes('/api/display/click') && calls.push(`${request.method()} ${new URL(request.url()).pathname}${new URL(request.url()).search}`));
  await page.goto(at('launch-test/page'));
  return { page, close: () => context.close(), launcher, launched, calls };
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const leads = (poptinId: string) => (e2e.server.sql.prepare('SELECT email FROM conversions WHERE poptin_id = ?').all(poptinId) as Array<{ email: string }>).map((row) => row.email);

describe('launching another pop-up from inside one', () => {
  it('the form variant: GET the click call with ?form=1; the launcher closes; only the form and its title show, and take a lead', async () => {
    const { page, close, launcher, launched, calls } = await launchingPage();
    try {
      await page.getByRole('button', { name: 'Just the form' }).click();
      const form = dialog(page, 'Join the club');
      await form.waitFor();
      assert.deepEqual(calls, [`GET /api/display/click/${launched}?form=1`]);
      assert.equal(await page.getByRole('dialog', { name: 'Before you go' }).count(), 0, 'the launcher closed');
      assert.deepEqual(await page.evaluate(() => (window as unknown as { closes: Array<{ poptinId: string; closeTrigger: string }> }).closes.map((c) => [c.poptinId, c.closeTrigger])), [[launcher, 'link_click']]);
      assert.equal(await form.getByText('Members hear about every sale first.').count(), 0, 'the text is left out');
      await form.getByLabel('Email').fill('ada@example.com');
      await form.getByRole('button', { name: 'Join' }).click();
      await form.getByRole('button', { name: en.sentSuccessfully }).waitFor();
      assert.deepEqual(leads(launched), ['ada@example.com']);
    } finally {
      await close();
    }
  });

  it('without the variant: the launch call as is, and the whole pop-up', async () => {
    const { page, close, launched, calls } = await launchingPage();
    try {
      await page.getByRole('button', { name: 'Tell me more' }).click();
      const whole = dialog(page, 'Join the club');
      await whole.waitFor();
      assert.deepEqual(calls, [`GET /api/display/click/${launched}`]);
      await whole.getByText('Members hear about every sale first.').waitFor();
      await whole.getByLabel('Email').waitFor();
    } finally {
      await close();
    }
  });
});
