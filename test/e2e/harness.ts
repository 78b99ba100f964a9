// What the end-to-end files share: a reference server on a fresh SQLite file without the demo's
// pop-ups (each test brings its own), and Chromium, started before a file's tests and gone after.
import { after, before } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { startServer } from '../../demo/server/server.ts';
import { findChromium, CHROMIUM_ARGS } from '../../scripts/chromium.mjs';

/** A strict page policy: no inline script or style, no eval; the widget must work under it. */
export const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'";

export interface E2E {
  readonly server: Awaited<ReturnType<typeof startServer>>;
  readonly browser: Browser;
  /** An address on the server. */
  at(path: string): string;
}

/**
 * Registers the file's before and after hooks; `name` labels the temporary folders. `setup` runs
 * at the end of the before hook (Node 20 does not wait for one root hook before the next).
 */
export function serverAndBrowser(name: string, adminToken: string, setup?: (e2e: E2E) => Promise<void>): E2E {
  let server: E2E['server'] | undefined;
  let browser: Browser | undefined;
  const folders: string[] = [];
  before(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), `kite-${name}-`));
    const poptinsDir = mkdtempSync(join(tmpdir(), `kite-${name}-poptins-`));
    folders.push(dataDir, poptinsDir);
    // KITE_DIST_DIR: a build elsewhere than dist/ (a shared checkout where others rebuild dist/ meanwhile).
    server = await startServer({ port: 0, dataDir, adminToken, poptinsDir, distDir: process.env.KITE_DIST_DIR, quiet: true });
    browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    await setup?.(e2e);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  const e2e: E2E = {
    get server() {
      if (!server) throw new Error('the server starts in the before hook');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in the before hook');
      return browser;
    },
    at: (path) => new URL(path, server!.url).href,
  };
  return e2e;
}

/** A fresh visitor (new cookies and storage), with every console error, page error and CSP violation collected in `problems`. */
export async function newVisitor(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
  });
  return { context, page, problems };
}
