// End to end: the demo's members page (demo/public/members/) as a new user tries it: register,
// read the code in the outbox, verify, get signed in through the OAuth code flow with PKCE, see the
// members' area and the widget's members-only pop-up, refresh, sign out (the pop-up gone), and
// sign in again with a captcha after wrong passwords; verify by the mailed link with the keyboard
// alone; reset a forgotten password by the mailed link; wait for the owner's approval. axe-core
// checks every state the page shows.
// Needs a build (dist/identity.js).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, newVisitor, startE2EServer } from './harness.ts';
import { IDENTITY_SERVICE } from '../../demo/server/identity/constants.ts';
import { AUTH_ERROR_CODE } from '../../shared/constants/identity.ts';
import { axeViolations } from './axe.ts';

const EMAIL = 'new.member@example.com';
const PASSWORD = 'correct horse battery';
const MEMBERS_OFFER = 'Members only: 15% off club kites this month';
const ADMIN_TOKEN = 'e2e-members-admin-token-0123456789abcdef';

let server: Awaited<ReturnType<typeof startE2EServer>>;
let browser: Browser;
let dataDir: string;
/** How far the server's clock is ahead of the real one (a test moves it past a token's life). */
let serverClockAheadMs = 0;
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kite-e2e-members-'));
  server = await startE2EServer({ port: 0, dataDir, adminToken: ADMIN_TOKEN, distDir: process.env.KITE_DIST_DIR, quiet: true, now: () => Date.now() + serverClockAheadMs });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const status = (page: Page) => page.locator('#member-status');
/** The page in `state`, with no axe-core violation. */
async function reached(page: Page, state: string): Promise<void> {
  await page.locator(`#member-status[data-state="${state}"]`).waitFor();
  assert.deepEqual(await axeViolations(page), [], `axe-core in ${state}`);
}
const outboxLink = (page: Page) => page.locator('#member-outbox li a').first();

async function signIn(page: Page, password: string): Promise<void> {
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(password);
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
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('First name (to register)').fill('Ada');
      await page.getByRole('button', { name: 'Register' }).click();
      await reached(page, 'email-verification-required');
      const mail = await page.locator('#member-outbox li').first().textContent();
      const code = /code is (\d+)/.exec(mail ?? '')?.[1];
      assert.ok(code, `a code in the outbox: ${mail}`);
      await page.getByLabel('Verification code').fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.locator('[data-state="signed-in"]').waitFor();
      assert.equal(await status(page).textContent(), `Signed in as ${EMAIL}.`);
      // The widget on the page shows its members-only pop-up now (demo/poptins/members-offer.json).
      await page.getByRole('heading', { name: MEMBERS_OFFER }).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'axe-core signed in, with the pop-up');
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
      await reached(page, 'captcha-required');
      assert.equal(await status(page).textContent(), 'Please solve the captcha.');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'member-captcha-answer', 'the answer field takes the focus');
      // A wrong answer: another sum, and the page says so.
      const first = (await page.locator('#member-captcha-question').textContent()) ?? '';
      const [x, y] = /(\d+) \+ (\d+)/.exec(first)!.slice(1).map(Number);
      const wrong = page.waitForResponse((response) => response.url().endsWith('/identity/v2/login'));
      await page.getByLabel(first).fill(String(x! + y! + 1));
      await page.getByRole('button', { name: 'Continue' }).click();
      assert.equal((await (await wrong).json()).details.applicationError.code, AUTH_ERROR_CODE.INVALID_CAPTCHA);
      await page.getByText('That answer was wrong: try this one.').waitFor();
      const question = (await page.locator('#member-captcha-question').textContent()) ?? '';
      const [a, b] = /(\d+) \+ (\d+)/.exec(question)!.slice(1).map(Number);
      await page.getByLabel(question).fill(String(a! + b!));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.locator('[data-state="signed-in"]').waitFor();
    } finally {
      await context.close();
    }
  });

  it('registers and verifies by the mailed link with the keyboard alone', async () => {
    const { context, page, problems } = await newVisitor(browser);
    try {
      await page.goto(new URL('/members/', server.url).href);
      await page.getByLabel('Email').focus();
      await page.keyboard.type('keyboard@example.com');
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Tab');
      await page.keyboard.type('Kay');
      // Past Sign in to Register.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await reached(page, 'email-verification-required');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'member-code', 'the code field takes the focus');
      await outboxLink(page).focus();
      await page.keyboard.press('Enter');
      await page.locator('[data-state="signed-in"]').waitFor();
      assert.equal(await status(page).textContent(), 'Signed in as keyboard@example.com.');
      assert.equal(new URL(page.url()).search, '', 'the link leaves no token in the address bar');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('comes back after the access token expired: the page renews it with the refresh token and stays signed in', async () => {
    const { context, page, problems } = await newVisitor(browser);
    try {
      await page.goto(new URL('/members/', server.url).href);
      await page.getByLabel('Email').fill('returning@example.com');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Register' }).click();
      await reached(page, 'email-verification-required');
      await outboxLink(page).click();
      await page.locator('[data-state="signed-in"]').waitFor();

      serverClockAheadMs = IDENTITY_SERVICE.ACCESS_TOKEN_TTL_MS;
      const renewed = page.waitForResponse((response) => response.url().endsWith('/identity/v1/oauth/token'));
      await page.reload();
      assert.equal((await renewed).status(), 200);
      await page.locator('[data-state="signed-in"]').waitFor();
      assert.equal(await status(page).textContent(), 'Signed in as returning@example.com.');
      // The page's error console has the API's one refusal of the expired token, nothing else.
      assert.deepEqual(problems.filter((problem) => !problem.includes('401')), []);
    } finally {
      serverClockAheadMs = 0;
      await context.close();
    }
  });

  it('resets a forgotten password by the mailed link, then signs in with the new one', async () => {
    const { context, page, problems } = await newVisitor(browser);
    try {
      await page.goto(new URL('/members/', server.url).href);
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await reached(page, 'failure');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'member-email');
      await page.getByLabel('Email').fill(EMAIL);
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await reached(page, 'recovery-sent');
      await outboxLink(page).click();
      await reached(page, 'recovery');
      assert.equal(new URL(page.url()).search, '', 'the link leaves no token in the address bar');
      await page.getByLabel('New password').fill('a brand new password');
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await reached(page, 'password-reset');
      await signIn(page, 'a brand new password');
      await page.locator('[data-state="signed-in"]').waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});

describe('demo members page, when the owner approves new members', () => {
  let approving: Awaited<ReturnType<typeof startE2EServer>>;
  let approvingDir: string;
  before(async () => {
    approvingDir = mkdtempSync(join(tmpdir(), 'kite-e2e-approval-'));
    approving = await startE2EServer({ port: 0, dataDir: approvingDir, adminToken: ADMIN_TOKEN, distDir: process.env.KITE_DIST_DIR, quiet: true, identity: { requireOwnerApproval: true } });
  });
  after(async () => {
    await approving?.close();
    rmSync(approvingDir, { recursive: true, force: true });
  });

  it("waits for the owner's approval after the verification, then signs in on Try again", async () => {
    const { context, page, problems } = await newVisitor(browser);
    try {
      await page.goto(new URL('/members/', approving.url).href);
      await page.getByLabel('Email').fill('dealer@example.com');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Register' }).click();
      await reached(page, 'email-verification-required');
      const mail = await page.locator('#member-outbox li').first().textContent();
      await page.getByLabel('Verification code').fill(/code is (\d+)/.exec(mail ?? '')![1]!);
      await page.getByRole('button', { name: 'Verify' }).click();
      await reached(page, 'owner-approval-required');
      assert.equal(await status(page).textContent(), "Your account waits for the owner's approval.");
      // Not approved yet: Try again signs in with the registered password and still waits.
      const retried = page.waitForResponse((response) => response.url().endsWith('/identity/v2/login'));
      await page.getByRole('button', { name: 'Try again' }).click();
      assert.equal((await (await retried).json()).state, 'REQUIRE_OWNER_APPROVAL');
      await reached(page, 'owner-approval-required');

      // The owner finds the member waiting and approves (the admin API, with the admin token).
      const owner = { Authorization: `Bearer ${ADMIN_TOKEN}` };
      const { members } = await (await fetch(new URL('/api/admin/identity/members/unapproved', approving.url), { headers: owner })).json();
      const { id } = members.find((member: { email: string }) => member.email === 'dealer@example.com');
      const approved = await fetch(new URL(`/api/admin/identity/members/${id}/approve`, approving.url), { method: 'POST', headers: owner });
      assert.equal(approved.status, 200);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.locator('[data-state="signed-in"]').waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
