/**
 * `kite-poptin` in real Chromium: what a visitor sees and does (widget spec sections 4 and 5).
 * One fresh fixture per test, real key presses and mouse clicks, `kite-poptin-*` events spied
 * on the document, an accessibility check on each visible state. Every timing comes from
 * shared/constants/widget.ts; every message from the catalogues in shared/i18n.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../components/poptin/poptin.element.ts';
import type { KitePoptin } from '../../../components/poptin/poptin.element.ts';
import type { Block, DesignProperties, FormField, PoptinDesign, PoptinLocation, PoptinRecord } from '../../../shared/schema/poptin-record.ts';
import { CLOSE, SECOND_MS, STORAGE_KEY, THANK_YOU, TRIGGER } from '../../../shared/constants/widget.ts';
import { ENTRY_EFFECT_MS } from '../../../shared/effects/effects.ts';
import { en, he } from '../../messages.ts';
import { click, fakeClock, nameOf, shiftTab, untilAtOnce, waitUntil, type FakeClock } from '../helpers.ts';
import { cleanUp, cleanups, deleteCookie, dialogOf, effectsOn, newPoptinId, settled, showPoptin, sizedRecord, SLACK_MS, spyConsole, spyEvents, waitForDialog } from './kit.ts';


// ---------------------------------------------------------------------------------------------
// Records

const TITLE = 'Get 10% off your first order';
const THANK_YOU_TITLE = 'Thank you!';
const BUTTON = 'Get my code';

const FIELD = {
  email: { name: 'poptinDesignInputTextFieldEmail', kind: 'email', label: 'Email', placeholder: 'you@example.com' },
  firstName: { name: 'poptinDesignInputTextFieldFirstName', kind: 'first_name', label: 'First name' },
  phone: { name: 'poptinDesignInputTextFieldPhone', kind: 'phone', label: 'Phone' },
  consent: { name: 'poptinDesignInputTextFieldCheckbox', kind: 'checkbox', label: 'I agree to receive emails', required: true },
} satisfies Record<string, FormField>;

interface RecordOptions {
  fields?: FormField[];
  blocks?: Block[];
  design?: Partial<PoptinDesign>;
  properties?: DesignProperties;
  extra?: Record<string, unknown>;
}

/** A valid lightbox record: title, text and a form, fading in and out, with the given changes. */
function makeRecord(options: RecordOptions = {}): PoptinRecord {
  return sizedRecord(newPoptinId('kitetest'), {
    name: 'Test offer',
    blocks: options.blocks ?? [
      { type: 'title', text: TITLE },
      { type: 'text', text: 'Join our list for early access.' },
      { type: 'form', fields: options.fields ?? [FIELD.email, FIELD.firstName], button: { text: BUTTON } },
    ],
    design: {
      thank_you: [
        { type: 'title', text: THANK_YOU_TITLE },
        { type: 'text', text: 'Your code is on its way.' },
      ],
      ...options.design,
    },
    properties: { poptin_design_entry_effect: 'fade', poptin_design_exit_effect: 'fade', ...options.properties },
    extra: options.extra,
  });
}

// ---------------------------------------------------------------------------------------------
// Page helpers

const part = <T extends Element = HTMLElement>(el: Element, name: string) =>
  el.shadowRoot!.querySelector<T>(`[part="${name}"]`);
const fieldInput = <T extends HTMLInputElement | HTMLTextAreaElement = HTMLInputElement>(el: Element, field: FormField) =>
  el.shadowRoot!.querySelector<T>(`[name="${field.name}"]`)!;

/** The element with focus, looking inside `el`'s shadow root. */
const focused = (el: Element) => el.shadowRoot!.activeElement;

/** Types into the field (focusing it with a click first, as a visitor would). */
async function typeInto(el: Element, field: FormField, text: string): Promise<HTMLInputElement> {
  const input = fieldInput(el, field);
  await click(input);
  await sendKeys({ type: text });
  return input;
}

/** With `clock` held: no `type` event 1 ms short of `ms` from now, one at `ms`; returns it. */
async function heardAt<Type extends string>(clock: FakeClock, events: ReturnType<typeof spyEvents>, type: Type, ms: number) {
  await clock.advance(ms - 1);
  expect(events.of(type).length, `no ${type} before ${ms} ms`).to.equal(0);
  await clock.advance(1);
  await untilAtOnce(clock, () => events.of(type).length, `no ${type} at ${ms} ms`);
  return events.of(type)[0]!;
}

afterEach(cleanUp);

// ---------------------------------------------------------------------------------------------

describe('kite-poptin', () => {
  describe('showing', () => {
    it('shows a valid record as a modal dialog labelled by its title, and says so with kite-poptin-show', async () => {
      const record = makeRecord();
      const { el, dialog, events } = await showPoptin(record);

      expect(dialog.getAttribute('aria-modal')).to.equal('true');
      expect(dialog.getAttribute('aria-label'), 'named by its title, not by a label').to.equal(null);
      const titleId = dialog.getAttribute('aria-labelledby');
      expect(titleId, 'aria-labelledby').to.be.a('string').and.not.empty;
      expect(el.shadowRoot!.getElementById(titleId!)?.textContent).to.equal(TITLE);
      expect(dialog.checkVisibility(), 'visible').to.be.true;
      const rect = dialog.getBoundingClientRect();
      expect(rect.width).to.be.greaterThan(0);
      expect(rect.height).to.be.greaterThan(0);

      const show = await events.next('kite-poptin-show');
      expect(show.detail).to.deep.equal({ poptinId: record.poptin_id, trigger: 'page_load' });
      expect(events.of('kite-poptin-show')).to.have.length(1);
      await settled(el);
      await expect(el).to.be.accessible();
    });

    it('is named by poptin_name when it has no title block', async () => {
      const record = makeRecord({ blocks: [{ type: 'text', text: 'Free shipping today' }] });
      const { el, dialog } = await showPoptin(record);
      expect(dialog.hasAttribute('aria-labelledby')).to.be.false;
      expect(dialog.getAttribute('aria-label')).to.equal(record.poptin_name);
      await settled(el);
      await expect(el).to.be.accessible();
    });

    it('still has an accessible name with neither a title nor a poptin_name', async () => {
      const record = makeRecord({ blocks: [{ type: 'text', text: 'Free shipping today' }] });
      delete record.poptin_name;
      const { el, dialog } = await showPoptin(record);
      expect(dialog.getAttribute('aria-label')).to.equal(en.dialogLabel);
      await settled(el);
      await expect(el).to.be.accessible();
    });

    it('reports the trigger attribute in kite-poptin-show', async () => {
      const record = makeRecord();
      const { events } = await showPoptin(record, { trigger: 'exit_intent' });
      expect((await events.next('kite-poptin-show')).detail).to.deep.equal({ poptinId: record.poptin_id, trigger: 'exit_intent' });
    });

    it('stays hidden until the open attribute is added (presence means true)', async () => {
      const clock = fakeClock();
      const events = spyEvents();
      const el = await fixture<KitePoptin>(html`<kite-poptin .poptin=${makeRecord()}></kite-poptin>`);
      await clock.advance(ENTRY_EFFECT_MS);
      expect(nameOf(dialogOf(el))).to.equal('nothing');
      expect(events.of('kite-poptin-show')).to.be.empty;

      el.setAttribute('open', '');
      await waitForDialog(el);
      await events.next('kite-poptin-show');
    });

    it('loads a record from the src attribute', async () => {
      const src = '/demo/poptins/welcome-lightbox.json';
      const expected = (await (await fetch(src)).json()) as PoptinRecord;
      const events = spyEvents();
      const el = await fixture<KitePoptin>(html`<kite-poptin src=${src} open></kite-poptin>`);
      const dialog = await waitForDialog(el);
      const title = expected.design!.blocks.find((block) => block.type === 'title') as { text: string };
      expect(el.shadowRoot!.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).to.equal(title.text);
      expect((await events.next('kite-poptin-show')).detail.poptinId).to.equal(expected.poptin_id);
      await settled(el);
      await expect(el).to.be.accessible();
    });

    it('skips a record whose poptin_id is too short with one warning, while another pop-up still shows', async () => {
      const warnings = spyConsole('warn');
      const bad = makeRecord();
      bad.poptin_id = bad.poptin_id.slice(0, TRIGGER.POPTIN_ID_LENGTH - 1);
      const good = makeRecord();
      const page = await fixture<HTMLDivElement>(
        html`<div><kite-poptin id="bad" .poptin=${bad} open></kite-poptin><kite-poptin id="good" .poptin=${good} open></kite-poptin></div>`,
      );
      const goodEl = page.querySelector('#good')!;
      const badEl = page.querySelector('#bad')!;
      await waitForDialog(goodEl);
      expect(badEl.shadowRoot!.childElementCount, 'nothing rendered for the bad record').to.equal(0);
      expect(warnings, 'exactly one warning').to.have.length(1);
      expect(warnings[0]).to.contain('poptin_id');
    });

    it('skips a record with a block of an unknown type with one warning naming the block', async () => {
      const clock = fakeClock();
      const warnings = spyConsole('warn');
      const bad = makeRecord({ blocks: [{ type: 'video', src: 'https://example.com/v.mp4' } as unknown as Block] });
      const el = await fixture<KitePoptin>(html`<kite-poptin .poptin=${bad} open></kite-poptin>`);
      // The record is checked by a chunk fetched on demand: its verdict comes when the chunk has come.
      await waitUntil(() => warnings.length > 0, 'no warning', { timeout: SLACK_MS });
      await clock.advance(ENTRY_EFFECT_MS);
      expect(nameOf(dialogOf(el))).to.equal('nothing');
      expect(el.shadowRoot!.childElementCount).to.equal(0);
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.contain('design.blocks[0]');
    });

    it('shows nothing and warns once when src does not hold a valid record', async () => {
      const clock = fakeClock();
      const warnings = spyConsole('warn');
      const el = await fixture<KitePoptin>(html`<kite-poptin src="/package.json" open></kite-poptin>`);
      await waitUntil(() => warnings.length > 0, 'no warning', { timeout: SLACK_MS });
      await clock.advance(ENTRY_EFFECT_MS);
      expect(nameOf(dialogOf(el))).to.equal('nothing');
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.contain('poptin_id');
    });
  });

  describe('colours', () => {
    /** A record whose colours are not colours: a URL to load, old IE's expression(), a breakout; one real colour. */
    function badColourRecord(): PoptinRecord {
      return makeRecord({
        design: {
          background_color: `url(${COLOUR_PROBE})`,
          text_color: 'expression(alert(1))',
          button_color: 'red;}',
          button_text_color: 'rebeccapurple',
        },
      });
    }
    const COLOUR_PROBE = '/kite-colour-probe.png';
    /** The colours a visitor sees: the dialog's background and text, the button's background and text. */
    const seenColours = (el: Element) => {
      const dialog = getComputedStyle(dialogOf(el)!);
      const button = getComputedStyle(part(el, 'button')!);
      return { background: dialog.backgroundColor, image: dialog.backgroundImage, text: dialog.color, button: button.backgroundColor, buttonText: button.color };
    };
    /** The same pop-up with no colours of its own: what the defaults look like. */
    async function defaultColours() {
      const plain = makeRecord();
      for (const name of ['background_color', 'text_color', 'button_color', 'button_text_color'] as const) delete plain.design![name];
      const { el } = await showPoptin(plain);
      await settled(el);
      return seenColours(el);
    }

    for (const via of ['the poptin property (the display answer)', 'src']) {
      it(`via ${via}: values that are not colours are ignored with a warning each; the pop-up shows in the default colours`, async () => {
        const defaults = await defaultColours();
        const warnings = spyConsole('warn');
        const record = badColourRecord();
        let el: KitePoptin;
        if (via === 'src') {
          const src = URL.createObjectURL(new Blob([JSON.stringify(record)], { type: 'application/json' }));
          cleanups.push(() => URL.revokeObjectURL(src));
          el = await fixture<KitePoptin>(html`<kite-poptin src=${src} open></kite-poptin>`);
          await waitForDialog(el);
        } else {
          el = (await showPoptin(record)).el;
        }
        await settled(el);
        const seen = seenColours(el);
        expect(seen.background, 'default background').to.equal(defaults.background);
        expect(seen.image, 'nothing loaded as a background').to.equal('none');
        expect(seen.text, 'default text colour').to.equal(defaults.text);
        expect(seen.button, 'default button colour').to.equal(defaults.button);
        expect(seen.buttonText, 'the one real colour is kept').to.equal('rgb(102, 51, 153)');
        const styles = [...el.shadowRoot!.querySelectorAll('[style]')].map((node) => node.getAttribute('style')).join(' ');
        expect(styles).not.to.match(/url|expression|red;/);
        expect(performance.getEntriesByType('resource').filter((entry) => entry.name.includes(COLOUR_PROBE)), 'the URL was never requested').to.be.empty;
        for (const name of ['background_color', 'text_color', 'button_color']) expect(warnings.filter((line) => line.includes(`design.${name}`)), name).to.have.length(1);
        expect(warnings, 'the value itself is not echoed').to.have.length(3);
      });
    }
  });

  describe('focus', () => {
    it('moves focus to the first field on show and returns it to the page button on close', async () => {
      const page = await fixture<HTMLDivElement>(
        html`<div><button id="before">Open offer</button><kite-poptin .poptin=${makeRecord()}></kite-poptin></div>`,
      );
      const button = page.querySelector<HTMLButtonElement>('#before')!;
      const el = page.querySelector('kite-poptin')!;
      const events = spyEvents();
      button.focus();
      el.setAttribute('open', '');
      await waitForDialog(el);
      await waitUntil(() => focused(el) === fieldInput(el, FIELD.email), 'focus did not move to the first field');
      expect(nameOf(document.activeElement)).to.equal('kite-poptin');

      await click(part(el, 'close')!);
      await events.next('kite-poptin-close', CLOSE.EXIT_ANIMATION_MS + SLACK_MS);
      await waitUntil(() => document.activeElement === button, 'focus did not return to the page button');
    });

    it('keeps Tab inside the dialog: Tab from the last control wraps to the first, Shift+Tab from the first to the last', async () => {
      const { el } = await showPoptin(makeRecord({ properties: { poptin_design_close_options_type: 'closing_options-button', poptin_design_close_button_text: 'No thanks' } }));
      const close = part(el, 'skip')!;
      const email = fieldInput(el, FIELD.email);
      const firstName = fieldInput(el, FIELD.firstName);
      const submit = part(el, 'button')!;
      await waitUntil(() => focused(el) === email);

      // Forward through every control, then once more: back to the first.
      for (const expected of [firstName, submit, close, email]) {
        await sendKeys({ press: 'Tab' });
        expect(nameOf(focused(el)), 'Tab').to.equal(nameOf(expected));
      }
      await shiftTab();
      expect(nameOf(focused(el)), 'Shift+Tab from the first control goes to the last').to.equal(nameOf(close));
      await sendKeys({ press: 'Tab' });
      expect(nameOf(focused(el)), 'and Tab from there to the first').to.equal(nameOf(email));
    });

    it('wraps Tab with the X as the first control', async () => {
      const { el } = await showPoptin(makeRecord());
      const x = part(el, 'close')!;
      const submit = part(el, 'button')!;
      await waitUntil(() => focused(el) === fieldInput(el, FIELD.email));
      x.focus();
      await shiftTab();
      expect(nameOf(focused(el))).to.equal(nameOf(submit));
      await sendKeys({ press: 'Tab' });
      expect(nameOf(focused(el))).to.equal(nameOf(x));
    });

    it('keeps focus in the dialog after a click on the backdrop', async () => {
      const { el, dialog } = await showPoptin(makeRecord({ properties: { poptin_design_close_on_screen_click: false } }));
      cleanups.push(() => resetMouse());
      await waitUntil(() => focused(el) === fieldInput(el, FIELD.email));
      await click([2, 2]);
      expect(nameOf(focused(el)), 'the click did not move focus out').to.equal(nameOf(fieldInput(el, FIELD.email)));
      await sendKeys({ press: 'Tab' });
      expect(dialog.contains(focused(el)), 'Tab after the click stays in the dialog').to.be.true;
    });

    it('focuses the dialog itself when it has no fields', async () => {
      const { el, dialog } = await showPoptin(makeRecord({ blocks: [{ type: 'title', text: TITLE }, { type: 'text', text: 'Hello' }] }));
      await waitUntil(() => focused(el) === dialog, 'focus did not move into the dialog');
    });
  });

  describe('closing', () => {
    it('closes on the X (named Close) with kite-poptin-close x_click and poptinClose on window', async () => {
      const clock = fakeClock();
      const record = makeRecord();
      const { el, dialog, events } = await showPoptin(record);
      const x = part<HTMLButtonElement>(el, 'close')!;
      expect(x.getAttribute('aria-label')).to.equal(en.close);

      const clickedAt = Date.now();
      await click(x);
      const close = await events.next('kite-poptin-close', CLOSE.EXIT_ANIMATION_MS + SLACK_MS);
      expect(close.detail).to.deep.equal({ poptinId: record.poptin_id, closeTrigger: 'x_click', submitted: false });
      expect(close.at - clickedAt).to.be.at.least(CLOSE.EXIT_ANIMATION_MS);
      const windowEvent = await events.next('poptinClose');
      expect(windowEvent.detail).to.deep.equal({ poptin_id: record.poptin_id });
      await waitUntil(() => !dialog.isConnected, 'the dialog is still there');
      expect(el.hasAttribute('open'), 'open reflects the state, as on <dialog>').to.be.false;

      // Shown once: opening it again does nothing.
      el.setAttribute('open', '');
      await clock.advance(ENTRY_EFFECT_MS);
      expect(nameOf(dialogOf(el))).to.equal('nothing');
      expect(events.of('kite-poptin-show')).to.have.length(1);
    });

    it('closes on Escape only after CLOSE.ESCAPE_MS', async () => {
      const clock = fakeClock();
      const record = makeRecord();
      const { el, events } = await showPoptin(record);
      await waitUntil(() => focused(el) === fieldInput(el, FIELD.email));

      const pressedAt = Date.now();
      await sendKeys({ press: 'Escape' });
      await clock.advance(CLOSE.ESCAPE_MS / 2);
      expect(nameOf(dialogOf(el)), 'still there before CLOSE.ESCAPE_MS').to.equal('div(dialog)');
      expect(events.of('kite-poptin-close')).to.be.empty;

      const close = await events.next('kite-poptin-close', CLOSE.ESCAPE_MS + SLACK_MS);
      expect(close.at - pressedAt).to.be.at.least(CLOSE.ESCAPE_MS);
      expect(close.detail.closeTrigger).to.equal('escape');
      await waitUntil(() => dialogOf(el) === null, 'gone after CLOSE.ESCAPE_MS');
    });

    it('closes on a background click when poptin_design_close_on_screen_click is set, not on a click inside', async () => {
      const clock = fakeClock();
      const { el, dialog, events } = await showPoptin(makeRecord({ properties: { poptin_design_close_on_screen_click: true } }));
      cleanups.push(() => resetMouse());
      await click(part(el, 'title')!);
      await clock.advance(CLOSE.EXIT_ANIMATION_MS);
      expect(part(el, 'overlay')!.dataset.state, 'a click inside does not close').to.equal('shown');

      await click([2, 2]);
      const close = await events.next('kite-poptin-close', CLOSE.EXIT_ANIMATION_MS + SLACK_MS);
      expect(close.detail.closeTrigger).to.equal('bg_click');
      await waitUntil(() => !dialog.isConnected);
    });

    it('does not close when a press starts inside the dialog and ends on the background', async () => {
      const clock = fakeClock();
      const { el, events } = await showPoptin(makeRecord({ properties: { poptin_design_close_on_screen_click: true } }));
      cleanups.push(() => resetMouse());
      const rect = part(el, 'title')!.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(rect.left + 4), Math.round(rect.top + rect.height / 2)] });
      await sendMouse({ type: 'down' });
      await sendMouse({ type: 'move', position: [2, 2] });
      await sendMouse({ type: 'up' });
      await clock.advance(CLOSE.EXIT_ANIMATION_MS + ENTRY_EFFECT_MS);
      expect(events.of('kite-poptin-close')).to.be.empty;
      expect(part(el, 'overlay')!.dataset.state).to.equal('shown');
    });

    it('ignores a background click when poptin_design_close_on_screen_click is not set', async () => {
      const clock = fakeClock();
      const { el, events } = await showPoptin(makeRecord({ properties: { poptin_design_close_on_screen_click: false } }));
      cleanups.push(() => resetMouse());
      await click([2, 2]);
      await clock.advance(CLOSE.EXIT_ANIMATION_MS + ENTRY_EFFECT_MS);
      expect(events.of('kite-poptin-close')).to.be.empty;
      expect(part(el, 'overlay')!.dataset.state).to.equal('shown');
    });

    it('closes by itself after poptin_design_auto_close_sec', async () => {
      const clock = fakeClock();
      // Held still from the show: the count runs only as the test moves the clock.
      clock.hold();
      const seconds = 1;
      const { el, events } = await showPoptin(
        makeRecord({ properties: { poptin_design_auto_close: true, poptin_design_auto_close_sec: seconds } }),
      );
      const shownAt = (await events.next('kite-poptin-show')).at;
      // Closed once its exit animation has played.
      const close = await heardAt(clock, events, 'kite-poptin-close', seconds * SECOND_MS + CLOSE.EXIT_ANIMATION_MS);
      expect(close.detail.closeTrigger).to.equal('auto_close');
      expect(close.at - shownAt).to.be.at.least(seconds * SECOND_MS);
      await waitUntil(() => dialogOf(el) === null);
    });

    it('closing_options-button: a skip button with the record label, and no X; it closes as cancel_click', async () => {
      const label = 'No thanks, I pay full price';
      const record = makeRecord({ properties: { poptin_design_close_options_type: 'closing_options-button', poptin_design_close_button_text: label } });
      const { el, events } = await showPoptin(record);
      expect(nameOf(part(el, 'close'))).to.equal('nothing');
      const skip = part(el, 'skip')!;
      expect(skip.textContent).to.equal(label);
      await settled(el);
      await expect(el).to.be.accessible();

      await click(skip);
      const close = await events.next('kite-poptin-close', CLOSE.EXIT_ANIMATION_MS + SLACK_MS);
      expect(close.detail.closeTrigger).to.equal('cancel_click');
      // The skip button dismisses like the X: the closed-by-X marker is left for the teaser and frequency rules.
      const closedByX = `${STORAGE_KEY.CLOSED_X_PREFIX}${record.poptin_id}`;
      cleanups.push(() => deleteCookie(closedByX));
      expect(document.cookie.split('; ')).to.include(`${closedByX}=1`);
    });

    it('closing_options- shows neither an X nor a skip button', async () => {
      const { el } = await showPoptin(makeRecord({ properties: { poptin_design_close_options_type: 'closing_options-' } }));
      expect(nameOf(part(el, 'close'))).to.equal('nothing');
      expect(nameOf(part(el, 'skip'))).to.equal('nothing');
      await settled(el);
      await expect(el).to.be.accessible();
    });

    it('fires kite-poptin-removed CLOSE.REMOVE_IMMEDIATE_MS after an instant close (exit effect none)', async () => {
      const clock = fakeClock();
      const record = makeRecord({ properties: { poptin_design_exit_effect: 'none' } });
      const { el, events } = await showPoptin(record);
      clock.hold();
      await click(part(el, 'close')!);
      await untilAtOnce(clock, () => events.of('kite-poptin-close').length, 'not closed at once');
      const [close] = events.of('kite-poptin-close');
      const removed = await heardAt(clock, events, 'kite-poptin-removed', CLOSE.REMOVE_IMMEDIATE_MS);
      expect(removed.detail).to.deep.equal({ poptinId: record.poptin_id });
      expect(removed.at - close!.at).to.be.at.least(CLOSE.REMOVE_IMMEDIATE_MS);
    });
  });

  describe('position', () => {
    const xs = ['left', 'center', 'right'] as const;
    const ys = ['top', 'middle', 'bottom'] as const;
    for (const x of xs) {
      for (const y of ys) {
        const location: PoptinLocation = `${x}-${y}`;
        it(`poptin_location ${location} puts the dialog ${x} and ${y} in the window`, async () => {
          const { dialog } = await showPoptin(makeRecord({ properties: { poptin_location: location } }));
          const rect = dialog.getBoundingClientRect();
          const left = rect.left;
          const right = innerWidth - rect.right;
          const top = rect.top;
          const bottom = innerHeight - rect.bottom;
          expect(rect.width).to.be.lessThan(innerWidth / 2);
          if (x === 'left') expect(left).to.be.lessThan(right / 4);
          if (x === 'center') expect(Math.abs(left - right)).to.be.lessThan(2);
          if (x === 'right') expect(right).to.be.lessThan(left / 4);
          if (y === 'top') expect(top).to.be.lessThan(bottom / 4);
          if (y === 'middle') expect(Math.abs(top - bottom)).to.be.lessThan(2);
          if (y === 'bottom') expect(bottom).to.be.lessThan(top / 4);
        });
      }
    }

    it('keeps left on the left on a right-to-left page', async () => {
      const root = document.documentElement;
      root.setAttribute('dir', 'rtl');
      cleanups.push(() => root.removeAttribute('dir'));
      const { dialog } = await showPoptin(makeRecord({ properties: { poptin_location: 'left-top' } }));
      const rect = dialog.getBoundingClientRect();
      expect(rect.left).to.be.lessThan((innerWidth - rect.right) / 4);
    });
  });

  describe('form', () => {
    it('shows the typo message under a mistyped email, marks the field and shakes the form; keyup clears it', async () => {
      const clock = fakeClock();
      const { el, events } = await showPoptin(makeRecord());
      const email = await typeInto(el, FIELD.email, 'foo@bar');
      await sendKeys({ press: 'Enter' });

      const field = email.closest('.field')!;
      await waitUntil(() => field.querySelector('.message.error'), 'no error message');
      // Still there once the Enter key is released: only editing clears it.
      await clock.advance(ENTRY_EFFECT_MS);
      const message = field.querySelector('.message.error')!;
      expect(message.textContent).to.equal(en.emailTypos);
      expect(field.classList.contains('error')).to.be.true;
      expect(email.getAttribute('aria-invalid')).to.equal('true');
      expect(email.getAttribute('aria-describedby')).to.equal(message.id);
      expect(el.shadowRoot!.getElementById(message.id) === message, 'the described-by id finds the message').to.be.true;
      expect(nameOf(focused(el))).to.equal(nameOf(email));
      expect(events.of('kite-poptin-convert')).to.be.empty;
      await settled(el);
      await expect(el).to.be.accessible();

      await sendKeys({ type: '.com' });
      await waitUntil(() => !field.querySelector('.message.error'), 'keyup did not clear the message');
      expect(field.classList.contains('error')).to.be.false;
      expect(email.hasAttribute('aria-invalid')).to.be.false;
    });

    it('shakes the form on a failed submit', async () => {
      const { el } = await showPoptin(makeRecord());
      await typeInto(el, FIELD.email, 'foo@bar');
      await click(part(el, 'button')!);
      await waitUntil(() => el.shadowRoot!.querySelector('form.shake'), 'the form did not shake');
    });

    it('suggests the right provider for a misspelled one, and Tab fills it in', async () => {
      const { el } = await showPoptin(makeRecord());
      const email = await typeInto(el, FIELD.email, 'ann@gmial.com');
      const field = email.closest('.field')!;
      await waitUntil(() => field.querySelector('.message.hint'), 'no suggestion');
      const hint = field.querySelector('.message.hint')!;
      expect(hint.textContent).to.equal(en.didYouMean.replace('{suggestion}', 'ann@gmail.com'));
      expect(email.getAttribute('aria-describedby')).to.equal(hint.id);
      await settled(el);
      await expect(el).to.be.accessible();

      await sendKeys({ press: 'Tab' });
      expect(email.value).to.equal('ann@gmail.com');
      await waitUntil(() => !field.querySelector('.message.hint'), 'the suggestion stayed');
    });

    it('blocks the submit while a required checkbox is unchecked', async () => {
      const clock = fakeClock();
      const { el, events } = await showPoptin(makeRecord({ fields: [FIELD.email, FIELD.consent] }));
      await typeInto(el, FIELD.email, 'ann@example.com');
      await click(part(el, 'button')!);
      const checkbox = fieldInput(el, FIELD.consent);
      await waitUntil(() => checkbox.getAttribute('aria-invalid') === 'true', 'the checkbox is not marked');
      const message = el.shadowRoot!.getElementById(checkbox.getAttribute('aria-describedby')!)!;
      expect(message.classList.contains('error')).to.be.true;
      expect(message.textContent).to.not.be.empty;
      await clock.advance(ENTRY_EFFECT_MS);
      expect(events.of('kite-poptin-convert')).to.be.empty;

      await click(checkbox);
      expect(checkbox.checked).to.be.true;
      await click(part(el, 'button')!);
      await events.next('kite-poptin-convert');
    });

    it('refuses an all-empty form with the empty message', async () => {
      const clock = fakeClock();
      const { el, events } = await showPoptin(makeRecord({ fields: [FIELD.email, FIELD.firstName] }));
      await click(part(el, 'button')!);
      await waitUntil(() => el.shadowRoot!.querySelector('[role="alert"]'), 'no empty message');
      expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.equal(en.formEmpty);
      await clock.advance(ENTRY_EFFECT_MS);
      expect(events.of('kite-poptin-convert')).to.be.empty;
      await settled(el);
      await expect(el).to.be.accessible();
    });

    it('filters letters out of the phone field as they are typed', async () => {
      const { el } = await showPoptin(makeRecord({ fields: [FIELD.email, FIELD.phone] }));
      const phone = await typeInto(el, FIELD.phone, '+1 (555) abc 12-34x');
      expect(phone.value).to.equal('+1 (555) 12-34');
    });
  });

  describe('submission', () => {
    async function submitLead(el: Element): Promise<void> {
      await typeInto(el, FIELD.email, 'ann@example.com');
      await click(part(el, 'button')!);
    }

    function forgetConversion(id: string): void {
      cleanups.push(() => {
        deleteCookie(`${STORAGE_KEY.CONVERSION_PREFIX}${id}`);
        localStorage.removeItem(STORAGE_KEY.CONVERTED_EMAIL);
      });
    }

    it('without api: kite-poptin-convert, the thank-you screen replaces the form, the conversion cookie is set', async () => {
      const record = makeRecord({ properties: { poptin_design_thank_screen: true } });
      forgetConversion(record.poptin_id);
      const { el, dialog, events } = await showPoptin(record);
      await submitLead(el);

      const convert = await events.next('kite-poptin-convert');
      expect(convert.detail).to.deep.equal({ poptinId: record.poptin_id, conversionId: null });
      await waitUntil(() => !el.shadowRoot!.querySelector('form'), 'the form is still there');
      expect(el.shadowRoot!.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).to.equal(THANK_YOU_TITLE);
      expect(document.cookie.split('; ')).to.include(`${STORAGE_KEY.CONVERSION_PREFIX}${record.poptin_id}=1`);
      // The focused button went away with the form: focus stays in the dialog.
      expect(dialog.contains(focused(el)), 'focus inside the dialog').to.be.true;
      await settled(el);
      await expect(el).to.be.accessible();
    });

    it('without a thank-you screen the button says Sent successfully!, then it closes without poptinClose', async () => {
      const record = makeRecord({ properties: { poptin_design_thank_screen: false } });
      forgetConversion(record.poptin_id);
      const { el, events } = await showPoptin(record);
      await submitLead(el);
      const convert = await events.next('kite-poptin-convert');
      await waitUntil(() => part(el, 'button')!.textContent === en.sentSuccessfully, 'the button text did not change');
      expect(document.cookie.split('; ')).to.include(`${STORAGE_KEY.CONVERSION_PREFIX}${record.poptin_id}=1`);
      await settled(el);
      await expect(el).to.be.accessible();

      const close = await events.next('kite-poptin-close', THANK_YOU.SENT_BUTTON_CLOSE_MS + CLOSE.EXIT_ANIMATION_MS + SLACK_MS);
      expect(close.at - convert.at).to.be.at.least(THANK_YOU.SENT_BUTTON_CLOSE_MS);
      expect(close.detail).to.include({ closeTrigger: 'thank_you', submitted: true });
      expect(events.of('poptinClose'), 'no poptinClose after a submit').to.be.empty;
    });

    it('a gamified pop-up played and closed still fires poptinClose: it resets its submitted flag on close', async () => {
      const record = makeRecord({ properties: { poptin_design_thank_screen: false }, extra: { poptin_type: 'gamified' } });
      forgetConversion(record.poptin_id);
      const { el, events } = await showPoptin(record);
      await submitLead(el);
      await events.next('kite-poptin-convert');
      const close = await events.next('kite-poptin-close', THANK_YOU.SENT_BUTTON_CLOSE_MS + CLOSE.EXIT_ANIMATION_MS + SLACK_MS);
      expect(close.detail).to.include({ closeTrigger: 'thank_you', submitted: false });
      expect((await events.next('poptinClose')).detail).to.deep.equal({ poptin_id: record.poptin_id });
    });

    it('a pop-up without the Sent successfully! button (not a lead pop-up) closes quickly after the submit', async () => {
      const clock = fakeClock();
      const record = makeRecord({ properties: { poptin_design_thank_screen: false, poptin_design_exit_effect: 'none' }, extra: { poptin_target: 'click' } });
      forgetConversion(record.poptin_id);
      const { el, events } = await showPoptin(record);
      // Held still from the submit: the close waits for the test's clock, which is then read exactly.
      clock.hold();
      await submitLead(el);
      await untilAtOnce(clock, () => events.of('kite-poptin-convert').length, 'no kite-poptin-convert');
      const [convert] = events.of('kite-poptin-convert');
      await clock.advance(THANK_YOU.SENT_QUICK_CLOSE_MS - 1);
      expect(events.of('kite-poptin-close').length, 'not before SENT_QUICK_CLOSE_MS').to.equal(0);
      // On to just before the sent button's close: the quick close came on the way.
      await clock.advance(THANK_YOU.SENT_BUTTON_CLOSE_MS - THANK_YOU.SENT_QUICK_CLOSE_MS);
      await untilAtOnce(clock, () => events.of('kite-poptin-close').length, 'no quick close');
      const [close] = events.of('kite-poptin-close');
      expect(close!.at - convert!.at).to.be.at.least(THANK_YOU.SENT_QUICK_CLOSE_MS);
      expect(close!.at - convert!.at, 'not the 2 s of the sent button').to.be.below(THANK_YOU.SENT_BUTTON_CLOSE_MS);
      expect(close!.detail).to.include({ closeTrigger: 'thank_you', submitted: true });
    });

    it('closes the thank-you screen after its auto_close_sec', async () => {
      const seconds = 1;
      const record = makeRecord({ properties: { poptin_design_thank_screen: true, thank_screen_auto_close: true, auto_close_sec: seconds } });
      forgetConversion(record.poptin_id);
      const clock = fakeClock();
      const { el, events } = await showPoptin(record);
      // Held still from the submit: the count runs only as the test moves the clock.
      clock.hold();
      await submitLead(el);
      await untilAtOnce(clock, () => events.of('kite-poptin-convert').length, 'no kite-poptin-convert');
      const [convert] = events.of('kite-poptin-convert');
      // Closed once its exit animation has played.
      const close = await heardAt(clock, events, 'kite-poptin-close', seconds * SECOND_MS + CLOSE.EXIT_ANIMATION_MS);
      expect(close.at - convert!.at).to.be.at.least(seconds * SECOND_MS);
      expect(close.detail).to.include({ closeTrigger: 'thank_you', submitted: true });
    });

    it('keeps the thank-you screen on while it fades out after the X', async () => {
      const record = makeRecord({ properties: { poptin_design_thank_screen: true } });
      forgetConversion(record.poptin_id);
      const { el, events } = await showPoptin(record);
      await submitLead(el);
      await waitUntil(() => !el.shadowRoot!.querySelector('form'));
      await click(part(el, 'close')!);
      await waitUntil(() => part(el, 'overlay')?.dataset.state === 'closing', 'not closing');
      expect(nameOf(el.shadowRoot!.querySelector('form')), 'the form came back while closing').to.equal('nothing');
      expect(part(el, 'title')!.textContent).to.equal(THANK_YOU_TITLE);
      await events.next('kite-poptin-close', CLOSE.EXIT_ANIMATION_MS + SLACK_MS);
    });

    it('keeps the Sent successfully! text while it fades out', async () => {
      const record = makeRecord({ properties: { poptin_design_thank_screen: false } });
      forgetConversion(record.poptin_id);
      const { el } = await showPoptin(record);
      await submitLead(el);
      await waitUntil(() => part(el, 'button')!.textContent === en.sentSuccessfully);
      await click(part(el, 'close')!);
      await waitUntil(() => part(el, 'overlay')?.dataset.state === 'closing', 'not closing');
      expect(part(el, 'button')!.textContent).to.equal(en.sentSuccessfully);
    });
  });

  describe('language', () => {
    it('lang="he": right to left, Hebrew close label and Hebrew Sent successfully!', async () => {
      const record = makeRecord({ properties: { poptin_design_thank_screen: false } });
      cleanups.push(() => deleteCookie(`${STORAGE_KEY.CONVERSION_PREFIX}${record.poptin_id}`));
      cleanups.push(() => localStorage.removeItem(STORAGE_KEY.CONVERTED_EMAIL));
      const { el, dialog, events } = await showPoptin(record, { lang: 'he' });
      expect(dialog.getAttribute('dir')).to.equal('rtl');
      expect(dialog.getAttribute('lang')).to.equal('he');
      expect(part(el, 'close')!.getAttribute('aria-label')).to.equal(he.close);
      await settled(el);
      await expect(el).to.be.accessible();

      await typeInto(el, FIELD.email, 'ann@example.com');
      await click(part(el, 'button')!);
      await events.next('kite-poptin-convert');
      await waitUntil(() => part(el, 'button')!.textContent === he.sentSuccessfully, 'no Hebrew Sent successfully!');
    });

    it('follows the page language when lang is not set', async () => {
      const root = document.documentElement;
      const before = root.getAttribute('lang');
      root.setAttribute('lang', 'he');
      cleanups.push(() => (before === null ? root.removeAttribute('lang') : root.setAttribute('lang', before)));
      const { el, dialog } = await showPoptin(makeRecord());
      expect(dialog.getAttribute('dir')).to.equal('rtl');
      expect(part(el, 'close')!.getAttribute('aria-label')).to.equal(he.close);
    });

    it('shows Hebrew form messages on a Hebrew pop-up', async () => {
      const { el } = await showPoptin(makeRecord(), { lang: 'he' });
      const email = await typeInto(el, FIELD.email, 'foo@bar');
      await click(part(el, 'button')!);
      await waitUntil(() => email.closest('.field')!.querySelector('.message.error'));
      expect(email.closest('.field')!.querySelector('.message.error')!.textContent).to.equal(he.emailTypos);
    });
  });

  describe('motion', () => {
    it('plays no effect on show under prefers-reduced-motion: reduce', async () => {
      await emulateMedia({ reducedMotion: 'reduce' });
      cleanups.push(() => emulateMedia({ reducedMotion: 'no-preference' }));
      const { el, dialog } = await showPoptin(makeRecord({ properties: { poptin_design_entry_effect: 'fade' } }));
      expect(effectsOn(dialog).length).to.equal(0);
      expect(effectsOn(part(el, 'overlay')!).length).to.equal(0);
    });

    it('closes at once after the X under prefers-reduced-motion: reduce', async () => {
      await emulateMedia({ reducedMotion: 'reduce' });
      cleanups.push(() => emulateMedia({ reducedMotion: 'no-preference' }));
      const clock = fakeClock();
      const { el, events } = await showPoptin(makeRecord());
      // Held still: the close must come with no timer run, the exit wait's included.
      clock.hold();
      await click(part(el, 'close')!);
      await untilAtOnce(clock, () => events.of('kite-poptin-close').length, 'no exit wait without an exit animation');
      expect(part(el, 'overlay') ? effectsOn(part(el, 'overlay')!).length : 0).to.equal(0);
    });

    it('runs the fade entry as an animation otherwise', async () => {
      const { el, dialog } = await showPoptin(makeRecord({ properties: { poptin_design_entry_effect: 'fade' } }));
      const animations = dialog.getAnimations();
      expect(animations.length).to.be.greaterThan(0);
      expect(animations.some((animation) => animation.playState === 'running'), 'running').to.be.true;
      // Fade starts transparent.
      expect((animations[0]!.effect as KeyframeEffect).getKeyframes()[0]!.opacity).to.equal('0');
      expect(part(el, 'overlay')!.getAnimations().length).to.be.greaterThan(0);
    });
  });

  describe('accessibility check', () => {
    it('sees inside the shadow root (pale text on white fails)', async () => {
      const { el } = await showPoptin(makeRecord({ design: { text_color: '#dddddd', background_color: '#ffffff' } }));
      await settled(el);
      // chai-a11y-axe's negated form always throws, so catch the plain form's error instead.
      let failure = '';
      try {
        await expect(el).to.be.accessible();
      } catch (error) {
        failure = (error as Error).message;
      }
      expect(failure).to.contain('color-contrast');
      expect(failure).to.contain(TITLE);
    });
  });
});
