/**
 * The contract between what the browser sends and what the reference server takes (issue 15):
 * each payload (view, close, lead, contact message) is built by the browser's own builder,
 * posted to a real server on 127.0.0.1 with a real SQLite file, and must be accepted and stored as
 * sent. And the server checks each with the very schema (shared/api/schemas.ts) the builders are
 * typed by: a field renamed on either side fails here.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { keptLeadPayload, type CallSettings } from '../../../components/poptin/poptin.calls.ts';
import { closedPayload, viewedPayload, type VisitFacts } from '../../../components/poptin/poptin.stats.ts';
import { conversionPayload, type BrowserFacts } from '../../../components/poptin/poptin.lead.ts';
import { recordView } from '../../../shared/api/poptin-calls.ts';
import { encodeFields, sendLead } from '../../../shared/api/outbox-core.ts';
import {
  closedRequestSchema,
  contactRequestSchema,
  conversionRequestFields,
  conversionRequestSchema,
  viewedRequestSchema,
} from '../../../shared/api/schemas.ts';
import { FORM_KEY } from '../../../shared/constants/form-keys.ts';
import { contactPostBody } from '../../../shared/logic/contact.ts';
import { validate, type Schema } from '../../../shared/schema/validate.ts';
import type { FormValues } from '../../../machines/poptin/poptin.types.ts';
import { CONTACT_FORMS } from '../../../demo/server/routes/contact.ts';
// The form-encoded body as the server reads it: a repeated field becomes a list.
import { parseForm } from '../../../demo/server/http.ts';
import { call, harnessPerSuite, PLAIN, postJson } from './helpers.ts';

const h = harnessPerSuite();

const settings = (): CallSettings => ({
  api: h.base,
  clientId: 'demo-client',
  visitorId: 'visitor-contract-1',
  trigger: 'page_load',
  context: {
    referrer: 'https://search.example/?q=kite',
    previous_url: 'https://shop.example/previous',
    visited_pages: ['/', '/shoes'],
    store_integration: 'shopify',
    store_integration_customer_id: 'customer-7',
  },
});

/** What a mobile browser on the landing page tells the viewed and closed calls. */
const visit: VisitFacts = { url: 'https://shop.example/landing', mobile: true, convertedEmail: 'earlier@example.com' };

/** What the browser tells a lead. */
const browser: BrowserFacts = {
  url: 'https://shop.example/landing',
  title: 'Landing',
  referrer: 'https://direct.example/',
  origin_landing_page: 'https://shop.example/first',
  previous_visited_pages: '/old|/older',
  pop_urls: '/first|/landing',
  browser_language: 'en-GB',
  operating_system: 'Linux',
  last_converted_email: 'earlier@example.com',
  leader_request_cookie: 'lr-1',
};

/** The form's values, each under the key its field kind posts (FORM_KEY), and a custom field. */
const formValues = (): FormValues => ({
  [FORM_KEY.email]: 'ada@example.com',
  [FORM_KEY.first_name]: 'Ada',
  [FORM_KEY.last_name]: 'Lovelace',
  [FORM_KEY.phone]: '+972501234567',
  [FORM_KEY.checkbox]: '1',
  [FORM_KEY.checkbox_group]: ['news', 'offers'],
  [FORM_KEY.url]: 'http://ada.example',
  [FORM_KEY.date]: '01/07/2030',
  shirt_size: 'M',
  newExtraFields: JSON.stringify([{ type: 'select', name: 'Shirt size', value: 'M', property_name: 'shirt_size' }]),
});

/** The body as JSON carries it. */
const overJson = (body: object): Record<string, unknown> => JSON.parse(JSON.stringify(body));

/** The schema takes the body whole: nothing refused, and (where unnamed fields are dropped) nothing dropped. */
function assertSchemaTakes<T>(schema: Schema<T>, body: Record<string, unknown>): void {
  const result = validate(schema, body, 'body');
  assert.ok(result.ok, result.ok ? '' : result.error);
  assert.deepEqual(result.value, body, 'every field the browser sends is one the schema names');
}

/** The server refuses `broken` with the schema's own message: it validates with that schema. */
async function assertServerUsesSchema(schema: Schema<unknown>, answer: Promise<{ status: number; json: any }>, broken: unknown) {
  const expected = validate(schema, broken, 'body');
  assert.equal(expected.ok, false, 'the broken body breaks the schema');
  const res = await answer;
  assert.equal(res.status, 400);
  assert.equal(res.json.error, expected.ok ? null : expected.error);
}

describe('the browser payloads against the reference server', () => {
  test('a view: built by viewedPayload, sent by recordView, stored as sent, checked with viewedRequestSchema', async () => {
    const body = viewedPayload(PLAIN, settings(), 'page_load', visit);
    assertSchemaTakes(viewedRequestSchema, overJson(body));

    const viewId = await recordView(h.base, PLAIN.poptin_id, body);
    assert.ok(viewId, 'the view is taken');
    const row = (await h.server.db.one<Record<string, unknown>>('SELECT * FROM views WHERE id = ?', [viewId]))!;
    assert.deepEqual(
      {
        viewer_id: row.viewer_id,
        trigger: row.trigger,
        client_id: row.client_id,
        visitor_id: row.visitor_id,
        type: row.device_type,
        url: row.url,
        store_integration: row.store_integration,
        store_integration_customer_id: row.store_integration_customer_id,
        converted_email: row.converted_email,
      },
      overJson(body),
    );

    const { viewer_id: _dropped, ...broken } = body;
    await assertServerUsesSchema(viewedRequestSchema, postJson(h.base, `/api/display/viewed/${PLAIN.poptin_id}`, broken), broken);
  });

  test('a close: built by closedPayload, stored as sent, checked with closedRequestSchema', async () => {
    const body = closedPayload(settings(), 'x_click', visit);
    assertSchemaTakes(closedRequestSchema, overJson(body));

    const res = await postJson(h.base, `/api/display/closed/${PLAIN.poptin_id}`, body);
    assert.equal(res.status, 200);
    const row = (await h.server.db.one<Record<string, unknown>>('SELECT * FROM closes WHERE poptin_id = ? ORDER BY id DESC', [PLAIN.poptin_id]))!;
    assert.deepEqual(
      {
        client_id: row.client_id,
        url: row.url,
        close_trigger: row.close_trigger,
        converted_email: row.converted_email,
        store_integration: row.store_integration,
        store_integration_customer_id: row.store_integration_customer_id,
      },
      overJson(body),
    );

    const broken = { ...body, converted_email: 'not an address' };
    await assertServerUsesSchema(closedRequestSchema, postJson(h.base, `/api/display/closed/${PLAIN.poptin_id}`, broken), broken);
  });

  test('a lead: built by conversionPayload, sent by the outbox, every field stored as sent, the named ones read by the server', async () => {
    const values = formValues();
    const payload = conversionPayload(PLAIN, settings(), values, 'view-contract-1', null, browser);
    for (const key of Object.keys(payload)) {
      if (!(key in values)) assert.ok(Object.hasOwn(conversionRequestFields, key), `the schema names ${key}`);
    }
    for (const key of Object.values(FORM_KEY)) assert.ok(Object.hasOwn(conversionRequestFields, key), `the schema names the form key ${key}`);

    const result = await sendLead(`${h.base}/api/display/conversion/${PLAIN.viewer_id}`, payload);
    assert.equal(result.status, 'sent');
    const conversionId = result.status === 'sent' ? result.conversionId : null;
    const row = (await h.server.db.one<Record<string, string>>('SELECT * FROM conversions WHERE id = ?', [conversionId]))!;
    const { conversion_key: key, ...stored } = JSON.parse(row.fields_json) as Record<string, unknown>;
    assert.ok(key, 'the outbox gave the lead its key');
    assert.deepEqual(stored, payload, 'every field as sent');
    assertSchemaTakes(conversionRequestSchema, { ...payload, conversion_key: key });
    // The fields the server reads for its own columns, by the keys the form posts.
    assert.deepEqual(
      { email: row.email, name: row.name, phone: row.phone, url: row.url, visitor_id: row.visitor_id, poptin_view_id: row.poptin_view_id },
      {
        email: values[FORM_KEY.email],
        name: `${values[FORM_KEY.first_name]} ${values[FORM_KEY.last_name]}`,
        phone: values[FORM_KEY.phone],
        url: browser.url,
        visitor_id: settings().visitorId,
        poptin_view_id: 'view-contract-1',
      },
    );

    const broken = encodeFields({ ...payload, conversion_key: 'contract-broken-1', [FORM_KEY.email]: 'not an address' });
    const refused = call(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, { method: 'POST', body: new URLSearchParams(broken) });
    await assertServerUsesSchema(conversionRequestSchema, refused, parseForm(broken));
  });

  test('a lead kept for the next page (its code could not load) names only fields the schema names and is stored as sent', async () => {
    const values = formValues();
    const payload = keptLeadPayload(PLAIN, values, settings(), browser.url);
    for (const key of Object.keys(payload)) {
      if (!(key in values)) assert.ok(Object.hasOwn(conversionRequestFields, key), `the schema names ${key}`);
    }
    const result = await sendLead(`${h.base}/api/display/conversion/${PLAIN.viewer_id}`, payload);
    assert.equal(result.status, 'sent');
    const row = (await h.server.db.one<Record<string, string>>('SELECT * FROM conversions WHERE id = ?', [result.status === 'sent' ? result.conversionId : null]))!;
    const { conversion_key: _key, ...stored } = JSON.parse(row.fields_json) as Record<string, unknown>;
    assert.deepEqual(stored, payload);
    assert.equal(row.visitor_id, settings().visitorId);
  });

  test('a contact message: built by contactPostBody from the demo form, stored as sent, checked with contactRequestSchema', async () => {
    const typed: Record<string, string> = {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+49 30 1234567',
      company: 'Analytical Engines',
      quantity: '12',
      message: 'Hello',
      privacy: 'on',
      human: '8',
      human_verifier: '3a8f92',
      form_id: '1',
    };
    assert.deepEqual(
      CONTACT_FORMS['1']!.map(({ name }) => name).filter((name) => !(name in typed)),
      [],
      'the message fills every field the server checks on form 1',
    );
    const body = contactPostBody(Object.entries(typed), { customSend: false, mailingList: true });
    assertSchemaTakes(contactRequestSchema, parseForm(body));

    const res = await call(h.base, '/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body,
    });
    assert.equal(res.status, 200, res.text);
    const row = (await h.server.db.one<{ form_id: string; fields_json: string }>('SELECT * FROM contact_messages ORDER BY id DESC'))!;
    assert.equal(row.form_id, '1');
    assert.deepEqual(JSON.parse(row.fields_json), parseForm(body));

    const broken = `${body}&${'x'.repeat(200)}=1`;
    const refused = call(h.base, '/contact', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: broken });
    await assertServerUsesSchema(contactRequestSchema, refused, parseForm(broken));
  });
});
