// End to end: the demo's members page (demo/public/members/) as a new user tries it: register,
// read the code in the outbox, verify, get signed in through the OAuth code flow with PKCE, see the
// members' area and the widget's members-only pop-up, refresh, sign out (the pop-up gone), and
// sign in again with a captcha after wrong passwords.
// Needs a build (dist/identity.js).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, newVisitor, startE2EServer } from './harness.ts';
import { IDENTITY_SERVICE } from '../../demo/server/identity/constants.ts';

const EMAIL = 'new.member@example.com';
const PASSWORD = 'correct horse battery';
const MEMBERS_OFFER = 'Members only: 15% off club kites this month';

let server: Awaited<ReturnType<typeof startE2EServer>>;
let browser: Browser;
let dataDir: string;
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kite-e2e-members-'));
  server = await startE2EServer({ port: 0, dataDir, adminToken: 'e2e-members-admin-token-0123456789abcdef', distDir: process.env.KITE_DIST_DIR, quiet: true });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const status = (page: Page) => page.locator('#member-status');

async function signIn(page: Page, password: string): Promise<void> {
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('demo members page', () => {
  it('registers, verifies the emailed code, signs in, refreshes and signs out', async () => {
    const { context, page, problems } = await newVisitor(browser);
    try {
      const display = page.waitForResponse((response) => response.url().endsWith('/api/display/demo-members'));
      await page.goto(new URL('/members/', server.url).href);
      assert.deepEqual((await (await display).json()).poptins, [], 'no members-only pop-up for a visitor');
      await page.getByLabel('Email').fill(EMAIL);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByLabel('First name (to register)').fill('Ada');
      await page.getByRole('button', { name: 'Register' }).click();
      await assert.doesNotReject(status(page).and(page.locator('[data-state="email-verification-required"]')).waitFor());
      const mail = await page.locator('#member-outbox li').first().textContent();
      const code = /code is (\d+)/.exec(mail ?? '')?.[1];
      assert.ok(code, `a code in the outbox: ${mail}`);
      await page.getByLabel('Verification code').fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.locator('[data-state="signed-in"]').waitFor();
      assert.equal(await status(page).textContent(), `Signed in as ${EMAIL}.`);
      // The widget on the page shows its members-only pop-up now (demo/poptins/members-offer.json).
      await page.getByText(MEMBERS_OFFER).waitFor();
      assert.match((await page.locator('#member-profile').textContent()) ?? '', /^Welcome, Ada\./);
      assert.match((await page.locator('#member-list').textContent()) ?? '', /Ada \(new\.member@example\.com\)/);

      await page.getByRole('button', { name: 'Refresh my session' }).click();
      await page.getByText('Session refreshed.', { exact: false }).waitFor();

      const displayAfter = page.waitForResponse((response) => response.url().endsWith('/api/display/demo-members'));
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(new URL('/members/', server.url).href);
      assert.deepEqual((await (await displayAfter).json()).poptins, [], 'no members-only pop-up once signed out');
      await page.locator('[data-state="initial"]').waitFor();
      assert.equal(await page.locator('#member-area').isHidden(), true);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('asks for a captcha after wrong passwords, then signs in', async () => {
    const { context, page } = await newVisitor(browser);
    try {
      await page.goto(new URL('/members/', server.url).href);
      for (let attempt = 0; attempt < IDENTITY_SERVICE.CAPTCHA_AFTER_FAILED_LOGINS; attempt += 1) {
        await signIn(page, 'a wrong password');
        await page.locator('[data-state="failure"]').waitFor();
        assert.equal(await status(page).textContent(), 'wrong email or password');
      }
      await signIn(page, PASSWORD);
      await page.locator('[data-state="captcha-required"]').waitFor();
      const question = (await page.locator('#member-captcha-question').textContent()) ?? '';
      const [a, b] = /(\d+) \+ (\d+)/.exec(question)!.slice(1).map(Number);
      await page.getByLabel(question).fill(String(a! + b!));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.locator('[data-state="signed-in"]').waitFor();
    } finally {
      await context.close();
    }
  });
});
