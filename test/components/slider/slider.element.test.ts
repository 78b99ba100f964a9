/**
 * kite-slider in real Chromium: the carousel pattern (roles, labels, live region, inert slides),
 * arrows, dots, keys, touch swipes, autoplay with its rotation control and holds, reduced motion,
 * fade and carousel modes, video slides (ended, the mobile message), Hebrew, and axe in each
 * visible state. Timings run on the fake clock; the machine tests check them to the millisecond.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../../components/slider/slider.element.ts';
import { BREAKPOINTS, SLIDER, SWIPE } from '../../../shared/constants/site.ts';
import { loadMessages } from '../../../shared/i18n/index.ts';
import { t } from '../../../shared/i18n/site.ts';
import { click, fakeClock, nameOf, spyEvents, touchDrag, waitUntil } from '../helpers.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function before(body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;

const SLIDES = 4;
/** The test runner's window (a `medium` one, where a carousel shows all it is asked to), put back after a test changes it. */
const RUNNER_VIEWPORT = { width: 800, height: 600 };
const INTERVAL_MS = SLIDER.INTERVAL_DEFAULT_S * 1_000;
/** A small image of one colour, so nothing is fetched. */
const image = (colour: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="${colour}"/></svg>`)}`;
const COLOURS = ['#c33', '#3a3', '#33c', '#cc3', '#3cc', '#c3c'];

interface Options {
  attributes?: Record<string, string | boolean>;
  count?: number;
  lang?: string;
  video?: 'plain' | 'loop' | 'fallback';
  /** The page's own attributes on the slide of each index. */
  slideAttributes?: Array<Record<string, string>>;
}

async function slider({ attributes = {}, count = SLIDES, lang = 'en', video, slideAttributes = [] }: Options = {}) {
  const wrapper = await fixture<HTMLDivElement>(html`<div dir=${lang === 'he' ? 'rtl' : 'ltr'} style="width: 600px"></div>`);
  const el = document.createElement('kite-slider');
  el.setAttribute('lang', lang);
  for (const [name, value] of Object.entries(attributes)) if (value !== false) el.setAttribute(name, value === true ? '' : value);
  const list = document.createElement('ul');
  for (let index = 0; index < count; index += 1) {
    const slide = document.createElement('li');
    for (const [name, value] of Object.entries(slideAttributes[index] ?? {})) slide.setAttribute(name, value);
    if (video && index === 0) {
      const media = document.createElement('video');
      media.muted = true;
      if (video === 'loop') media.loop = true;
      slide.append(media);
      if (video === 'fallback') {
        const fallback = document.createElement('img');
        fallback.className = 'av-mobile-fallback-image';
        fallback.alt = 'Fallback';
        fallback.src = image('#999');
        slide.append(fallback);
      }
    } else {
      const picture = document.createElement('img');
      picture.alt = `Kite ${index + 1}`;
      picture.src = image(COLOURS[index % COLOURS.length]!);
      slide.append(picture);
    }
    const caption = document.createElement('div');
    caption.className = 'avia-caption';
    caption.textContent = `Caption ${index + 1}`;
    slide.append(caption);
    list.append(slide);
  }
  el.append(list);
  wrapper.append(el);
  await el.updateComplete;
  const shadow = el.shadowRoot!;
  const part = (name: string) => shadow.querySelector<HTMLElement>(`[part~="${name}"]`);
  const slides = () => [...el.querySelectorAll<HTMLLIElement>(':scope > ul > li')];
  return {
    el,
    list,
    part,
    slides,
    dots: () => [...shadow.querySelectorAll<HTMLButtonElement>('[part~="dot"]')],
    /** Indexes of the slides in view (not inert). */
    inView: () => slides().flatMap((slide, index) => (slide.hasAttribute('inert') ? [] : [index])),
    current: () => shadow.querySelector('[part~="dot"][aria-current="true"]')?.getAttribute('aria-label'),
    live: () => part('viewport')!.getAttribute('aria-live'),
  };
}

describe('kite-slider', () => {
  before(async () => {
    await loadMessages('he');
  });
  afterEach(async () => {
    await resetMouse();
    await emulateMedia({ reducedMotion: 'no-preference' });
    document.documentElement.classList.remove('avia_mobile');
  });

  it('is a WAI-ARIA carousel: a labelled region, slides as "N of M" groups, one in view, arrows and a dot per slide; no axe violations', async () => {
    const { el, part, slides, dots, inView, current, live } = await slider({ attributes: { label: 'Aero 2 colourways' } });
    const base = part('base')!;
    expect(base.localName).to.equal('section');
    expect(base.getAttribute('aria-roledescription')).to.equal('carousel');
    expect(base.getAttribute('aria-label')).to.equal('Aero 2 colourways');
    expect(slides().map((slide) => [slide.getAttribute('aria-roledescription'), slide.getAttribute('aria-label')])).to.deep.equal(
      Array.from({ length: SLIDES }, (_, index) => ['slide', `${index + 1} of ${SLIDES}`]),
    );
    expect(inView()).to.deep.equal([0]);
    expect(dots().length).to.equal(SLIDES);
    expect(current()).to.equal('Slide 1');
    expect(part('previous')!.getAttribute('aria-label')).to.equal('Previous slide');
    expect(part('rotation'), 'no rotation control without autoplay').to.equal(null);
    expect(live()).to.equal('polite');
    expect(el.hasAttribute('data-enhanced')).to.equal(true);
    const box = part('next')!.getBoundingClientRect();
    expect(Math.min(box.width, box.height, dots()[0]!.getBoundingClientRect().height)).to.be.at.least(44);
    await expect(el).to.be.accessible();
  });

  it('next, previous and a dot move it with a transform, each announced; a change eases over transition-speed', async () => {
    const { el, list, part, dots, inView, current } = await slider();
    const spy = spyEvents(['kite-slider-change']);
    await click(part('next')!);
    await waitUntil(() => current() === 'Slide 2', 'next did not move it');
    expect(inView()).to.deep.equal([1]);
    expect(list.style.transform).to.equal('translateX(-100%)');
    const [animation] = list.getAnimations();
    expect(animation, 'the change is animated').to.not.equal(undefined);
    expect(animation!.effect!.getTiming().duration).to.equal(SLIDER.TRANSITION_MS);
    expect(String(animation!.effect!.getTiming().easing)).to.match(/^linear\(/);
    // Navigation waits for the machine's change to end, not the animation's (they end in the same moment, in either order).
    const changed = () => !part('base')!.hasAttribute('data-animating');
    await animation!.finished;
    await waitUntil(changed, 'the change did not end');
    await click(dots()[3]!);
    await waitUntil(() => current() === 'Slide 4');
    await list.getAnimations()[0]?.finished;
    await waitUntil(changed, 'the change did not end');
    await click(part('previous')!);
    await waitUntil(() => current() === 'Slide 3');
    expect(spy.of('kite-slider-change').map((event) => [event.detail.index, event.detail.previous, event.detail.trigger])).to.deep.equal([
      [1, 0, 'next'],
      [3, 1, 'goto'],
      [2, 3, 'previous'],
    ]);
    expect(spy.heard[0]!.bubbles && spy.heard[0]!.composed).to.equal(true);
    await expect(el, 'a later slide in view').to.be.accessible();
  });

  it('ignores navigation while a change animates; at transition-speed it takes it again', async () => {
    const clock = fakeClock();
    const { part, current } = await slider();
    clock.hold();
    await click(part('next')!);
    await waitUntil(() => current() === 'Slide 2');
    await clock.advance(SLIDER.TRANSITION_MS - 1);
    await click(part('next')!);
    await clock.advance(0);
    expect(current(), 'ignored while animating').to.equal('Slide 2');
    expect(part('base')!.hasAttribute('data-animating')).to.equal(true);
    await clock.advance(1);
    await waitUntil(() => !part('base')!.hasAttribute('data-animating'), 'still marked animating');
    await click(part('next')!);
    await waitUntil(() => current() === 'Slide 3', 'taken once the change is over');
  });

  it('without loop-manual the arrows stop at the ends; with it they wrap', async () => {
    const plain = await slider();
    await click(plain.part('previous')!);
    await plain.el.updateComplete;
    expect(plain.current()).to.equal('Slide 1');
    plain.el.parentElement!.remove();
    const looping = await slider({ attributes: { 'loop-manual': true, 'transition-speed': '0' } });
    await click(looping.part('previous')!);
    await waitUntil(() => looping.current() === `Slide ${SLIDES}`, 'previous did not wrap to the last');
    await click(looping.part('next')!);
    await waitUntil(() => looping.current() === 'Slide 1', 'next did not wrap to the first');
  });

  it('keyboard: Tab reaches the controls, Enter activates, the arrow keys step', async () => {
    const { part, current, el } = await slider({ attributes: { 'transition-speed': '0' } });
    part('previous')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(nameOf(el.shadowRoot!.activeElement)).to.equal('button(next)');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => current() === 'Slide 2', 'Enter on next');
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => current() === 'Slide 3', 'ArrowRight');
    await sendKeys({ press: 'ArrowLeft' });
    await waitUntil(() => current() === 'Slide 2', 'ArrowLeft');
    const ring = getComputedStyle(el.shadowRoot!.activeElement!).outlineStyle;
    expect(ring, 'visible focus').to.equal('solid');
  });

  it('touch: a swipe to the left shows the next slide, to the right the previous one; a short one nothing', async () => {
    const { el, current } = await slider({ attributes: { 'transition-speed': '0' } });
    const box = el.getBoundingClientRect();
    const y = Math.round(box.top + box.height / 3);
    const middle = Math.round(box.left + box.width / 2);
    await touchDrag([middle + SWIPE.MIN_HORIZONTAL_PX / 2 - 1, y], [middle - SWIPE.MIN_HORIZONTAL_PX / 2, y]);
    await el.updateComplete;
    expect(current(), 'shorter than a swipe').to.equal('Slide 1');
    await touchDrag([middle + SWIPE.MIN_HORIZONTAL_PX, y], [middle - SWIPE.MIN_HORIZONTAL_PX, y]);
    await waitUntil(() => current() === 'Slide 2', 'the swipe to the left did not go on');
    await waitUntil(async () => {
      await touchDrag([middle - SWIPE.MIN_HORIZONTAL_PX, y], [middle + SWIPE.MIN_HORIZONTAL_PX, y]);
      return current() === 'Slide 1';
    }, 'the swipe to the right did not go back (after the swipe lock)');
  });

  describe('autoplay', () => {
    it('steps every interval with the live region off, the rotation control first; the control stops it (live region polite); no axe violations', async () => {
      const clock = fakeClock();
      const spy = spyEvents(['kite-slider-autoplay-start', 'kite-slider-autoplay-stop']);
      const { el, part, current, live } = await slider({ attributes: { autoplay: true, 'loop-autoplay': true } });
      clock.hold();
      expect(live()).to.equal('off');
      const rotation = part('rotation')!;
      expect(rotation.getAttribute('aria-label')).to.equal('Stop automatic slide show');
      expect(el.shadowRoot!.querySelector('button'), 'the rotation control comes first').to.equal(rotation);
      await clock.advance(INTERVAL_MS - 1);
      expect(current()).to.equal('Slide 1');
      await clock.advance(1);
      await waitUntil(() => current() === 'Slide 2', 'no autoplay step at the interval');
      clock.release();
      await expect(el, 'rotating').to.be.accessible();
      clock.hold();
      rotation.click();
      await el.updateComplete;
      expect(rotation.getAttribute('aria-label')).to.equal('Start automatic slide show');
      expect(live()).to.equal('polite');
      await clock.advance(INTERVAL_MS * 2);
      expect(current()).to.equal('Slide 2');
      expect(spy.types()).to.deep.equal(['kite-slider-autoplay-start', 'kite-slider-autoplay-stop']);
      expect(spy.of('kite-slider-autoplay-stop')[0]!.detail.reason).to.equal('control');
      clock.release();
      await expect(el, 'stopped').to.be.accessible();
    });

    it('waits while the mouse is over it or keyboard focus is in it', async () => {
      const clock = fakeClock();
      const { el, part, current, live } = await slider({ attributes: { autoplay: true, 'loop-autoplay': true } });
      clock.hold();
      const box = el.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(box.left + box.width / 2), Math.round(box.top + 20)] });
      await waitUntil(() => live() === 'polite', 'the pointer did not hold it');
      await clock.advance(INTERVAL_MS * 2);
      expect(current()).to.equal('Slide 1');
      await resetMouse();
      await waitUntil(() => live() === 'off', 'the pointer leaving did not release it');
      part('rotation')!.focus();
      await waitUntil(() => live() === 'polite', 'focus did not hold it');
      await clock.advance(INTERVAL_MS * 2);
      expect(current()).to.equal('Slide 1');
    });

    it('stops on the first manual navigation, and at the last slide without loop-autoplay', async () => {
      const clock = fakeClock();
      const spy = spyEvents(['kite-slider-autoplay-stop']);
      const manual = await slider({ attributes: { autoplay: true, 'loop-autoplay': true } });
      clock.hold();
      manual.part('next')!.click();
      await spy.next('kite-slider-autoplay-stop');
      expect(spy.heard[0]!.detail.reason).to.equal('navigation');
      manual.el.parentElement!.remove();
      const once = await slider({ attributes: { autoplay: true, 'transition-speed': '0' } });
      for (let step = 1; step < SLIDES; step += 1) await clock.advance(INTERVAL_MS);
      await waitUntil(() => once.current() === `Slide ${SLIDES}`);
      await spy.next('kite-slider-autoplay-stop', undefined, 1);
      expect(spy.heard[1]!.detail.reason).to.equal('end');
      await clock.advance(INTERVAL_MS);
      expect(once.current()).to.equal(`Slide ${SLIDES}`);
    });

    it('is off under reduced motion, where changes are instant', async () => {
      await emulateMedia({ reducedMotion: 'reduce' });
      const clock = fakeClock();
      const { list, part, current, live } = await slider({ attributes: { autoplay: true } });
      clock.hold();
      expect(part('rotation')!.getAttribute('aria-label')).to.equal('Start automatic slide show');
      expect(live()).to.equal('polite');
      await clock.advance(INTERVAL_MS);
      expect(current()).to.equal('Slide 1');
      part('next')!.click();
      await waitUntil(() => current() === 'Slide 2');
      expect(list.getAnimations().length, 'no animation').to.equal(0);
      expect(list.style.transform).to.equal('translateX(-100%)');
    });
  });

  it('carousel: shows carousel-slides-to-show slides, a dot per position, steps one', async () => {
    const count = SLIDER.CAROUSEL_SLIDES_TO_SHOW + 2;
    const { el, list, part, dots, inView, slides } = await slider({ count, attributes: { carousel: true, 'transition-speed': '0' } });
    expect(inView()).to.deep.equal([0, 1, 2]);
    expect(dots().length).to.equal(count - SLIDER.CAROUSEL_SLIDES_TO_SHOW + 1);
    const width = slides()[0]!.getBoundingClientRect().width;
    expect(Math.round(width * SLIDER.CAROUSEL_SLIDES_TO_SHOW)).to.equal(Math.round(part('viewport')!.getBoundingClientRect().width));
    part('next')!.click();
    await waitUntil(() => inView().join() === '1,2,3');
    expect(Math.round(slides()[1]!.getBoundingClientRect().left)).to.equal(Math.round(part('viewport')!.getBoundingClientRect().left));
    expect(list.style.transform).to.match(/^translateX\(-33\.3/);
    await expect(el).to.be.accessible();
    const two = await slider({ count: 2, attributes: { carousel: true, 'carousel-slides-to-show': '2' } });
    expect(two.part('next'), 'as many slides as shown: nothing to navigate').to.equal(null);
  });

  it('the current dot is drawn in the page\'s text colour, the others in the dot colour', async () => {
    const { el, dots } = await slider();
    el.style.color = 'rgb(10, 20, 30)';
    const fill = (dot: HTMLButtonElement) => getComputedStyle(dot, '::before').backgroundColor;
    expect(fill(dots()[0]!)).to.equal('rgb(10, 20, 30)');
    expect(fill(dots()[1]!)).to.not.equal(fill(dots()[0]!));
  });

  it('carousel on narrow windows: one slide shown on a phone, two on a small tablet, all asked for again when wider', async () => {
    const height = 700;
    await setViewport({ width: BREAKPOINTS.MINI_MAX_PX, height });
    try {
      const count = SLIDER.CAROUSEL_SLIDES_TO_SHOW + 2;
      const { dots, inView, part, slides } = await slider({ count, attributes: { carousel: true, 'transition-speed': '0' } });
      expect(inView()).to.deep.equal([0]);
      expect(dots().length, 'a dot per slide').to.equal(count);
      part('next')!.click();
      part('next')!.click();
      await waitUntil(() => inView().join() === '1');
      await setViewport({ width: BREAKPOINTS.SMALL_MAX_PX, height });
      await waitUntil(() => inView().length === SLIDER.CAROUSEL_MOST_SHOWN.small);
      expect(inView()).to.deep.equal([1, 2]);
      await setViewport({ width: BREAKPOINTS.DESKTOP_MIN_PX, height });
      await waitUntil(() => inView().length === SLIDER.CAROUSEL_SLIDES_TO_SHOW);
      expect(inView()).to.deep.equal([1, 2, 3]);
      expect(Math.round(slides()[1]!.getBoundingClientRect().left), 'laid out for the new count').to.equal(Math.round(part('viewport')!.getBoundingClientRect().left));
    } finally {
      await setViewport(RUNNER_VIEWPORT);
    }
  });

  it('animation="fade": the slides stack and cross-fade', async () => {
    const { slides, part, current } = await slider({ attributes: { animation: 'fade' } });
    const tops = slides().map((slide) => slide.getBoundingClientRect().top);
    expect(new Set(tops).size, 'stacked').to.equal(1);
    expect(getComputedStyle(slides()[1]!).opacity).to.equal('0');
    part('next')!.click();
    await waitUntil(() => current() === 'Slide 2');
    const fading = slides()[1]!.getAnimations()[0]!;
    expect(fading.effect!.getTiming().duration).to.equal(SLIDER.TRANSITION_MS);
    await fading.finished;
    expect(getComputedStyle(slides()[1]!).opacity).to.equal('1');
    expect(getComputedStyle(slides()[0]!).opacity).to.equal('0');
  });

  it('a single slide: no arrows, dots or rotation', async () => {
    const { part, dots } = await slider({ count: 1, attributes: { autoplay: true } });
    expect([part('previous'), part('next'), part('rotation')]).to.deep.equal([null, null, null]);
    expect(dots().length).to.equal(0);
  });

  describe('video slides', () => {
    it('a video in view that ends moves it on, unless it loops', async () => {
      const plain = await slider({ video: 'plain', attributes: { 'transition-speed': '0' } });
      plain.slides()[0]!.querySelector('video')!.dispatchEvent(new Event('ended'));
      await waitUntil(() => plain.current() === 'Slide 2', 'the video ending did not move it');
      plain.el.parentElement!.remove();
      const looping = await slider({ video: 'loop' });
      looping.slides()[0]!.querySelector('video')!.dispatchEvent(new Event('ended'));
      await looping.el.updateComplete;
      expect(looping.current()).to.equal('Slide 1');
    });

    it('autoplay waits while the video shown plays; the video pauses when its slide leaves the view', async () => {
      const clock = fakeClock();
      const { part, slides, current, live } = await slider({ video: 'plain', attributes: { autoplay: true, 'loop-autoplay': true, 'transition-speed': '0' } });
      clock.hold();
      const video = slides()[0]!.querySelector('video')!;
      let paused = 0;
      video.pause = () => void (paused += 1);
      video.dispatchEvent(new Event('playing'));
      await waitUntil(() => live() === 'polite', 'a playing video did not hold autoplay');
      await clock.advance(INTERVAL_MS * 2);
      expect(current()).to.equal('Slide 1');
      video.dispatchEvent(new Event('pause'));
      await waitUntil(() => live() === 'off', 'the paused video did not release autoplay');
      part('next')!.click();
      await waitUntil(() => current() === 'Slide 2');
      expect(paused, 'paused as its slide left').to.equal(1);
    });

    it('on a mobile device, a video slide without a fallback image shows the spec\'s message (English and Hebrew); with one, the image', async () => {
      document.documentElement.classList.add('avia_mobile');
      const missing = await slider({ video: 'plain' });
      const message = missing.slides()[0]!.querySelector('.kite-slider-message')!;
      expect(message.textContent).to.equal('Please set a mobile device fallback image for this video in your wordpress backend');
      expect(getComputedStyle(missing.slides()[0]!.querySelector('video')!).display).to.equal('none');
      await expect(missing.el, 'the message shown').to.be.accessible();
      const hebrew = await slider({ video: 'plain', lang: 'he' });
      expect(hebrew.slides()[0]!.querySelector('.kite-slider-message')!.textContent).to.equal(t('he', 'sliderMobileFallback'));
      const given = await slider({ video: 'fallback' });
      expect(given.slides()[0]!.querySelector('.kite-slider-message')).to.equal(null);
      expect(getComputedStyle(given.slides()[0]!.querySelector('.av-mobile-fallback-image')!).display).to.not.equal('none');
      document.documentElement.classList.remove('avia_mobile');
      const desktop = await slider({ video: 'plain' });
      expect(desktop.slides()[0]!.querySelector('.kite-slider-message'), 'not on a desktop').to.equal(null);
    });
  });

  it('Hebrew: right to left, Hebrew labels, the arrows, keys and swipes mirror; no axe violations', async () => {
    const { el, list, part, current, slides } = await slider({ lang: 'he', attributes: { 'transition-speed': '0' } });
    expect(part('base')!.getAttribute('dir')).to.equal('rtl');
    expect(part('next')!.getAttribute('aria-label')).to.equal(t('he', 'sliderNext'));
    expect(slides()[0]!.getAttribute('aria-label')).to.equal(t('he', 'sliderSlideOf', { index: '1', count: String(SLIDES) }));
    expect(getComputedStyle(part('next')!).left, 'next on the left').to.not.equal('auto');
    expect(part('next')!.getBoundingClientRect().left).to.be.lessThan(part('previous')!.getBoundingClientRect().left);
    part('next')!.click();
    await waitUntil(() => current() === t('he', 'sliderDot', { index: '2' }));
    expect(list.style.transform).to.equal('translateX(100%)');
    expect(Math.round(slides()[1]!.getBoundingClientRect().right)).to.equal(Math.round(part('viewport')!.getBoundingClientRect().right));
    part('next')!.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await waitUntil(() => current() === t('he', 'sliderDot', { index: '3' }), 'ArrowLeft goes forward right to left');
    const box = el.getBoundingClientRect();
    const y = Math.round(box.top + box.height / 3);
    const middle = Math.round(box.left + box.width / 2);
    await waitUntil(async () => {
      await touchDrag([middle - SWIPE.MIN_HORIZONTAL_PX, y], [middle + SWIPE.MIN_HORIZONTAL_PX, y]);
      return current() === t('he', 'sliderDot', { index: '4' });
    }, 'a swipe to the right goes forward right to left');
    await expect(el).to.be.accessible();
  });

  it('gives the page\'s markup back when it leaves, its own slide labels too, and starts over from the first slide when it comes back', async () => {
    const OWN_LABEL = 'The blue kite';
    const { el, list, slides, part, current } = await slider({ attributes: { 'transition-speed': '0' }, slideAttributes: [{}, {}, { 'aria-label': OWN_LABEL }] });
    const wrapper = el.parentElement!;
    expect(slides()[2]!.getAttribute('aria-label')).to.equal(t('en', 'sliderSlideOf', { index: '3', count: String(SLIDES) }));
    part('next')!.click();
    await waitUntil(() => current() === 'Slide 2');
    el.remove();
    expect(el.hasAttribute('data-enhanced')).to.equal(false);
    expect(list.style.transform).to.equal('');
    expect(slides()[2]!.getAttribute('aria-label'), 'the page\'s own label').to.equal(OWN_LABEL);
    expect(slides().some((slide) => ['inert', 'aria-roledescription', 'data-current'].some((name) => slide.hasAttribute(name)))).to.equal(false);
    expect(slides().filter((slide) => slide.hasAttribute('aria-label'))).to.have.length(1);
    wrapper.append(el);
    await waitUntil(() => current() === 'Slide 1', 'it did not start over');
    expect(list.style.transform).to.equal('');
    expect(slides().map((slide) => slide.hasAttribute('inert'))).to.deep.equal([false, true, true, true]);
  });
});
