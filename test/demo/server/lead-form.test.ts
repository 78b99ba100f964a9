/** The reference server's part of the lead form (issue 5): the domain shards and every form field stored. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FORM } from '../../../shared/constants/widget.ts';
import { domainShard, shardDomains } from '../../../shared/logic/email-domains.ts';
import { readDomainLists } from '../../../demo/server/email-domains.ts';
import { adminHeaders, call, conversionForm, harnessPerSuite, PLAIN } from './helpers.ts';

const h = harnessPerSuite();

describe('GET /api/display/email-domains/{shard}', () => {
  test("answers a domain's shard, holding the domain, cacheable, with CORS", async () => {
    const shard = domainShard('mailinator.com');
    const res = await call(h.base, `${FORM.EMAIL_DOMAIN_PATH}${shard}`, { headers: { Origin: 'https://shop.example' } });
    assert.equal(res.status, 200);
    assert.equal(res.json.shard, shard);
    assert.ok(res.json.domains.includes('mailinator.com'));
    assert.ok(res.json.domains.every((domain: string) => domainShard(domain) === shard), 'only domains of that shard');
    assert.equal(res.headers.get('cache-control'), `public, max-age=${FORM.EMAIL_DOMAIN_CACHE_S}`);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
  });

  test("every hand-listed domain is served in its shard, beside the package lists' domains", async () => {
    const lists = readDomainLists();
    assert.ok(lists.includes('gmail.com') && lists.includes('yopmail.com'));
    const shard = domainShard('gmail.com');
    const res = await call(h.base, `${FORM.EMAIL_DOMAIN_PATH}${shard}`);
    const hand = shardDomains(lists).get(shard)!;
    assert.ok(hand.every((domain) => res.json.domains.includes(domain)), 'the hand list is kept');
    assert.ok(res.json.domains.length > hand.length, 'merged with the package lists');
  });

  test('anything that is not a shard id is a 404', async () => {
    for (const bad of ['zz', 'abc', 'A1', '0']) {
      const res = await call(h.base, `${FORM.EMAIL_DOMAIN_PATH}${bad}`);
      assert.equal(res.status, 404, bad);
    }
  });
});

describe('POST /api/display/conversion/{viewer_id}: the lead form fields', () => {
  test('every field kind and the custom fields are stored with the lead, a checkbox group as a list', async () => {
    const extra = [
      { id: 77, type: 'select', name: 'Shirt size', placeholder: '', value: 'M', created_as: 'custom', created_version: 2, property_name: 'shirt_size' },
    ];
    const form = new URLSearchParams({
      ...conversionForm(PLAIN, 'key-form-fields-1', { email: 'ada@example.com' }),
      name: 'Ada Lovelace',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+972501234567',
      message: 'Hello',
      checkbox_checked: '1',
      gender: 'f',
      country: 'IL',
      state: 'Haifa District',
      city: 'Haifa',
      address: '1 Herzl St',
      zip_postal_code: '3100000',
      birthday: '10/12/1990',
      date: '01/07/2030',
      website: 'http://example.com',
      radio: 'a',
      select: 'b',
      hidden: 'spring-campaign',
      shirt_size: 'M',
      previous_visited_pages: '/a|/b',
      newExtraFields: JSON.stringify(extra),
    });
    form.append('preferences', 'news');
    form.append('preferences', 'offers');
    const res = await call(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, { method: 'POST', body: form });
    assert.equal(res.status, 200);
    assert.equal(res.json.success, true);

    const leads = await call(h.base, '/api/admin/leads', { headers: adminHeaders() });
    const lead = leads.json.leads.find((row: { conversion_id: string }) => row.conversion_id === res.json.conversion_id);
    assert.equal(lead.email, 'ada@example.com');
    assert.equal(lead.phone, '+972501234567');
    for (const [key, value] of form) {
      if (key === 'preferences' || key === 'newExtraFields') continue;
      assert.equal(lead.fields[key], value, key);
    }
    assert.deepEqual(lead.fields.preferences, ['news', 'offers']);
    assert.deepEqual(lead.new_extra_fields, extra);
  });
});
