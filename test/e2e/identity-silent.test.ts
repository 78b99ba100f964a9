// End to end: the identity SDK's silent OAuth flow (spec 001 sections 5 and 8) in Chromium with two
// origins: the member's site on http://localhost:SITE_PORT (a small static server of this file, as a
// site that installed the package) loads dist/identity.js, and the reference identity service
// answers on http://127.0.0.1:PORT. (A page Playwright fulfils has no known address space, and
// Chromium's local network access checks then refuse its calls to a loopback address: the site is
// a real server.) The flow signs in
// through a hidden frame, ignores a message from any other origin, answers login_required without
// a session, and gives up with 'OAuth flow timed out' at IDENTITY.OAUTH_TIMEOUT_MS on the page's
// own clock. Needs a build (dist/identity.js).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Route } from 'playwright-core';
import { IDENTITY } from '../../shared/constants/identity.ts';
import { holdClock, startE2EServer, watchViolations } from './harness.ts';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';

const EMAIL = 'silent@example.com';
const PASSWORD = 'correct horse battery';
const SITE_PAGE = '/members/silent-test.html';

const SDK_PAGE = `<!doctype html><title>Site</title><link rel="icon" href="data:,"><script type="module">import * as sdk from '/kite/identity.js'; window.sdk = sdk;</script>`;
/** The files of dist/ the site serves under /kite/ (the SDK entry and its chunks). */
const DIST_FILE = /^\/kite\/((?:chunks\/)?[\w.-]+\.js)$/;

let server: Awaited<ReturnType<typeof startE2EServer>>;
let site: Server;
/**
 * A persistent profile, as a member's browser: Playwright's other contexts are off the record, where
 * Chromium blocks third-party cookies, so the service's session cookie would never reach its frame
 * (a site whose visitors browse privately gets login_required from the silent flow).
 */
let browser: BrowserContext;
let profileDir: string;
let dataDir: string;
let siteOrigin: string;
let identityBase: string;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kite-e2e-identity-'));
  server = await startE2EServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminToken: 'e2e-identity-admin-token-0123456789abcdef',
    distDir: process.env.KITE_DIST_DIR,
    quiet: true,
    identity: { requireEmailVerification: false },
  });
  const distDir = process.env.KITE_DIST_DIR ?? 'dist';
  site = createServer((req, res) => {
    const file = DIST_FILE.exec(req.url ?? '')?.[1];
    if (req.url === SITE_PAGE) res.writeHead(200, { 'Content-Type': 'text/html' }).end(SDK_PAGE);
    else if (file) res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(join(distDir, file)));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  identityBase = `http://localhost:${server.port}/identity`;
  profileDir = mkdtempSync(join(tmpdir(), 'kite-e2e-identity-profile-'));
  browser = await watchViolations(await chromium.launchPersistentContext(profileDir, { executablePath: findChromium(), args: CHROMIUM_ARGS }));
});
after(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => site?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
});

/** The member's site: a page on the site origin that loads the SDK as `window.sdk`; the browser's cookies cleared first. */
async function sitePage(options: { clock?: boolean } = {}) {
  await browser.clearCookies();
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const visitor = { page, problems, context: { close: () => page.close() } };
  if (options.clock) await visitor.page.clock.install();
  // A module script runs before the load event, which goto waits for: `sdk` is there after it.
  await visitor.page.goto(`${siteOrigin}${SITE_PAGE}`);
  assert.equal(await visitor.page.evaluate(() => 'sdk' in window), true);
  if (options.clock) await holdClock(visitor.page);
  return visitor;
}

/** Runs the SDK's silent flow in `page`; its tokens' token-info, or the error's message. */
function silentFlow(page: Page, { sessionToken, redirectUri = `${siteOrigin}/members/callback.html` }: { sessionToken?: string; redirectUri?: string } = {}) {
  return page.evaluate(
    async ({ baseUrl, redirectUri, sessionToken }) => {
      const { createIdentityClient, silentSignIn } = (window as any).sdk;
      const client = createIdentityClient({ baseUrl, clientId: 'kite-demo' });
      try {
        const tokens = await silentSignIn({ client, redirectUri, sessionToken });
        return { info: await client.tokenInfo(tokens.accessToken.value) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    },
    { baseUrl: identityBase, redirectUri, sessionToken },
  );
}

/** Logs the member in from the site page: the SUCCESS answer's session token. */
const login = (page: Page) =>
  page.evaluate(
    async ({ baseUrl, email, password }) => {
      const client = (window as any).sdk.createIdentityClient({ baseUrl, clientId: 'kite-demo' });
      return (await client.login({ loginId: { email }, password })).sessionToken as string;
    },
    { baseUrl: identityBase, email: EMAIL, password: PASSWORD },
  );

describe('identity SDK: silent OAuth flow in Chromium, two origins', () => {
  before(async () => {
    const response = await fetch(`${identityBase}/v2/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ loginId: { email: EMAIL }, password: PASSWORD }),
    });
    assert.equal(response.status, 200);
  });

  it("signs in through the hidden frame, then again from the service's session alone", async () => {
    const { context, page, problems } = await sitePage();
    try {
      assert.notEqual(new URL(siteOrigin).origin, new URL(identityBase).origin);
      const first = await silentFlow(page, { sessionToken: await login(page) });
      assert.equal(first.info?.subjectType, 'MEMBER', JSON.stringify(first));
      const again = await silentFlow(page);
      assert.equal(again.info?.subjectId, first.info.subjectId, JSON.stringify(again));
      assert.equal(await page.locator('iframe').count(), 0, 'the frame is removed');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('sends the authorize request as a form POST into the frame when its parameters pass IDENTITY.URL_PARAMS_MAX_CHARS, and signs in the same', async () => {
    const { context, page, problems } = await sitePage();
    try {
      // A redirect URI whose query, once encoded (each é is %C3%A9), pushes the parameters past the limit.
      const redirectUri = `${siteOrigin}/members/callback.html?from=${'é'.repeat(Math.ceil(IDENTITY.URL_PARAMS_MAX_CHARS / 6) + 1)}`;
      assert.ok(new URLSearchParams({ redirect_uri: redirectUri }).toString().length > IDENTITY.URL_PARAMS_MAX_CHARS);
      const methods: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(`${identityBase}/v1/oauth/authorize`)) methods.push(request.method());
      });
      const result = await silentFlow(page, { sessionToken: await login(page), redirectUri });
      assert.equal(result.info?.subjectType, 'MEMBER', JSON.stringify(result));
      assert.deepEqual(methods, ['POST']);
      assert.equal(await page.locator('iframe, form').count(), 0, 'the frame and its form are removed');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('answers login_required without a session', async () => {
    const { context, page } = await sitePage();
    try {
      assert.deepEqual(await silentFlow(page), { error: 'login_required' });
    } finally {
      await context.close();
    }
  });

  it("ignores an answer posted from another origin (the site's own) with the flow's state", async () => {
    const { context, page } = await sitePage();
    try {
      // Hold the authorize request until a forged answer, with the flow's real state, was posted from the site origin.
      await page.route(`${identityBase}/v1/oauth/authorize**`, async (route: Route) => {
        const state = new URL(route.request().url()).searchParams.get('state');
        await page.evaluate((forgedState) => window.postMessage({ type: 'authorization_response', response: { state: forgedState, code: 'forged' } }, '*'), state);
        await route.continue();
      });
      const result = await silentFlow(page, { sessionToken: await login(page) });
      assert.equal(result.info?.subjectType, 'MEMBER', JSON.stringify(result));
    } finally {
      await context.close();
    }
  });

  it("fails with 'OAuth flow timed out' at IDENTITY.OAUTH_TIMEOUT_MS, not 1 ms before", async () => {
    const { context, page } = await sitePage({ clock: true });
    try {
      let held: Route | undefined;
      await page.route(`${identityBase}/v1/oauth/authorize**`, (route: Route) => {
        held = route; // never answered while the clock runs
      });
      await page.evaluate(() => {
        (window as any).outcome = 'pending';
      });
      await page.evaluate(
        ({ baseUrl, redirectUri }) => {
          const { createIdentityClient, silentSignIn } = (window as any).sdk;
          silentSignIn({ client: createIdentityClient({ baseUrl, clientId: 'kite-demo' }), redirectUri }).then(
            () => ((window as any).outcome = 'signed in'),
            (error: Error) => ((window as any).outcome = error.message),
          );
        },
        { baseUrl: identityBase, redirectUri: `${siteOrigin}/members/callback.html` },
      );
      // Waits on the DOM, not on a timer: the page's timers are the test's clock now.
      await page.evaluate(
        () =>
          document.querySelector('iframe') !== null ||
          new Promise<boolean>((resolve) =>
            new MutationObserver((_, observer) => {
              if (!document.querySelector('iframe')) return;
              observer.disconnect();
              resolve(true);
            }).observe(document.body, { childList: true }),
          ),
      );
      await page.clock.runFor(IDENTITY.OAUTH_TIMEOUT_MS - 1);
      assert.equal(await page.evaluate(() => (window as any).outcome), 'pending');
      await page.clock.runFor(1);
      assert.equal(await page.evaluate(() => (window as any).outcome), 'OAuth flow timed out');
      await held?.abort().catch(() => {});
    } finally {
      await context.close();
    }
  });
});
