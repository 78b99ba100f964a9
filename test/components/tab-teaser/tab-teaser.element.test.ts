/**
 * `kite-tab-teaser` in real Chromium (widget spec section 4 "Tab teaser", section 9): each display
 * mode driven by the pop-up's real `kite-poptin-show` / `kite-poptin-close` events on window, the
 * visitor's cookies, real clicks and key presses, reduced motion, right-to-left, the spec's z-index.
 * Every timing comes from shared/constants/widget.ts, every text from shared/i18n.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { click, fakeClock, nameOf, nextFrame, spyEvents, waitUntil } from '../helpers.ts';
import { rendered } from '../react-helpers.ts';
import { newPoptinId as freshPoptinId } from '../poptin/kit.ts';
import { ifDefined } from 'lit/directives/if-defined.js';
import { emulateMedia, resetMouse, sendKeys } from '@web/test-runner-commands';
import '../../../components/tab-teaser/tab-teaser.element.ts';
import type { KiteTabTeaser } from '../../../components/tab-teaser/tab-teaser.element.ts';
import { LAYOUT, STORAGE_KEY } from '../../../shared/constants/widget.ts';
import { TAB } from '../../../shared/constants/tab.ts';
import { emit, type KiteEventDetails } from '../../../shared/dom/events.ts';
import { en, he } from '../../messages.ts';

/** Generous bound for "it happens after X ms": the timer plus a React render and some slack. */
const SLACK_MS = 1_000;
/** Layout rounding. */
const PX = 1;
const EVERYTIME_RULE = `all@${TAB.EVERYTIME_EVERYPAGE_RULE}_5`;
/** `nameOf` no tab. Assertions compare names: a failing one on the tab itself would stall the browser. */
const NO_TAB = nameOf(null);

/** A fresh id of the spec's length per tab, so cookies and events never leak between tests. */
const newPoptinId = () => freshPoptinId('kitetab');

/** Every `kite-tab-teaser-*` event, heard on window. */
const TAB_EVENTS = ['kite-tab-teaser-show', 'kite-tab-teaser-hide', 'kite-tab-teaser-open'] as const;

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await resetMouse();
});

interface TabOptions {
  mode?: string;
  rule?: string;
  label?: string;
  position?: string;
  lang?: string;
}

/** A tab for a fresh pop-up id, its events spied from before it starts; resolves once React has rendered it. */
async function tabTeaser(options: TabOptions = {}, poptinId = newPoptinId()) {
  const events = spyEvents(TAB_EVENTS, { on: window });
  const el = await rendered(() => fixture<KiteTabTeaser>(html`
    <kite-tab-teaser
      poptin-id=${poptinId}
      display-mode=${ifDefined(options.mode)}
      d-f-r=${ifDefined(options.rule)}
      label=${ifDefined(options.label)}
      position=${ifDefined(options.position)}
      lang=${ifDefined(options.lang)}
    ></kite-tab-teaser>
  `));
  return { el, poptinId, events, tab: () => el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="base"]') };
}

const shows = async (tab: () => HTMLElement | null, message = 'the tab shows') =>
  waitUntil(() => tab()?.checkVisibility(), message, { timeout: SLACK_MS });
const hides = async (tab: () => HTMLElement | null, message = 'the tab hides') =>
  waitUntil(() => tab() === null, message, { timeout: TAB.SLIDE_MS + SLACK_MS });
/** At rest: the entry animation cleaned up. */
const atRest = async (tab: () => HTMLElement | null) =>
  waitUntil(() => tab()?.dataset.state === 'shown', 'entry cleaned up', { timeout: TAB.ENTRY_CLEANUP_MS + SLACK_MS });

/** The pop-up's own events, as kite-poptin dispatches them (bubbling, composed), on window. */
const poptinShows = (poptinId: string) => emit(window, 'kite-poptin-show', { poptinId, trigger: 'page_load' });
const poptinCloses = (poptinId: string, closeTrigger: string, submitted = false) =>
  emit(window, 'kite-poptin-close', { poptinId, closeTrigger, submitted } as KiteEventDetails['kite-poptin-close']);

function setCookie(name: string): void {
  document.cookie = `${name}=1; Path=/`;
  cleanups.push(() => (document.cookie = `${name}=; Max-Age=0; Path=/`));
}


/** No slide running: the tab is where it rests. */
const still = (tab: () => HTMLElement | null) => waitUntil(() => tab()?.getAnimations().length === 0, 'no animation running');

describe('kite-tab-teaser', () => {
  describe('display modes', () => {
    it('always: shows from the start at the bottom right, with the default text, over the page', async () => {
      const { el, poptinId, tab, events } = await tabTeaser();
      await shows(tab);
      expect(events.of('kite-tab-teaser-show').map((event) => event.detail)).to.deep.equal([{ poptinId }]);
      const button = tab()!;
      expect(button.localName).to.equal('button');
      expect(button.textContent).to.contain(en.tabTeaser);
      expect(button.dataset.position).to.equal('right');
      expect(getComputedStyle(button).position).to.equal('fixed');
      expect(getComputedStyle(button).zIndex).to.equal(String(LAYOUT.TAB_Z_INDEX));
      await atRest(tab);
      await still(tab);
      const rect = button.getBoundingClientRect();
      const inset = parseFloat(getComputedStyle(button).right);
      expect(rect.bottom).to.be.closeTo(document.documentElement.clientHeight, PX);
      expect(rect.right).to.be.closeTo(document.documentElement.clientWidth - inset, PX);
      await expect(el).to.be.accessible();
    });

    it('always: hides while the pop-up shows and comes back when it closes', async () => {
      const { poptinId, tab, events } = await tabTeaser({ mode: 'always' });
      await shows(tab);
      poptinShows(poptinId);
      await hides(tab);
      expect(events.of('kite-tab-teaser-hide').map((event) => event.detail)).to.deep.equal([{ poptinId, gone: false }]);
      poptinCloses(poptinId, 'close_button');
      await shows(tab, 'back after the close');
      expect(events.of('kite-tab-teaser-show')).to.have.length(2);
    });

    it("ignores another pop-up's events", async () => {
      const clock = fakeClock();
      const { tab, events } = await tabTeaser({ mode: 'always' });
      await shows(tab);
      // Held: an exit started by the other pop-up would have ended within the slide's time.
      clock.hold();
      poptinShows(newPoptinId());
      await clock.advance(TAB.SLIDE_MS);
      expect(events.of('kite-tab-teaser-hide'), 'no exit').to.deep.equal([]);
      expect(tab()?.checkVisibility(), 'still shown').to.be.true;
    });

    it('before_show: shows until the pop-up shows, then is gone for good', async () => {
      const { poptinId, tab, events } = await tabTeaser({ mode: 'before_show' });
      await shows(tab);
      poptinShows(poptinId);
      await hides(tab);
      expect(events.of('kite-tab-teaser-hide').map((event) => event.detail)).to.deep.equal([{ poptinId, gone: true }]);
      await rendered(() => poptinCloses(poptinId, 'close_button'));
      expect(nameOf(tab()), 'not back after the close').to.equal(NO_TAB);
    });

    it('after_close: nothing until the pop-up closes, then the tab', async () => {
      const { el, poptinId, tab, events } = await tabTeaser({ mode: 'after_close' });
      expect(nameOf(tab()), 'no tab before the close').to.equal(NO_TAB);
      await rendered(() => poptinShows(poptinId));
      expect(nameOf(tab()), 'no tab while the pop-up shows').to.equal(NO_TAB);
      poptinCloses(poptinId, 'bg_click');
      await shows(tab);
      expect(events.of('kite-tab-teaser-show').map((event) => event.detail)).to.deep.equal([{ poptinId }]);
      await expect(el).to.be.accessible();
    });

    it('after_close: a close with the X under the everytime-everypage rule shows no tab', async () => {
      const { poptinId, tab, events } = await tabTeaser({ mode: 'after_close', rule: EVERYTIME_RULE });
      await rendered(() => poptinCloses(poptinId, 'x_click'));
      expect(nameOf(tab())).to.equal(NO_TAB);
      await rendered(() => poptinCloses(poptinId, 'close_button'));
      expect(nameOf(tab()), 'gone for good').to.equal(NO_TAB);
      expect(events.heard).to.deep.equal([]);
    });

    it('after_close: a close with the X under another rule shows the tab', async () => {
      const { poptinId, tab } = await tabTeaser({ mode: 'after_close', rule: 'all@once_a_day' });
      poptinCloses(poptinId, 'x_click');
      await shows(tab);
    });

    it('a submitted close shows no tab', async () => {
      const { poptinId, tab } = await tabTeaser({ mode: 'after_close' });
      await rendered(() => poptinCloses(poptinId, 'thank_you', true));
      expect(nameOf(tab())).to.equal(NO_TAB);
    });

    it('a conversion hides the tab for good', async () => {
      const { poptinId, tab, events } = await tabTeaser({ mode: 'always' });
      await shows(tab);
      emit(window, 'kite-poptin-convert', { poptinId, conversionId: null });
      await hides(tab);
      expect(events.of('kite-tab-teaser-hide').map((event) => event.detail)).to.deep.equal([{ poptinId, gone: true }]);
    });

    it('a pop-up that shows in the same task the tab is created in still hides it (before_show)', async () => {
      const poptinId = newPoptinId();
      const pending = tabTeaser({ mode: 'before_show' }, poptinId);
      poptinShows(poptinId);
      const { tab, events } = await pending;
      await waitUntil(() => tab() === null, 'no tab beside its pop-up', { timeout: TAB.SLIDE_MS + SLACK_MS });
      expect(events.of('kite-tab-teaser-open')).to.deep.equal([]);
    });

    it('a tab created while its pop-up is open waits for the close (always)', async () => {
      const poptinId = newPoptinId();
      poptinShows(poptinId);
      const { tab, events } = await tabTeaser({ mode: 'always' }, poptinId);
      expect(nameOf(tab()), 'hidden while the pop-up is open').to.equal(NO_TAB);
      expect(events.heard).to.deep.equal([]);
      poptinCloses(poptinId, 'escape');
      await shows(tab);
    });

    it('a tab created after its pop-up closed shows at once (after_close), not after an X under everytime-everypage', async () => {
      const closedBefore = newPoptinId();
      poptinShows(closedBefore);
      poptinCloses(closedBefore, 'escape');
      await shows((await tabTeaser({ mode: 'after_close' }, closedBefore)).tab);

      const closedByX = newPoptinId();
      poptinShows(closedByX);
      poptinCloses(closedByX, 'x_click');
      const { tab } = await tabTeaser({ mode: 'after_close', rule: EVERYTIME_RULE }, closedByX);
      expect(nameOf(tab())).to.equal(NO_TAB);
    });

    it('shows nothing without a poptin-id', async () => {
      const el = await rendered(() => fixture<KiteTabTeaser>(html`<kite-tab-teaser></kite-tab-teaser>`));
      expect(nameOf(el.shadowRoot!.querySelector('[part~="base"]'))).to.equal(NO_TAB);
    });
  });

  describe('cookies', () => {
    it('converted (poptin_conversion_{id}): no tab in any mode', async () => {
      for (const mode of TAB.DISPLAY_MODES) {
        const poptinId = newPoptinId();
        setCookie(`${STORAGE_KEY.CONVERSION_PREFIX}${poptinId}`);
        const { tab, events } = await tabTeaser({ mode }, poptinId);
        await rendered(() => poptinCloses(poptinId, 'close_button'));
        expect(nameOf(tab()), mode).to.equal(NO_TAB);
        expect(events.heard, mode).to.deep.equal([]);
      }
    });

    it('closed by X (poptin_c_p_o_x_c_{id}) under the everytime-everypage rule: no tab', async () => {
      const poptinId = newPoptinId();
      setCookie(`${STORAGE_KEY.CLOSED_X_PREFIX}${poptinId}`);
      const { tab } = await tabTeaser({ mode: 'always', rule: EVERYTIME_RULE }, poptinId);
      expect(nameOf(tab())).to.equal(NO_TAB);
    });

    it('closed by X under another rule: the tab shows', async () => {
      const poptinId = newPoptinId();
      setCookie(`${STORAGE_KEY.CLOSED_X_PREFIX}${poptinId}`);
      const { tab } = await tabTeaser({ mode: 'always', rule: 'all@once_a_day' }, poptinId);
      await shows(tab);
    });
  });

  describe('opening the pop-up', () => {
    it('a click hides the tab and dispatches kite-tab-teaser-open with the pop-up id', async () => {
      const { poptinId, tab, events } = await tabTeaser();
      await shows(tab);
      await still(tab);
      await click(tab()!);
      expect(events.of('kite-tab-teaser-open').map((event) => event.detail)).to.deep.equal([{ poptinId }]);
      await hides(tab);
      expect(events.of('kite-tab-teaser-hide').map((event) => event.detail)).to.deep.equal([{ poptinId, gone: false }]);
      expect(events.of('kite-tab-teaser-open'), 'one open').to.have.length(1);
    });

    it('the open event bubbles out of the element and is composed', async () => {
      const { el, tab } = await tabTeaser();
      await shows(tab);
      const heard = new Promise<CustomEvent>((resolve) => el.addEventListener('kite-tab-teaser-open', resolve, { once: true }));
      tab()!.click();
      const event = await heard;
      expect(event.bubbles).to.be.true;
      expect(event.composed).to.be.true;
    });

    for (const key of ['Enter', 'Space']) {
      it(`${key} on the focused tab opens the pop-up`, async () => {
        const { el, poptinId, tab, events } = await tabTeaser();
        await shows(tab);
        await sendKeys({ press: 'Tab' });
        await waitUntil(() => el.shadowRoot!.activeElement === tab(), 'the tab takes focus from the keyboard');
        await sendKeys({ press: key });
        await waitUntil(() => events.of('kite-tab-teaser-open').length === 1, 'open dispatched');
        expect(events.of('kite-tab-teaser-open')[0]!.detail).to.deep.equal({ poptinId });
        await hides(tab);
      });
    }
  });

  it('takes focus back when it returns after the pop-up it opened by keyboard closed, unless the visitor moved on', async () => {
    const { el, poptinId, tab } = await tabTeaser({ mode: 'always' });
    await shows(tab);
    await sendKeys({ press: 'Tab' });
    await waitUntil(() => el.shadowRoot!.activeElement === tab(), 'the tab takes focus from the keyboard');
    await sendKeys({ press: 'Enter' });
    await hides(tab);
    // The pop-up shows, and closes; its focus had nowhere to go back to, so it fell to the page.
    poptinShows(poptinId);
    (document.activeElement as HTMLElement | null)?.blur();
    poptinCloses(poptinId, 'escape');
    await shows(tab, 'the tab is back');
    await waitUntil(() => el.shadowRoot!.activeElement === tab(), 'focus is back on the tab');

    // A visitor who has moved on keeps their focus.
    const elsewhere = await fixture<HTMLButtonElement>(html`<button>Elsewhere</button>`);
    tab()!.click();
    await hides(tab);
    poptinShows(poptinId);
    elsewhere.focus();
    poptinCloses(poptinId, 'escape');
    await shows(tab, 'the tab is back again');
    expect(document.activeElement === elsewhere, 'focus stays where the visitor put it').to.equal(true);
  });

  describe('animations', () => {
    it('slides up on entry, cleans it up after TAB.ENTRY_CLEANUP_MS, slides down on exit', async () => {
      const clock = fakeClock();
      // Held from before the start: each step comes at its time on the clock, checked 1 ms before and at it.
      clock.hold();
      const { tab } = await tabTeaser();
      await shows(tab);
      expect(tab()!.dataset.state).to.equal('entering');
      expect(tab()!.getAnimations().length, 'entry slide').to.equal(1);
      await clock.advance(TAB.ENTRY_CLEANUP_MS - 1);
      await nextFrame();
      expect(tab()!.dataset.state, 'not cleaned up yet').to.equal('entering');
      await clock.advance(1);
      await atRest(tab);
      expect(tab()!.getAnimations().length, 'cleaned up').to.equal(0);
      tab()!.click();
      await waitUntil(() => tab()?.dataset.state === 'exiting', 'exiting');
      expect(tab()!.getAnimations().length, 'exit slide').to.equal(1);
      await clock.advance(TAB.SLIDE_MS - 1);
      await nextFrame();
      expect(tab()?.dataset.state, 'still sliding down').to.equal('exiting');
      await clock.advance(1);
      await hides(tab);
    });

    it('pulses every other TAB.PULSE_MS while shown', async () => {
      const clock = fakeClock();
      // Held from before the start: the pulse turns on and off at its times on the clock, checked 1 ms before each.
      clock.hold();
      const { el, tab } = await tabTeaser();
      await shows(tab);
      await clock.advance(TAB.ENTRY_CLEANUP_MS);
      await atRest(tab);
      const pulsing = () => tab()!.classList.contains('pulse');
      for (const [turned, on] of [['on', true], ['off', false]] as const) {
        await clock.advance(TAB.PULSE_MS - 1);
        await nextFrame();
        expect(pulsing(), `not ${turned} yet`).to.equal(!on);
        await clock.advance(1);
        await waitUntil(() => pulsing() === on, `pulse ${turned}`);
        if (on) expect(getComputedStyle(tab()!).animationName).to.equal('kite-tab-teaser-pulse');
      }
      clock.release();
      await expect(el).to.be.accessible();
    });

    it('with prefers-reduced-motion: no slide, no pulse, hidden at once', async () => {
      const clock = fakeClock();
      await emulateMedia({ reducedMotion: 'reduce' });
      cleanups.push(() => emulateMedia({ reducedMotion: 'no-preference' }));
      const { tab } = await tabTeaser();
      await shows(tab);
      expect(tab()!.getAnimations().length, 'no entry slide').to.equal(0);
      await atRest(tab);
      await clock.advance(TAB.PULSE_MS);
      await waitUntil(() => tab()!.classList.contains('pulse'), 'pulse phase');
      expect(getComputedStyle(tab()!).animationName, 'pulse off').to.equal('none');
      // The clock held short of the slide's time: hidden without waiting for an exit slide.
      clock.hold();
      tab()!.click();
      await clock.advance(TAB.SLIDE_MS - 1);
      await waitUntil(() => tab() === null, 'no exit slide');
    });
  });

  describe('language and position', () => {
    it('Hebrew: the Hebrew text, right to left', async () => {
      const { el, tab } = await tabTeaser({ lang: 'he' });
      await shows(tab);
      expect(tab()!.getAttribute('dir')).to.equal('rtl');
      expect(tab()!.getAttribute('lang')).to.equal('he');
      expect(tab()!.textContent).to.contain(he.tabTeaser);
      await expect(el).to.be.accessible();
    });

    it('English pages are left to right', async () => {
      const { tab } = await tabTeaser({ lang: 'en' });
      await shows(tab);
      expect(tab()!.getAttribute('dir')).to.equal('ltr');
    });

    it('label sets the text, which names the button', async () => {
      const { el, tab } = await tabTeaser({ label: 'Get 10% off' });
      await shows(tab);
      expect(tab()!.textContent).to.contain('Get 10% off');
      expect(tab()!.textContent).not.to.contain(en.tabTeaser);
      await expect(el).to.be.accessible();
    });

    it('position left: the bottom left corner', async () => {
      const { tab } = await tabTeaser({ position: 'left' });
      await atRest(tab);
      await still(tab);
      const rect = tab()!.getBoundingClientRect();
      expect(rect.left).to.be.closeTo(parseFloat(getComputedStyle(tab()!).left), PX);
      expect(rect.bottom).to.be.closeTo(document.documentElement.clientHeight, PX);
    });

    it('d-f-r set after the start applies to the next tab life (a new rule restarts it)', async () => {
      const { el, poptinId, tab } = await tabTeaser({ mode: 'after_close' });
      await rendered(() => el.setAttribute('d-f-r', EVERYTIME_RULE));
      expect(el.frequencyRule).to.equal(EVERYTIME_RULE);
      await rendered(() => poptinCloses(poptinId, 'x_click'));
      expect(nameOf(tab()), 'the X under the new rule').to.equal(NO_TAB);
      el.removeAttribute('d-f-r');
      expect(el.frequencyRule).to.equal(undefined);
    });
  });
});
