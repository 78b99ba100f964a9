// End to end: the demo store's exit-intent wheel (demo/poptins/store-wheel.json), played as a
// visitor would on the demo site served by the reference server, and the lead the owner finds.
// Needs a build (npm test builds first).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium, newVisitor, startE2EServer } from './harness.ts';
import { GAMIFIED } from '../../shared/constants/gamified.ts';

const ADMIN_TOKEN = 'e2e-admin-token-wheel-0123456789';
const WHEEL_ID = 'kitestorewhel';
/** The spin, and a render and some slack after it, as the longest wait on the result. */
const RESULT_WAIT_MS = GAMIFIED.WHEEL_SPIN_MS + 5_000;
let server: Awaited<ReturnType<typeof startE2EServer>>;
let browser: Browser;
let dataDir: string;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kite-e2e-wheel-'));
  server = await startE2EServer({ port: 0, dataDir, adminToken: ADMIN_TOKEN, quiet: true });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const at = (path: string) => new URL(path, server.url).href;
const dialog = (page: Page) => page.locator('kite-poptin [role="dialog"]');

/** Opens `path` as a new visitor, keeping the widget's decision on the page's rules (`kite-widget-armed`). */
async function visit(path: string) {
  const visitor = await newVisitor(browser);
  await visitor.page.addInitScript(() =>
    document.addEventListener('kite-widget-armed', (event) => ((window as { armedDetail?: unknown }).armedDetail = (event as CustomEvent).detail)),
  );
  await visitor.page.goto(at(path));
  const armed = async () =>
    (await visitor.page.waitForFunction(() => (window as { armedDetail?: { armed: string[]; hidden: string[] } }).armedDetail)).jsonValue() as Promise<{
      armed: string[];
      hidden: string[];
    }>;
  return { ...visitor, armed };
}

/** Closes the welcome offer the demo shows on page load. */
async function closeWelcome(page: Page) {
  await dialog(page).waitFor({ state: 'visible' });
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await dialog(page).waitFor({ state: 'detached' });
}

/** The mouse leaves the window through its top edge: the event the widget's exit intent listens for. */
const leaveThroughTop = (page: Page) => page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null, bubbles: true })));

async function wheelLeads(): Promise<Array<Record<string, unknown>>> {
  const response = await fetch(at('api/admin/leads'), { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  const { leads } = (await response.json()) as { leads: Array<Record<string, unknown>> };
  return leads.filter((lead) => lead.poptin_id === WHEEL_ID);
}

describe('the demo store\'s exit-intent wheel', () => {
  it('a leaving visitor gets the wheel, spins it with an email, and the owner finds one lead with the prize', async () => {
    const { page, problems, armed } = await visit('store');
    assert.ok((await armed()).armed.includes(WHEEL_ID), 'the wheel watches for exit intent on the store');
    // The welcome offer comes first, on page load; the visitor closes it.
    await closeWelcome(page);

    await leaveThroughTop(page);
    const wheel = dialog(page);
    await wheel.locator('[part~="wheel-disc"]').waitFor({ state: 'visible' });
    assert.equal(await wheel.getAttribute('data-type'), 'gamified');
    await wheel.getByLabel('Email', { exact: true }).fill('grace@example.com');
    await wheel.getByRole('button', { name: 'Spin' }).click();
    await wheel.locator('[part~="game-result"]').waitFor({ state: 'visible', timeout: RESULT_WAIT_MS });

    const title = await wheel.locator('[part~="game-result-title"]').innerText();
    const prize = await wheel.locator('[part~="game-prize"]').innerText();
    assert.match(title, /^(You won!|Not this time)$/);
    assert.equal(await wheel.locator('[role="status"]').first().innerText().then((text) => text.includes(prize)), true, 'the result is announced');
    const leads = await wheelLeads();
    assert.equal(leads.length, 1, 'one lead');
    const fields = leads[0]!.fields as Record<string, string>;
    assert.equal(leads[0]!.email, 'grace@example.com');
    assert.equal(fields.prize, prize);
    if (title === 'You won!') assert.equal(fields.coupon, await wheel.locator('[part~="coupon-code"]').inputValue(), 'the coupon shown is the one stored');
    assert.deepEqual(problems, []);
  });
});
