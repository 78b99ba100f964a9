// End to end: the record settings (docs/poptin-record.md "Record settings") on the demo site
// served by the reference server, in real Chromium: the content lock on the store page (the
// widget, a real lead, a later visit), the welcome screen by mouse, keyboard and tap, landing-page
// mode, and the Hebrew gallery. Each visible state is checked with axe-core. Needs a build.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { PHONE, serverAndBrowser, WIDE, waitFor } from './harness.ts';
import { DEMO_CLIENT_ID } from '../../demo/server/constants.ts';
import { en, he } from '../messages.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

const ADMIN_TOKEN = 'e2e-admin-token-record-settings-01';
const record = (name: string) => JSON.parse(readFileSync(new URL(`../../demo/poptins/${name}.json`, import.meta.url), 'utf8')) as PoptinRecord;
const LOCK = record('settings-lock');
const WELCOME = record('settings-welcome');

// The demo's records (the gallery reads them at /poptins/); the store page runs the widget for the
// demo client, whose one active pop-up here is the content lock instead of its welcome offer and wheel.
const e2e = serverAndBrowser(
  'record-settings',
  ADMIN_TOKEN,
  async (setup) => {
    for (const name of ['welcome-lightbox', 'store-wheel']) await setup.putPoptin(DEMO_CLIENT_ID, record(name), false);
    await setup.putPoptin(DEMO_CLIENT_ID, LOCK);
  },
  { demoPoptins: true },
);
const at = (path: string) => e2e.at(path);
const dialog = (page: Page) => page.locator('kite-poptin [role="dialog"]');
/**
 * The page's content beside the pop-up, held back or not: the store's `main` (the widget's pop-up
 * is outside it); on the gallery, whose pop-up opens inside `main` after its button, the heading.
 */
const mainState = (page: Page, selector = 'main') =>
  page.evaluate((selector) => {
    const content = document.querySelector<HTMLElement>(selector)!;
    return { inert: content.inert, locked: content.getAttribute('data-kite-locked'), filter: getComputedStyle(content).filter, visibility: getComputedStyle(content).visibility };
  }, selector);
const HEADING = 'main h1';

/** The element with focus, looking into shadow roots. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.getAttribute('name') ?? active?.getAttribute('part') ?? active?.localName ?? null;
  });

async function leadsFor(poptinId: string): Promise<Array<Record<string, unknown>>> {
  const response = await fetch(at('api/admin/leads'), { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  const { leads } = (await response.json()) as { leads: Array<Record<string, unknown>> };
  return leads.filter((lead) => lead.poptin_id === poptinId);
}

describe('record settings on the demo site', () => {
  it('content lock: the store is held back (inert, blurred, unreachable by Tab) until the lead; then it is back, and stays on the next visit', () =>
    e2e.asVisitor(WIDE, async ({ page }) => {
      await page.goto(at('store'));
      await dialog(page).waitFor({ state: 'visible' });
      await waitFor(async () => (await mainState(page)).inert, 'the store page to be locked');
      const locked = await mainState(page);
      assert.equal(locked.locked, 'content_lock');
      assert.match(locked.filter, /blur/);
      assert.equal(await dialog(page).locator('[part="lock-note"]').innerText(), en.contentLocked);
      assert.equal(await dialog(page).locator('[part="close"]').count(), 0, 'no X');
      // Tab and Escape do not get the visitor out: focus stays in the pop-up, the pop-up stays.
      for (let press = 0; press < 4; press += 1) await page.keyboard.press('Tab');
      assert.ok(['poptinDesignInputTextFieldEmail', 'button', 'dialog', 'div'].includes(String(await focusedName(page))), `focus is in the pop-up (${await focusedName(page)})`);
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 5);
      assert.equal(await dialog(page).isVisible(), true);
      assert.deepEqual(await axeViolations(page), []);

      await dialog(page).getByLabel('Email', { exact: true }).fill('reader@example.com');
      await dialog(page).getByRole('button', { name: 'Unlock the page' }).click();
      await dialog(page).getByText('The page is yours to read.').waitFor();
      await waitFor(async () => !(await mainState(page)).inert, 'the store page to be given back');
      const unlocked = await mainState(page);
      assert.deepEqual([unlocked.locked, unlocked.filter], [null, 'none']);
      assert.equal(await dialog(page).locator('[part="lock-note"]').innerText(), en.contentUnlocked);
      await waitFor(async () => (await leadsFor(LOCK.poptin_id)).length === 1, 'the lead to be stored');
      assert.deepEqual(await axeViolations(page), []);

      // A later visit of the converted visitor: no lock at all.
      await page.reload();
      await page.locator('main h1').waitFor();
      await waitFor(async () => page.evaluate(() => document.querySelector('kite-widget') !== null), 'the widget to start');
      assert.equal(await dialog(page).count(), 0);
      assert.equal((await mainState(page)).inert, false);
    }));

  it('welcome screen: its call to action leads to the form, by mouse and by keyboard', () =>
    e2e.asVisitor(WIDE, async ({ page }) => {
      await page.goto(at('types'));
      await page.getByRole('button', { name: 'A welcome screen, then the form' }).click();
      await dialog(page).getByRole('heading', { name: 'Hello, kite flyer!' }).waitFor();
      assert.equal(await dialog(page).getByLabel('Email', { exact: true }).count(), 0, 'the form comes after');
      assert.deepEqual(await axeViolations(page), []);
      await dialog(page).getByRole('button', { name: 'Show me the offer' }).click();
      await dialog(page).getByLabel('Email', { exact: true }).waitFor();
      await waitFor(async () => (await focusedName(page)) === 'poptinDesignInputTextFieldEmail', 'focus in the email field');
      assert.deepEqual(await axeViolations(page), []);

      // Again, by keyboard only.
      await page.reload();
      await page.getByRole('button', { name: 'A welcome screen, then the form' }).focus();
      await page.keyboard.press('Enter');
      await dialog(page).getByRole('button', { name: 'Show me the offer' }).waitFor();
      while ((await focusedName(page)) !== 'button welcome-start') await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await waitFor(async () => (await focusedName(page)) === 'poptinDesignInputTextFieldEmail', 'focus in the email field after Enter');
      assert.equal(WELCOME.design?.welcome?.button.text, 'Show me the offer');
    }));

  it('welcome screen by tap on a phone', () =>
    e2e.asVisitor(PHONE, async ({ page }) => {
      await page.goto(at('types'));
      await page.getByRole('button', { name: 'A welcome screen, then the form' }).tap();
      await dialog(page).getByRole('button', { name: 'Show me the offer' }).tap();
      await dialog(page).getByLabel('Email', { exact: true }).waitFor();
      const box = await dialog(page).getByRole('button', { name: 'Get my code' }).boundingBox();
      assert.ok(box && box.height >= 44, 'a 44 px touch target');
    }));

  it('landing-page mode: the pop-up is the page; nothing closes it, and the thank-you screen stays', () =>
    e2e.asVisitor(WIDE, async ({ page }) => {
      await page.goto(at('types'));
      await page.getByRole('button', { name: 'Landing-page mode: the pop-up is the page' }).click();
      await dialog(page).getByRole('heading', { name: 'Kite Outfitters opens soon' }).waitFor();
      await waitFor(async () => (await mainState(page, HEADING)).visibility === 'hidden', 'the page to be hidden');
      const box = await dialog(page).boundingBox();
      assert.deepEqual(box && [box.x, box.y, box.width, box.height], [0, 0, WIDE.viewport!.width, WIDE.viewport!.height]);
      await page.keyboard.press('Escape');
      assert.equal(await dialog(page).isVisible(), true);
      assert.deepEqual(await axeViolations(page), []);
      await dialog(page).getByLabel('Email', { exact: true }).fill('early@example.com');
      await dialog(page).getByRole('button', { name: 'Notify me' }).click();
      await dialog(page).getByText("You're on the list!").waitFor();
      await page.keyboard.press('Escape');
      assert.equal(await dialog(page).isVisible(), true);
      assert.equal((await mainState(page, HEADING)).inert, true);
    }));

  it('in Hebrew: the content lock says why in Hebrew, right to left, and axe finds nothing', () =>
    e2e.asVisitor(WIDE, async ({ page }) => {
      await page.goto(at('types-he'));
      await page.getByRole('button', { name: 'נעילת תוכן: העמוד נפתח אחרי ההרשמה' }).click();
      await dialog(page).locator('[part="lock-note"]').waitFor();
      assert.equal(await dialog(page).locator('[part="lock-note"]').innerText(), he.contentLocked);
      assert.equal(await dialog(page).getAttribute('dir'), 'rtl');
      await waitFor(async () => (await mainState(page, HEADING)).inert, 'the gallery to be locked');
      assert.deepEqual(await axeViolations(page), []);
      await dialog(page).getByLabel('דוא״ל', { exact: true }).fill('reader@example.com');
      await dialog(page).getByRole('button', { name: 'לפתיחת העמוד' }).click();
      await waitFor(async () => !(await mainState(page, HEADING)).inert, 'the gallery to be given back');
    }));
});
