/**
 * Entry and exit effects and background animations in real Chromium (widget spec section 2
 * "Entry effects" and "Background animations", section 4 closing; `prefers-reduced-motion`
 * makes every effect instant and stops background animations).
 */
import { aTimeout, expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { CLOSE, EFFECT } from '../../../shared/constants/widget.ts';
import { BACKGROUND_ANIMATION } from '../../../shared/constants/effects.ts';
import { EFFECTS, FALLBACK_EFFECT, loadEffects, playEffect, revealAfterHiddenFrame } from '../../../shared/effects/effects.ts';
import { effectKeyframes } from '../../../shared/effects/keyframes.ts';
import { BACKGROUNDS, startBackground } from '../../../shared/effects/background.ts';
import { seededRandom } from '../../seeded-random.ts';

/** A short effect, so each test waits for the end without slowing the suite down. */
const SHORT_MS = 60;
/** The box the effects play on and the canvas size, in CSS pixels. */
const WIDTH = 200;
const HEIGHT = 120;
/** A style of the element's own, set after its entry: the held entry must not cover it. */
const OWN_OPACITY = '0.5';
const OWN_SHIFT_PX = { x: 3, y: 4 };
/** Frames to let a background draw (or not) before looking. */
const FRAMES = 4;

const box = () => fixture<HTMLDivElement>(html`<div style="width:${WIDTH}px;height:${HEIGHT}px;background:#36c"></div>`);
const canvas = () =>
  fixture<HTMLCanvasElement>(html`<canvas style="display:block;width:${WIDTH}px;height:${HEIGHT}px;color:#000"></canvas>`);

const onlyAnimation = (element: Element) => {
  const animations = element.getAnimations();
  expect(animations).to.have.length(1);
  return animations[0]!;
};
const timing = (animation: Animation) => animation.effect!.getComputedTiming();

/**
 * Whether nothing of the box can be seen: transparent, or no point of its untransformed box
 * lands on it (clipped away or scaled to nothing; hit testing follows clip-path and transforms).
 */
function looksHidden(element: HTMLElement, rect: DOMRect): boolean {
  if (getComputedStyle(element).opacity === '0') return true;
  const steps = 6;
  for (let i = 0; i <= steps; i++) {
    for (let j = 0; j <= steps; j++) {
      const x = rect.left + 1 + ((rect.width - 2) * i) / steps;
      const y = rect.top + 1 + ((rect.height - 2) * j) / steps;
      if (document.elementFromPoint(x, y) === element) return false;
    }
  }
  return true;
}

/** True when `promise` settles before a zero-delay timer: it did not wait for any animation. */
const settlesAtOnce = (promise: Promise<unknown>) => Promise.race([promise.then(() => true), aTimeout(0).then(() => false)]);

const nextFrames = async (count = FRAMES) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
};
const pixels = (element: HTMLCanvasElement) => {
  const ctx = element.getContext('2d')!;
  return ctx.getImageData(0, 0, element.width, element.height).data;
};
const drawn = (data: Uint8ClampedArray) => data.some((value, i) => i % 4 === 3 && value > 0);
const same = (a: Uint8ClampedArray, b: Uint8ClampedArray) => a.length === b.length && a.every((value, i) => value === b[i]);

afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));
// As a pop-up does before it shows: from then on each effect starts in the same frame as the call.
before(() => loadEffects());

describe('entry and exit effects', () => {
  for (const effect of EFFECTS.filter((name) => name !== 'none')) {
    it(`${effect}: the entry starts hidden, plays forwards for the given time and ends on the element's own style`, async () => {
      const element = await box();
      const rect = element.getBoundingClientRect();
      const done = playEffect(element, effect, 'entry', SHORT_MS);

      const animation = onlyAnimation(element);
      expect(animation.id).to.equal(`kite-effect-${effect}`);
      expect(timing(animation).duration).to.equal(SHORT_MS);
      expect(timing(animation).direction).to.equal('normal');
      animation.pause();
      animation.currentTime = 0;
      expect(looksHidden(element, rect), 'hidden on the first frame').to.equal(true);
      animation.play();

      await done;
      expect(animation.playState).to.equal('finished');
      expect(looksHidden(element, rect), 'shown at the end').to.equal(false);
      // Held, not released (a release repaints: issue 22, item 7), on the element's own style: a change of it shows through.
      expect(element.getAnimations(), 'held').to.deep.equal([animation]);
      const before = element.getBoundingClientRect();
      element.style.opacity = OWN_OPACITY;
      element.style.translate = `${OWN_SHIFT_PX.x}px ${OWN_SHIFT_PX.y}px`;
      const after = element.getBoundingClientRect();
      expect(getComputedStyle(element).opacity, 'own opacity').to.equal(OWN_OPACITY);
      expect([after.left - before.left, after.top - before.top], 'own translate').to.deep.equal([OWN_SHIFT_PX.x, OWN_SHIFT_PX.y]);
    });

    it(`${effect}: the exit plays the same keyframes in reverse and stays hidden at the end`, async () => {
      const element = await box();
      const rect = element.getBoundingClientRect();
      const done = playEffect(element, effect, 'exit', SHORT_MS);

      const animation = onlyAnimation(element);
      expect(timing(animation).direction).to.equal('reverse');
      expect(timing(animation).duration).to.equal(SHORT_MS);
      expect((animation.effect as KeyframeEffect).getKeyframes()).to.have.length(effectKeyframes(effect).length);
      expect(looksHidden(element, rect), 'shown on the first frame').to.equal(false);

      await done;
      expect(animation.playState).to.equal('finished');
      expect(looksHidden(element, rect), 'hidden until removed').to.equal(true);
    });
  }

  it('the exit runs for the close time the pop-up passes (CLOSE.EXIT_ANIMATION_MS)', async () => {
    const element = await box();
    const done = playEffect(element, 'fade', 'exit', CLOSE.EXIT_ANIMATION_MS);
    expect(timing(onlyAnimation(element)).duration).to.equal(CLOSE.EXIT_ANIMATION_MS);
    await done;
  });

  it('none plays nothing and resolves at once, on entry and exit', async () => {
    const element = await box();
    expect(await settlesAtOnce(playEffect(element, 'none', 'entry', EFFECT.ENTRY_MS))).to.equal(true);
    expect(await settlesAtOnce(playEffect(element, 'none', 'exit', CLOSE.EXIT_ANIMATION_MS))).to.equal(true);
    expect(element.getAnimations()).to.have.length(0);
  });

  it('an unknown effect name plays the fallback, fade', async () => {
    expect(FALLBACK_EFFECT).to.equal('fade');
    const element = await box();
    const done = playEffect(element, 'zoom-sideways', 'entry', SHORT_MS);
    const animation = onlyAnimation(element);
    expect(animation.id).to.equal('kite-effect-fade');
    expect((animation.effect as KeyframeEffect).getKeyframes()[0]!.opacity).to.equal('0');
    await done;
  });

  it('a new effect replaces the previous one: shown again after an exit, nothing holds it hidden', async () => {
    const element = await box();
    const rect = element.getBoundingClientRect();
    await playEffect(element, 'puff', 'exit', SHORT_MS);
    expect(looksHidden(element, rect)).to.equal(true);
    const entry = playEffect(element, 'scale', 'entry', SHORT_MS);
    expect(element.getAnimations().map((animation) => animation.id)).to.deep.equal(['kite-effect-scale']);
    await entry;
    expect(element.getAnimations().map((animation) => animation.id)).to.deep.equal(['kite-effect-scale']);
    expect(looksHidden(element, rect)).to.equal(false);
  });

  it('under prefers-reduced-motion: reduce every effect is instant: no animation, resolved at once', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const element = await box();
    const rect = element.getBoundingClientRect();
    for (const effect of EFFECTS) {
      expect(await settlesAtOnce(playEffect(element, effect, 'entry', EFFECT.ENTRY_MS)), `${effect} entry`).to.equal(true);
      expect(element.getAnimations(), `${effect} entry`).to.have.length(0);
      expect(await settlesAtOnce(playEffect(element, effect, 'exit', CLOSE.EXIT_ANIMATION_MS)), `${effect} exit`).to.equal(true);
      expect(element.getAnimations(), `${effect} exit`).to.have.length(0);
    }
    expect(looksHidden(element, rect)).to.equal(false);
  });
});

describe('reveal after a hidden frame (issue 22, item 7)', () => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    it(`paints the element at opacity 0 first, then at its own opacity, held (motion: ${reducedMotion})`, async () => {
      await emulateMedia({ reducedMotion });
      const element = await box();
      revealAfterHiddenFrame(element);
      const reveal = onlyAnimation(element);
      reveal.pause();
      reveal.currentTime = 0;
      expect(getComputedStyle(element).opacity, 'the first frame').to.equal('0');
      reveal.play();
      await reveal.finished;
      expect(getComputedStyle(element).opacity, 'then').to.equal('1');
      expect(element.getAnimations(), 'held').to.deep.equal([reveal]);
      element.style.opacity = OWN_OPACITY;
      expect(getComputedStyle(element).opacity, 'its own opacity shows through').to.equal(OWN_OPACITY);
    });
  }

  it('a second reveal replaces the first', async () => {
    const element = await box();
    revealAfterHiddenFrame(element);
    const first = onlyAnimation(element);
    revealAfterHiddenFrame(element);
    expect(onlyAnimation(element)).not.to.equal(first);
  });
});

describe('background animations', () => {
  for (const kind of BACKGROUNDS) {
    it(`${kind}: draws, keeps moving, and stop() clears it and draws no more`, async () => {
      const element = await canvas();
      const stop = startBackground(element, kind, { random: seededRandom(1) });
      await nextFrames();
      const first = pixels(element);
      expect(drawn(first), 'something drawn').to.equal(true);
      await nextFrames();
      expect(same(first, pixels(element)), 'the picture changes').to.equal(false);

      stop();
      const stopped = pixels(element);
      expect(drawn(stopped), 'cleared').to.equal(false);
      await nextFrames();
      expect(same(stopped, pixels(element)), 'no frame after stop').to.equal(true);
      stop(); // a second stop does nothing
    });
  }

  it('sizes the drawing buffer to the CSS box times the pixel ratio (capped), and follows the box', async () => {
    const element = await canvas();
    const stop = startBackground(element, 'snow', { random: seededRandom(2) });
    const ratio = Math.min(devicePixelRatio, BACKGROUND_ANIMATION.MAX_PIXEL_RATIO);
    expect([element.width, element.height]).to.deep.equal([Math.round(WIDTH * ratio), Math.round(HEIGHT * ratio)]);
    element.style.width = `${WIDTH * 2}px`;
    await nextFrames();
    expect(element.width).to.equal(Math.round(WIDTH * 2 * ratio));
    stop();
  });

  it('is deterministic with an injected random: the same seed draws the same picture', async () => {
    const a = await canvas();
    const b = await canvas();
    const stops = [startBackground(a, 'confetti', { random: seededRandom(7) }), startBackground(b, 'confetti', { random: seededRandom(7) })];
    await nextFrames();
    expect(drawn(pixels(a))).to.equal(true);
    expect(same(pixels(a), pixels(b))).to.equal(true);
    stops.forEach((stop) => stop());
  });

  it('draws nothing for an unknown kind', async () => {
    const element = await canvas();
    const stop = startBackground(element, 'fireworks');
    await nextFrames();
    expect(drawn(pixels(element))).to.equal(false);
    stop();
  });

  it('under prefers-reduced-motion: reduce never starts: nothing drawn', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const element = await canvas();
    for (const kind of BACKGROUNDS) {
      const stop = startBackground(element, kind);
      await nextFrames();
      expect(drawn(pixels(element)), kind).to.equal(false);
      stop();
    }
  });

  it('stops and clears when reduced motion turns on while it runs', async () => {
    const element = await canvas();
    const stop = startBackground(element, 'rain', { random: seededRandom(3) });
    await nextFrames();
    expect(drawn(pixels(element))).to.equal(true);

    await emulateMedia({ reducedMotion: 'reduce' });
    await nextFrames();
    const after = pixels(element);
    expect(drawn(after), 'cleared').to.equal(false);
    await emulateMedia({ reducedMotion: 'no-preference' });
    await nextFrames();
    expect(same(after, pixels(element)), 'not started again').to.equal(true);
    stop();
  });
});
