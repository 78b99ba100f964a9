// End to end: the demo store's exit-intent wheel (demo/poptins/store-wheel.json), played as a
// visitor would on the store page served by the reference server, and the lead the owner finds.
// Needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { openArmed, serverAndBrowser } from './harness.ts';
import { DEMO_CLIENT_ID } from '../../demo/server/constants.ts';
import { GAMIFIED } from '../../shared/constants/gamified.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

const ADMIN_TOKEN = 'e2e-admin-token-wheel-0123456789';
const WHEEL = JSON.parse(readFileSync(new URL('../../demo/poptins/store-wheel.json', import.meta.url), 'utf8')) as PoptinRecord;
/** The spin, and a render and some slack after it, as the longest wait on the result. */
const RESULT_WAIT_MS = GAMIFIED.WHEEL_SPIN_MS + 5_000;

const e2e = serverAndBrowser('wheel', ADMIN_TOKEN, (setup) => setup.putPoptin(DEMO_CLIENT_ID, WHEEL));

const dialog = (page: Page) => page.locator('kite-poptin [role="dialog"]');

/** The mouse leaves the window through its top edge: the event the widget's exit intent listens for. */
const leaveThroughTop = (page: Page) => page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null, bubbles: true })));

async function wheelLeads(): Promise<Array<Record<string, unknown>>> {
  const response = await fetch(e2e.at('api/admin/leads'), { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  const { leads } = (await response.json()) as { leads: Array<Record<string, unknown>> };
  return leads.filter((lead) => lead.poptin_id === WHEEL.poptin_id);
}

describe("the demo store's exit-intent wheel", () => {
  it('a leaving visitor gets the wheel, spins it with an email, and the owner finds one lead with the prize', () =>
    e2e.asVisitor({}, async ({ page }) => {
      const armed = await openArmed(page, e2e.at('store'));
      assert.deepEqual(armed, [WHEEL.poptin_id], 'the wheel watches for exit intent on the store');
      assert.equal(await dialog(page).count(), 0, 'not before the visitor leaves');

      await leaveThroughTop(page);
      const wheel = dialog(page);
      await wheel.locator('[part~="wheel-disc"]').waitFor({ state: 'visible' });
      assert.equal(await wheel.getAttribute('data-type'), 'gamified');
      await wheel.getByLabel('Email', { exact: true }).fill('grace@example.com');
      await wheel.getByRole('button', { name: 'Spin' }).click();
      await wheel.locator('[part~="game-result"]').waitFor({ state: 'visible', timeout: RESULT_WAIT_MS });

      const title = await wheel.locator('[part~="game-result-title"]').innerText();
      const prize = await wheel.locator('[part~="game-prize"]').innerText();
      const won = WHEEL.design!.blocks.flatMap((block) => (block.type === 'game' ? block.prizes : [])).find((candidate) => candidate.label === prize);
      assert.ok(won, `a prize of the record: ${prize}`);
      assert.equal(title, won.loosing_option === 0 ? 'You won!' : 'Not this time');
      assert.match(await wheel.locator('[part~="game"] > [role="status"]').innerText(), new RegExp(prize));
      const leads = await wheelLeads();
      assert.equal(leads.length, 1, 'one lead');
      const fields = leads[0]!.fields as Record<string, string>;
      assert.equal(leads[0]!.email, 'grace@example.com');
      assert.equal(fields.prize, prize);
      assert.equal(fields.coupon ?? '', won.code ?? '', "the lead's coupon is the prize's");
      if (won.code) assert.equal(await wheel.locator('[part~="coupon-code"]').inputValue(), won.code, 'shown to copy');
    }));
});
