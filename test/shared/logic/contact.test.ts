import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { captchaAnswer, contactErrorMessage, contactRulesOf, CONTACT_FIELDS_WITH_ERROR_DEFAULT, encodeContactFields, failedContactRule, safeRedirectUrl } from '../../../shared/logic/contact.ts';
import { CONTACT_RULES, validateContactField, type ContactRule } from '../../../shared/logic/index.ts';
import { CONTACT_FORM } from '../../../shared/constants/site.ts';

const { EMAIL_TLD_MIN_LETTERS: TLD_MIN, EMAIL_TLD_MAX_LETTERS: TLD_MAX, PHONE_MIN_CHARS } = CONTACT_FORM;
const EMAIL_RULES = ['is_email', 'is_ext_email', 'is_special_email'] as const;

const accepts = (rule: ContactRule, values: string[]) => {
  for (const value of values) assert.equal(validateContactField(value, rule), true, `${rule} accepts ${JSON.stringify(value)}`);
};
const refuses = (rule: ContactRule, values: string[]) => {
  for (const value of values) assert.equal(validateContactField(value, rule), false, `${rule} refuses ${JSON.stringify(value)}`);
};

/** Letters, digits, `_`: the characters every e-mail check accepts in both parts. */
const word = fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/);
const tld = (min: number, max: number) => fc.stringMatching(new RegExp(`^[A-Za-z]{${min},${max}}$`));

describe('validateContactField', () => {
  it('is_empty: refuses empty and white space, accepts anything else', () => {
    refuses('is_empty', ['', ' ', '\t\n ']);
    accepts('is_empty', ['a', ' 0 ', 'false']);
  });

  it(`is_email: a basic address whose top-level domain has ${TLD_MIN} to ${TLD_MAX} letters`, () => {
    accepts('is_email', ['ada@example.com', 'a.b-c_d@mail.example.co', `x@y.${'a'.repeat(TLD_MAX)}`, `x@y.${'a'.repeat(TLD_MIN)}`]);
    refuses('is_email', [
      '',
      'plain',
      'a@b',
      `x@y.${'a'.repeat(TLD_MIN - 1)}`,
      `x@y.${'a'.repeat(TLD_MAX + 1)}`,
      'x@y.c0m',
      'a b@c.com',
      'a@@b.com',
      'a|b@c.com', // the theme's pattern let a | through
      'a@b..com',
      'müller@example.de',
      "o'brien@example.com",
      ' ada@example.com',
    ]);
  });

  it('is_ext_email: also umlauts, on both sides of the @', () => {
    accepts('is_ext_email', ['müller@example.de', 'ÄÖÜ.äöü@bücher.de', 'ada@example.com']);
    refuses('is_ext_email', ['straße@example.de', "o'brien@example.com", 'a@b', `x@y.${'a'.repeat(TLD_MAX + 1)}`]);
  });

  it('is_special_email: a wider local part', () => {
    accepts('is_special_email', ["o'brien@example.com", 'a+tag@example.com', "!#$%&'*+-/=?^_`{|}~@example.com", 'straße@example.de']);
    refuses('is_special_email', ['a b@example.com', 'a@b@example.com', '(x)@example.com', 'a@b', 'a@example.c']);
  });

  it('every e-mail check: any word@word.tld within the bounds passes, a top-level domain out of bounds fails', () => {
    fc.assert(
      fc.property(word, word, tld(TLD_MIN, TLD_MAX), (local, host, top) => {
        for (const rule of EMAIL_RULES) assert.equal(validateContactField(`${local}@${host}.${top}`, rule), true, rule);
      }),
    );
    fc.assert(
      fc.property(word, word, fc.oneof(tld(1, TLD_MIN - 1), tld(TLD_MAX + 1, TLD_MAX + 5)), (local, host, top) => {
        for (const rule of EMAIL_RULES) assert.equal(validateContactField(`${local}@${host}.${top}`, rule), false, rule);
      }),
    );
  });

  it(`is_phone: at least ${PHONE_MIN_CHARS} characters of digits, spaces, phone punctuation and extension letters`, () => {
    accepts('is_phone', [
      '123',
      '+49 (0)30 1234-567',
      '030/123 45 67',
      '[555] 010.9999',
      '555 0101 x12',
      '555 0101 ext. 12',
      '555 0101 Extension 12',
      '1_2,3:4;5',
    ]);
    refuses('is_phone', ['', '12', '1'.repeat(PHONE_MIN_CHARS - 1), '555-CALL', 'phone 123', '---', '   ', 'ext', '+1 555 #12']);
  });

  it('is_phone: any digits and punctuation long enough pass', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d[\d \-/().+]*$/), (value) => {
        assert.equal(validateContactField(value, 'is_phone'), value.length >= PHONE_MIN_CHARS);
      }),
    );
  });

  it('is_number: optional minus, integer or decimal with a dot or a comma', () => {
    accepts('is_number', ['0', '7', '-7', '12.5', '12,5', '-0,25', '1000000']);
    refuses('is_number', ['', '-', '+7', '007', '1.', '.5', '1,2,3', '1 000', '1e5', '0x10', 'seven', ' 7']);
    fc.assert(
      fc.property(fc.integer(), fc.option(fc.nat(), { nil: undefined }), fc.constantFrom('.', ','), (whole, fraction, mark) => {
        const value = fraction === undefined ? String(whole) : `${whole}${mark}${fraction}`;
        assert.equal(validateContactField(value, 'is_number'), true, value);
      }),
    );
  });

  it('is_positiv_number: a number that is not negative', () => {
    accepts('is_positiv_number', ['0', '3', '3.5', '3,5', '-0']);
    refuses('is_positiv_number', ['', '-1', '-0.5', '-0,01', 'abc', '1e3', '+3']);
    fc.assert(
      fc.property(fc.integer(), (value) => {
        assert.equal(validateContactField(String(value), 'is_positiv_number'), value >= 0);
      }),
    );
  });

  it("captcha: the typed value equals the verifier's character at the index its last digit names", () => {
    assert.equal(captchaAnswer('3a8f92'), '8');
    assert.equal(captchaAnswer('70'), '7');
    assert.equal(captchaAnswer('x9'), null, 'index past the end');
    assert.equal(captchaAnswer('abc'), null, 'no index');
    assert.equal(captchaAnswer(''), null);
    assert.equal(captchaAnswer(undefined), null);
    assert.equal(validateContactField('8', 'captcha', { verifier: '3a8f92' }), true);
    assert.equal(validateContactField(' 8 ', 'captcha', { verifier: '3a8f92' }), true, 'typed spaces do not count');
    assert.equal(validateContactField('3', 'captcha', { verifier: '3a8f92' }), false);
    assert.equal(validateContactField('', 'captcha', { verifier: '3a8f92' }), false);
    assert.equal(validateContactField('8', 'captcha'), false, 'no verifier: cannot pass');
    assert.equal(validateContactField('', 'captcha', { verifier: 'abc' }), false, 'an unreadable verifier never passes');
  });

  it('captcha: whatever the verifier, exactly its picked character passes', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.nat({ max: 9 }), fc.string({ maxLength: 2 }), (body, index, typed) => {
        const verifier = `${body}${index}`;
        const answer = captchaAnswer(verifier);
        assert.equal(answer, verifier.charAt(index) || null);
        if (answer !== null) assert.equal(validateContactField(answer, 'captcha', { verifier }), answer.trim() === answer);
        assert.equal(validateContactField(typed, 'captcha', { verifier }), answer !== null && typed.trim() === answer);
      }),
    );
  });

  it('every check but is_empty fails an empty value (a check class marks a required field)', () => {
    for (const rule of CONTACT_RULES) assert.equal(validateContactField('', rule, { verifier: '70' }), false, rule);
  });

  it('never throws, whatever the value, rule and verifier', () => {
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom(...CONTACT_RULES, 'unknown' as ContactRule), fc.anything(), (value, rule, verifier) => {
        const result = validateContactField(value, rule, { verifier: verifier as string });
        assert.equal(typeof result, 'boolean');
      }),
    );
    assert.equal(validateContactField('', 'unknown' as ContactRule), true, 'an unknown rule constrains nothing');
  });
});

describe('failedContactRule', () => {
  it('names the first failing check in order, or null', () => {
    assert.equal(failedContactRule('', ['is_empty', 'is_email']), 'is_empty');
    assert.equal(failedContactRule('ada', ['is_empty', 'is_email']), 'is_email');
    assert.equal(failedContactRule('ada@example.com', ['is_empty', 'is_email']), null);
    assert.equal(failedContactRule('', []), null);
  });
});

describe('contactRulesOf', () => {
  it('reads the check classes from class lists, whole names only, in order, once each', () => {
    assert.deepEqual(contactRulesOf('text_input is_email', 'form_element is_empty'), ['is_empty', 'is_email']);
    assert.deepEqual(contactRulesOf('recaptcha is_emailish my-is_phone'), []);
    assert.deepEqual(contactRulesOf('captcha is_empty  is_empty', null, undefined), ['is_empty', 'captcha']);
    assert.deepEqual(contactRulesOf(CONTACT_RULES.toReversed().join(' ')), [...CONTACT_RULES]);
  });

  it('is idempotent: the rules of its own output are the same rules', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...CONTACT_RULES), fc.stringMatching(/^[a-z_]{1,10}$/))), (names) => {
        const rules = contactRulesOf(names.join(' '));
        assert.deepEqual(contactRulesOf(rules.join(' ')), rules);
      }),
    );
  });
});

/** What a form parser gets back for a string: lone surrogates become U+FFFD (USVString). */
const usv = (text: string) => new TextDecoder().decode(new TextEncoder().encode(text));

describe('encodeContactFields', () => {
  it('URL-encodes names and values', () => {
    assert.equal(
      encodeContactFields([
        ['name', 'Ada Lovelace'],
        ['note', 'a&b=c+d %'],
        ['city', 'Köln'],
        ['privacy', 'true'],
        ['empty', ''],
      ]),
      'name=Ada%20Lovelace&note=a%26b%3Dc%2Bd%20%25&city=K%C3%B6ln&privacy=true&empty=',
    );
    assert.equal(encodeContactFields([]), '');
  });

  it('round-trips through a form parser, whatever the text, and never throws', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ minLength: 1, unit: 'binary' }), fc.string({ unit: 'binary' })), { maxLength: 6 }), (fields) => {
        const parsed = [...new URLSearchParams(encodeContactFields(fields))];
        assert.deepEqual(parsed, fields.map(([name, value]) => [usv(name), usv(value)]));
      }),
    );
    assert.equal(encodeContactFields([['x', '\uD800']]), 'x=%EF%BF%BD', 'a lone surrogate is sent as U+FFFD');
  });
});

describe('contactErrorMessage', () => {
  it("is the spec's prefix and the comma-joined labels, or a custom prefix", () => {
    assert.equal(CONTACT_FIELDS_WITH_ERROR_DEFAULT, 'Found errors in the following field(s): ');
    assert.equal(contactErrorMessage(['Name', 'E-Mail']), 'Found errors in the following field(s): Name, E-Mail');
    assert.equal(contactErrorMessage(['Name'], 'Please check: '), 'Please check: Name');
    // A theme's custom prefix is followed by exactly one space, whatever it ends with.
    assert.equal(contactErrorMessage(['Name'], 'Please check:'), 'Please check: Name');
    assert.equal(contactErrorMessage(['Name'], 'Please check:   '), 'Please check: Name');
    assert.equal(contactErrorMessage(['Name'], ''), 'Name');
  });
});

describe('safeRedirectUrl', () => {
  it('keeps http(s) and relative addresses', () => {
    for (const url of ['https://example.com/thanks', 'http://example.com', '/thanks', 'thanks.html', '../thanks', '?sent=1', '#thanks', '//example.com/x']) {
      assert.equal(safeRedirectUrl(url), url);
    }
    assert.equal(safeRedirectUrl('  /thanks \n'), '/thanks');
  });

  it('refuses script and other schemes, however they are hidden', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'mailto:a@b.com',
      'file:///etc/passwd',
      'ftp://example.com',
      'https:',
      '',
      '   ',
    ]) {
      assert.equal(safeRedirectUrl(url), null, JSON.stringify(url));
    }
    assert.equal(safeRedirectUrl(42), null);
  });

  it('never throws; a kept address is kept again, and is http(s) wherever it is resolved', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom('javascript:', 'data:', 'https:')), (url) => {
        const safe = safeRedirectUrl(url);
        if (safe === null) return;
        assert.equal(safeRedirectUrl(safe), safe);
        for (const page of ['http://site.example/page', 'https://site.example/page']) {
          assert.match(new URL(safe, page).protocol, /^https?:$/);
        }
      }),
    );
  });
});
