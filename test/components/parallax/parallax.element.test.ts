/**
 * kite-parallax in real Chromium: layers enabled after the delay (fake clock), on desktop devices
 * only; transforms follow the scroll; the breakpoint's own direction; reduced motion, also
 * switched on live; the page's markup given back; axe.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import '../../../components/parallax/parallax.element.ts';
import type { KiteParallax } from '../../../components/parallax/parallax.element.ts';
import { BREAKPOINTS, PARALLAX } from '../../../shared/constants/site.ts';
import { fakeClock, nextFrame, untilAtOnce, waitUntil } from '../helpers.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;

const VIEWPORT = { width: BREAKPOINTS.DESKTOP_MIN_PX + 10, height: 600 };
const SECTION_PX = 400;
const SPACER_PX = 1200;
const SCROLL_STEP_PX = 200;

async function mount(attributes = '') {
  const wrapper = await fixture<HTMLDivElement>(html`<div>
    <div style="height:${SPACER_PX}px"></div>
    <kite-parallax .attrs=${attributes}>
      <section style="position:relative;overflow:hidden;height:${SECTION_PX}px">
        <div class="av-parallax" style="position:absolute;inset:0;background:linear-gradient(#8cf,#fc8)"></div>
        <h2 style="position:relative">Aero Kite Works, the coast at dawn</h2>
      </section>
    </kite-parallax>
    <div style="height:${SPACER_PX * 2}px"></div>
  </div>`);
  const element = wrapper.querySelector<KiteParallax>('kite-parallax')!;
  for (const [name, value] of attributes.split(' ').filter(Boolean).map((pair) => pair.split('='))) element.setAttribute(name!, value!);
  await element.updateComplete;
  const layer = element.querySelector<HTMLElement>('.av-parallax')!;
  return { element, layer };
}

const enabled = (layer: HTMLElement) => layer.classList.contains(PARALLAX.ENABLED_CLASS);

async function scrollAndPaint(y: number): Promise<void> {
  scrollTo(0, y);
  await nextFrame();
  await nextFrame();
}

describe('kite-parallax', () => {
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    document.documentElement.classList.remove('avia_mobile');
    scrollTo(0, 0);
  });

  it('enables the layers ENABLE_DELAY_MS after it starts; then their transform follows the scroll, with no axe violations', async () => {
    await setViewport(VIEWPORT);
    const clock = fakeClock();
    clock.hold();
    const { element, layer } = await mount();
    await clock.advance(PARALLAX.ENABLE_DELAY_MS - 1);
    expect(enabled(layer)).to.equal(false);
    await clock.advance(1);
    await untilAtOnce(clock, () => enabled(layer), 'not enabled at the delay');
    clock.release();
    // Around the middle of the section's pass through the viewport, away from the offset limit.
    const middle = element.getBoundingClientRect().top + scrollY - VIEWPORT.height + (VIEWPORT.height + SECTION_PX) / 2;
    await scrollAndPaint(middle - SCROLL_STEP_PX / 2);
    const early = layer.style.transform;
    await scrollAndPaint(middle + SCROLL_STEP_PX / 2);
    const later = layer.style.transform;
    expect(early).to.match(/^translate3d\(0px, -?\d+px, 0px\)$/);
    expect(later).to.match(/^translate3d\(0px, -?\d+px, 0px\)$/);
    const y = (transform: string) => Number(/, (-?\d+)px, 0px/.exec(transform)![1]);
    expect(y(later) - y(early), 'moves speed pixels per pixel scrolled').to.equal(SCROLL_STEP_PX * PARALLAX.DEFAULT_SPEED);
    expect(element.dataset.direction).to.equal('bottom_top');
    await expect(element).to.be.accessible();
  });

  it('never on a mobile device', async () => {
    document.documentElement.classList.add('avia_mobile');
    const clock = fakeClock();
    clock.hold();
    const { layer } = await mount();
    await clock.advance(PARALLAX.ENABLE_DELAY_MS * 2);
    await scrollAndPaint(SPACER_PX);
    expect(enabled(layer)).to.equal(false);
    expect(layer.style.transform).to.equal('');
  });

  it('a breakpoint\'s own direction applies at that width', async () => {
    await setViewport({ width: BREAKPOINTS.MINI_MAX_PX, height: VIEWPORT.height });
    const { element, layer } = await mount('direction=left_right mini-direction=no_parallax');
    await waitUntil(() => enabled(layer), 'not enabled');
    await scrollAndPaint(SPACER_PX);
    expect(element.dataset.direction).to.equal('no_parallax');
    expect(layer.style.transform).to.equal('translate3d(0px, 0px, 0px)');
    await setViewport(VIEWPORT);
    await waitUntil(() => element.dataset.direction === 'left_right', 'the desktop direction did not apply');
    await scrollAndPaint(SPACER_PX + SCROLL_STEP_PX);
    expect(layer.style.transform).to.match(/^translate3d\(-?\d+px, 0px, 0px\)$/);
  });

  it('with reduced motion the layers stay still; switching it on live stops them and gives the markup back', async () => {
    await setViewport(VIEWPORT);
    await emulateMedia({ reducedMotion: 'reduce' });
    const still = await mount();
    await scrollAndPaint(SPACER_PX);
    expect(enabled(still.layer)).to.equal(false);
    expect(still.layer.style.transform).to.equal('');
    still.element.remove();

    await emulateMedia({ reducedMotion: 'no-preference' });
    const { layer } = await mount();
    await waitUntil(() => enabled(layer), 'not enabled');
    await scrollAndPaint(SPACER_PX + SCROLL_STEP_PX);
    expect(layer.style.transform).to.not.equal('');
    await emulateMedia({ reducedMotion: 'reduce' });
    await waitUntil(() => !enabled(layer), 'still enabled under reduced motion');
    expect(layer.style.transform).to.equal('');
  });

  it('gives the page its layers back when it leaves', async () => {
    await setViewport(VIEWPORT);
    const { element, layer } = await mount();
    await waitUntil(() => enabled(layer), 'not enabled');
    await scrollAndPaint(SPACER_PX);
    element.remove();
    expect(enabled(layer)).to.equal(false);
    expect(layer.style.transform).to.equal('');
  });
});
