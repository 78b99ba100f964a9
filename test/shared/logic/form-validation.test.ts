/**
 * The lead form's validators and normalisers (widget spec section 5, issue 5): the spec's cases,
 * and fast-check properties for each: never throw on any string, and normalising twice equals
 * normalising once.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkInternationalPhone, dialCodeOf, formatPhoneAsYouType, phoneCountries } from '../../../shared/logic/phone-international.ts';
import { domainShard, domainsToCheck, emailDomain, normaliseDomain, shardDomains } from '../../../shared/logic/email-domains.ts';
import { filterNumberInput, isNumberKey, roundNumberInput } from '../../../shared/logic/number.ts';
import { normalisePhone, phoneForSubmit } from '../../../shared/logic/phone.ts';
import { filterPhoneInput } from '../../../shared/logic/phone-input.ts';
import { isPastDate, normaliseDateInput, parseDmy, parseIsoDate, toDmy } from '../../../shared/logic/date.ts';
import { normaliseEmail } from '../../../shared/logic/email.ts';
import { normaliseName } from '../../../shared/logic/name.ts';
import { normaliseWebsite } from '../../../shared/logic/website.ts';
import { suggestEmail, validateBirthday, validateDate, validateEmail, validateName, validatePhone, validateWebsite } from '../../../shared/logic/index.ts';
import { validatePhone as validatePhoneCore } from '../../../shared/logic/phone.ts';
import { FORM } from '../../../shared/constants/widget.ts';
import { en, he } from '../../messages.ts';

/** Strings of every kind: ASCII, full Unicode, and the characters the validators care about. */
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.constantFrom(...'0123456789+()- ./@:#*abcXYZ\t\n') }),
);

/** A property over any text that must not throw. */
const neverThrows = (fn: (text: string) => unknown) => fc.assert(fc.property(anyText, (text) => void fn(text)));
/** A property over any text: normalising twice equals normalising once. */
const idempotent = (fn: (text: string) => unknown) =>
  fc.assert(fc.property(anyText, (text) => {
    const once = fn(text);
    if (typeof once === 'string') assert.equal(fn(once), once);
  }));

describe('email: modes (widget spec section 5)', () => {
  const blocked = new Set(['mailinator.com', 'gmail.com']);
  const isBlockedDomain = (domain: string) => blocked.has(domain);

  it("business-email refuses a free-mail or disposable domain: 'Only business emails are allowed'", () => {
    assert.equal(en.emailBusiness, 'Only business emails are allowed');
    assert.deepEqual(validateEmail('ann@mailinator.com', 'business-email', { isBlockedDomain }), {
      valid: false,
      message: en.emailBusiness,
      code: 'emailBusiness',
    });
    assert.deepEqual(validateEmail('ann@acme.io', 'business-email', { isBlockedDomain }), { valid: true });
    // No suggestion in business-only mode.
    assert.deepEqual(validateEmail('ann@gmial.com', 'business-email', { isBlockedDomain }), { valid: true });
  });
  it('typos-business checks both; check-typos never refuses a free-mail domain', () => {
    assert.equal(validateEmail('ann@gmail.com', 'typos-business', { isBlockedDomain }).code, 'emailBusiness');
    assert.equal(validateEmail('ann@gmial.com', 'typos-business', { isBlockedDomain }).suggestion, 'ann@gmail.com');
    assert.deepEqual(validateEmail('ann@gmail.com', 'check-typos', { isBlockedDomain }), { valid: true });
  });
  it('the pattern comes first in every mode', () => {
    for (const mode of ['check-typos', 'business-email', 'typos-business'] as const) {
      assert.equal(validateEmail('not an email', mode, { isBlockedDomain }).code, 'emailTypos');
    }
  });
  it('an unknown mode behaves as the default', () => {
    assert.equal(validateEmail('ann@gmial.com', 'whatever' as never).code, 'didYouMean');
  });
  it('never throws; normalising is idempotent', () => {
    neverThrows((text) => validateEmail(text, 'typos-business', { isBlockedDomain }));
    neverThrows(suggestEmail);
    neverThrows(emailDomain);
    idempotent(normaliseEmail);
    assert.equal(normaliseEmail('  Ann@Example.COM '), 'Ann@example.com');
  });
});

describe('email domain shards', () => {
  it('a domain is always in the same shard, whatever its case or trailing dot', () => {
    assert.match(domainShard('mailinator.com'), new RegExp(`^[0-9a-f]{${FORM.EMAIL_DOMAIN_SHARD_HEX_DIGITS}}$`));
    assert.equal(domainShard('MAILINATOR.com.'), domainShard('mailinator.com'));
  });
  it('shardDomains puts every domain where domainShard looks for it, once', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.domain(), { maxLength: 200 }), (domains) => {
        const shards = shardDomains(domains);
        const all = [...shards.values()].flat();
        assert.equal(all.length, new Set(domains.map(normaliseDomain)).size);
        for (const domain of domains) assert.ok(shards.get(domainShard(domain))!.includes(normaliseDomain(domain)));
      }),
    );
  });
  it('a check looks at the domain and its parents, at most 3', () => {
    assert.deepEqual(domainsToCheck('mailinator.com'), ['mailinator.com']);
    assert.deepEqual(domainsToCheck('a.b.mailinator.com'), ['a.b.mailinator.com', 'b.mailinator.com', 'mailinator.com']);
    assert.deepEqual(domainsToCheck('localhost'), []);
    fc.assert(fc.property(anyText, (text) => assert.ok(domainsToCheck(text).length <= 3)));
  });
  it('never throws; normaliseDomain is idempotent', () => {
    neverThrows(domainShard);
    neverThrows(domainsToCheck);
    idempotent(normaliseDomain);
  });
});

describe('phone', () => {
  it('basic: the spec message; a second variant message exists', () => {
    assert.equal(validatePhone('12ab').message, en.phoneDigits);
    assert.equal(en.phoneInvalid, 'Please enter a valid phone number');
  });
  it('basic filter: a plus only in front, single spaces', () => {
    assert.equal(filterPhoneInput('1+2  3'), '12 3');
    assert.equal(filterPhoneInput('+972 (50) 123-4567'), '+972 (50) 123-4567');
    assert.equal(filterPhoneInput('1'.repeat(FORM.PHONE_BASIC_MAX_LENGTH) + ' 99'), '1'.repeat(FORM.PHONE_BASIC_MAX_LENGTH) + ' ');
  });
  it('advanced: the Hebrew message, whatever the page language', () => {
    assert.equal(validatePhone('12345', { mode: 'advanced' }).message, he.phoneIsraeli);
    assert.equal(validatePhone('050-1234567', { mode: 'advanced' }).formatted, '0501234567');
  });
  it("international: the phone library's check, 'Invalid number - please try again'", () => {
    assert.equal(en.phoneInternational, 'Invalid number - please try again');
    assert.deepEqual(validatePhone('050-123-4567', { mode: 'international', country: 'IL' }), { valid: true, formatted: '+972501234567' });
    assert.deepEqual(validatePhone('+1 201 555 0123', { mode: 'international' }), { valid: true, formatted: '+12015550123' });
    assert.deepEqual(validatePhone('123', { mode: 'international', country: 'IL' }), {
      valid: false,
      message: en.phoneInternational,
      code: 'phoneInternational',
    });
    assert.equal(checkInternationalPhone('050 123 4567', 'zz').valid, false, 'an unknown country parses nothing national');
  });
  it('international without the library checks 7 to 15 digits with the international message', () => {
    assert.equal(validatePhoneCore('050-123-4567', { mode: 'international' }).valid, true);
    assert.equal(validatePhoneCore('12', { mode: 'international' }).code, 'phoneInternational');
  });
  it('formats as typed and lists every country with its dial code', () => {
    assert.equal(formatPhoneAsYouType('0501234567', 'IL'), '050-123-4567');
    assert.equal(formatPhoneAsYouType('2015550123', 'US'), '(201) 555-0123');
    const countries = phoneCountries('en');
    assert.ok(countries.length > 200);
    assert.deepEqual(countries.find((country) => country.code === 'IL'), { code: 'IL', dialCode: '972', name: 'Israel' });
    assert.equal(dialCodeOf('il'), '972');
    assert.equal(dialCodeOf('zz'), '');
  });
  it('on submit: parentheses and spaces go, the leading 0 goes, and the selected country\'s +code comes unless present', () => {
    assert.equal(phoneForSubmit('(050) 123 4567', '972'), '+972501234567');
    assert.equal(phoneForSubmit('050-123 4567', '972'), '+97250-1234567');
    assert.equal(phoneForSubmit('+1 (201) 555-0123', '972'), '+1201555-0123');
    assert.equal(phoneForSubmit('050 123 4567'), '501234567', 'no country selected: no dial code to prefix');
    assert.equal(phoneForSubmit('00972 50 123 4567', '972'), '00972501234567', 'the international call prefix is kept');
  });
  it('never throws; filters and normalisers are idempotent', () => {
    for (const mode of ['basic', 'advanced', 'international'] as const) {
      neverThrows((text) => validatePhone(text, { mode, country: 'IL' }));
      neverThrows((text) => validatePhoneCore(text, { mode }));
    }
    neverThrows((text) => formatPhoneAsYouType(text, 'US'));
    idempotent(filterPhoneInput);
    idempotent(normalisePhone);
    idempotent((text) => phoneForSubmit(text, '972'));
    idempotent((text) => phoneForSubmit(text));
    idempotent((text) => formatPhoneAsYouType(text.replace(/\D/g, ''), 'IL'));
  });
});

describe('name', () => {
  it('any name at most 254 characters; a required one 1 to 40 without digits or angle brackets', () => {
    assert.equal(validateName('R2D2', false).valid, true);
    assert.equal(validateName('A'.repeat(FORM.NAME_MAX_LENGTH + 1), false).valid, false);
    assert.equal(validateName('R2D2', true).message, en.nameLength);
  });
  it('never throws; normaliseName is idempotent', () => {
    neverThrows((text) => validateName(text, true));
    idempotent(normaliseName);
    assert.equal(normaliseName('  Ada   Lovelace '), 'Ada Lovelace');
  });
});

describe('dates (dd/mm/yyyy) and birthdays', () => {
  const now = new Date(2024, 5, 15, 12);
  it('reads dd/mm/yyyy and the native yyyy-mm-dd; real calendar days only', () => {
    assert.deepEqual(parseDmy('29/02/2024'), { year: 2024, month: 2, day: 29 });
    assert.equal(parseDmy('29/02/2023'), null);
    assert.equal(parseDmy('31/04/2024'), null);
    assert.deepEqual(parseIsoDate('2024-02-29'), { year: 2024, month: 2, day: 29 });
    assert.equal(toDmy('2024-06-01'), '01/06/2024');
    assert.equal(toDmy('01/06/2024'), '01/06/2024');
  });
  it("a birthday must be in the past: 'Please enter a valid birthday.'", () => {
    assert.equal(en.birthdayInvalid, 'Please enter a valid birthday.');
    assert.equal(validateBirthday('14/06/2024', now).valid, true);
    assert.deepEqual(validateBirthday('15/06/2024', now), { valid: false, code: 'birthdayInvalid' });
    assert.deepEqual(validateBirthday('2030-01-01', now), { valid: false, code: 'birthdayInvalid' });
    assert.equal(isPastDate({ year: 2024, month: 6, day: 14 }, now), true);
    assert.equal(validateDate('2030-01-01').valid, true);
    assert.equal(validateDate('32/01/2024').valid, false);
  });
  it('typing puts the slashes in', () => {
    assert.equal(normaliseDateInput('01022024'), '01/02/2024');
    assert.equal(normaliseDateInput('01/0'), '01/0');
    assert.equal(normaliseDateInput('0102202499'), '01/02/2024');
  });
  it('never throws; normalisers are idempotent; a valid date round-trips', () => {
    neverThrows((text) => validateBirthday(text, now));
    neverThrows(validateDate);
    idempotent(normaliseDateInput);
    idempotent((text) => toDmy(text) ?? '');
    fc.assert(
      fc.property(fc.date({ min: new Date(1000, 0, 1), max: new Date(9999, 11, 31), noInvalidDate: true }), (date) => {
        const dmy = `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;
        assert.equal(toDmy(dmy), dmy);
      }),
    );
  });
});

describe('number inputs', () => {
  it('only digits and editing keys; one dot', () => {
    for (const key of ['0', '9', 'Backspace', 'Delete', 'Tab', 'ArrowLeft', 'Home', 'End', 'Enter']) assert.equal(isNumberKey(key), true, key);
    for (const key of ['a', '-', 'e', '+', ' ']) assert.equal(isNumberKey(key), false, key);
    assert.equal(isNumberKey('.', '12'), true);
    assert.equal(isNumberKey('.', '1.2'), false);
    assert.equal(isNumberKey('v', '', true), true, 'paste shortcut');
  });
  it('rounds to 2 decimals on blur; a lone dot becomes 0', () => {
    assert.equal(roundNumberInput('.'), '0');
    assert.equal(roundNumberInput('12.345'), '12.35');
    assert.equal(roundNumberInput('1.005'), '1.01');
    assert.equal(roundNumberInput('9.999'), '10');
    assert.equal(roundNumberInput('.5'), '0.5');
    assert.equal(roundNumberInput('12.'), '12');
    assert.equal(roundNumberInput('99999999999999999999.995'), '100000000000000000000');
    assert.equal(filterNumberInput('1a2.3.4'), '12.34');
  });
  it('never throws; filtering and rounding are idempotent; rounding agrees with arithmetic', () => {
    neverThrows(roundNumberInput);
    idempotent(filterNumberInput);
    idempotent(roundNumberInput);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 999 }), (whole, thousandths) => {
        const text = `${whole}.${String(thousandths).padStart(3, '0')}`;
        // Half up, in hundredths: the thousandths count divided by 10, rounded (exact in integers).
        const hundredths = Math.round((whole * 1000 + thousandths) / 10);
        assert.equal(Number(roundNumberInput(text)), hundredths / 100);
      }),
    );
  });
});

describe('website addresses', () => {
  it('a website without a scheme gets http://', () => {
    assert.equal(normaliseWebsite('example.com/x'), 'http://example.com/x');
    assert.equal(normaliseWebsite('https://example.com'), 'https://example.com');
    assert.equal(normaliseWebsite('example.com:8080'), 'http://example.com:8080');
    assert.equal(validateWebsite('example.com').valid, true);
    assert.deepEqual(validateWebsite('not a site'), { valid: false, code: 'urlInvalid' });
    assert.equal(validateWebsite('javascript:alert(1)').valid, false);
  });
  it('never throws; normalising is idempotent', () => {
    neverThrows(validateWebsite);
    idempotent(normaliseWebsite);
  });
});
