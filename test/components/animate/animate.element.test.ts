/**
 * kite-animate in real Chromium on a fake clock: items in view revealed after the waypoint delay and
 * one stagger apart, items below revealed as they are scrolled (wheel and touch) into view, offset
 * classes (only below the limit), minimum-height presets, colour and font-size classes, reduced
 * motion, Hebrew, the page given back, and axe once revealed.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import '../../../components/animate/animate.element.ts';
import type { KiteAnimate } from '../../../components/animate/animate.element.ts';
import { REVEALED_CLASS } from '../../../components/animate/animate.styles.ts';
import { ANIMATION, MIN_HEIGHT } from '../../../shared/constants/site.ts';
import { fakeClock, scrollToY, spyEvents, touchScrollDown, untilAtOnce, waitUntil } from '../helpers.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;

const VIEWPORT = { width: 800, height: 600 };
const [SMALLEST_PRESET] = MIN_HEIGHT.PRESETS_PERCENT;
const HALF = 50;

async function mount(dir = 'ltr') {
  const wrapper = await fixture<HTMLDivElement>(html`
    <div dir=${dir} lang=${dir === 'rtl' ? 'he' : 'en'}>
      <kite-animate>
        <section class=${`av-minimum-height-${SMALLEST_PRESET}`} id="preset">
          <h2 class="avia_animate_when_visible av-custom-color-c0392b av-font-size-32-px" id="first">Aero Kite Works</h2>
          <p class="avia_animate_when_visible av-custom-color-ff00 av-font-size-32" id="second">Kites since 1998.</p>
          <p class="av-animated-generic" id="third">Built by hand.</p>
          <p class="av-animated-when-visible-100" id="not-animated">An offset of 100 is no offset.</p>
        </section>
        <section class="av-minimum-height-30" id="no-preset" style="height: 1200px"></section>
        <p class=${`avia_animate_when_visible av-animated-when-visible-${HALF}`} id="below">Below the fold.</p>
        <div style="height: 1200px"></div>
      </kite-animate>
    </div>
  `);
  const element = wrapper.querySelector<KiteAnimate>('kite-animate')!;
  const byId = (id: string) => wrapper.querySelector<HTMLElement>(`#${id}`)!;
  const revealed = (id: string) => byId(id).classList.contains(REVEALED_CLASS);
  return { wrapper, element, byId, revealed };
}

describe('kite-animate', () => {
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    scrollTo(0, 0);
  });

  it('items in view: each triggers after the waypoint delay and they reveal one stagger apart; no axe violations once revealed', async () => {
    await setViewport(VIEWPORT);
    const clock = fakeClock();
    clock.hold();
    const events = spyEvents(['kite-animate-reveal']);
    const { wrapper, byId, revealed } = await mount();
    expect(getComputedStyle(byId('first')).opacity, 'hidden once the element runs').to.equal('0');
    // Observers report in the order they were made: once this one has, the element's has too.
    await new Promise((resolve) => new IntersectionObserver((_, observer) => resolve(observer.disconnect())).observe(byId('first')));
    // Items seen together reveal one stagger apart (in the order their observers reported them).
    const count = () => ['first', 'second', 'third'].filter(revealed).length;
    await clock.advance(ANIMATION.WAYPOINT_DELAY_MS + ANIMATION.STAGGER_MS - 1);
    expect(count()).to.equal(0);
    await clock.advance(1);
    await untilAtOnce(clock, () => count() === 1, 'no item was revealed at the waypoint delay plus one stagger');
    await clock.advance(ANIMATION.STAGGER_MS - 1);
    expect(count()).to.equal(1);
    await clock.advance(1);
    await untilAtOnce(clock, () => count() === 2, 'the second item was not revealed one stagger later');
    await clock.advance(ANIMATION.STAGGER_MS);
    await untilAtOnce(clock, () => count() === 3, 'the third item was not revealed');
    expect(events.of('kite-animate-reveal').map((event) => event.detail.index).sort()).to.deep.equal([0, 1, 2]);
    expect(revealed('below')).to.equal(false);
    expect(getComputedStyle(byId('not-animated')).opacity, 'an offset class of 100 or more is ignored').to.equal('1');
    clock.release();
    await waitUntil(() => getComputedStyle(byId('third')).opacity === '1', 'the fade did not end');
    await expect(wrapper).to.be.accessible();
  });

  it('an item below reveals once scrolled to its offset class (below the limit), by script and by touch', async () => {
    await setViewport(VIEWPORT);
    const clock = fakeClock();
    const { byId, revealed } = await mount();
    clock.hold();
    const below = byId('below');
    const topAt = (share: number) => below.getBoundingClientRect().top + scrollY - (VIEWPORT.height * share) / 100;
    await scrollToY(topAt(HALF + 10));
    // A watcher with the item's own offset reports after the element's observer has.
    const margin = `0px 0px -${ANIMATION.OFFSET_LIMIT - HALF}% 0px`;
    await new Promise((resolve) => new IntersectionObserver((_, observer) => resolve(observer.disconnect()), { rootMargin: margin }).observe(below));
    await clock.advance(ANIMATION.WAYPOINT_DELAY_MS + ANIMATION.STAGGER_MS);
    expect(revealed('below'), 'not yet at its offset').to.equal(false);
    await touchScrollDown(VIEWPORT.height / 2);
    await waitUntil(async () => {
      await clock.advance(ANIMATION.STAGGER_MS);
      return revealed('below');
    }, 'scrolled past its offset, it was not revealed');
  });

  it('minimum-height presets and colour / font-size classes apply; malformed ones are ignored; all given back on leaving', async () => {
    await setViewport(VIEWPORT);
    const { element, byId } = await mount();
    expect(byId('preset').style.minHeight).to.equal(`${SMALLEST_PRESET}vh`);
    expect(byId('preset').getBoundingClientRect().height).to.be.at.least((VIEWPORT.height * SMALLEST_PRESET) / 100 - 1);
    expect(byId('no-preset').style.minHeight).to.equal('');
    expect(getComputedStyle(byId('first')).color).to.equal('rgb(192, 57, 43)');
    expect(getComputedStyle(byId('first')).fontSize).to.equal('32px');
    expect(byId('second').style.color).to.equal('');
    expect(byId('second').style.fontSize).to.equal('');
    const [first, preset] = [byId('first'), byId('preset')];
    element.remove();
    expect(first.style.cssText).to.equal('');
    expect(preset.style.cssText).to.equal('');
    expect(first.hasAttribute('data-kite-animate')).to.equal(false);
  });

  it('reduced motion: nothing is hidden or moved, and items in view are revealed at once', async () => {
    await setViewport(VIEWPORT);
    await emulateMedia({ reducedMotion: 'reduce' });
    const clock = fakeClock();
    clock.hold();
    const { byId, revealed } = await mount();
    expect(getComputedStyle(byId('first')).opacity).to.equal('1');
    expect(getComputedStyle(byId('first')).transform).to.equal('none');
    await untilAtOnce(clock, () => revealed('first') && revealed('second') && revealed('third'), 'not revealed at once');
  });

  it('Hebrew (rtl): revealed the same, no axe violations', async () => {
    await setViewport(VIEWPORT);
    const { wrapper, byId, revealed } = await mount('rtl');
    await waitUntil(() => revealed('third') && getComputedStyle(byId('third')).opacity === '1', 'not revealed');
    await expect(wrapper).to.be.accessible();
  });
});
