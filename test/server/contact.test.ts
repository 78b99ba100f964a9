/** The demo contact form's endpoint and the owner's view of its messages. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CONTACT_FRAGMENT } from '../../demo/server/routes/contact.ts';
import { adminHeaders, call, postJson, startHarness, type Harness } from './helpers.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.stop();
});

const send = (fields: Record<string, string>) => call(h.base, '/contact', { method: 'POST', body: new URLSearchParams(fields) });

describe('POST /contact', () => {
  test('stores the message and answers the success fragment', async () => {
    const res = await send({ form_id: '1', name: 'Ada', email: 'ada@example.com', message: '<b>hi</b>', ajax: 'true' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(res.text, CONTACT_FRAGMENT.SUCCESS);
    const list = await call(h.base, '/api/admin/contact-messages', { headers: adminHeaders() });
    assert.equal(list.status, 200);
    assert.equal(list.json.messages.length, 1);
    assert.equal(list.json.messages[0].form_id, '1');
    assert.deepEqual(list.json.messages[0].fields, { form_id: '1', name: 'Ada', email: 'ada@example.com', message: '<b>hi</b>', ajax: 'true' });
  });

  test('a form with nothing typed is refused with the error fragment and stores nothing', async () => {
    const res = await send({ form_id: '1', ajax: 'true', name: '  ' });
    assert.equal(res.status, 400);
    assert.equal(res.text, CONTACT_FRAGMENT.EMPTY);
    const list = await call(h.base, '/api/admin/contact-messages', { headers: adminHeaders() });
    assert.equal(list.json.messages.length, 1);
  });

  test('JSON works, nested values are refused, the owner list needs the token', async () => {
    assert.equal((await postJson(h.base, '/contact', { message: 'json' })).status, 200);
    const nested = await postJson(h.base, '/contact', { message: { a: 1 } });
    assert.equal(nested.status, 400);
    assert.match(nested.json.error, /^message: /);
    assert.equal((await call(h.base, '/api/admin/contact-messages')).status, 401);
    assert.equal((await call(h.base, '/contact')).status, 405);
  });
});
