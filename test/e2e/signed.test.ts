// Signed values (issue 13 items 2 and 4) in real Chromium against the reference server: a
// converted visitor stays without the stop-showing pop-up on the next page through the value the
// server signed, with no email on the display call; only the owner's preview link previews an
// inactive pop-up (a bare id on the page previews nothing), and that preview counts no view.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { newVisitor, poptinIdOf, serverAndBrowser, STRICT_CSP } from './harness.ts';
import { PREVIEW_PARAM } from '../../shared/constants/widget.ts';
import { CONVERTED } from '../../shared/constants/converted.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { en } from '../messages.ts';

const ADMIN_TOKEN = 'signed-admin-token-0123456789abcdef';
const e2e = serverAndBrowser('signed', ADMIN_TOKEN);
const { at } = e2e;
const owner = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' };

let serial = 0;
/** A fresh client of the server. */
const newClient = () => e2e.addClient(`e2e-signed-${++serial}`);

/** A lightbox shown on page load, titled after its id, with an email form. */
function lightbox(extra: Partial<PoptinRecord> = {}): PoptinRecord {
  serial += 1;
  const id = poptinIdOf('signed', serial);
  return {
    poptin_id: id,
    poptin_name: `Pop-up ${id}`,
    poptin_type: 'lightbox',
    poptin_target: 'lead',
    viewer_id: `viewer-${id}`,
    triggers: { page_load: true },
    design: {
      blocks: [
        { type: 'title', text: `Title ${id}` },
        { type: 'form', fields: [{ name: 'poptinDesignInputTextFieldEmail', kind: 'email', label: 'Email', placeholder: 'you@example.com', required: true }], button: { text: 'Subscribe' } },
      ],
    },
    design_properties: { poptin_location: 'center-middle', poptin_design_close_options_type: 'closing_options-x', poptin_design_entry_effect: 'none' },
    ...extra,
  } as PoptinRecord;
}

/** Every path under /signed-test/ is a page of the client's site, with the widget, under a strict CSP. */
async function servePages(context: BrowserContext, clientId: string): Promise<void> {
  await context.route('**/signed-test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': STRICT_CSP },
      body: `<!doctype html><html lang="en"><head><title>Signed test</title><link rel="icon" href="data:,"><script src="/kite/widget.js" data-client-id="${clientId}" async></script></head><body><p>Page</p></body></html>`,
    }),
  );
}

const displayAnswer = (page: Page, clientId: string): Promise<Response> =>
  page.waitForResponse((response) => response.request().method() === 'POST' && response.url() === at(`api/display/${clientId}`));
const dialog = (page: Page) => page.locator('kite-poptin [role="dialog"]');
const views = (poptinId: string) => (e2e.server.sql.prepare('SELECT count(*) AS n FROM views WHERE poptin_id = ?').get(poptinId) as { n: number }).n;

describe('no oracle on leads: the converted value', () => {
  it('a converted visitor no longer sees the stop-showing pop-up on the next page, and no call carries an email to ask about', async () => {
    const clientId = newClient();
    const record = lightbox({ stop_showing_to_converted_users: true });
    await e2e.putPoptin(clientId, record, true);
    const { context, page, problems } = await newVisitor(e2e.browser);
    try {
      await servePages(context, clientId);
      await page.goto(at('signed-test/first'));
      await dialog(page).getByText(`Title ${record.poptin_id}`).waitFor();
      await dialog(page).getByLabel('Email', { exact: true }).fill('grace@example.com');
      await dialog(page).getByRole('button', { name: 'Subscribe' }).click();
      await page.waitForFunction((key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length === 1, CONVERTED.STORAGE_KEY);

      // The conversion cookie is gone (cleared by a privacy tool, or expired): the signed value alone still hides the pop-up.
      await context.clearCookies();
      const next = displayAnswer(page, clientId);
      await page.goto(at('signed-test/second'));
      const answer = await next;
      const sent = JSON.parse(answer.request().postData() ?? '{}') as Record<string, unknown>;
      assert.equal(sent.converted_email, undefined, 'the display call carries no email');
      assert.equal((sent.converted as unknown[] | undefined)?.length, 1, 'it carries the converted value');
      assert.deepEqual(((await answer.json()) as { poptins: unknown[] }).poptins, [], 'the pop-up is not sent again');
      assert.equal(await page.locator('kite-poptin').count(), 0);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});

describe('preview needs the owner', () => {
  it('a bare ?ppt-preview=ID shows the normal pop-ups, not the inactive one; the owner\'s link previews it and counts no view', async () => {
    const clientId = newClient();
    const inactive = lightbox();
    const active = lightbox();
    await e2e.putPoptin(clientId, inactive, false);
    await e2e.putPoptin(clientId, active, true);
    const { context, page, problems } = await newVisitor(e2e.browser);
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    try {
      await servePages(context, clientId);
      const unsigned = displayAnswer(page, clientId);
      await page.goto(at(`signed-test/page?${PREVIEW_PARAM}=${inactive.poptin_id}`));
      assert.equal(((await (await unsigned).json()) as { preview?: { shown: boolean } }).preview?.shown, false);
      await dialog(page).waitFor();
      assert.equal(await dialog(page).getByText(`Title ${active.poptin_id}`).count(), 1, 'the page\'s own pop-up shows');
      assert.equal(await page.getByText(`Title ${inactive.poptin_id}`).count(), 0, 'the inactive pop-up does not');
      assert.equal(await page.getByText(en.previewBanner).count(), 0, 'no preview banner');
      assert.ok(warnings.some((text) => /preview not shown/.test(text)), warnings.join('\n'));

      const response = await fetch(at(`api/admin/poptins/${inactive.poptin_id}/preview-link`), {
        method: 'POST',
        headers: owner,
        body: JSON.stringify({ url: at('signed-test/page') }),
      });
      const link = (await response.json()) as { url: string };
      const viewed = page.waitForResponse((answer) => answer.url() === at(`api/display/viewed/${inactive.poptin_id}`));
      await page.goto(link.url);
      await page.getByText(en.previewBanner).waitFor();
      await dialog(page).getByText(`Title ${inactive.poptin_id}`).waitFor();
      assert.deepEqual(await (await viewed).json(), { poptin_view_id: null });
      assert.equal(views(inactive.poptin_id), 0, 'the preview counted no view');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
