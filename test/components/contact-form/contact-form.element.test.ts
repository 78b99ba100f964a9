/**
 * `kite-contact-form` in real Chromium (content-site spec sections 4, 5, 7 and 8): the theme's
 * markup, real clicks and key presses, every check, the message, the classes, the encoded post,
 * the sending, success (slides, redirect), error and custom-send paths, sanitizing, reduced motion
 * and an accessibility check per visible state.
 *
 * Each send reaches the real reference server (web-test-runner.config.mjs starts it and proxies the
 * form's action, /contact), which checks the fields again, stores the message and answers the
 * response or error container keyed by the form id. A stand-in answers only what that server never
 * does: a network failure, an error container in a 200, a page without the container, hostile markup.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { fakeClock, holdAnswers, imagesAnswered, nextFrame, spyEvents, untilAtOnce, waitUntil } from '../helpers.ts';
import { rendered } from '../react-helpers.ts';
import { render, type TemplateResult } from 'lit';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import '../../../components/contact-form/contact-form.element.ts';
import type { KiteContactForm } from '../../../components/contact-form/contact-form.element.ts';
import { CONTACT_FORM } from '../../../shared/constants/site.ts';
import { CONTACT_FIELDS_WITH_ERROR_DEFAULT, CONTACT_POST, contactErrorId, contactResponseId, type ContactRule } from '../../../shared/logic/contact.ts';
import { en, he } from '../../messages.ts';

/** The message under a field whose check failed, by the check, in each language. */
const RULE_MESSAGE = (messages: typeof en): Record<ContactRule, string> => ({
  is_empty: messages.contactEmpty,
  is_email: messages.contactEmail,
  is_ext_email: messages.contactEmail,
  is_special_email: messages.contactEmail,
  is_phone: messages.contactPhone,
  is_number: messages.contactNumber,
  is_positiv_number: messages.contactPositiveNumber,
  captcha: messages.contactCaptcha,
});

/** Timer and animation jitter, and a React render. */
const SLACK_MS = 150;
/** How long to wait for both slides to finish: far more than the two, for a busy machine. */
const SLIDES_DONE = { timeout: CONTACT_FORM.SLIDE_MS * 10 };
/** A form the reference server does not know by id (not the demo's form 1): it checks that something was typed and that an `email` field holds an address. */
const FORM_ID = 'kite-test';
/** The reference server's contact form action. */
const ACTION = '/contact';
/** The opening words of the reference server's success text. */
const THANKS = 'Thank you, your message has been sent.';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Sent {
  url: string;
  method: string;
  contentType: string | null;
  body: string;
  /** The reference server's answer text (empty when a stand-in answered). */
  answer: Promise<string>;
}

/**
 * Records each send until the test ends; it reaches the reference server unless `standIn` answers
 * it (a stand-in returning nothing lets that send through): only for what the server never answers.
 */
function watchSends(standIn: (sent: Sent) => Response | Promise<Response> | undefined = () => undefined) {
  const sent: Sent[] = [];
  const original = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(input, init);
    let answered!: (text: string) => void;
    const entry: Sent = {
      url: request.url,
      method: request.method,
      contentType: request.headers.get('content-type'),
      body: await request.clone().text(),
      answer: new Promise((resolve) => (answered = resolve)),
    };
    sent.push(entry);
    const stood = standIn(entry);
    if (stood) {
      answered('');
      return stood;
    }
    const response = await original.call(window, request);
    answered(await response.clone().text());
    return response;
  };
  cleanups.push(() => (window.fetch = original));
  return sent;
}
const html200 = (body: string, status = 200) => new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
/** The text of the container `selector` in an answer of the reference server's. */
const containerText = (answer: string, selector: string) => new DOMParser().parseFromString(answer, 'text/html').querySelector(selector)?.textContent;

/** The theme's markup (Enfold-style), inside the element. */
const themeForm = (options: { extra?: TemplateResult; button?: TemplateResult; action?: string; emailCheck?: boolean; postedFormId?: string } = {}) => html`
  <form action=${options.action ?? ACTION} method="post" class="avia_ajax_form" data-avia-form-id=${FORM_ID}>
    <fieldset>
      <p class="form_element" id="element_name">
        <label for="name">Name <abbr class="required" title="required">*</abbr></label>
        <input name="name" class="text_input is_empty" type="text" id="name" value="" />
      </p>
      <p class="form_element" id="element_email">
        <label for="email">E-Mail <abbr class="required" title="required">*</abbr></label>
        <input name="email" class="text_input ${options.emailCheck === false ? '' : 'is_email'}" type="text" id="email" value="" />
      </p>
      <p class="form_element" id="element_company">
        <label for="company">Company</label>
        <input name="company" class="text_input" type="text" id="company" value="" />
      </p>
      <p class="form_element" id="element_message">
        <label for="message">Message <abbr class="required" title="required">*</abbr></label>
        <textarea name="message" class="text_area is_empty" id="message" rows="3"></textarea>
      </p>
      <p class="form_element" id="element_privacy">
        <input type="checkbox" name="privacy" class="input_checkbox is_empty" id="privacy" />
        <label for="privacy">I accept the privacy policy</label>
      </p>
      <p class="form_element" id="element_news">
        <input type="checkbox" name="news" class="input_checkbox" id="news" />
        <label for="news">Send me the newsletter</label>
      </p>
      ${options.extra ?? ''}
      <p class="form_element form_submit">
        <input type="hidden" name=${CONTACT_POST.FORM_ID_FIELD} value=${options.postedFormId ?? FORM_ID} />
        ${options.button ?? html`<input type="submit" value="Submit" class="button" data-sending-label="Sending" />`}
      </p>
    </fieldset>
  </form>
`;

/** A fresh element with the theme form, once React rendered it. */
async function contactForm(template: TemplateResult = html`<kite-contact-form show-errors>${themeForm()}</kite-contact-form>`) {
  const el = await fixture<KiteContactForm>(template);
  // The element took the form over (its listeners and event forwarding are in place).
  await waitUntil(() => el.querySelector('form')?.hasAttribute('novalidate'), 'enhanced');
  return el;
}

const q = <T extends Element = HTMLElement>(el: Element, selector: string) => el.querySelector(selector) as T;
const field = (el: Element, name: string) => q<HTMLInputElement>(el, `[name="${name}"]`);
const wrapper = (el: Element, name: string) => field(el, name).closest('.form_element')!;
const button = (el: Element) => q<HTMLInputElement>(el, '[type="submit"]');
const stateOf = (el: KiteContactForm) => el.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!.dataset.state;
const summaryOf = (el: KiteContactForm) => el.shadowRoot!.querySelector('[part~="summary"]')!.textContent;
const messageOf = (el: Element, name: string) => {
  const ids = field(el, name).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
};
const activeName = () => (document.activeElement as HTMLInputElement | null)?.name ?? document.activeElement?.id ?? '';

/** Fills the required fields of the theme form with valid values. */
function fillValid(el: Element) {
  field(el, 'name').value = 'Ada Lovelace';
  field(el, 'email').value = 'ada@example.com';
  q<HTMLTextAreaElement>(el, '[name="message"]').value = 'Hello & goodbye';
  field(el, 'privacy').checked = true;
}

/** The element's `kite-contact-form-*` events, heard on the element itself. */
const FORM_EVENTS = ['kite-contact-form-invalid', 'kite-contact-form-sending', 'kite-contact-form-success', 'kite-contact-form-error', 'kite-contact-form-redirect'] as const;
const spyForm = (el: Element) => spyEvents(FORM_EVENTS, { on: el });

describe('kite-contact-form', () => {
  describe('checks', () => {
    const cases: Array<[ContactRule, string, string]> = [
      ['is_empty', '   ', 'x'],
      ['is_email', 'ada@example', 'ada@example.com'],
      ['is_ext_email', 'jürgen@example', 'jürgen@bücher.de'],
      ['is_special_email', 'a b@example.com', "o'brien+tag@example.com"],
      ['is_phone', '555-CALL', '+49 (0)30 1234-567 ext. 12'],
      ['is_number', '1.2.3', '-12,5'],
      ['is_positiv_number', '-1', '12.5'],
    ];
    for (const [rule, bad, good] of cases) {
      it(`${rule}: ${JSON.stringify(bad)} gets the error style and message, ${JSON.stringify(good)} the valid style`, async () => {
        const sent = watchSends();
        const el = await contactForm(html`
          <kite-contact-form>
            <form action=${ACTION}>
              <p class="form_element"><label for="f">Field</label><input id="f" name="f" class=${rule} /></p>
              <p class="form_element"><input type="submit" value="Send" /></p>
            </form>
          </kite-contact-form>
        `);
        field(el, 'f').value = bad;
        button(el).click();
        await waitUntil(() => wrapper(el, 'f').classList.contains('error'), 'error style');
        expect(wrapper(el, 'f').classList.contains('valid')).to.be.false;
        expect(field(el, 'f').getAttribute('aria-invalid')).to.equal('true');
        expect(messageOf(el, 'f')).to.equal(RULE_MESSAGE(en)[rule]);
        expect(sent.length).to.equal(0);

        field(el, 'f').value = good;
        button(el).click();
        await waitUntil(() => wrapper(el, 'f').classList.contains('valid'), 'valid style');
        expect(wrapper(el, 'f').classList.contains('error')).to.be.false;
        expect(field(el, 'f').hasAttribute('aria-invalid')).to.be.false;
        expect(field(el, 'f').hasAttribute('aria-describedby')).to.be.false;
        await waitUntil(() => sent.length === 1, 'sent once valid');
      });
    }

    it("captcha: the theme's hidden verifier, or a data-verifier attribute", async () => {
      watchSends();
      const el = await contactForm(html`
        <kite-contact-form>
          <form action=${ACTION}>
            <p class="form_element">
              <span id="q1">What is 3 + 5?</span>
              <input type="hidden" id="c1_verifier" name="c1_verifier" value="3a8f92" />
              <label for="c1">Answer</label><input id="c1" name="c1" class="text_input captcha" aria-describedby="q1" />
            </p>
            <p class="form_element"><label for="c2">Second answer</label><input id="c2" name="c2" class="captcha" data-verifier="70" /></p>
            <p class="form_element"><input type="submit" value="Send" /></p>
          </form>
        </kite-contact-form>
      `);
      field(el, 'c1').value = '3';
      field(el, 'c2').value = '0';
      button(el).click();
      await waitUntil(() => wrapper(el, 'c1').classList.contains('error') && wrapper(el, 'c2').classList.contains('error'), 'both wrong');
      expect(messageOf(el, 'c1')).to.equal(`What is 3 + 5? ${RULE_MESSAGE(en).captcha}`, 'the page’s own description is kept');
      field(el, 'c1').value = '8';
      field(el, 'c2').value = '7';
      button(el).click();
      await waitUntil(() => wrapper(el, 'c1').classList.contains('valid') && wrapper(el, 'c2').classList.contains('valid'), 'both right');
      expect(field(el, 'c1').getAttribute('aria-describedby')).to.equal('q1');
    });

    it('reads the check from the wrapper too, and styles the field itself when it has no wrapper', async () => {
      watchSends();
      const el = await contactForm(html`
        <kite-contact-form>
          <form action=${ACTION}>
            <p class="form_element is_email"><label for="w">Work e-mail</label><input id="w" name="w" /></p>
            <label for="bare">Bare</label><input id="bare" name="bare" class="is_empty" />
            <input type="submit" value="Send" />
          </form>
        </kite-contact-form>
      `);
      field(el, 'w').value = 'nope';
      button(el).click();
      await waitUntil(() => wrapper(el, 'w').classList.contains('error'), 'wrapper check');
      expect(field(el, 'bare').classList.contains('error')).to.be.true;
      expect(messageOf(el, 'bare')).to.equal(RULE_MESSAGE(en).is_empty);
      await expect(el).to.be.accessible();
    });

    it('asks to choose for a required radio group or select, and sends the chosen value', async () => {
      const sent = watchSends();
      const el = await contactForm(html`
        <kite-contact-form>
          <form action=${ACTION}>
            <fieldset class="form_element">
              <legend>Pump type</legend>
              <input type="radio" id="t1" name="type" value="booster" class="is_empty" /><label for="t1">Booster</label>
              <input type="radio" id="t2" name="type" value="circulation" class="is_empty" /><label for="t2">Circulation</label>
            </fieldset>
            <p class="form_element">
              <label for="size">Size</label>
              <select id="size" name="size" class="is_empty"><option value="">Choose…</option><option>DN 25</option></select>
            </p>
            <input type="submit" value="Send" />
          </form>
        </kite-contact-form>
      `);
      button(el).click();
      await waitUntil(() => messageOf(el, 'type') !== '', 'messages');
      expect(messageOf(el, 'type')).to.equal(en.contactUnchosen);
      expect(messageOf(el, 'size')).to.equal(en.contactUnchosen);
      expect(q(el, '#t2').getAttribute('aria-invalid')).to.equal('true', 'every radio of the group');
      expect(q(el, 'fieldset').classList.contains('error')).to.be.true;
      await expect(el).to.be.accessible();
      q<HTMLInputElement>(el, '#t2').checked = true;
      q<HTMLSelectElement>(el, '#size').value = 'DN 25';
      button(el).click();
      await waitUntil(() => sent.length === 1, 'sent');
      expect(sent[0]!.body).to.equal(`type=circulation&size=DN%2025&${CONTACT_POST.AJAX_FLAG}=true`);
    });

    it('a page message in data-error-message replaces the element’s', async () => {
      watchSends();
      const el = await contactForm(html`
        <kite-contact-form>
          <form action=${ACTION}>
            <p class="form_element" data-error-message="Bitte füllen Sie dieses Feld aus."><label for="n">Name</label><input id="n" name="n" class="is_empty" /></p>
            <input type="submit" value="Senden" />
          </form>
        </kite-contact-form>
      `);
      button(el).click();
      await waitUntil(() => messageOf(el, 'n') !== '', 'message');
      expect(messageOf(el, 'n')).to.equal('Bitte füllen Sie dieses Feld aus.');
    });
  });

  describe('the error message', () => {
    it("shows 'Found errors in the following field(s): ' and the comma-joined labels, sends nothing, focuses the first failing field", async () => {
      const sent = watchSends();
      const el = await contactForm();
      const events = spyForm(el);
      field(el, 'email').value = 'not an address';
      field(el, 'company').value = 'Acme';
      button(el).click();
      await waitUntil(() => summaryOf(el) !== '', 'summary shown');
      expect(summaryOf(el)).to.equal(`${CONTACT_FIELDS_WITH_ERROR_DEFAULT}Name, E-Mail, Message, I accept the privacy policy`);
      expect(summaryOf(el)).to.equal('Found errors in the following field(s): Name, E-Mail, Message, I accept the privacy policy');
      expect(el.shadowRoot!.querySelector('[part~="summary"]')!.getAttribute('role')).to.equal('alert');
      expect(sent.length).to.equal(0);
      expect(stateOf(el)).to.equal('idle');
      expect(activeName()).to.equal('name');
      for (const name of ['name', 'email', 'message', 'privacy']) expect(wrapper(el, name).classList.contains('error'), name).to.be.true;
      expect(messageOf(el, 'name')).to.equal(RULE_MESSAGE(en).is_empty);
      expect(messageOf(el, 'email')).to.equal(RULE_MESSAGE(en).is_email);
      expect(messageOf(el, 'privacy')).to.equal(en.contactUnticked);
      expect(wrapper(el, 'company').classList.contains('valid'), 'a filled field without check is valid').to.be.true;
      expect(wrapper(el, 'news').classList.contains('valid') || wrapper(el, 'news').classList.contains('error'), 'an empty field without check has neither').to.be.false;
      expect(events.types()).to.deep.equal(['kite-contact-form-invalid']);
      expect(events.heard[0]).to.deep.include({
        detail: { fields: ['name', 'email', 'message', 'privacy'], labels: ['Name', 'E-Mail', 'Message', 'I accept the privacy policy'] },
        bubbles: true,
        composed: true,
      });
      await expect(el).to.be.accessible();
    });

    it('uses the fields-with-error prefix', async () => {
      watchSends();
      const el = await contactForm(html`<kite-contact-form show-errors fields-with-error="Bitte prüfen: ">${themeForm()}</kite-contact-form>`);
      button(el).click();
      await waitUntil(() => summaryOf(el) !== '', 'summary');
      expect(summaryOf(el)).to.equal('Bitte prüfen: Name, E-Mail, Message, I accept the privacy policy');
    });

    it('uses the form’s data-fields-with-error when the attribute is unset', async () => {
      watchSends();
      const el = await contactForm(html`<kite-contact-form show-errors>${themeForm()}</kite-contact-form>`);
      el.querySelector('form')!.dataset.fieldsWithError = 'Fehler in: ';
      // Any attribute change re-reads the form's settings.
      el.removeAttribute('show-errors');
      el.setAttribute('show-errors', '');
      fillValid(el);
      field(el, 'name').value = '';
      button(el).click();
      await waitUntil(() => summaryOf(el) !== '', 'summary');
      expect(summaryOf(el)).to.equal('Fehler in: Name');
    });

    it('shows no summary without show-errors, but still marks the fields', async () => {
      watchSends();
      const el = await contactForm(html`<kite-contact-form>${themeForm()}</kite-contact-form>`);
      button(el).click();
      await waitUntil(() => wrapper(el, 'name').classList.contains('error'), 'marked');
      expect(summaryOf(el)).to.equal('');
      expect(getComputedStyle(el.shadowRoot!.querySelector('[part~="summary"]')!).display).to.equal('none');
    });

    it('clears a field’s error as soon as it is fixed, and the summary with it', async () => {
      const clock = fakeClock();
      watchSends();
      const el = await contactForm();
      fillValid(el);
      field(el, 'name').value = '';
      button(el).click();
      await waitUntil(() => summaryOf(el) !== '', 'summary');
      field(el, 'name').focus();
      await sendKeys({ type: 'A' });
      await waitUntil(() => wrapper(el, 'name').classList.contains('valid'), 'fixed while typing');
      expect(summaryOf(el)).to.equal('');
      expect(field(el, 'name').hasAttribute('aria-invalid')).to.be.false;
      // Emptied again: the error comes back when the visitor leaves the field, not while typing.
      await sendKeys({ press: 'Backspace' });
      await clock.advance(SLACK_MS);
      expect(wrapper(el, 'name').classList.contains('error')).to.be.false;
      await sendKeys({ press: 'Tab' });
      await waitUntil(() => wrapper(el, 'name').classList.contains('error'), 'error on leaving');
    });
  });

  describe('the send', () => {
    it('posts the fields URL-encoded to the action, checkboxes true or empty, with the ajax flag', async () => {
      const sent = watchSends();
      const el = await contactForm();
      await expect(el).to.be.accessible();
      fillValid(el);
      field(el, 'name').value = 'Ada Lovelace + Co & Söhne';
      button(el).click();
      await waitUntil(() => sent.length === 1, 'sent');
      expect(sent[0]!.method).to.equal('POST');
      expect(sent[0]!.url).to.equal(new URL(ACTION, location.href).href);
      expect(sent[0]!.contentType).to.equal('application/x-www-form-urlencoded;charset=UTF-8');
      expect(sent[0]!.body).to.equal(
        'name=Ada%20Lovelace%20%2B%20Co%20%26%20S%C3%B6hne&email=ada%40example.com&company=&message=Hello%20%26%20goodbye' +
          `&privacy=true&news=&${CONTACT_POST.FORM_ID_FIELD}=${FORM_ID}&${CONTACT_POST.AJAX_FLAG}=true`,
      );
    });

    it('adds the mailing-list flag with mailing-list', async () => {
      const sent = watchSends();
      const el = await contactForm(html`<kite-contact-form mailing-list>${themeForm()}</kite-contact-form>`);
      fillValid(el);
      field(el, 'news').checked = true;
      button(el).click();
      await waitUntil(() => sent.length === 1, 'sent');
      const body = new URLSearchParams(sent[0]!.body);
      expect(body.get('news')).to.equal('true');
      expect(body.get(CONTACT_POST.MAILING_LIST_FLAG)).to.equal('true');
      expect(body.get(CONTACT_POST.AJAX_FLAG)).to.equal('true');
    });

    it('puts the button in its sending state with the sending label, and sends only once', async () => {
      const clock = fakeClock();
      const sent = watchSends();
      // The answer is held until the sending state has been checked.
      const hold = holdAnswers();
      const el = await contactForm(html`<kite-contact-form sending-label="Sending your message…">${themeForm({ action: `${ACTION}?${hold.query}` })}</kite-contact-form>`);
      const events = spyForm(el);
      fillValid(el);
      button(el).click();
      await waitUntil(() => stateOf(el) === 'sending', 'sending');
      expect(button(el).classList.contains('av-sending-button')).to.be.true;
      expect(button(el).value).to.equal('Sending your message…');
      expect(button(el).getAttribute('aria-disabled')).to.equal('true');
      expect(el.querySelector('form')!.getAttribute('aria-busy')).to.equal('true');
      await expect(el).to.be.accessible();

      // Clicks and Enter while sending: no second send.
      button(el).click();
      button(el).click();
      field(el, 'name').focus();
      await sendKeys({ press: 'Enter' });
      await clock.advance(SLACK_MS);
      expect(sent.length).to.equal(1);
      expect(events.types()).to.deep.equal(['kite-contact-form-sending']);
      expect(events.heard[0]!.detail).to.deep.equal({ fields: ['name', 'email', 'company', 'message', 'privacy', 'news', CONTACT_POST.FORM_ID_FIELD] });
      expect(stateOf(el), 'still sending when the checks ran').to.equal('sending');
      await hold.release();
      await waitUntil(() => stateOf(el) === 'success', 'success');
    });

    it("falls back to the button's data-sending-label, and works with a <button>", async () => {
      watchSends();
      const hold = holdAnswers();
      const el = await contactForm(html`
        <kite-contact-form>${themeForm({ action: `${ACTION}?${hold.query}`, button: html`<button class="button" data-sending-label="Wird gesendet">Senden <span aria-hidden="true">→</span></button>` })}</kite-contact-form>
      `);
      fillValid(el);
      const submit = q<HTMLButtonElement>(el, 'button');
      submit.click();
      await waitUntil(() => stateOf(el) === 'sending', 'sending');
      expect(submit.textContent).to.equal('Wird gesendet');
      await hold.release();
      await waitUntil(() => stateOf(el) === 'success', 'success');
    });

    it('sends nothing while the button is marked inactive', async () => {
      const clock = fakeClock();
      const sent = watchSends();
      const el = await contactForm();
      fillValid(el);
      button(el).classList.add('avia_button_inactive');
      button(el).click();
      await waitUntil(() => wrapper(el, 'name').classList.contains('valid'), 'checked');
      await clock.advance(SLACK_MS);
      expect(sent.length).to.equal(0);
      expect(stateOf(el)).to.equal('idle');
      button(el).classList.remove('avia_button_inactive');
      button(el).click();
      await waitUntil(() => sent.length === 1, 'sent once active');
    });
  });

  describe('success', () => {
    afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));

    it(`slides the form up, then the response down (${CONTACT_FORM.SLIDE_MS} ms each), and moves the focus to it`, async () => {
      const clock = fakeClock();
      watchSends();
      const el = await contactForm();
      const events = spyForm(el);
      fillValid(el);
      const form = el.querySelector('form')!;
      button(el).focus();
      // Held from the click: each slide lasts its time on the clock, checked 1 ms before its end and at it.
      clock.hold();
      button(el).click();
      await untilAtOnce(clock, () => form.getAnimations().length > 0, 'form sliding up');
      const [up] = form.getAnimations();
      expect((up!.effect as KeyframeEffect).getTiming().duration).to.equal(CONTACT_FORM.SLIDE_MS);
      const keyframes = (up!.effect as KeyframeEffect).getKeyframes();
      expect(keyframes.at(-1)!.height).to.equal('0px');
      await clock.advance(CONTACT_FORM.SLIDE_MS - 1);
      await nextFrame();
      expect(form.hidden, 'still sliding up').to.be.false;

      const area = () => document.getElementById(contactResponseId(FORM_ID));
      await clock.advance(1);
      await waitUntil(() => form.hidden, 'form gone');
      expect(area()!.hidden).to.be.false;
      expect(area()!.getAnimations().length).to.equal(1);
      const [down] = area()!.getAnimations();
      expect((down!.effect as KeyframeEffect).getTiming().duration).to.equal(CONTACT_FORM.SLIDE_MS);
      // The slide's own (real) time held too: only the machine's end of it can finish it.
      down!.pause();
      expect(area()!.textContent).to.contain(THANKS);
      expect(activeName()).to.equal(contactResponseId(FORM_ID));
      expect(getComputedStyle(form).display).to.equal('none');
      await clock.advance(CONTACT_FORM.SLIDE_MS - 1);
      await nextFrame();
      expect(area()!.getAnimations().length, 'still sliding down').to.equal(1);
      await clock.advance(1);
      await waitUntil(() => area()!.getAnimations().length === 0, 'slid down');
      expect(stateOf(el)).to.equal('success');
      expect(events.types()).to.deep.equal(['kite-contact-form-sending', 'kite-contact-form-success']);
      expect(events.heard[1]!.detail).to.deep.equal({ redirect: null });
      expect(el.querySelectorAll(`#${contactResponseId(FORM_ID)}`).length).to.equal(1, 'one container, no duplicate id');
      clock.release();
      await expect(el).to.be.accessible();
    });

    it("fills the theme's own hidden response container", async () => {
      watchSends();
      const el = await contactForm(html`
        <kite-contact-form>${themeForm()}<div id=${contactResponseId(FORM_ID)} class="ajaxresponse ajaxresponse_1 hidden"></div></kite-contact-form>
      `);
      fillValid(el);
      button(el).click();
      const area = q(el, `#${contactResponseId(FORM_ID)}`);
      await waitUntil(() => area.textContent!.includes('Thank you'), 'filled', SLIDES_DONE);
      await waitUntil(() => !area.classList.contains('hidden') && !area.hidden, 'shown', SLIDES_DONE);
      expect(el.querySelectorAll('.ajaxresponse').length).to.equal(1);
    });

    it('replaces the form at once under reduced motion', async () => {
      const clock = fakeClock();
      await emulateMedia({ reducedMotion: 'reduce' });
      watchSends();
      const el = await contactForm();
      fillValid(el);
      const form = el.querySelector('form')!;
      let animated = false;
      const watch = () => {
        const area = document.getElementById(contactResponseId(FORM_ID));
        animated ||= form.getAnimations().length > 0 || (area?.getAnimations().length ?? 0) > 0;
        if (!form.hidden) requestAnimationFrame(watch);
      };
      // The clock held still (only what is due at once runs): the form is replaced without waiting for any slide.
      clock.hold();
      button(el).click();
      watch();
      await untilAtOnce(clock, () => form.hidden, 'form gone');
      expect(animated, 'no slide ran').to.be.false;
      expect(document.getElementById(contactResponseId(FORM_ID))!.getAnimations().length).to.equal(0);
    });

    it('goes to the redirect address instead of showing the response', async () => {
      watchSends();
      const el = await contactForm(html`<kite-contact-form redirect="#contact-sent">${themeForm()}</kite-contact-form>`);
      cleanups.push(() => history.replaceState(null, '', location.pathname + location.search));
      const events = spyForm(el);
      fillValid(el);
      button(el).click();
      await waitUntil(() => location.hash === '#contact-sent', 'redirected');
      expect(events.types()).to.deep.equal(['kite-contact-form-sending', 'kite-contact-form-success', 'kite-contact-form-redirect']);
      expect(events.heard[2]!.detail).to.deep.equal({ url: '#contact-sent' });
      expect(el.querySelector('form')!.hidden).to.be.false;
      expect(button(el).classList.contains('av-sending-button'), 'still sending while the page leaves').to.be.true;
      expect(document.getElementById(contactResponseId(FORM_ID))).to.be.null;
    });

    it('takes the redirect from the form’s data-avia-redirect too', async () => {
      watchSends();
      const el = await contactForm(html`<kite-contact-form>${themeForm()}</kite-contact-form>`);
      el.querySelector('form')!.dataset.aviaRedirect = '#theme-redirect';
      await rendered(() => el.setAttribute('sending-label', 'Sending')); // any attribute change re-reads the form's settings
      cleanups.push(() => history.replaceState(null, '', location.pathname + location.search));
      fillValid(el);
      button(el).click();
      await waitUntil(() => location.hash === '#theme-redirect', 'redirected');
    });

    it('never follows a javascript: redirect: the response shows instead', async () => {
      watchSends();
      const warn = console.warn;
      const warnings: unknown[][] = [];
      console.warn = (...args: unknown[]) => warnings.push(args);
      cleanups.push(() => (console.warn = warn));
      const before = location.href;
      const el = await contactForm(html`<kite-contact-form redirect="javascript:window.__kiteRedirected=1">${themeForm()}</kite-contact-form>`);
      const events = spyForm(el);
      fillValid(el);
      button(el).click();
      await waitUntil(() => el.querySelector('form')!.hidden, 'response shown', SLIDES_DONE);
      expect((window as { __kiteRedirected?: number }).__kiteRedirected).to.be.undefined;
      expect(location.href).to.equal(before);
      expect(events.of('kite-contact-form-redirect')).to.deep.equal([]);
      expect(events.of('kite-contact-form-success')[0]!.detail).to.deep.equal({ redirect: null });
      expect(String(warnings[0]?.[0])).to.contain('redirect ignored');
    });
  });

  describe('error', () => {
    it("shows the returned error container, restores the button, and clears it on the next submit", async () => {
      const sent = watchSends();
      // No e-mail check on the page: the reference server's own check refuses the address (400).
      const el = await contactForm(html`<kite-contact-form show-errors>${themeForm({ emailCheck: false })}</kite-contact-form>`);
      const events = spyForm(el);
      fillValid(el);
      field(el, 'email').value = 'ada@example';
      button(el).click();
      await waitUntil(() => stateOf(el) === 'error', 'error');
      const area = q(el, '.kite-contact-form-error');
      expect(area.getAttribute('role')).to.equal('alert');
      const refusal = containerText(await sent[0]!.answer, `#${contactErrorId(FORM_ID)}`);
      expect(refusal, 'the server names the field').to.contain('email');
      expect(area.querySelector(`#${contactErrorId(FORM_ID)}`)!.textContent).to.equal(refusal);
      expect(button(el).value).to.equal('Submit');
      expect(button(el).classList.contains('av-sending-button')).to.be.false;
      expect(button(el).hasAttribute('aria-disabled')).to.be.false;
      expect(el.querySelector('form')!.hasAttribute('aria-busy')).to.be.false;
      expect(events.heard.at(-1)).to.deep.include({ type: 'kite-contact-form-error', detail: { reason: 'rejected' } });
      await expect(el).to.be.accessible();

      field(el, 'email').value = 'ada@example.com';
      button(el).click();
      await waitUntil(() => stateOf(el) === 'success', 'sent again');
      expect(el.querySelector('.kite-contact-form-error')).to.be.null;
      expect(sent.length).to.equal(2);
    });

    it('an error container in a 200 answer is an error too', async () => {
      // A stand-in: the reference server answers an error container with a 400 only.
      watchSends(() => html200(`<div class="avia-form-error">Mail server down.</div>`));
      const el = await contactForm();
      fillValid(el);
      button(el).click();
      await waitUntil(() => stateOf(el) === 'error', 'error');
      expect(q(el, '.kite-contact-form-error').textContent).to.equal('Mail server down.');
    });

    it('says the message could not be sent when the network fails, and lets the visitor retry', async () => {
      let fail = true;
      // A stand-in for the failure: the network cannot be made to fail cheaply; the retry reaches the server.
      watchSends(() => (fail ? Promise.reject(new TypeError('Failed to fetch')) : undefined));
      const el = await contactForm();
      const events = spyForm(el);
      fillValid(el);
      button(el).click();
      await waitUntil(() => stateOf(el) === 'error', 'error');
      expect(q(el, '.kite-contact-form-error').textContent).to.equal(en.contactSendFailed);
      expect(events.heard.at(-1)!.detail).to.deep.equal({ reason: 'network' });
      fail = false;
      button(el).click();
      await waitUntil(() => stateOf(el) === 'success', 'retried');
    });

    it('an unusable answer (a refusal without the container) is an error', async () => {
      const sent = watchSends();
      // A form id the server cannot key a container by: it refuses the post (400) with a JSON reason, no container.
      const el = await contactForm(html`<kite-contact-form show-errors>${themeForm({ postedFormId: 'not an id!' })}</kite-contact-form>`);
      fillValid(el);
      button(el).click();
      await waitUntil(() => stateOf(el) === 'error', 'error');
      expect(q(el, '.kite-contact-form-error').textContent).to.equal(en.contactSendFailed);
      expect(await sent[0]!.answer).to.contain(CONTACT_POST.FORM_ID_FIELD);
    });
  });

  describe('custom send', () => {
    it('loads the response container from the form action with the fields as data', async () => {
      const sent = watchSends();
      const el = await contactForm(html`<kite-contact-form custom-send>${themeForm()}</kite-contact-form>`);
      fillValid(el);
      button(el).click();
      await waitUntil(() => sent.length === 1, 'sent');
      const body = new URLSearchParams(sent[0]!.body);
      expect(body.get('name')).to.equal('Ada Lovelace');
      expect(body.has(CONTACT_POST.AJAX_FLAG)).to.be.false;
      await waitUntil(() => el.querySelector('form')!.hidden, 'replaced', SLIDES_DONE);
      // The server's whole page: only its container is taken, not the page around it (its link back).
      const page = await sent[0]!.answer;
      expect(page).to.match(/^<!doctype html>/);
      const area = document.getElementById(contactResponseId(FORM_ID))!;
      expect(area.textContent).to.equal(containerText(page, `#${contactResponseId(FORM_ID)}`));
      expect(area.textContent).to.contain(THANKS);
      expect(el.querySelector('main, a[href]')).to.equal(null);
    });

    it('is taken from the form’s data-av-custom-send; a page without the container is an error', async () => {
      // A stand-in: the reference server's page always holds the container.
      const sent = watchSends(() => html200('<!doctype html><title>x</title><p>Nothing here</p>'));
      const el = await contactForm(html`<kite-contact-form>${themeForm()}</kite-contact-form>`);
      el.querySelector('form')!.dataset.avCustomSend = 'true';
      await rendered(() => el.setAttribute('sending-label', 'Sending')); // re-render: settings are read again
      fillValid(el);
      button(el).click();
      await waitUntil(() => stateOf(el) === 'error', 'error');
      expect(new URLSearchParams(sent[0]!.body).has(CONTACT_POST.AJAX_FLAG)).to.be.false;
    });
  });

  describe('sanitizing', () => {
    type Pwned = { __kitePwned?: number };
    afterEach(() => delete (window as Pwned).__kitePwned);

    // Stand-ins: the reference server's answers are fixed text, so only a stand-in can send hostile markup.
    it('never runs script or handlers from the response', async () => {
      watchSends(() =>
        html200(`<div id="${contactResponseId(FORM_ID)}" class="ajaxresponse"><p>Thanks!</p>
          <img src="data:," onerror="window.__kitePwned = 1" alt="">
          <img src="data:image/png;base64,AAAA" onerror="window.__kitePwned = 2" alt="">
          <script>window.__kitePwned = 3</script>
          <a href="javascript:window.__kitePwned = 4" id="bad-link">more</a>
          <iframe srcdoc="<script>parent.__kitePwned = 5</script>"></iframe>
          <p style="color: red" onclick="window.__kitePwned = 6" id="styled">Styled</p></div>`),
      );
      const el = await contactForm();
      fillValid(el);
      button(el).click();
      const area = () => document.getElementById(contactResponseId(FORM_ID));
      await waitUntil(() => area() && !area()!.hidden, 'shown', SLIDES_DONE);
      await imagesAnswered(area()!);
      expect((window as Pwned).__kitePwned).to.be.undefined;
      expect(area()!.textContent).to.contain('Thanks!');
      expect(area()!.querySelectorAll('script, iframe').length).to.equal(0);
      expect(area()!.querySelectorAll('[onerror], [onclick], [style]').length).to.equal(0);
      expect(area()!.querySelector('#bad-link')!.hasAttribute('href')).to.be.false;
      (area()!.querySelector('#styled') as HTMLElement).click();
      expect((window as Pwned).__kitePwned).to.be.undefined;
    });

    it('never runs script or handlers from the error container', async () => {
      watchSends(() =>
        html200(`<div class="avia-form-error">Bad <img src="data:," onerror="window.__kitePwned = 1" alt=""><script>window.__kitePwned = 2</script></div>`, 400),
      );
      const el = await contactForm();
      fillValid(el);
      button(el).click();
      await waitUntil(() => stateOf(el) === 'error', 'error');
      await imagesAnswered(q(el, '.kite-contact-form-error'));
      expect((window as Pwned).__kitePwned).to.be.undefined;
      expect(q(el, '.kite-contact-form-error').querySelectorAll('script, [onerror]').length).to.equal(0);
    });
  });

  describe('keyboard', () => {
    it('is used with the keyboard alone: Tab through the fields, Enter to send, focus follows the outcome', async () => {
      watchSends();
      const el = await contactForm();
      const start = document.createElement('button');
      start.textContent = 'Before the form';
      el.before(start);
      cleanups.push(() => start.remove());
      start.focus();
      await sendKeys({ press: 'Tab' });
      expect(activeName()).to.equal('name');
      await sendKeys({ type: 'Ada' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ type: 'ada@example' });
      await sendKeys({ press: 'Enter' });
      // Message and privacy are empty, the e-mail wrong: focus goes to the first failing field.
      await waitUntil(() => activeName() === 'email', 'focus on the first failing field');
      expect(summaryOf(el)).to.equal(`${CONTACT_FIELDS_WITH_ERROR_DEFAULT}E-Mail, Message, I accept the privacy policy`);
      await sendKeys({ type: '.com' });
      await sendKeys({ press: 'Tab' }); // company
      await sendKeys({ press: 'Tab' }); // message
      await sendKeys({ type: 'Hello' });
      await sendKeys({ press: 'Tab' }); // privacy
      expect(activeName()).to.equal('privacy');
      await sendKeys({ press: 'Space' });
      expect(field(el, 'privacy').checked).to.be.true;
      await sendKeys({ press: 'Tab' }); // newsletter
      await sendKeys({ press: 'Tab' }); // submit
      expect(document.activeElement === button(el)).to.be.true;
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => activeName() === contactResponseId(FORM_ID), 'focus on the response', SLIDES_DONE);
      expect(document.activeElement!.textContent).to.contain('Thank you');
    });
  });

  describe('languages', () => {
    /** The page in Hebrew, right to left, as a Hebrew theme writes it, until the test ends. */
    function hebrewPage() {
      const root = document.documentElement;
      const [lang, dir] = [root.lang, root.dir];
      root.lang = 'he';
      root.dir = 'rtl';
      cleanups.push(() => Object.assign(root, { lang, dir }));
    }

    it('on a Hebrew page (lang="he", dir="rtl") shows the messages and the prefix in Hebrew', async () => {
      hebrewPage();
      // A stand-in for the network failure, whose message is the one to read in Hebrew.
      watchSends(() => Promise.reject(new TypeError('Failed to fetch')));
      const el = await contactForm();
      field(el, 'email').value = 'not an address';
      button(el).click();
      await waitUntil(() => summaryOf(el) !== '', 'summary shown');
      expect(summaryOf(el)).to.equal(`${he.contactFieldsWithError}Name, E-Mail, Message, I accept the privacy policy`);
      expect(messageOf(el, 'name')).to.equal(he.contactEmpty);
      expect(messageOf(el, 'email')).to.equal(he.contactEmail);
      expect(messageOf(el, 'message')).to.equal(he.contactEmpty);
      expect(messageOf(el, 'privacy')).to.equal(he.contactUnticked);
      // The messages are the field's description, in the page's direction.
      expect(getComputedStyle(q(el, '.kite-contact-form-message')).direction).to.equal('rtl');
      await expect(el).to.be.accessible();

      fillValid(el);
      button(el).click();
      await waitUntil(() => stateOf(el) === 'error', 'send failed');
      expect(q(el, '.kite-contact-form-error').textContent).to.equal(he.contactSendFailed);
    });

    it('follows its own lang over the page’s', async () => {
      watchSends();
      const el = await contactForm(html`<kite-contact-form show-errors lang="he">${themeForm()}</kite-contact-form>`);
      button(el).click();
      await waitUntil(() => messageOf(el, 'name') !== '', 'messages shown');
      expect(messageOf(el, 'name')).to.equal(he.contactEmpty);
      expect(summaryOf(el)!.startsWith(he.contactFieldsWithError), 'Hebrew prefix').to.be.true;
      el.lang = 'en';
      await waitUntil(() => messageOf(el, 'name') === en.contactEmpty, 'English once its lang is');
      expect(summaryOf(el)!.startsWith(CONTACT_FIELDS_WITH_ERROR_DEFAULT), 'English prefix').to.be.true;
    });
  });

  describe('without enhancement', () => {
    it('leaves markup without a form as it is', async () => {
      const debug = console.debug;
      const logged: unknown[][] = [];
      console.debug = (...args: unknown[]) => logged.push(args);
      cleanups.push(() => (console.debug = debug));
      const el = await fixture<KiteContactForm>(html`<kite-contact-form><p>No form here.</p></kite-contact-form>`);
      await waitUntil(() => logged.length > 0, 'reported');
      expect(String(logged[0]![0])).to.contain('not initialised');
      expect(el.shadowRoot!.querySelector('[part~="base"]')).to.be.null;
      expect(el.getBoundingClientRect().height).to.be.greaterThan(0);
    });

    it('shows the form before React renders, and puts the page markup back when removed', async () => {
      const el = document.createElement('kite-contact-form');
      el.innerHTML = '<form action="/x"><label for="z">Z</label><input id="z" name="z" class="is_empty"><input type="submit" value="Go"></form>';
      document.body.append(el);
      expect(el.querySelector('form')!.getBoundingClientRect().height).to.be.greaterThan(0);
      await waitUntil(() => el.querySelector('form')!.hasAttribute('novalidate'), 'enhanced');
      expect(el.shadowRoot!.querySelector('[part~="base"]')).to.exist;
      watchSends();
      q<HTMLInputElement>(el, '[type="submit"]').click();
      await waitUntil(() => el.querySelector('[aria-invalid]'), 'marked');
      el.remove();
      await waitUntil(() => !el.querySelector('form')!.hasAttribute('novalidate'), 'the page markup back');
      expect(el.querySelector('[aria-invalid], .kite-contact-form-message, .error')).to.be.null;
    });
  });

  describe('theme markup as themes write it', () => {
    it('shows the error message when the theme puts av-show-form-errors on the form (no show-errors attribute)', async () => {
      const sent = watchSends();
      const el = await contactForm(html`<kite-contact-form>${themeForm()}</kite-contact-form>`);
      el.querySelector('form')!.classList.add('av-show-form-errors');
      el.setAttribute('sending-label', 'Sending'); // any attribute change re-reads the form's settings
      fillValid(el);
      field(el, 'name').value = '';
      button(el).click();
      await waitUntil(() => summaryOf(el) !== '', 'summary shown');
      expect(summaryOf(el)).to.equal(`${CONTACT_FIELDS_WITH_ERROR_DEFAULT}Name`);
      expect(sent.length).to.equal(0);
    });

    it('puts exactly one space after a custom prefix written without one (data-fields-with-error or fields-with-error)', async () => {
      watchSends();
      const el = await contactForm(html`<kite-contact-form show-errors>${themeForm()}</kite-contact-form>`);
      el.querySelector('form')!.dataset.fieldsWithError = 'Please check:';
      el.setAttribute('sending-label', 'Sending');
      fillValid(el);
      field(el, 'name').value = '';
      button(el).click();
      await waitUntil(() => summaryOf(el) !== '', 'summary');
      expect(summaryOf(el)).to.equal('Please check: Name');
      // The element's own attribute wins over the form's.
      el.setAttribute('fields-with-error', 'Bitte prüfen:');
      await waitUntil(() => summaryOf(el) === 'Bitte prüfen: Name', 'attribute wins');
    });

    it('enhances a form that arrives after the element upgraded (an ajax-loaded block)', async () => {
      const sent = watchSends();
      const el = await fixture<KiteContactForm>(html`<kite-contact-form show-errors></kite-contact-form>`);
      // Rendered (nothing to enhance yet), then the block arrives.
      await waitUntil(() => !el.shadowRoot!.querySelector('slot[data-kite-placeholder]'), 'rendered empty');
      render(themeForm(), el);
      await waitUntil(() => el.querySelector('form')?.hasAttribute('novalidate'), 'the late form is taken over');
      button(el).click();
      await waitUntil(() => summaryOf(el) !== '', 'checked on submit');
      expect(sent.length).to.equal(0);
      fillValid(el);
      button(el).click();
      await waitUntil(() => stateOf(el) === 'success', 'sent by ajax', SLIDES_DONE);
      expect(sent.length).to.equal(1);
    });
  });

  it('reads the form id from the form’s data-avia-form-id when form-id is unset, and the attribute wins', async () => {
    watchSends();
    // The posted id is 9 too, so the server keys its container by it; the form's data-avia-form-id names another.
    const el = await contactForm(html`<kite-contact-form form-id="9">${themeForm({ postedFormId: '9' })}</kite-contact-form>`);
    fillValid(el);
    button(el).click();
    await waitUntil(() => document.getElementById(contactResponseId('9'))?.textContent?.includes(THANKS), 'keyed by the attribute', SLIDES_DONE);
    expect(document.getElementById(contactResponseId(FORM_ID))).to.equal(null);
  });
});
