/**
 * kite-counter in real Chromium: it waits until scrolled into view, counts after the start delay
 * for the duration (timings on the fake clock, as the machine tests prove them on a simulated
 * one), screen readers get the final number only, reduced motion, Hebrew, and axe.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../../components/counter/counter.element.ts';
import type { KiteCounter } from '../../../components/counter/counter.element.ts';
import { COUNTER } from '../../../shared/constants/site.ts';
import { fakeClock, spyEvents, untilAtOnce, waitUntil } from '../helpers.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;

/** Below the fold: the counter is out of view until the test scrolls to it. */
const SPACER_PX = 3000;

async function mount(counter = html`<kite-counter number="1250" number-format=",">1,250</kite-counter>`, lang = 'en') {
  const wrapper = await fixture<HTMLDivElement>(html`<div lang=${lang} dir=${lang === 'he' ? 'rtl' : 'ltr'}>
    <div style="height:${SPACER_PX}px"></div>
    <p>${counter} kites flown</p>
  </div>`);
  const element = wrapper.querySelector<KiteCounter>('kite-counter')!;
  await element.updateComplete;
  const value = () => element.shadowRoot!.querySelector('[part~="value"]')!;
  const final = () => element.shadowRoot!.querySelector('[part~="final"]')!;
  return { wrapper, element, value, final };
}

describe('kite-counter', () => {
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    scrollTo(0, 0);
  });

  it('shows the start until scrolled into view; then counts after START_DELAY_MS for DURATION_MS to the final number, with no axe violations', async () => {
    const clock = fakeClock();
    clock.hold();
    const events = spyEvents(['kite-counter-start', 'kite-counter-end'] as const);
    const { element, value, final } = await mount();
    expect(value().textContent).to.equal('0,000');
    expect(value().getAttribute('aria-hidden'), 'the moving digits are hidden from screen readers').to.equal('true');
    expect(final().textContent, 'screen readers read the final number').to.equal('1,250');
    await clock.advance(COUNTER.START_DELAY_MS + COUNTER.DURATION_MS);
    expect(events.heard, 'out of view nothing runs').to.deep.equal([]);
    clock.release(); // axe runs on the page's own timers
    await expect(element).to.be.accessible();
    clock.hold();

    element.scrollIntoView();
    // The observer answers on its own (real) time; then the start delay runs on the held clock.
    await waitUntil(() => value().getAttribute('data-state') === 'delaying', 'not seen in view');
    await clock.advance(COUNTER.START_DELAY_MS - 1);
    expect(events.of('kite-counter-start')).to.have.length(0);
    await clock.advance(1);
    const start = await events.next('kite-counter-start');
    expect(start.detail).to.deep.equal({ from: 0 });
    expect(start.bubbles && start.composed).to.equal(true);

    await clock.advance(COUNTER.DURATION_MS / 2);
    await waitUntil(() => value().textContent === '0,625', `half way it shows half the number, not ${value().textContent}`);
    await clock.advance(COUNTER.DURATION_MS / 2 - 1);
    expect(events.of('kite-counter-end')).to.have.length(0);
    clock.release();
    await expect(element).to.be.accessible();
    expect((await events.next('kite-counter-end')).detail).to.deep.equal({ value: 1250 });
    await waitUntil(() => value().textContent === '1,250', 'the final number is not shown');
    await expect(element).to.be.accessible();
  });

  it('start-from, timer, and the number read from the content when `number` is absent', async () => {
    const clock = fakeClock();
    clock.hold();
    const timer = COUNTER.DURATION_MS / 2;
    const events = spyEvents(['kite-counter-start', 'kite-counter-end'] as const);
    const { element, value } = await mount(html`<kite-counter start-from="40" timer=${timer}>240</kite-counter>`);
    expect(value().textContent).to.equal('040');
    element.scrollIntoView();
    await waitUntil(async () => {
      await clock.advance(COUNTER.START_DELAY_MS);
      return events.of('kite-counter-start').length;
    }, 'no start');
    expect(events.of('kite-counter-start')[0]!.detail).to.deep.equal({ from: 40 });
    await clock.advance(timer);
    expect((await events.next('kite-counter-end')).detail).to.deep.equal({ value: 240 });
    await untilAtOnce(clock, () => value().textContent === '240', 'the final number is not shown');
  });

  it('with reduced motion shows the final number at once, without counting', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const events = spyEvents(['kite-counter-start', 'kite-counter-end'] as const);
    const { value } = await mount();
    expect(value().textContent).to.equal('1,250');
    expect(events.types()).to.deep.equal(['kite-counter-end']);
  });

  it('Hebrew: the number reads the same in a right-to-left page, with no axe violations', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const { element, value, final } = await mount(html`<kite-counter number="1250" number-format=",">1,250</kite-counter>`, 'he');
    expect(value().textContent).to.equal('1,250');
    expect(final().textContent).to.equal('1,250');
    await expect(element).to.be.accessible();
  });

  it('shows the theme\'s content without JavaScript: the final number is the element\'s own text', async () => {
    const { element } = await mount();
    expect(element.textContent).to.equal('1,250');
  });
});
