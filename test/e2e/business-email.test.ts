// The business-email check (widget spec section 5, issue 5) in real Chromium against the reference
// server: a pop-up whose email field is in business mode refuses an address at a disposable and at
// a free-mail domain taken from the public lists' packages, with the spec's message, by downloading
// only the shard of that domain; a company address goes through and the lead is stored. Needs a build.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { PACKAGE_LISTS, readDomainLists } from '../../demo/server/email-domains.ts';
import { leadLightbox, poptinIdOf, serverAndBrowser, STRICT_CSP } from './harness.ts';
import { FORM } from '../../shared/constants/widget.ts';
import { domainShard, domainsToCheck } from '../../shared/logic/email-domains.ts';
import { en } from '../messages.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

const ADMIN_TOKEN = 'business-email-admin-token-0123456789';
const CLIENT_ID = 'e2e-business-email';
const POPTIN_ID = poptinIdOf('bizmail', 0);
const BUTTON = 'Get the report';
/** A company's own mail domain, on no list (checked below). */
const BUSINESS_DOMAIN = 'siemens.com';

const require = createRequire(import.meta.url);
const handLists = new Set(readDomainLists());
/** A domain of a package list that the owner's hand lists do not have, so only the package can block it. */
function fromPackage(kind: 'disposable' | 'free-mail'): string {
  const list = PACKAGE_LISTS.find((candidate) => candidate.kind === kind)!;
  const domains = (require(`${list.package}/${list.file}`) as string[]).filter((domain) => !handLists.has(domain) && domainsToCheck(domain).length === 1);
  return domains[Math.floor(domains.length / 2)]!;
}

const e2e = serverAndBrowser('business-email', ADMIN_TOKEN, async (e2e) => {
  // The harness's lead lightbox (page load, thank-you screen), with a business-mode email field.
  const record: PoptinRecord = {
    ...leadLightbox(POPTIN_ID),
    design: {
      blocks: [
        { type: 'title', text: 'Our industry report' },
        { type: 'form', fields: [{ name: 'poptinDesignInputTextFieldEmail', kind: 'email', label: 'Work email', required: true, mode: 'business-email' }], button: { text: BUTTON } },
      ],
      thank_you: [{ type: 'title', text: 'On its way' }],
    },
  };
  await e2e.putPoptin(e2e.addClient(CLIENT_ID), record);
});

const leads = () => e2e.server.sql.prepare('SELECT email FROM conversions WHERE poptin_id = ?').all(POPTIN_ID) as Array<{ email: string }>;

/** A fresh visitor on a page with the widget under a strict STRICT_CSP; the shards it downloads are recorded. */
async function visit() {
  const context = await e2e.browser.newContext();
  await context.route('**/business-page', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': STRICT_CSP },
      body: `<!doctype html><html lang="en"><head><title>Report</title><link rel="icon" href="data:,"><script src="/kite/widget.js" data-client-id="${CLIENT_ID}" async></script></head><body><p>Report</p></body></html>`,
    }),
  );
  const page = await context.newPage();
  const problems: string[] = [];
  const shards: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith(FORM.EMAIL_DOMAIN_PATH)) shards.push(path.slice(FORM.EMAIL_DOMAIN_PATH.length));
  });
  await page.goto(new URL('business-page', e2e.server.url).href);
  const dialog = page.locator('kite-poptin [role="dialog"]');
  const submit = async (address: string) => {
    await dialog.getByLabel('Work email').fill(address);
    await dialog.getByRole('button', { name: BUTTON }).click();
  };
  return { context, dialog, submit, problems, shards };
}

describe('business-email mode on a pop-up form', () => {
  for (const kind of ['disposable', 'free-mail'] as const) {
    it(`refuses a ${kind} address from the package lists with the spec's message, downloading only its shard`, async () => {
      const domain = fromPackage(kind);
      const { context, dialog, submit, problems, shards } = await visit();
      try {
        await submit(`someone@${domain}`);
        const error = dialog.locator('.message.error');
        await error.waitFor({ state: 'visible' });
        assert.equal((await error.innerText()).trim(), en.emailBusiness, `someone@${domain}`);
        assert.deepEqual(shards, [domainShard(domain)], 'one shard, the one of the domain');
        assert.deepEqual(leads(), [], 'no lead from a refused address');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }

  it('takes a company address: the lead is stored', async () => {
    const listed = new Set([...handLists, ...PACKAGE_LISTS.flatMap((list) => require(`${list.package}/${list.file}`) as string[])]);
    assert.ok(!listed.has(BUSINESS_DOMAIN), `${BUSINESS_DOMAIN} is on no list`);
    const { context, dialog, submit, problems, shards } = await visit();
    try {
      await submit(`ada@${BUSINESS_DOMAIN}`);
      await dialog.getByText('On its way').waitFor({ state: 'visible' });
      assert.deepEqual(shards, [domainShard(BUSINESS_DOMAIN)], 'its shard was read, not skipped');
      assert.deepEqual(leads(), [{ email: `ada@${BUSINESS_DOMAIN}` }]);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
