/**
 * `kite-poptin` with the record settings (docs/poptin-record.md "Record settings") in real
 * Chromium: the welcome screen, the content lock, landing-page mode, `display` and
 * `x_close_button`. Real key presses and clicks, an accessibility check on each visible state.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../components/poptin/poptin.element.ts';
import type { KitePoptin } from '../../../components/poptin/poptin.element.ts';
import type { DesignProperties, PoptinRecord } from '../../../shared/schema/poptin-record.ts';
import { COOKIE, SECOND_MS, STORAGE_KEY, THANK_YOU } from '../../../shared/constants/widget.ts';
import { MOBILE_EDITOR } from '../../../shared/constants/record-settings.ts';
import { en, he } from '../../messages.ts';
import { click, fakeClock, waitUntil } from '../helpers.ts';
import { cleanUp, cleanups, deleteCookie, newPoptinId, settled, showPoptin, sizedRecord, spyConsole } from './kit.ts';

const TITLE = 'Members only';
const WELCOME_TITLE = 'Hello, reader!';
const START = 'Read on';
const BUTTON = 'Unlock';
const EMAIL = { name: 'poptinDesignInputTextFieldEmail', kind: 'email', label: 'Email', required: true } as const;

function record(options: { properties?: DesignProperties; extra?: Record<string, unknown>; welcome?: boolean } = {}): PoptinRecord {
  return sizedRecord(newPoptinId('kiteset'), {
    blocks: [
      { type: 'title', text: TITLE },
      { type: 'form', fields: [EMAIL], button: { text: BUTTON } },
    ],
    design: {
      thank_you: [{ type: 'title', text: 'Thank you!' }],
      ...(options.welcome ? { welcome: { blocks: [{ type: 'title', text: WELCOME_TITLE }], button: { text: START } } } : {}),
    },
    properties: { poptin_design_thank_screen: true, ...options.properties },
    extra: options.extra,
  });
}

const part = (el: Element, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const emailInput = (el: Element) => el.shadowRoot!.querySelector<HTMLInputElement>(`[name="${EMAIL.name}"]`);
const focused = (el: Element) => el.shadowRoot!.activeElement;

/** The page's own content beside the pop-up: a heading and a link, as an article would have. */
function pageContent(): HTMLElement {
  const main = document.createElement('main');
  main.innerHTML = '<h1>The story</h1><a href="#more">Read more</a>';
  document.body.append(main);
  cleanups.push(() => main.remove());
  return main;
}

async function submitEmail(el: KitePoptin, email = 'reader@example.com'): Promise<void> {
  emailInput(el)!.focus();
  await sendKeys({ type: email });
  await click(part(el, 'button')!);
}

describe('kite-poptin record settings', () => {
  afterEach(cleanUp);

  describe('welcome screen (design.welcome)', () => {
    it('opens on the welcome screen; its call to action, by mouse, leads to the form with focus in its first field', async () => {
      const { el, dialog, events } = await showPoptin(record({ welcome: true }));
      expect(dialog.querySelector('[part="title"]')?.textContent).to.equal(WELCOME_TITLE);
      expect(emailInput(el), 'no form yet').to.equal(null);
      await waitUntil(() => part(el, 'welcome-start'), 'no call to action');
      expect(part(el, 'welcome-start')!.textContent).to.equal(START);
      await settled(el);
      await expect(el).to.be.accessible();
      await click(part(el, 'welcome-start')!);
      await waitUntil(() => emailInput(el), 'the form did not come');
      expect(part(el, 'welcome-start')).to.equal(null);
      expect(dialog.querySelector('[part="title"]')?.textContent).to.equal(TITLE);
      await waitUntil(() => focused(el) === emailInput(el), 'focus did not move to the email field');
      expect(events.of('kite-poptin-show'), 'one showing, two screens').to.have.length(1);
      await expect(el).to.be.accessible();
    });

    it('by keyboard: Tab reaches the call to action, Enter leads to the form', async () => {
      const { el } = await showPoptin(record({ welcome: true }));
      await waitUntil(() => part(el, 'welcome-start'), 'no call to action');
      // Tab from the dialog: the X, then the call to action.
      await waitUntil(async () => {
        await sendKeys({ press: 'Tab' });
        return focused(el) === part(el, 'welcome-start');
      }, 'Tab did not reach the call to action');
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => focused(el) === emailInput(el), 'Enter did not lead to the form');
    });

    it('Escape closes it from the welcome screen, as from the form', async () => {
      const { el, events } = await showPoptin(record({ welcome: true }));
      await sendKeys({ press: 'Escape' });
      expect((await events.next('kite-poptin-close')).detail.closeTrigger).to.equal('escape');
      expect(emailInput(el), 'the form never came').to.equal(null);
    });
  });

  describe('content lock (poptin_design_content_lock)', () => {
    it('holds the page back (inert, blurred, not focusable) with no way out but the form; the lead gives it back', async () => {
      const main = pageContent();
      const { el, dialog, events } = await showPoptin(record({ properties: { poptin_design_content_lock: true, poptin_design_close_on_screen_click: true } }));
      await waitUntil(() => main.inert, 'the page was not locked');
      expect(main.dataset.kiteLocked).to.equal('content_lock');
      expect(getComputedStyle(main).filter).to.match(/blur/);
      main.querySelector('a')!.focus();
      expect(document.activeElement, 'the locked link takes no focus').to.not.equal(main.querySelector('a'));
      expect(el.inert, 'the pop-up is not locked').to.equal(false);
      expect(part(el, 'close'), 'no X').to.equal(null);
      expect(part(el, 'lock-note')?.textContent).to.equal(en.contentLocked);
      await sendKeys({ press: 'Escape' });
      await click(part(el, 'overlay')!);
      expect(dialog.isConnected && events.of('kite-poptin-close')).to.have.length(0);
      await settled(el);
      await expect(el).to.be.accessible();

      await submitEmail(el);
      await events.next('kite-poptin-convert');
      await waitUntil(() => !main.inert, 'the page stayed locked after the lead');
      expect(main.hasAttribute('data-kite-locked')).to.equal(false);
      expect(getComputedStyle(main).filter).to.equal('none');
      expect(part(el, 'lock-note')?.textContent).to.equal(en.contentUnlocked);
      await expect(el).to.be.accessible();
    });

    it('in Hebrew: the note in Hebrew, right to left', async () => {
      pageContent();
      const { el, dialog } = await showPoptin(record({ properties: { poptin_design_content_lock: true } }), { lang: 'he' });
      await waitUntil(() => part(el, 'lock-note'), 'no note');
      expect(part(el, 'lock-note')!.textContent).to.equal(he.contentLocked);
      expect(dialog.dir).to.equal('rtl');
      await expect(el).to.be.accessible();
    });

    it('leaves an element the page made inert itself as it was', async () => {
      const main = pageContent();
      main.inert = true;
      const { el, events } = await showPoptin(record({ properties: { poptin_design_content_lock: true } }));
      await waitUntil(() => part(el, 'lock-note'), 'no note');
      expect(main.hasAttribute('data-kite-locked')).to.equal(false);
      await submitEmail(el);
      await events.next('kite-poptin-convert');
      expect(main.inert).to.equal(true);
    });
  });

  describe('landing-page mode (landing_page)', () => {
    it('fills the window, hides the page, and stays: no X, no Escape, not after the lead', async () => {
      const clock = fakeClock();
      const main = pageContent();
      const { el, dialog, events } = await showPoptin(record({ extra: { landing_page: true }, properties: { thank_screen_auto_close: false } }));
      await waitUntil(() => main.inert && dialog.getBoundingClientRect().width === innerWidth, 'not a landing page');
      const rect = dialog.getBoundingClientRect();
      expect([rect.left, rect.top, rect.width, rect.height]).to.deep.equal([0, 0, innerWidth, innerHeight]);
      expect(getComputedStyle(main).visibility).to.equal('hidden');
      expect(part(el, 'close')).to.equal(null);
      expect(part(el, 'lock-note'), 'a landing page needs no note').to.equal(null);
      await sendKeys({ press: 'Escape' });
      await settled(el);
      await expect(el).to.be.accessible();

      await submitEmail(el);
      await events.next('kite-poptin-convert');
      await clock.advance(THANK_YOU.FALLBACK_CLOSE_ALREADY_SHOWN_MS);
      await waitUntil(() => dialog.querySelector('[part="title"]')?.textContent === 'Thank you!', 'no thank-you screen');
      expect(events.of('kite-poptin-close')).to.have.length(0);
      expect(main.inert, 'the page stays the landing page').to.equal(true);
    });
  });

  describe('display, cookie, x_close_button and the mobile design', () => {
    it('display: false shows nothing, with one console line', async () => {
      const infos = spyConsole('info');
      const switchedOff = record({ extra: { display: false } });
      const el = await fixture<KitePoptin>(html`<kite-poptin .poptin=${switchedOff} open></kite-poptin>`);
      await waitUntil(() => infos.length > 0, 'no console line');
      expect(infos).to.deep.equal([`Kite: pop-up ${switchedOff.poptin_id} not shown: it is switched off (display: false)`]);
      expect(el.shadowRoot?.querySelector('[role="dialog"]') ?? null).to.equal(null);
    });

    it('cookie: the closed-by-X marker lasts that many days (default COOKIE.MARKER_DAYS)', async () => {
      /** When the marker of `poptinId` expires, in days from now (Chromium's cookieStore gives the expiry). */
      const markerDays = async (poptinId: string) => {
        const name = `${STORAGE_KEY.CLOSED_X_PREFIX}${poptinId}`;
        cleanups.push(() => deleteCookie(name));
        await waitUntil(() => document.cookie.includes(name), 'no closed marker');
        const cookie = await (window as unknown as { cookieStore: { get: (name: string) => Promise<{ expires: number }> } }).cookieStore.get(name);
        return Math.round((cookie.expires - Date.now()) / (COOKIE.SECONDS_PER_DAY * SECOND_MS));
      };
      const days = COOKIE.MARKER_DAYS + 6;
      const kept = record({ extra: { cookie: days } });
      const { el } = await showPoptin(kept);
      await click(part(el, 'close')!);
      expect(await markerDays(kept.poptin_id)).to.equal(days);
      const plain = record();
      const second = await showPoptin(plain);
      await click(part(second.el, 'close')!);
      expect(await markerDays(plain.poptin_id)).to.equal(COOKIE.MARKER_DAYS);
    });

    it('switch_mobile_editor: a phone-sized window shows mobile_design, a wider one the design', async () => {
      const { innerWidth: width, innerHeight: height } = window;
      cleanups.push(() => setViewport({ width, height }));
      const mobile = () => record({ extra: { mobile_design: { blocks: [{ type: 'title', text: 'Small screen' }] } }, properties: { switch_mobile_editor: true } });
      await setViewport({ width: MOBILE_EDITOR.MAX_WIDTH_PX, height: 700 });
      const phone = await showPoptin(mobile());
      expect(phone.dialog.querySelector('[part="title"]')?.textContent).to.equal('Small screen');
      await setViewport({ width: MOBILE_EDITOR.MAX_WIDTH_PX + 1, height: 700 });
      const wide = await showPoptin(mobile());
      expect(wide.dialog.querySelector('[part="title"]')?.textContent).to.equal(TITLE);
    });

    it("page-source targeting reads this page's markup: shown where the snippet is (role show), not there with role hide", async () => {
      const infos = spyConsole('info');
      const area = document.createElement('div');
      area.className = 'members-area';
      document.body.append(area);
      cleanups.push(() => area.remove());
      const targeted = (role: 'show' | 'hide') => record({ extra: { source_code_target_active: true, source_code_target_html: 'class="members-area"', source_code_target_role: role } });
      await showPoptin(targeted('show'));
      const hidden = targeted('hide');
      const el = await fixture<KitePoptin>(html`<kite-poptin .poptin=${hidden} open></kite-poptin>`);
      await waitUntil(() => infos.length > 0, 'no console line');
      expect(infos).to.deep.equal([`Kite: pop-up ${hidden.poptin_id} not shown: page-source targeting (hide)`]);
      expect(el.shadowRoot?.querySelector('[role="dialog"]') ?? null).to.equal(null);
    });

    it('x_close_button: false shows no X', async () => {
      const { el } = await showPoptin(record({ extra: { x_close_button: false }, properties: { poptin_design_close_options_type: undefined } }));
      expect(part(el, 'close')).to.equal(null);
    });
  });
});
