/**
 * The lead form in real Chromium (widget spec sections 3 and 5, issue 5): every field kind and
 * every message, in English and Hebrew, the conversion payload, the business-email shard check,
 * the repeat-submit guard and the redirect link. The display API is a `fetch` stub (answers the
 * viewed call, the domain shards and the conversion call and records them); the lead goes
 * through the real outbox. Assertions compare names and text, never DOM nodes.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { fakeClock, nextFrame, untilAtOnce, waitUntil, type FakeClock } from '../helpers.ts';
import { ifDefined } from 'lit/directives/if-defined.js';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../components/poptin/poptin.element.ts';
import type { KitePoptin } from '../../../components/poptin/poptin.element.ts';
import type { DesignProperties, FormField, PoptinRecord } from '../../../shared/schema/poptin-record.ts';
import { FORM, STORAGE_KEY, THANK_YOU } from '../../../shared/constants/widget.ts';
import { API_ERROR_CODE } from '../../../shared/api/error-codes.ts';
import { outboxLeads } from '../../../shared/api/outbox-core.ts';
import { domainShard } from '../../../shared/logic/email-domains.ts';
import { BUILT_IN_DISPOSABLE_DOMAINS } from '../../../shared/logic/email-disposable.ts';
import { isBuiltInBlockedDomain } from '../../../shared/logic/email-business.ts';
import { en, he } from '../../messages.ts';
import { cleanUp, cleanups, newPoptinId, SLACK_MS, spyConsole } from './kit.ts';

const API = `${location.origin}/kite-test-api`;
const BUTTON = 'Send';
/** A disposable domain of the downloaded list only, not of the built-in ones: refused through its shard. */
const LISTED_ONLY = 'kurtbayt.icu';
/** A built-in disposable domain: refused without the list. */
const BUILT_IN = 'mailinator.com';
const BLOCKED = [LISTED_ONLY, BUILT_IN];
/** How many times a visitor presses Enter or clicks the button in a row. */
const RAPID_INPUTS = 100;

// ---------------------------------------------------------------------------------------------
// Records


/** A fresh pop-up id, its prefix dated so runs against a kept profile do not collide. */
const newId = () => newPoptinId(`kform${Date.now().toString(36).slice(-3)}`);

function makeRecord(fields: FormField[], properties: DesignProperties = {}, extra: Partial<PoptinRecord> = {}): PoptinRecord {
  const id = newId();
  return {
    poptin_id: id,
    poptin_name: 'Form test',
    poptin_type: 'lightbox',
    poptin_target: 'lead',
    viewer_id: `viewer-${id}`,
    triggers: { page_load: true },
    design: {
      width: 420,
      blocks: [
        { type: 'title', text: 'Join us' },
        { type: 'form', fields, button: { text: BUTTON } },
      ],
      thank_you: [{ type: 'title', text: 'Thanks' }],
    },
    design_properties: { poptin_design_entry_effect: 'none', poptin_design_exit_effect: 'none', poptin_design_thank_screen: true, ...properties },
    ...extra,
  } as PoptinRecord;
}

const EMAIL: FormField = { name: 'poptinDesignInputTextFieldEmail', kind: 'email', label: 'Email' };

// ---------------------------------------------------------------------------------------------
// The display API stub

interface Stub {
  conversions: URLSearchParams[];
  shardRequests: string[];
}

/**
 * Replaces fetch for API calls: viewed answers a view id, a shard answers its part of `BLOCKED`
 * (or fails with `shards: 'down'`), a conversion answers success (or `conversion` decides).
 */
function stubApi(options: { shards?: 'down'; conversion?: (body: URLSearchParams) => Response | Promise<Response> } = {}): Stub {
  const stub: Stub = { conversions: [], shardRequests: [] };
  const original = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(API)) return original(input, init);
    const path = url.slice(API.length);
    if (path.startsWith('/api/display/viewed/')) return Response.json({ poptin_view_id: 'view-1' });
    if (path.startsWith(FORM.EMAIL_DOMAIN_PATH)) {
      const shard = path.slice(FORM.EMAIL_DOMAIN_PATH.length);
      stub.shardRequests.push(shard);
      if (options.shards === 'down') return new Response('down', { status: 503 });
      return Response.json({ shard, domains: BLOCKED.filter((domain) => domainShard(domain) === shard) });
    }
    if (path.startsWith('/api/display/conversion/')) {
      const body = new URLSearchParams(String(init?.body ?? ''));
      stub.conversions.push(body);
      if (options.conversion) return options.conversion(body);
      return Response.json({ success: true, conversion_id: `c${stub.conversions.length}`, integration: { conversion_code: '' } });
    }
    return new Response('{}', { status: 404 });
  };
  cleanups.push(() => void (window.fetch = original));
  return stub;
}

// ---------------------------------------------------------------------------------------------
// Page helpers

async function showForm(record: PoptinRecord, attributes: { lang?: string; api?: string; country?: string } = {}) {
  const converts: string[] = [];
  const onConvert = (event: Event) => converts.push((event as CustomEvent).detail.poptinId);
  document.addEventListener('kite-poptin-convert', onConvert);
  cleanups.push(() => document.removeEventListener('kite-poptin-convert', onConvert));
  cleanups.push(() => {
    document.cookie = `${STORAGE_KEY.CONVERSION_PREFIX}${record.poptin_id}=; Max-Age=0; Path=/`;
    localStorage.removeItem(STORAGE_KEY.CONVERTED_EMAIL);
  });
  const el = await fixture<KitePoptin>(
    html`<kite-poptin .poptin=${record} lang=${ifDefined(attributes.lang)} api=${ifDefined(attributes.api)} country=${ifDefined(attributes.country)} open></kite-poptin>`,
  );
  await waitUntil(() => el.shadowRoot?.querySelector('form'), 'no form', { timeout: SLACK_MS });
  // Every field is there once the lazy kinds have arrived.
  await waitUntil(() => !el.shadowRoot!.querySelector('[aria-busy="true"]'), 'the field kinds did not load', { timeout: SLACK_MS * 2 });
  return { el, converts };
}

const root = (el: Element) => el.shadowRoot!;
const control = <T extends Element = HTMLInputElement>(el: Element, name: string) => root(el).querySelector<T>(`[name="${name}"]`)!;
const button = (el: Element) => root(el).querySelector<HTMLButtonElement>('button[part="button"]')!;
/** The error message under a field, or ''. */
const errorOf = (el: Element, name: string) => control(el, name).closest('.field')?.querySelector('.message.error')?.textContent ?? '';

async function click(target: Element): Promise<void> {
  // A long form scrolls inside the dialog: bring the control into view, as a visitor would.
  target.scrollIntoView({ block: 'center' });
  const rect = target.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)] });
}

/** Types into a field with real key presses; focus moves there as Tab would take it. */
async function typeInto(el: Element, name: string, text: string): Promise<HTMLInputElement> {
  const input = control(el, name);
  input.focus();
  await sendKeys({ type: text });
  return input;
}

/** Checks a checkbox or radio from the keyboard (Space), as a visitor tabbing through the form would. */
async function check(target: HTMLInputElement): Promise<void> {
  target.focus();
  await sendKeys({ press: 'Space' });
}

const submit = (el: Element) => click(button(el));
/** Submits and resolves with the message field `name` then shows (`message` if none comes). */
async function errorOnSubmit(el: Element, name: string, message?: string): Promise<string> {
  await submit(el);
  await waitUntil(() => errorOf(el, name), message);
  return errorOf(el, name);
}

/** Waits for the one conversion request and returns its form; a timeout names the messages the form shows. */
async function conversion(stub: Stub, el?: Element): Promise<URLSearchParams> {
  const shown = () =>
    el
      ? [...root(el).querySelectorAll('.message.error')]
          .map((node) => `${node.closest('.field')?.querySelector('[name]')?.getAttribute('name')}: ${node.textContent}`)
          .join(' | ')
      : '';
  await waitUntil(() => stub.conversions.length > 0, 'no conversion request', { timeout: SLACK_MS * 2 }).catch(() => {
    throw new Error(`no conversion request; the form shows: ${shown() || 'no message'}`);
  });
  return stub.conversions[0]!;
}

/**
 * Clicks the form's redirect link with `clock` held still, and waits until its lead is in the
 * outbox (stored at the click); returns the click's time and how long the lead is held after it.
 */
async function clickRedirectLink(clock: FakeClock, el: Element, record: PoptinRecord) {
  const link = root(el).querySelector<HTMLAnchorElement>('a.redirect-link')!;
  link.addEventListener('click', (event) => event.preventDefault());
  clock.hold();
  const clickedAt = Date.now();
  link.click();
  const storedLead = async () => (await outboxLeads()).find((lead) => new URLSearchParams(lead.body).get('poptin_id') === record.poptin_id);
  await waitUntil(storedLead, 'the lead was not stored at the click');
  return { clickedAt, heldMs: (await storedLead())!.holdUntil! - clickedAt };
}

afterEach(cleanUp);

// ---------------------------------------------------------------------------------------------

describe('lead form', () => {
  describe('every field kind', () => {
    const ALL: FormField[] = [
      { ...EMAIL, required: true },
      { name: 'poptinDesignInputTextFieldName', kind: 'name', label: 'Name' },
      { name: 'poptinDesignInputTextFieldFirstName', kind: 'first_name', label: 'First name' },
      { name: 'poptinDesignInputTextFieldLastName', kind: 'last_name', label: 'Last name' },
      { name: 'poptinDesignInputTextFieldPhone', kind: 'phone', label: 'Phone', mode: 'international', default_country: 'IL' },
      { name: 'poptinDesignBirthdayField', kind: 'birthday', label: 'Birthday' },
      { name: 'poptinDesignDateField', kind: 'date', label: 'Visit date', picker: 'text' },
      { name: 'poptinDesignWebsiteField', kind: 'url', label: 'Website' },
      { name: 'gender', kind: 'radio', label: 'Gender', key: 'gender', required: true, options: [{ value: 'f', label: 'Female' }, { value: 'm', label: 'Male' }] },
      { name: 'country', kind: 'select', label: 'Country', key: 'country', options: [{ value: 'IL', label: 'Israel' }, { value: 'US', label: 'United States' }] },
      { name: 'preferences', kind: 'checkbox_group', label: 'Interests', key: 'preferences', options: [{ value: 'news' }, { value: 'offers' }] },
      { name: 'seats', kind: 'number', label: 'Seats', key: 'seats' },
      { name: 'city', kind: 'text', label: 'City', key: 'city' },
      { name: 'poptinDesignInputTextFieldMessage', kind: 'message', label: 'Message' },
      { name: 'poptinDesignHiddenField', kind: 'hidden', label: 'Source', value: 'spring-campaign' },
      {
        name: 'custom_size',
        kind: 'select',
        label: 'Shirt size',
        options: [{ value: 'S' }, { value: 'M' }],
        value: 'M',
        extra: { id: 77, type: 'select', created_as: 'custom', created_version: 2, property_name: 'shirt_size' },
      },
      { name: 'poptinDesignInputTextFieldCheckbox', kind: 'checkbox', label: 'I agree', required: true },
    ];

    it('renders each kind as a labelled control, accessible, and sends each under its spec key', async function () {
      // Seventeen fields typed into one by one, and the phone library's first load: more than the default 10 s on a busy machine.
      this.timeout(40_000);
      const stub = stubApi();
      const { el } = await showForm(makeRecord(ALL), { api: API });
      // The phone library is a large module graph the first time the test server serves it.
      await waitUntil(() => root(el).querySelectorAll('select[name="poptinDesignInputTextFieldPhone-country"] option').length > 200, 'no country list', { timeout: 8_000 });
      await expect(el).to.be.accessible();

      expect((await typeInto(el, EMAIL.name, 'ada@example.com')).value).to.equal('ada@example.com');
      await typeInto(el, 'poptinDesignInputTextFieldName', 'Ada Lovelace');
      expect(control(el, EMAIL.name).value, 'the email kept').to.equal('ada@example.com');
      await typeInto(el, 'poptinDesignInputTextFieldPhone', '0501234567');
      expect(control(el, EMAIL.name).value, 'the email kept after the phone').to.equal('ada@example.com');
      expect(control(el, 'poptinDesignInputTextFieldPhone').value, 'formatted as typed').to.equal('050-123-4567');
      control(el, 'poptinDesignBirthdayField').value = '1990-12-10';
      await typeInto(el, 'poptinDesignDateField', '01072030');
      expect(control(el, 'poptinDesignDateField').value, 'slashes as typed').to.equal('01/07/2030');
      await typeInto(el, 'poptinDesignWebsiteField', 'example.com');
      await check(root(el).querySelector<HTMLInputElement>('input[name="preferences"][value="offers"]')!);
      await typeInto(el, 'seats', '3.456');
      await typeInto(el, 'city', 'Haifa');
      await check(control(el, 'poptinDesignInputTextFieldCheckbox'));
      button(el).focus();
      await sendKeys({ press: 'Enter' });

      const body = await conversion(stub, el);
      expect(body.get('email')).to.equal('ada@example.com');
      expect(body.get('name')).to.equal('Ada Lovelace');
      expect(body.get('phone'), 'the dial code comes in, the leading 0 goes').to.equal('+97250-123-4567');
      expect(body.get('birthday')).to.equal('10/12/1990');
      expect(body.get('date')).to.equal('01/07/2030');
      expect(body.get('website')).to.equal('http://example.com');
      expect(body.get('gender'), 'a required radio group starts on its first option').to.equal('f');
      expect(body.has('country'), 'a select on its default option sends nothing').to.be.false;
      expect(body.getAll('preferences')).to.deep.equal(['offers']);
      expect(body.get('seats'), 'rounded on blur to 2 decimals').to.equal('3.46');
      expect(body.get('city')).to.equal('Haifa');
      expect(body.has('message'), 'an empty field sends nothing').to.be.false;
      expect(body.get('hidden')).to.equal('spring-campaign');
      expect(body.get('checkbox_checked')).to.equal('1');
      expect(body.get('shirt_size')).to.equal('M');
      expect(JSON.parse(body.get('newExtraFields')!)).to.deep.equal([
        { id: 77, created_as: 'custom', created_version: 2, type: 'select', name: 'Shirt size', placeholder: '', value: 'M', property_name: 'shirt_size' },
      ]);
      // The payload's documented fields (widget spec section 7).
      for (const key of [
        'url', 'p_target', 'checkbox_checked', 'referrer', 'previous_url', 'trigger', 'poptin_id', 'title', 'client_id', 'visitor',
        'origin_landing_page', 'visited_pages', 'store_integration', 'store_integration_customer_id', 'browser_language',
        'operating_system', 'last_converted_email', 'newExtraFields', 'leader_request_cookie', 'extra_button', 'coupon',
        'poptin_view_id', 'conversion_key',
      ]) {
        expect(body.has(key), key).to.be.true;
      }
      expect(body.get('url')).to.equal(location.href);
      expect(body.get('poptin_view_id')).to.equal('view-1');
      expect(body.get('conversion_key')).to.match(/^[\w-]{8,64}$/);
    });

    it('a checkbox group that is required needs one checked; a birthday must be in the past; a website must be one', async () => {
      const clock = fakeClock();
      stubApi();
      const record = makeRecord([
        EMAIL,
        { name: 'topics', kind: 'checkbox_group', label: 'Topics', required: true, options: [{ value: 'a' }, { value: 'b' }] },
        { name: 'poptinDesignBirthdayField', kind: 'birthday', label: 'Birthday', picker: 'text' },
        { name: 'poptinDesignWebsiteField', kind: 'url', label: 'Website' },
      ]);
      const { el, converts } = await showForm(record);
      await typeInto(el, EMAIL.name, 'ada@example.com');
      await typeInto(el, 'poptinDesignBirthdayField', '01012999');
      await typeInto(el, 'poptinDesignWebsiteField', 'not a site');
      expect(await errorOnSubmit(el, 'poptinDesignBirthdayField', 'no birthday message')).to.equal(en.birthdayInvalid);
      expect(errorOf(el, 'poptinDesignWebsiteField')).to.equal(en.urlInvalid);
      expect(root(el).querySelector('fieldset .message.error')?.textContent).to.equal(en.choiceRequired);
      await expect(el).to.be.accessible();
      await clock.advance(THANK_YOU.SENT_QUICK_CLOSE_MS);
      expect(converts).to.be.empty;
    });

    it('number inputs take only digits and one dot; a lone dot becomes 0 on blur', async () => {
      const { el } = await showForm(makeRecord([{ name: 'seats', kind: 'number', label: 'Seats', key: 'seats' }]));
      const seats = await typeInto(el, 'seats', 'a1b.2.c');
      expect(seats.value).to.equal('1.2');
      seats.value = '';
      await typeInto(el, 'seats', '.');
      await sendKeys({ press: 'Tab' });
      expect(seats.value).to.equal('0');
    });

    it('an empty optional date is skipped, a required one says so in the page language (not the browser\'s)', async () => {
      const stub = stubApi();
      const record = makeRecord([EMAIL, { name: 'poptinDesignDateField', kind: 'date', label: 'Date' }]);
      const { el } = await showForm(record, { api: API });
      await typeInto(el, EMAIL.name, 'ada@example.com');
      await submit(el);
      expect((await conversion(stub)).has('date')).to.be.false;

      const required = makeRecord([EMAIL, { name: 'poptinDesignDateField', kind: 'date', label: 'Date', required: true }]);
      const second = await showForm(required);
      await typeInto(second.el, EMAIL.name, 'ada@example.com');
      await submit(second.el);
      await waitUntil(() => errorOf(second.el, 'poptinDesignDateField'), 'no message');
      expect(errorOf(second.el, 'poptinDesignDateField')).to.equal(en.fieldRequired);

      const hebrew = await showForm(makeRecord([{ ...EMAIL, required: true }, { name: 'poptinDesignInputTextFieldCheckbox', kind: 'checkbox', label: 'מסכים', required: true }]), { lang: 'he' });
      await submit(hebrew.el);
      await waitUntil(() => errorOf(hebrew.el, EMAIL.name), 'no message');
      expect(errorOf(hebrew.el, EMAIL.name)).to.equal(he.fieldRequired);
      expect(errorOf(hebrew.el, 'poptinDesignInputTextFieldCheckbox')).to.equal(he.checkboxRequired);
    });

    it('field_checkbox_required and field_checkbox_default_marked apply to the consent checkbox', async () => {
      const consent: FormField = { name: 'poptinDesignInputTextFieldCheckbox', kind: 'checkbox', label: 'I agree' };
      const { el } = await showForm(makeRecord([EMAIL, consent], { field_checkbox_required: true, field_checkbox_default_marked: true }));
      const box = control(el, consent.name);
      expect(box.checked).to.be.true;
      expect(box.required).to.be.true;
    });
  });

  describe('email', () => {
    it("business-email refuses a domain of the downloaded list with 'Only business emails are allowed', downloading one shard", async () => {
      expect(isBuiltInBlockedDomain(LISTED_ONLY), 'not built in').to.be.false;
      const stub = stubApi();
      const { el, converts } = await showForm(makeRecord([{ ...EMAIL, mode: 'business-email' }]), { api: API });
      await typeInto(el, EMAIL.name, `ann@${LISTED_ONLY}`);
      expect(await errorOnSubmit(el, EMAIL.name, 'no business message')).to.equal(en.emailBusiness);
      expect(stub.shardRequests).to.deep.equal([domainShard(LISTED_ONLY)]);
      expect(converts).to.be.empty;

      control(el, EMAIL.name).value = '';
      await typeInto(el, EMAIL.name, 'ann@acme-industries.io');
      await submit(el);
      await conversion(stub);
    });

    it('refuses a built-in disposable domain when the list download fails, without asking for it', async () => {
      expect(BUILT_IN_DISPOSABLE_DOMAINS.has(BUILT_IN)).to.be.true;
      const stub = stubApi({ shards: 'down' });
      const { el, converts } = await showForm(makeRecord([{ ...EMAIL, mode: 'business-email' }]), { api: API });
      await typeInto(el, EMAIL.name, `ann@${BUILT_IN}`);
      expect(await errorOnSubmit(el, EMAIL.name, 'no business message')).to.equal(en.emailBusiness);
      expect(stub.shardRequests).to.deep.equal([]);
      expect(converts).to.be.empty;
    });

    it('without a reachable shard an address off the built-in lists passes, and the skip is logged', async () => {
      const stub = stubApi({ shards: 'down' });
      const logged = spyConsole('info');
      const { el } = await showForm(makeRecord([{ ...EMAIL, mode: 'typos-business' }]), { api: API });
      // A domain whose shard this page has not fetched yet (fetched shards are kept for the page).
      await typeInto(el, EMAIL.name, 'ann@mail2fond.com');
      await submit(el);
      expect((await conversion(stub)).get('email')).to.equal('ann@mail2fond.com');
      expect(logged.some((line) => line.includes('business-email check skipped'))).to.be.true;
    });

    it("'There are typos in the email'; 'Did you mean X?' and the right arrow fills it in", async () => {
      const { el } = await showForm(makeRecord([EMAIL]));
      const email = await typeInto(el, EMAIL.name, 'ann@yaho.com');
      await waitUntil(() => root(el).querySelector('.message.hint'), 'no suggestion');
      expect(root(el).querySelector('.message.hint')!.textContent).to.equal(en.didYouMean.replace('{suggestion}', 'ann@yahoo.com'));
      await sendKeys({ press: 'ArrowRight' });
      expect(email.value).to.equal('ann@yahoo.com');

      email.value = '';
      await typeInto(el, EMAIL.name, 'ann@');
      expect(await errorOnSubmit(el, EMAIL.name)).to.equal(en.emailTypos);
    });
  });

  describe('names', () => {
    it("a required name: 1 to 40 characters without digits or angle brackets ('Please enter at least 2 or more characters')", async () => {
      const field: FormField = { name: 'poptinDesignInputTextFieldName', kind: 'name', label: 'Name', required: true };
      const { el } = await showForm(makeRecord([EMAIL, field]));
      expect(control(el, field.name).maxLength).to.equal(FORM.NAME_MAX_LENGTH);
      expect(control(el, EMAIL.name).maxLength).to.equal(FORM.EMAIL_MAX_LENGTH);
      await typeInto(el, field.name, 'R2D2');
      expect(await errorOnSubmit(el, field.name)).to.equal(en.nameLength);
    });
  });

  describe('phones', () => {
    it('basic: filtered as typed, and both of the spec messages', async () => {
      const digits: FormField = { name: 'phoneA', kind: 'phone', label: 'Phone', key: 'phone' };
      const valid: FormField = { name: 'phoneB', kind: 'phone', label: 'Mobile', key: 'mobile', phone_message: 'valid' };
      const { el } = await showForm(makeRecord([digits, valid]));
      expect((await typeInto(el, 'phoneA', '12ab3')).value).to.equal('123');
      await typeInto(el, 'phoneB', '45');
      expect(await errorOnSubmit(el, 'phoneA')).to.equal(en.phoneDigits);
      expect(errorOf(el, 'phoneB')).to.equal(en.phoneInvalid);
    });

    it('basic: at most PHONE_BASIC_MAX_LENGTH digits as typed, formatting not counted; sent without spaces, parentheses or the leading 0', async () => {
      const stub = stubApi();
      const phone: FormField = { name: 'phoneA', kind: 'phone', label: 'Phone', key: 'phone' };
      const { el } = await showForm(makeRecord([EMAIL, phone]), { api: API });
      const input = await typeInto(el, 'phoneA', '1'.repeat(FORM.PHONE_BASIC_MAX_LENGTH + 5));
      expect(input.value).to.equal('1'.repeat(FORM.PHONE_BASIC_MAX_LENGTH));
      input.select();
      const formatted = '+1 (555) 010-9999';
      expect(formatted.length, 'longer in characters than the digit limit').to.be.above(FORM.PHONE_BASIC_MAX_LENGTH);
      await sendKeys({ type: formatted });
      expect(input.value).to.equal(formatted);
      input.select();
      await sendKeys({ type: '(050) 123 4567' });
      await typeInto(el, EMAIL.name, 'ann@example.com');
      await submit(el);
      expect((await conversion(stub, el)).get('phone')).to.equal('501234567');
    });

    it('advanced: the Israeli prefixes, the message in Hebrew on an English page', async () => {
      const field: FormField = { name: 'poptinDesignInputTextFieldPhone', kind: 'phone', label: 'Phone', mode: 'advanced' };
      const { el } = await showForm(makeRecord([field]));
      await typeInto(el, field.name, '056-1234567');
      expect(await errorOnSubmit(el, field.name)).to.equal(he.phoneIsraeli);
      expect(control(el, field.name).closest('.field')!.querySelector('.message.error')!.getAttribute('lang')).to.equal('he');
    });

    it("international: a country picker with dial codes, 'Invalid number - please try again', Hebrew on a Hebrew page", async () => {
      const field: FormField = { name: 'poptinDesignInputTextFieldPhone', kind: 'phone', label: 'טלפון', mode: 'international', default_country: 'IL' };
      const { el } = await showForm(makeRecord([field]), { lang: 'he' });
      const picker = control<HTMLSelectElement>(el, `${field.name}-country`);
      await waitUntil(() => picker.options.length > 200, 'no country list', { timeout: 8_000 });
      expect(picker.getAttribute('aria-label')).to.equal(he.phoneCountry);
      expect(picker.value).to.equal('IL');
      expect(picker.selectedOptions[0]!.textContent).to.contain('(+972)');
      await typeInto(el, field.name, '123');
      expect(await errorOnSubmit(el, field.name)).to.equal(he.phoneInternational);
    });

    it("international: the visitor's country (`country`, the display answer's cc) when the field names none; the field's own wins; a value that is no country is passed over", async () => {
      const field: FormField = { name: 'poptinDesignInputTextFieldPhone', kind: 'phone', label: 'Phone', mode: 'international' };
      const pickedFor = async (record: PoptinRecord, country: string) => {
        const { el } = await showForm(record, { country });
        const picker = control<HTMLSelectElement>(el, `${field.name}-country`);
        await waitUntil(() => picker.options.length > 200, 'no country list', { timeout: 8_000 });
        const { value } = picker;
        el.remove();
        return value;
      };
      expect(await pickedFor(makeRecord([field]), 'il')).to.equal('IL');
      expect(await pickedFor(makeRecord([{ ...field, default_country: 'DE' }]), 'IL')).to.equal('DE');
      expect(await pickedFor(makeRecord([field]), 'not a country')).to.equal('US');
    });
  });

  describe('a failed submit', () => {
    it('shakes, marks the email field empty until it is edited, and shows the messages in Hebrew', async () => {
      const { el } = await showForm(makeRecord([{ ...EMAIL, required: true }, { name: 'poptinDesignBirthdayField', kind: 'birthday', label: 'יום הולדת', picker: 'text' }]), { lang: 'he' });
      await typeInto(el, 'poptinDesignBirthdayField', '01012999');
      await submit(el);
      await waitUntil(() => root(el).querySelector('form.shake'), 'no shake');
      const emailField = control(el, EMAIL.name).closest('.field')!;
      expect(emailField.classList.contains('empty')).to.be.true;
      expect(errorOf(el, 'poptinDesignBirthdayField')).to.equal(he.birthdayInvalid);
      await typeInto(el, EMAIL.name, 'a');
      await waitUntil(() => !emailField.classList.contains('empty'), 'keyup did not clear the mark');
    });

    it('does not shake on mobile', async () => {
      const original = window.matchMedia;
      window.matchMedia = ((query: string) => ({ ...original.call(window, query), matches: query === FORM.MOBILE_QUERY || original.call(window, query).matches })) as typeof window.matchMedia;
      cleanups.push(() => void (window.matchMedia = original));
      const { el } = await showForm(makeRecord([EMAIL]));
      await submit(el);
      await waitUntil(() => root(el).querySelector('[role="alert"]'), 'no empty-form message');
      // A shake starts in the frame after the message, rendered before the one after.
      await nextFrame();
      await nextFrame();
      // A boolean, not the node: a failing assertion on a node stalls the runner (see nameOf).
      expect(root(el).querySelector('form')!.classList.contains('shake'), 'shaking').to.be.false;
    });
  });

  describe('one submit, one conversion', () => {
    it(`${RAPID_INPUTS} rapid Enter presses make exactly one conversion request`, async () => {
      let release: () => void = () => {};
      const stub = stubApi({ conversion: () => new Promise<Response>((resolve) => (release = () => resolve(Response.json({ success: true, conversion_id: 'c1' })))) });
      const { el, converts } = await showForm(makeRecord([EMAIL]), { api: API });
      await typeInto(el, EMAIL.name, 'ann@example.com');
      for (let i = 0; i < RAPID_INPUTS; i++) await sendKeys({ press: 'Enter' });
      await conversion(stub);
      // Answered, the submit has run its whole way: a request a later press had started came before.
      release();
      await waitUntil(() => converts.length > 0, 'the answer did not convert');
      expect(stub.conversions).to.have.length(1);
    });

    it(`${RAPID_INPUTS} rapid clicks, after a refusal that came at once, make exactly one conversion request`, async () => {
      const clock = fakeClock();
      // The display API's own refusal (a typed code): final, so the outbox never sends it again.
      const stub = stubApi({ conversion: () => Response.json({ error: 'email: refused', code: API_ERROR_CODE.INVALID_REQUEST }, { status: 422 }) });
      const { el } = await showForm(makeRecord([EMAIL]), { api: API });
      await typeInto(el, EMAIL.name, 'ann@example.com');
      // Held still: however long the clicks take, they come within the repeat guard (FORM.SUBMIT_GUARD_MS).
      clock.hold();
      const target = button(el);
      target.click();
      await waitUntil(() => root(el).querySelector('[part="alert"]'), 'no refusal shown');
      expect(root(el).querySelector('[part="alert"]')!.textContent).to.equal(en.sendFailed.replace('{reason}', 'email: refused'));
      for (let i = 1; i < RAPID_INPUTS; i++) target.click();
      // A corrected form goes through at once; its request comes after any the clicks had started.
      await typeInto(el, EMAIL.name, 'x');
      target.click();
      await waitUntil(() => stub.conversions.length > 1, 'the corrected form was not sent');
      expect(stub.conversions.map((body) => body.get('email'))).to.deep.equal(['ann@example.com', 'ann@example.comx']);
    });
  });

  describe('after the submit', () => {
    it('a redirect link submits after 1.5 s and opens its address', async () => {
      const clock = fakeClock();
      let sentAt = NaN;
      const stub = stubApi({ conversion: () => ((sentAt = Date.now()), Response.json({ success: true, conversion_id: 'c1' })) });
      const opened: string[] = [];
      const open = window.open;
      // The click itself opens a `_blank` link; the stub stands in for the new tab.
      window.open = ((url: string) => (opened.push(url), null)) as typeof window.open;
      cleanups.push(() => void (window.open = open));
      const record = makeRecord([EMAIL, { name: 'offer', kind: 'redirect_link', label: 'See the offer', value: 'example.com/offer', target: '_blank' }]);
      const { el } = await showForm(record, { api: API });
      await typeInto(el, EMAIL.name, 'ann@example.com');
      expect(root(el).querySelector('a.redirect-link')!.getAttribute('href')).to.equal('http://example.com/offer');
      // Held still from the click: the delay runs only as the test moves the clock.
      const { clickedAt, heldMs } = await clickRedirectLink(clock, el, record);
      expect(heldMs, 'held for the delay').to.equal(THANK_YOU.REDIRECT_LINK_SUBMIT_MS);
      await clock.advance(THANK_YOU.REDIRECT_LINK_SUBMIT_MS - 1);
      expect(stub.conversions, 'not before the delay').to.have.length(0);
      await clock.advance(1);
      const body = await conversion(stub);
      // Timed by the held clock when the request went: a send that came early went before the last step.
      expect(sentAt - clickedAt).to.be.at.least(THANK_YOU.REDIRECT_LINK_SUBMIT_MS);
      expect(body.get('extra_button')).to.equal('http://example.com/offer');
    });

    it('a redirect link\'s lead is still sent after its delay when the pop-up is closed during the wait', async () => {
      const clock = fakeClock();
      const stub = stubApi();
      const open = window.open;
      window.open = (() => null) as typeof window.open;
      cleanups.push(() => void (window.open = open));
      const record = makeRecord([EMAIL, { name: 'offer', kind: 'redirect_link', label: 'See the offer', value: 'example.com/offer', target: '_blank' }]);
      const { el } = await showForm(record, { api: API });
      await typeInto(el, EMAIL.name, 'closer@example.com');
      let closed = false;
      el.addEventListener('kite-poptin-close', () => (closed = true), { once: true });
      const { heldMs } = await clickRedirectLink(clock, el, record);
      await click(root(el).querySelector('[part="close"]')!);
      await untilAtOnce(clock, () => closed, 'not closed at once');
      expect(stub.conversions, 'not before the delay').to.have.length(0);
      expect(heldMs, 'held for the delay').to.be.at.least(THANK_YOU.REDIRECT_LINK_SUBMIT_MS);
      await clock.advance(heldMs);
      const body = await conversion(stub);
      expect(body.get('email')).to.equal('closer@example.com');
    });

    it('a pop-up closed while its lead is sent marks the visitor converted once the lead is delivered', async () => {
      let answer: () => void = () => {};
      const stub = stubApi({ conversion: () => new Promise<Response>((resolve) => (answer = () => resolve(Response.json({ success: true, conversion_id: 'c1' })))) });
      const record = makeRecord([EMAIL]);
      const { el } = await showForm(record, { api: API });
      const cookie = `${STORAGE_KEY.CONVERSION_PREFIX}${record.poptin_id}=1`;
      await typeInto(el, EMAIL.name, 'late@example.com');
      await submit(el);
      await conversion(stub);
      const closed = new Promise<CustomEvent>((resolve) => el.addEventListener('kite-poptin-close', (event) => resolve(event as CustomEvent), { once: true }));
      await click(root(el).querySelector('[part="close"]')!);
      expect((await closed).detail.submitted, 'closed before the answer').to.be.false;
      expect(document.cookie.split('; ')).not.to.include(cookie);
      answer();
      await waitUntil(() => document.cookie.split('; ').includes(cookie), 'the conversion cookie was not set on delivery');
      expect(localStorage.getItem(STORAGE_KEY.CONVERTED_EMAIL)).to.equal('late@example.com');
    });

    it("a mobile call-type submit that fails on the network goes to the error helper with 'poptin conversion call to mobile'", async () => {
      const stub = stubApi({ conversion: () => Promise.reject(new TypeError('Failed to fetch')) });
      const record = (await (await fetch('/demo/poptins/form-mobile-call.json')).json()) as PoptinRecord;
      const errors = spyConsole('error');
      const { el } = await showForm({ ...record, poptin_id: newId() }, { api: API });
      const call = root(el).querySelector<HTMLAnchorElement>('a.call')!;
      call.addEventListener('click', (event) => event.preventDefault());
      call.click();
      await conversion(stub);
      await waitUntil(() => errors.some((line) => line.includes('poptin conversion call to mobile')), `no error reported: ${errors.join(' | ')}`);
    });

    it("the conversion's scripts go to the head with the page's nonce", async () => {
      const nonce = 'kite-test-nonce';
      const own = document.createElement('script');
      own.nonce = nonce;
      own.type = 'application/json';
      document.head.append(own);
      cleanups.push(() => own.remove());
      stubApi({
        conversion: () =>
          Response.json({ success: true, conversion_id: 'c1', integration: { conversion_code: '<script type="text/plain" id="kite-pixel">pixel()</script>' } }),
      });
      const { el } = await showForm(makeRecord([EMAIL]), { api: API });
      await typeInto(el, EMAIL.name, 'ann@example.com');
      await submit(el);
      await waitUntil(() => document.getElementById('kite-pixel'), 'no pixel script in the head');
      const pixel = document.getElementById('kite-pixel') as HTMLScriptElement;
      cleanups.push(() => pixel.remove());
      expect(pixel.parentElement?.localName).to.equal('head');
      expect(pixel.nonce).to.equal(nonce);
      expect(pixel.text).to.equal('pixel()');
    });
  });
});
