/** The demo contact form's endpoint (spec section 7 "Contact form send") and the owner's view of its messages. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CONTACT_FORMS,
  CONTACT_TEXT,
  contactCheckMessage,
  contactErrorFragment,
  contactSuccessFragment,
} from '../../../demo/server/routes/contact.ts';
import { DEMO_CSP, REQUIRE_TRUSTED_TYPES } from '../../../demo/server/constants.ts';
import { CONTACT_POST, contactErrorId, contactPostBody, contactResponseId } from '../../../shared/logic/contact.ts';
import { adminHeaders, call, harnessPerSuite, postJson, startHarness } from './helpers.ts';

const h = harnessPerSuite();

/** A post as `kite-contact-form` sends it (its contactPostBody): URL-encoded with encodeURIComponent, the ajax flag last. */
const ajax = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  call(h.base, '/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8', ...headers },
    body: contactPostBody(Object.entries(fields), { customSend: false, mailingList: false }),
  });
/** A post as the browser sends the form without JavaScript. */
const plain = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  call(h.base, '/contact', { method: 'POST', headers, body: new URLSearchParams(fields) });

async function messages(): Promise<Array<{ form_id: string | null; fields: Record<string, string> }>> {
  const list = await call(h.base, '/api/admin/contact-messages', { headers: adminHeaders() });
  assert.equal(list.status, 200);
  return list.json.messages;
}

/** The demo form (id 1), filled in validly. */
const DEMO = {
  [CONTACT_POST.FORM_ID_FIELD]: '1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0018',
  company: '',
  quantity: '1200',
  message: '<b>Hello</b> & goodbye',
  privacy: 'true',
  human_verifier: '3a8f92',
  human: '8',
};

describe('POST /contact', () => {
  test('an ajax post is stored and answered with the response container keyed by the form id', async () => {
    const res = await ajax({ ...DEMO, [CONTACT_POST.MAILING_LIST_FLAG]: 'true' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.text, contactSuccessFragment('1'));
    assert.equal(
      res.text,
      `<div id="${contactResponseId('1')}" class="ajaxresponse ajaxresponse_1"><h3 class="avia-form-success">${CONTACT_TEXT.SUCCESS}</h3></div>`,
    );
    const [stored] = await messages();
    assert.equal(stored!.form_id, '1');
    assert.deepEqual(stored!.fields, { ...DEMO, [CONTACT_POST.MAILING_LIST_FLAG]: 'true', [CONTACT_POST.AJAX_FLAG]: 'true' });
  });

  test('checks the known form again: required fields and the e-mail pattern; 400 with the error container, nothing stored', async () => {
    const before = (await messages()).length;
    const res = await ajax({ ...DEMO, name: '  ', email: 'ada@example', quantity: '-3', privacy: '', human: '3' });
    assert.equal(res.status, 400);
    assert.equal(res.text, contactErrorFragment('1', contactCheckMessage(['Name', 'E-Mail', 'Units per year', 'Privacy policy', 'Human check'])));
    assert.equal(
      res.text,
      `<div id="${contactErrorId('1')}" class="avia-form-error"><p>Please check the following field(s): Name, E-Mail, Units per year, Privacy policy, Human check.</p></div>`,
    );
    const noVerifier = await ajax({ ...DEMO, human_verifier: '' });
    assert.equal(noVerifier.text, contactErrorFragment('1', contactCheckMessage(['Human check'])), 'no verifier, no pass');
    // A field the post leaves out entirely counts as empty (an unchecked box is not sent without JavaScript).
    const { message: _left, ...withoutMessage } = DEMO;
    const missing = await ajax(withoutMessage);
    assert.equal(missing.status, 400);
    assert.match(missing.text, /Message\.<\/p>/);
    assert.equal((await messages()).length, before);
    assert.deepEqual(
      CONTACT_FORMS['1']!.map(({ name }) => name),
      ['name', 'email', 'phone', 'company', 'quantity', 'message', 'privacy', 'human'],
      'the fields of demo/public/contact.html',
    );
  });

  test("takes the form id from the theme's avia_generated_form field", async () => {
    const { [CONTACT_POST.FORM_ID_FIELD]: _id, ...fields } = DEMO;
    const res = await ajax({ ...fields, avia_generated_form1: '1', email: 'nope' });
    assert.equal(res.status, 400);
    assert.equal(res.text, contactErrorFragment('1', contactCheckMessage(['E-Mail'])));
  });

  test('another form: at least one typed field, e-mail-named fields must hold an address, fragments unkeyed without an id', async () => {
    const empty = await ajax({ name: ' ', [CONTACT_POST.MAILING_LIST_FLAG]: 'true' });
    assert.equal(empty.status, 400);
    assert.equal(empty.text, contactErrorFragment(null, CONTACT_TEXT.EMPTY));
    assert.equal(empty.text, `<div class="avia-form-error"><p>${CONTACT_TEXT.EMPTY}</p></div>`);

    const badEmail = await ajax({ [CONTACT_POST.FORM_ID_FIELD]: 'newsletter', your_email: 'x@y' });
    assert.equal(badEmail.status, 400);
    assert.equal(badEmail.text, contactErrorFragment('newsletter', contactCheckMessage(['your_email'])));

    const ok = await ajax({ note: 'Call me' });
    assert.equal(ok.status, 200);
    assert.equal(ok.text, contactSuccessFragment(null));
    assert.equal((await messages())[0]!.form_id, null);
  });

  test('a field name echoed in an error is HTML-escaped', async () => {
    const res = await ajax({ '<img src=x onerror=alert(1)>_email': 'nope' });
    assert.equal(res.status, 400);
    assert.ok(!res.text.includes('<img'), res.text);
    assert.match(res.text, /&lt;img src=x onerror=alert\(1\)&gt;_email/);
  });

  test('a form id that cannot key an id is refused', async () => {
    const res = await ajax({ [CONTACT_POST.FORM_ID_FIELD]: '"><script>', name: 'x' });
    assert.equal(res.status, 400);
    assert.match(res.json.error, /^form_id: /);
    const long = await ajax({ [CONTACT_POST.FORM_ID_FIELD]: 'a'.repeat(65), name: 'x' });
    assert.equal(long.status, 400);
  });

  test('a post without JavaScript gets a whole page under the strict CSP, with a link back to the form', async () => {
    const res = await plain({ ...DEMO, privacy: 'on' }, { Referer: `${h.base}/contact.html?from=menu` });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-security-policy'), DEMO_CSP);
    assert.match(res.text, /^<!doctype html>/);
    assert.ok(res.text.includes(contactSuccessFragment('1')));
    assert.ok(res.text.includes(`<a href="/contact.html?from=menu">${CONTACT_TEXT.BACK}</a>`));
    assert.equal((await messages())[0]!.fields.privacy, 'on');

    const refused = await plain({ ...DEMO, email: '' }, { Referer: 'https://elsewhere.example/phish' });
    assert.equal(refused.status, 400);
    assert.ok(refused.text.includes(contactErrorFragment('1', contactCheckMessage(['E-Mail']))));
    assert.ok(refused.text.includes(`<a href="/">${CONTACT_TEXT.BACK}</a>`), 'a foreign referrer is not linked');
  });

  test("a server whose pages require Trusted Types answers a post without JavaScript under that same policy", async () => {
    const strict = await startHarness(undefined, { trustedTypes: true });
    try {
      const res = await call(strict.base, '/contact', { method: 'POST', body: new URLSearchParams({ ...DEMO, privacy: 'on' }) });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-security-policy'), `${DEMO_CSP}; ${REQUIRE_TRUSTED_TYPES}`);
    } finally {
      await strict.stop();
    }
  });

  test('JSON works, nested values are refused, the owner list needs the token, GET is not allowed', async () => {
    const json = await postJson(h.base, '/contact', { message: 'json', [CONTACT_POST.AJAX_FLAG]: true });
    assert.equal(json.status, 200);
    assert.equal(json.text, contactSuccessFragment(null));
    const nested = await postJson(h.base, '/contact', { message: { a: 1 } });
    assert.equal(nested.status, 400);
    assert.match(nested.json.error, /^message: /);
    assert.equal((await call(h.base, '/api/admin/contact-messages')).status, 401);
    assert.equal((await call(h.base, '/contact')).status, 405);
  });
});
