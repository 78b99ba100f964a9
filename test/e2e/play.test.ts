// Server-authoritative play (issue 16 item 7) in real Chromium against the reference server: a
// visitor plays the demo's wheel with a form. The game asks the server for its draw as it shows;
// the wheel lands on that draw, the lead is stored once with the prize, and the same visitor
// reloading is answered the same draw. The server's numbers are fixed on a rare prize, which the
// page's own draw would almost never give. Needs a build.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { poptinIdOf, serverAndBrowser, STRICT_CSP } from './harness.ts';
import { landingRotation, segmentsOfPrize } from '../../shared/logic/prize.ts';
import { en } from '../messages.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import type { GameBlock } from '../../shared/schema/prize.ts';

const ADMIN_TOKEN = 'play-admin-token-0123456789abcdef';
const CLIENT_ID = 'e2e-play';
const POPTIN_ID = poptinIdOf('playwheel', 0);
const EMAIL = 'ada@example.com';

/** The demo gallery's wheel with a form (stored active below), opening without an effect. */
const demoRecord = JSON.parse(readFileSync(new URL('../../demo/poptins/gamified.json', import.meta.url), 'utf8')) as PoptinRecord;
/** Its last prize made rare: the page's own draw would give it once in RARE_CHANCE_IN draws. */
const RARE_CHANCE_IN = 1_000;
const gameOf = (record: PoptinRecord) => record.design!.blocks.find((block): block is GameBlock => block.type === 'game')!;
const prizes = gameOf(demoRecord).prizes.map((prize, index, all) => (index === all.length - 1 ? { ...prize, chances: 100 / RARE_CHANCE_IN } : prize));
const RARE = prizes.length - 1;
const record: PoptinRecord = {
  ...demoRecord,
  poptin_id: POPTIN_ID,
  viewer_id: `viewer-${POPTIN_ID}`,
  design: { ...demoRecord.design!, blocks: demoRecord.design!.blocks.map((block) => (block.type === 'game' ? { ...block, prizes } : block)) },
  design_properties: { ...demoRecord.design_properties, poptin_design_entry_effect: 'none' },
};
/** The server's numbers: each draw lands at the very end of the weights, on the rare last prize. */
const LAST_NUMBER_BELOW_ONE = 1 - Number.EPSILON;

const e2e = serverAndBrowser('play', ADMIN_TOKEN, async (e2e) => e2e.putPoptin(e2e.addClient(CLIENT_ID), record), { random: () => LAST_NUMBER_BELOW_ONE });

const plays = () => e2e.server.sql.prepare('SELECT visitor_id, prize_index FROM game_plays WHERE poptin_id = ?').all(POPTIN_ID) as Array<{ visitor_id: string; prize_index: number }>;
const leads = () =>
  (e2e.server.sql.prepare('SELECT email, visitor_id, fields_json FROM conversions WHERE poptin_id = ?').all(POPTIN_ID) as Array<{ email: string; visitor_id: string; fields_json: string }>).map(
    ({ fields_json, ...lead }) => ({ ...lead, fields: JSON.parse(fields_json) as Record<string, unknown> }),
  );

const isCall = (name: string) => (response: Response) => new URL(response.url()).pathname.startsWith(`/api/display/${name}/`) && response.request().method() === 'POST';

/** Loads (or reloads) the page and resolves with the play call's answer. */
async function openWithDraw(page: Page, load: () => Promise<unknown>): Promise<{ prize_index: number; prize: { label: string } }> {
  const answered = page.waitForResponse(isCall('play'));
  await load();
  const response = await answered;
  assert.equal(response.status(), 200);
  return (await response.json()) as { prize_index: number; prize: { label: string } };
}

describe('server-authoritative play on the demo wheel with a form', () => {
  it("lands on the server's draw, stores the lead once with the prize, and answers the same draw after a reload", async () => {
    await e2e.asVisitor({}, async ({ context, page }) => {
      await context.route('**/play-page', (route) =>
        route.fulfill({
          contentType: 'text/html',
          headers: { 'Content-Security-Policy': STRICT_CSP },
          body: `<!doctype html><html lang="en"><head><title>Shop</title><link rel="icon" href="data:,"><script src="/kite/widget.js" data-client-id="${CLIENT_ID}" async></script></head><body><p>Shop</p></body></html>`,
        }),
      );
      const first = await openWithDraw(page, () => page.goto(e2e.at('play-page')));
      assert.equal(first.prize_index, RARE);
      const again = await openWithDraw(page, () => page.reload());
      assert.deepEqual(again, first, 'the same visitor, reloading, is answered the same draw');
      const [play] = plays();
      assert.deepEqual(plays(), [{ visitor_id: play!.visitor_id, prize_index: RARE }], 'one play stored');

      const dialog = page.locator('kite-poptin [role="dialog"]');
      const gameIn = (phase: string) => dialog.locator(`[part~="game"][data-phase="${phase}"]`);
      const converted = page.waitForResponse(isCall('conversion'));
      await dialog.getByLabel('Email').fill(EMAIL);
      await dialog.getByRole('button', { name: en.gameSpin }).click();
      await gameIn('playing').waitFor();
      const rotation = await dialog.locator('[part~="wheel-disc"]').evaluate((disc: HTMLElement) => disc.style.transform);
      const landings = segmentsOfPrize(RARE, prizes.length).map((segment) => `rotate(${landingRotation(segment)}deg)`);
      assert.ok(landings.includes(rotation), `${rotation} is one of the rare prize's landings ${landings.join(', ')}`);

      assert.equal((await converted).status(), 200);
      await gameIn('result').waitFor();
      assert.equal(await dialog.locator('[part~="game-prize"]').innerText(), prizes[RARE]!.label);
      assert.equal(await dialog.locator('[part~="game-result"] [part~="coupon-code"]').inputValue(), prizes[RARE]!.code, 'its coupon on the winning screen');
      assert.deepEqual(
        leads().map(({ email, visitor_id, fields }) => ({ email, visitor_id, prize: fields.prize, prize_id: fields.prize_id, coupon: fields.coupon })),
        [{ email: EMAIL, visitor_id: play!.visitor_id, prize: prizes[RARE]!.label, prize_id: prizes[RARE]!.prize_id, coupon: prizes[RARE]!.code }],
        'the lead, stored once, with the server\'s prize',
      );
    });
  });
});
