/**
 * kite-tooltip in real Chromium on a fake clock: the hover delay, the hide delay and moving onto the
 * tooltip, the fade, keyboard focus (at once), Esc without moving focus, touch, the placement inside
 * the window (above, flipping below), Hebrew, reduced motion, and axe in each visible state.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../../components/tooltip/tooltip.element.ts';
import { placeTooltip, type KiteTooltip } from '../../../components/tooltip/tooltip.element.ts';
import { TOOLTIP } from '../../../shared/constants/site.ts';
import { fakeClock, shiftTab, spyEvents, touchDrag, untilAtOnce, waitUntil } from '../helpers.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;

const VIEWPORT = { width: 800, height: 600 };

async function mount({ top = 200, dir = 'ltr' } = {}) {
  const wrapper = await fixture<HTMLDivElement>(html`
    <div dir=${dir} lang=${dir === 'rtl' ? 'he' : 'en'} style="padding-top:${top}px">
      <p>
        <button id="before">before</button>
        The sail is
        <kite-tooltip><abbr id="term">ripstop</abbr><span slot="tooltip">A weave with thicker threads that stops a tear spreading.</span></kite-tooltip>
        polyester.
      </p>
    </div>
  `);
  const tooltip = wrapper.querySelector<KiteTooltip>('kite-tooltip')!;
  await tooltip.updateComplete;
  const term = wrapper.querySelector<HTMLElement>('#term')!;
  const text = wrapper.querySelector<HTMLElement>('[slot="tooltip"]')!;
  const box = () => tooltip.shadowRoot!.querySelector<HTMLElement>('[part="tooltip"]')!;
  const state = () => box().dataset.state;
  const centre = (element: Element): [number, number] => {
    const rect = element.getBoundingClientRect();
    return [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
  };
  return { wrapper, tooltip, term, text, box, state, centre };
}

describe('kite-tooltip', () => {
  afterEach(async () => {
    await resetMouse();
    await emulateMedia({ reducedMotion: 'no-preference' });
    await setViewport(VIEWPORT);
  });

  it('describes its trigger: role tooltip, aria-describedby, focusable; hidden at first', async () => {
    await setViewport(VIEWPORT);
    const { term, text, state, box } = await mount();
    expect(text.getAttribute('role')).to.equal('tooltip');
    expect(term.getAttribute('aria-describedby')).to.equal(text.id);
    expect(term.tabIndex).to.equal(0);
    expect(state()).to.equal('hidden');
    expect(getComputedStyle(box()).display).to.equal('none');
  });

  it('mouse: shows after the delay, not before; fades in; hides after the hide delay and fades out; no axe violations shown', async () => {
    await setViewport(VIEWPORT);
    const clock = fakeClock();
    const { wrapper, term, state, box, centre } = await mount();
    const events = spyEvents(['kite-tooltip-show', 'kite-tooltip-hide']);
    clock.hold();
    await sendMouse({ type: 'move', position: centre(term) });
    await clock.advance(TOOLTIP.DELAY_MS - 1);
    expect(state()).to.equal('hidden');
    await clock.advance(1);
    await untilAtOnce(clock, () => state() === 'showing', 'not showing at the delay');
    expect(box().matches(':popover-open')).to.equal(true);
    await clock.advance(TOOLTIP.ANIMATION_MS);
    await untilAtOnce(clock, () => state() === 'shown', 'not shown after the fade');
    clock.release();
    await waitUntil(() => getComputedStyle(box()).opacity === '1', 'the fade did not end opaque');
    await expect(wrapper).to.be.accessible();
    clock.hold();
    await sendMouse({ type: 'move', position: [VIEWPORT.width - 5, VIEWPORT.height - 5] });
    await untilAtOnce(clock, () => state() === 'leaving', 'not leaving');
    await clock.advance(TOOLTIP.HIDE_DELAY_MS - 1);
    expect(state()).to.equal('leaving');
    await clock.advance(1);
    await untilAtOnce(clock, () => state() === 'hiding', 'not hiding after the hide delay');
    await clock.advance(TOOLTIP.ANIMATION_MS);
    await untilAtOnce(clock, () => state() === 'hidden', 'not hidden after the fade');
    expect(box().matches(':popover-open')).to.equal(false);
    expect(events.types()).to.deep.equal(['kite-tooltip-show', 'kite-tooltip-hide']);
  });

  it('the pointer moving onto the tooltip keeps it open (WCAG 1.4.13)', async () => {
    await setViewport(VIEWPORT);
    const clock = fakeClock();
    const { term, state, box, centre } = await mount();
    clock.hold();
    await sendMouse({ type: 'move', position: centre(term) });
    await clock.advance(TOOLTIP.DELAY_MS);
    await clock.advance(TOOLTIP.ANIMATION_MS);
    await untilAtOnce(clock, () => state() === 'shown', 'not shown');
    await sendMouse({ type: 'move', position: centre(box()) });
    await clock.advance(TOOLTIP.HIDE_DELAY_MS * 2);
    expect(state()).to.equal('shown');
  });

  it('keyboard: focus shows it at once; Esc hides it and focus stays; blur hides it; no axe violations', async () => {
    await setViewport(VIEWPORT);
    const clock = fakeClock();
    const { wrapper, term, state, box } = await mount();
    clock.hold();
    wrapper.querySelector<HTMLElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(term);
    await untilAtOnce(clock, () => state() === 'showing', 'focus did not show it at once');
    clock.release();
    await waitUntil(() => state() === 'shown' && getComputedStyle(box()).opacity === '1', 'not shown');
    await expect(wrapper).to.be.accessible();
    clock.hold();
    // Marked used, so a pop-up over the page leaves this Escape alone.
    const used: boolean[] = [];
    const noteUse = (event: KeyboardEvent) => used.push(event.defaultPrevented);
    addEventListener('keydown', noteUse);
    await sendKeys({ press: 'Escape' });
    removeEventListener('keydown', noteUse);
    expect(used, 'the Escape is marked used').to.deep.equal([true]);
    await untilAtOnce(clock, () => state() === 'hiding', 'Esc did not hide it');
    expect(document.activeElement).to.equal(term);
    await clock.advance(TOOLTIP.ANIMATION_MS);
    await untilAtOnce(clock, () => state() === 'hidden', 'not hidden');
    wrapper.querySelector<HTMLElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    await untilAtOnce(clock, () => state() === 'showing', 'focus coming back did not show it');
    wrapper.querySelector<HTMLElement>('#before')!.focus();
    await untilAtOnce(clock, () => state() === 'hiding', 'blur did not hide it');
  });

  it('for: describes the control it names, which already takes focus; given back on leaving', async () => {
    await setViewport(VIEWPORT);
    const wrapper = await fixture<HTMLDivElement>(html`
      <div style="padding-top: 200px">
        <button id="launch" aria-describedby="help">Launch</button><span id="help">Hold the line.</span>
        <kite-tooltip for="launch"><span slot="tooltip">Face the wind, then let go.</span></kite-tooltip>
      </div>
    `);
    const tooltip = wrapper.querySelector<KiteTooltip>('kite-tooltip')!;
    await tooltip.updateComplete;
    const button = wrapper.querySelector<HTMLButtonElement>('#launch')!;
    const text = wrapper.querySelector<HTMLElement>('[slot="tooltip"]')!;
    expect(button.getAttribute('aria-describedby')).to.equal(`help ${text.id}`);
    expect(button.hasAttribute('tabindex'), 'a button takes focus already').to.equal(false);
    // Keyboard focus: onto the button and back by Tab and Shift+Tab.
    button.focus();
    await sendKeys({ press: 'Tab' });
    await shiftTab();
    expect(document.activeElement).to.equal(button);
    await waitUntil(() => tooltip.shadowRoot!.querySelector<HTMLElement>('[part="tooltip"]')!.dataset.state !== 'hidden', 'focus did not show it');
    await waitUntil(() => tooltip.shadowRoot!.querySelector<HTMLElement>('[part="tooltip"]')!.dataset.state === 'shown', 'not shown');
    await expect(wrapper).to.be.accessible();
    tooltip.remove();
    expect(button.getAttribute('aria-describedby')).to.equal('help');
  });

  it('touch: a tap on the term shows it at once, a tap elsewhere hides it', async () => {
    await setViewport(VIEWPORT);
    const { term, state, centre } = await mount();
    await touchDrag(centre(term), centre(term));
    await waitUntil(() => state() === 'showing' || state() === 'shown', 'the tap did not show it');
    await touchDrag([10, VIEWPORT.height - 10], [10, VIEWPORT.height - 10]);
    await waitUntil(() => state() === 'hiding' || state() === 'hidden', 'a tap elsewhere did not hide it');
  });

  it('stands above the term, or below it when there is no room above; inside the window', async () => {
    await setViewport(VIEWPORT);
    for (const [top, placement] of [[200, 'top'], [0, 'bottom']] as const) {
      const { wrapper, term, box } = await mount({ top });
      wrapper.querySelector<HTMLElement>('#before')!.focus();
      await sendKeys({ press: 'Tab' });
      await waitUntil(() => box().dataset.placement === placement, `not placed ${placement}`);
      const [boxRect, termRect] = [box().getBoundingClientRect(), term.getBoundingClientRect()];
      if (placement === 'top') expect(boxRect.bottom).to.be.at.most(termRect.top);
      else expect(boxRect.top).to.be.at.least(termRect.bottom);
      expect(boxRect.left).to.be.at.least(TOOLTIP.GAP_PX - 1);
      wrapper.remove();
    }
  });

  it('placeTooltip keeps the box inside the window at both edges', () => {
    const box = { width: 200, height: 50 };
    const at = (left: number, top: number) => new DOMRect(left, top, 40, 20);
    expect(placeTooltip(at(0, 300), box, VIEWPORT)).to.deep.equal({ placement: 'top', top: 300 - TOOLTIP.GAP_PX - box.height, left: TOOLTIP.GAP_PX });
    expect(placeTooltip(at(VIEWPORT.width - 40, 300), box, VIEWPORT).left).to.equal(VIEWPORT.width - box.width - TOOLTIP.GAP_PX);
    expect(placeTooltip(at(300, 10), box, VIEWPORT)).to.deep.equal({ placement: 'bottom', top: 30 + TOOLTIP.GAP_PX, left: 300 + 20 - box.width / 2 });
  });

  it('Hebrew (rtl): the same behaviour, no axe violations shown', async () => {
    await setViewport(VIEWPORT);
    const { wrapper, term, state, box } = await mount({ dir: 'rtl' });
    wrapper.querySelector<HTMLElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(term);
    await waitUntil(() => state() === 'shown' && getComputedStyle(box()).opacity === '1', 'not shown');
    await expect(wrapper).to.be.accessible();
  });

  it('reduced motion: it appears and goes with no fade', async () => {
    await setViewport(VIEWPORT);
    await emulateMedia({ reducedMotion: 'reduce' });
    const clock = fakeClock();
    const { wrapper, state } = await mount();
    clock.hold();
    wrapper.querySelector<HTMLElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    await untilAtOnce(clock, () => state() === 'shown', 'not shown at once');
    await sendKeys({ press: 'Escape' });
    await untilAtOnce(clock, () => state() === 'hidden', 'not hidden at once');
  });
});
