// Redirect addresses (widget spec sections 4 "Redirect" and 5): completed, kept or refused.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { redirectUrl, redirectWithFormData } from '../../../shared/logic/redirect.ts';

describe('redirectUrl', () => {
  it('adds http:// to an address without a scheme', () => {
    assert.equal(redirectUrl('example.com/sale'), 'http://example.com/sale');
    assert.equal(redirectUrl('  www.example.com  '), 'http://www.example.com');
    assert.equal(redirectUrl('example.com:8080/x'), 'http://example.com:8080/x');
  });

  it('keeps http, https, tel, sms, mailto, paths and //host', () => {
    for (const url of ['https://example.com/a?b=1#c', 'http://example.com', 'tel:+15550100', 'sms:+15550100', 'mailto:ada@example.com', '/thanks', '?step=2', '#done', '//cdn.example.com/x']) {
      assert.equal(redirectUrl(url), url, url);
    }
  });

  it('on a mobile pop-up, digits and phone symbols become tel:', () => {
    assert.equal(redirectUrl('+1 (555) 010-9999', { mobile: true }), 'tel:+15550109999');
    assert.equal(redirectUrl('*3#', { mobile: true }), 'tel:*3%23');
    assert.equal(redirectUrl('+1 (555) 010-9999'), 'http://+1 (555) 010-9999', 'not on other pop-ups');
    assert.equal(redirectUrl('example.com', { mobile: true }), 'http://example.com');
  });

  it('never follows javascript:, data:, vbscript: or an unknown scheme, however disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' \tjava\nscript:alert(1)',
      'java\u200bscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com',
      '',
      '   ',
      42,
      null,
    ]) {
      assert.equal(redirectUrl(url), null, String(url));
      assert.equal(redirectUrl(url, { mobile: true }), null, String(url));
    }
  });

  it('never throws, and normalising twice changes nothing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom('tel:1', 'mailto:a@b.c', '/x', '1 2 3')), fc.boolean(), (url, mobile) => {
        const once = redirectUrl(url, { mobile });
        if (once !== null) assert.equal(redirectUrl(once, { mobile }), once);
        if (once !== null) assert.ok(!/^\s*(javascript|data|vbscript):/i.test(once));
      }),
    );
  });
});

describe('redirectWithFormData', () => {
  it('adds the values to the query, before the fragment', () => {
    assert.equal(redirectWithFormData('https://example.com/thanks', { email: 'ada@example.com', name: 'Ada L' }), 'https://example.com/thanks?email=ada%40example.com&name=Ada+L');
    assert.equal(redirectWithFormData('https://example.com/t?x=1#top', { email: 'a@b.c' }), 'https://example.com/t?x=1&email=a%40b.c#top');
    assert.equal(redirectWithFormData('/t?', { a: '1' }), '/t?a=1');
  });

  it('leaves tel:, sms:, mailto: and an empty form alone', () => {
    assert.equal(redirectWithFormData('tel:+1555', { a: '1' }), 'tel:+1555');
    assert.equal(redirectWithFormData('mailto:a@b.c', { a: '1' }), 'mailto:a@b.c');
    assert.equal(redirectWithFormData('https://example.com', {}), 'https://example.com');
  });
});
