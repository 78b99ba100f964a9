// End to end: the demo contact page served by the reference server, driven in real Chromium, as a
// visitor (mouse, keyboard, touch, and without JavaScript) and the site owner would use it. The real
// round trip of kite-contact-form: its post, the server's checks and fragment, the message stored.
// Needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type BrowserContextOptions, type Page } from 'playwright-core';
import { newVisitor, requireTrustedTypes, serverAndBrowser } from './harness.ts';
import { CONTACT_TEXT } from '../../demo/server/routes/contact.ts';
import { en } from '../messages.ts';
import { CONTACT_FIELDS_WITH_ERROR_DEFAULT, CONTACT_POST } from '../../shared/logic/contact.ts';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';
const e2e = serverAndBrowser('e2e-contact', ADMIN_TOKEN, undefined, { demoPoptins: true });

/** An address on the test server (its url ends with a slash). */
const at = (path: string) => e2e.at(path);

async function messages(): Promise<Array<{ form_id: string | null; fields: Record<string, string> }>> {
  const response = await fetch(at('api/admin/contact-messages'), { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  assert.equal(response.status, 200);
  return ((await response.json()) as { messages: Array<{ form_id: string | null; fields: Record<string, string> }> }).messages;
}

const visitor = (options: BrowserContextOptions = {}) => newVisitor(e2e.browser, options);

const quote = (page: Page) => page.locator('kite-contact-form').first();
const summary = (page: Page) => quote(page).locator('[part~="summary"]');
/** The element took its form over (it marks the form `novalidate` once its listeners are in place). */
const enhanced = (page: Page) => quote(page).locator('form[novalidate]').waitFor({ state: 'attached' });

async function fillValid(page: Page, overrides: Record<string, string> = {}) {
  const form = quote(page);
  const values: Record<string, string> = {
    Name: 'Jürgen Müller',
    'E-Mail': 'juergen@example.com',
    Phone: '+49 30 1234-567',
    'Units per year': '1200',
    Message: 'A quote for 1,200 units & spares, please.',
    'Let us know you are human': '8',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: false }).first().fill(value);
  await form.getByLabel('I agree that my details are used').check();
}

describe('the demo contact page', () => {
  it('is linked from the demo home page', async () => {
    const { context, page } = await visitor();
    await page.goto(at(''));
    await page.getByRole('link', { name: 'Contact page' }).click();
    await page.waitForURL(/\/contact\.html$/);
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Contact us');
    await context.close();
  });

  it('checks the fields, sends the message, shows the answer in place of the form, and the owner finds it stored', async () => {
    const { context, page, problems } = await visitor();
    await page.goto(at('contact.html'));
    await enhanced(page);
    const send = quote(page).getByRole('button', { name: 'Send message' });

    // Nothing filled in: the spec's message with the labels, nothing sent.
    let posts = 0;
    page.on('request', (request) => request.method() === 'POST' && posts++);
    await send.click();
    await summary(page).getByText(CONTACT_FIELDS_WITH_ERROR_DEFAULT).waitFor();
    assert.equal(
      await summary(page).innerText(),
      `${CONTACT_FIELDS_WITH_ERROR_DEFAULT}Name, E-Mail, Phone, Units per year, Message, I agree that my details are used to answer my request, Let us know you are human`,
    );
    assert.equal(await quote(page).getByLabel('Name').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator('#element_email').getAttribute('class'), 'form_element form_element_half error');
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement).name), 'name', 'focus on the first failing field');
    assert.equal(posts, 0);

    await fillValid(page);
    await send.click();
    const answer = page.locator('#ajaxresponse_1');
    await answer.getByText(CONTACT_TEXT.SUCCESS).waitFor();
    await quote(page).locator('form').waitFor({ state: 'hidden' });
    assert.equal(posts, 1);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'ajaxresponse_1', 'focus on the answer');

    const [stored] = await messages();
    assert.equal(stored!.form_id, '1');
    assert.equal(stored!.fields.name, 'Jürgen Müller', 'umlauts survive the URL encoding');
    assert.equal(stored!.fields.message, 'A quote for 1,200 units & spares, please.');
    assert.equal(stored!.fields.privacy, 'true');
    assert.equal(stored!.fields[CONTACT_POST.AJAX_FLAG], 'true');
    assert.deepEqual(problems, [], 'no console error, no CSP violation');
    await context.close();
  });

  it('under Trusted Types, reports a stored message as sent and stores it once (the answer is parsed through the kite policy)', async () => {
    const { context, page, problems } = await visitor();
    await requireTrustedTypes(context, at('contact.html'));
    await page.goto(at('contact.html'));
    await enhanced(page);
    let posts = 0;
    page.on('request', (request) => request.method() === 'POST' && posts++);
    await fillValid(page, { 'E-Mail': 'trusted@example.com' });
    await quote(page).getByRole('button', { name: 'Send message' }).click();
    await page.locator('#ajaxresponse_1').getByText(CONTACT_TEXT.SUCCESS).waitFor();
    await quote(page).locator('form').waitFor({ state: 'hidden' });
    assert.equal(await quote(page).locator('.kite-contact-form-error').count(), 0, 'no failure shown');
    assert.equal(posts, 1);
    assert.equal((await messages()).filter((message) => message.fields.email === 'trusted@example.com').length, 1, 'stored exactly once');
    assert.deepEqual(problems, [], 'no console error, no Trusted Types violation');
    await context.close();
  });

  it('shows the server’s error container when its checks refuse the message, then sends once fixed', async () => {
    const { context, page, problems } = await visitor();
    await page.goto(at('contact.html'));
    await enhanced(page);
    // A theme that forgot the check class: only the server catches the address.
    await page.locator('#email').evaluate((input) => input.classList.remove('is_email'));
    await fillValid(page, { 'E-Mail': 'juergen@example' });
    const send = quote(page).getByRole('button', { name: 'Send message' });
    await send.click();
    const error = quote(page).locator('.kite-contact-form-error');
    await error.getByText('Please check the following field(s): E-Mail.').waitFor();
    assert.equal(await error.getAttribute('role'), 'alert');
    assert.equal(await send.inputValue(), 'Send message', 'the button is restored');
    assert.equal(await send.getAttribute('aria-disabled'), null);
    assert.equal((await messages()).filter((message) => message.fields.email === 'juergen@example').length, 0, 'nothing stored');

    await quote(page).getByLabel('E-Mail').fill('juergen@example.de');
    await send.click();
    await page.locator('#ajaxresponse_1').getByText(CONTACT_TEXT.SUCCESS).waitFor();
    assert.equal(await error.count(), 0);
    assert.equal((await messages())[0]!.fields.email, 'juergen@example.de');
    // The browser logs the refused post itself; nothing else went wrong.
    assert.deepEqual(problems, ['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await context.close();
  });

  it('works with the keyboard alone', async () => {
    const { context, page } = await visitor();
    await page.goto(at('contact.html'));
    await enhanced(page);
    await quote(page).getByLabel('Name').focus();
    await page.keyboard.type('Keyboard User');
    for (const text of ['kb@example.com', '0113 496 0000', '', '50', 'Keys only.']) {
      await page.keyboard.press('Tab');
      if (text) await page.keyboard.type(text);
    }
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // privacy
    await page.keyboard.press('Tab');
    await page.keyboard.type('8'); // human check
    await page.keyboard.press('Enter'); // implicit submit from a text field
    await page.locator('#ajaxresponse_1').getByText(CONTACT_TEXT.SUCCESS).waitFor();
    assert.equal((await messages())[0]!.fields.name, 'Keyboard User');
    await context.close();
  });

  it('works by touch on a phone', async () => {
    const { context, page } = await visitor({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    await page.goto(at('contact.html'));
    await enhanced(page);
    await fillValid(page, { Name: 'Touch User' });
    await quote(page).getByRole('button', { name: 'Send message' }).tap();
    await page.locator('#ajaxresponse_1').getByText(CONTACT_TEXT.SUCCESS).waitFor();
    assert.equal((await messages())[0]!.fields.name, 'Touch User');
    await context.close();
  });

  it('goes to the redirect address after a successful send', async () => {
    const { context, page } = await visitor();
    await page.goto(at('contact.html'));
    await enhanced(page);
    await quote(page).evaluate((element) => element.setAttribute('redirect', '/?sent=1'));
    await fillValid(page, { Name: 'Redirected User' });
    await quote(page).getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(/\/\?sent=1$/);
    assert.equal((await messages())[0]!.fields.name, 'Redirected User');
    await context.close();
  });

  it('sends the newsletter form with the mailing-list flag', async () => {
    const { context, page } = await visitor();
    await page.goto(at('contact.html'));
    const news = page.locator('kite-contact-form[mailing-list]');
    await news.locator('form[novalidate]').waitFor({ state: 'attached' });
    await news.getByLabel('Your e-mail').fill('not-an-address');
    await news.getByRole('button', { name: 'Subscribe' }).click();
    assert.equal(await news.locator('.kite-contact-form-message').innerText(), en.contactEmail);
    await news.getByLabel('Your e-mail').fill('news@example.com');
    await news.getByRole('button', { name: 'Subscribe' }).click();
    await news.getByText(CONTACT_TEXT.SUCCESS).waitFor();
    const [stored] = await messages();
    assert.equal(stored!.form_id, 'newsletter');
    assert.equal(stored!.fields.newsletter_email, 'news@example.com');
    assert.equal(stored!.fields[CONTACT_POST.MAILING_LIST_FLAG], 'true');
    await context.close();
  });

  it('without JavaScript the form is a normal post, answered with a whole page', async () => {
    const { context, page, problems } = await visitor({ javaScriptEnabled: false });
    await page.goto(at('contact.html'));
    await fillValid(page, { Name: 'No Script' });
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(/\/contact$/);
    await page.getByText(CONTACT_TEXT.SUCCESS).waitFor();
    assert.equal(await page.getByRole('link', { name: CONTACT_TEXT.BACK }).getAttribute('href'), '/contact.html');
    const [stored] = await messages();
    assert.equal(stored!.fields.name, 'No Script');
    assert.equal(stored!.fields.privacy, 'on', 'the browser’s own checkbox value');
    assert.equal(stored!.fields[CONTACT_POST.AJAX_FLAG], undefined);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
