import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import { sliderMachine } from '../../../machines/slider/slider.machine.ts';
import { initialSliderView, isAutoplayOn, isRotating, sliderView } from '../../../machines/slider/slider.view-state.ts';
import type { SliderEmitted, SliderInput } from '../../../machines/slider/slider.types.ts';
import { SLIDER, SWIPE } from '../../../shared/constants/site.ts';

const SLIDES = 4;
const INTERVAL_MS = SLIDER.INTERVAL_DEFAULT_S * 1_000;

/** A started actor on a simulated clock, every emitted event recorded. */
function start(input: Partial<SliderInput> = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(sliderMachine, { clock, input: { count: SLIDES, ...input } });
  const emitted: SliderEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const index = () => actor.getSnapshot().context.index;
  const animating = () => actor.getSnapshot().matches({ slide: 'animating' });
  /** Runs `steps` autoplay intervals, one at a time (the simulated clock fires a timer set while it moves on the next move). */
  const intervals = (steps: number) => {
    for (let step = 0; step < steps; step += 1) clock.increment(INTERVAL_MS);
  };
  /** Lets the change in progress finish. */
  const settle = () => clock.increment(SLIDER.TRANSITION_MS);
  const changes = () => emitted.filter((event) => event.type === 'change');
  return { actor, clock, emitted, index, animating, settle, changes, intervals };
}

describe('sliderMachine', () => {
  describe('navigation', () => {
    it('next, previous and go-to move it, each emitted with what moved it', () => {
      const { actor, index, settle, changes } = start();
      actor.send({ type: 'SLIDE.NEXT' });
      assert.equal(index(), 1);
      settle();
      actor.send({ type: 'SLIDE.GOTO', index: 3 });
      settle();
      actor.send({ type: 'SLIDE.PREVIOUS' });
      assert.equal(index(), 2);
      assert.deepEqual(changes(), [
        { type: 'change', index: 1, previous: 0, trigger: 'next' },
        { type: 'change', index: 3, previous: 1, trigger: 'goto' },
        { type: 'change', index: 2, previous: 3, trigger: 'previous' },
      ]);
    });

    it('is animating for TRANSITION_MS, ignoring navigation meanwhile', () => {
      const { actor, clock, index, animating } = start();
      actor.send({ type: 'SLIDE.NEXT' });
      clock.increment(SLIDER.TRANSITION_MS - 1);
      assert.equal(animating(), true);
      actor.send({ type: 'SLIDE.NEXT' });
      actor.send({ type: 'SLIDE.GOTO', index: 3 });
      assert.equal(index(), 1, 'ignored while animating');
      clock.increment(1);
      assert.equal(animating(), false);
      actor.send({ type: 'SLIDE.NEXT' });
      assert.equal(index(), 2);
    });

    it('takes transitionMs from its input, and no time under reduced motion', () => {
      const quick = SLIDER.TRANSITION_MS / 3;
      const { actor, clock, animating } = start({ transitionMs: quick });
      actor.send({ type: 'SLIDE.NEXT' });
      clock.increment(quick - 1);
      assert.equal(animating(), true);
      clock.increment(1);
      assert.equal(animating(), false);
      const reduced = start({ reducedMotion: true });
      reduced.actor.send({ type: 'SLIDE.NEXT' });
      reduced.clock.increment(0);
      assert.equal(reduced.animating(), false);
    });

    it('ignores navigation with fewer than MIN_SLIDES slides', () => {
      const { actor, index, emitted } = start({ count: SLIDER.MIN_SLIDES - 1, autoplay: true });
      actor.send({ type: 'SLIDE.NEXT' });
      actor.send({ type: 'SLIDE.PREVIOUS' });
      actor.send({ type: 'VIDEO.ENDED', looping: false });
      assert.equal(index(), 0);
      assert.equal(emitted.filter((event) => event.type === 'change').length, 0);
      assert.equal(isAutoplayOn(actor.getSnapshot()), false, 'no autoplay either');
    });

    it('go-to ignores positions that do not exist and the current one', () => {
      const { actor, index, animating } = start();
      for (const bad of [-1, SLIDES, 1.5, 0]) actor.send({ type: 'SLIDE.GOTO', index: bad });
      assert.equal(index(), 0);
      assert.equal(animating(), false);
    });

    it('without loop-manual stops at both ends; with it wraps at both', () => {
      const plain = start();
      plain.actor.send({ type: 'SLIDE.PREVIOUS' });
      assert.equal(plain.index(), 0);
      plain.actor.send({ type: 'SLIDE.GOTO', index: SLIDES - 1 });
      plain.settle();
      plain.actor.send({ type: 'SLIDE.NEXT' });
      assert.equal(plain.index(), SLIDES - 1);
      const looping = start({ loopManual: true });
      looping.actor.send({ type: 'SLIDE.PREVIOUS' });
      assert.equal(looping.index(), SLIDES - 1);
      looping.settle();
      looping.actor.send({ type: 'SLIDE.NEXT' });
      assert.equal(looping.index(), 0);
    });

    it('carousel: shows `show` slides, steps `scroll`, positions go to count - show', () => {
      const show = SLIDER.CAROUSEL_SLIDES_TO_SHOW;
      const count = show + 2;
      const { actor, index, settle } = start({ count, show, scroll: SLIDER.CAROUSEL_SLIDES_TO_SCROLL, loopManual: true });
      const seen = [index()];
      for (let step = 0; step < count - show + 1; step += 1) {
        actor.send({ type: 'SLIDE.NEXT' });
        settle();
        seen.push(index());
      }
      assert.deepEqual(seen, [0, 1, 2, 0], 'the last position is count - show, then it wraps');
      actor.send({ type: 'SLIDE.GOTO', index: count - show + 1 });
      assert.equal(index(), 0, 'no position past the last');
      const few = start({ count: show, show });
      few.actor.send({ type: 'SLIDE.NEXT' });
      assert.equal(few.index(), 0, 'as many slides as are shown: one position, nothing to navigate');
    });

    it('the slide count can change; the index stays within it', () => {
      const { actor, index, settle } = start();
      actor.send({ type: 'SLIDE.GOTO', index: SLIDES - 1 });
      settle();
      actor.send({ type: 'SLIDES.SET', count: 2 });
      assert.equal(index(), 1);
    });

    it('a carousel can show more or fewer at once (a narrower window); the first slide shown stays within the positions', () => {
      const show = SLIDER.CAROUSEL_SLIDES_TO_SHOW;
      const { actor, index, settle } = start({ count: SLIDES, show });
      actor.send({ type: 'SLIDE.GOTO', index: SLIDES - show });
      settle();
      actor.send({ type: 'SHOW.SET', show: SLIDER.CAROUSEL_MOST_SHOWN.mini });
      assert.equal(actor.getSnapshot().context.show, SLIDER.CAROUSEL_MOST_SHOWN.mini);
      actor.send({ type: 'SLIDE.GOTO', index: SLIDES - 1 });
      assert.equal(index(), SLIDES - 1, 'one shown: every slide is a position');
      settle();
      actor.send({ type: 'SHOW.SET', show });
      assert.equal(index(), SLIDES - show, 'wider again: back to the last position');
      actor.send({ type: 'SHOW.SET', show: 0 });
      assert.equal(actor.getSnapshot().context.show, show, 'no fewer than one');
    });
  });

  describe('swipes', () => {
    it('a swipe to the left goes forward, to the right back; shorter moves are none', () => {
      const { actor, index, settle, changes } = start();
      actor.send({ type: 'TOUCH.END', dx: -(SWIPE.MIN_HORIZONTAL_PX - 1), dy: 0 });
      assert.equal(index(), 0);
      actor.send({ type: 'TOUCH.END', dx: -SWIPE.MIN_HORIZONTAL_PX, dy: 0 });
      assert.equal(index(), 1);
      settle();
      actor.send({ type: 'TOUCH.END', dx: SWIPE.MIN_HORIZONTAL_PX, dy: 0 });
      assert.equal(index(), 0);
      assert.deepEqual(changes().map((event) => event.trigger), ['swipe', 'swipe']);
    });

    it('mirrors on right-to-left pages', () => {
      const { actor, index } = start({ rightToLeft: true });
      actor.send({ type: 'TOUCH.END', dx: SWIPE.MIN_HORIZONTAL_PX, dy: 0 });
      assert.equal(index(), 1);
    });

    it('after a swipe, swipes are ignored for SWIPE.LOCK_MS (the shared swipe machine)', () => {
      const quick = SWIPE.LOCK_MS / 3;
      const { actor, clock, index } = start({ transitionMs: quick });
      actor.send({ type: 'TOUCH.END', dx: -SWIPE.MIN_HORIZONTAL_PX, dy: 0 });
      clock.increment(SWIPE.LOCK_MS - 1);
      actor.send({ type: 'TOUCH.END', dx: -SWIPE.MIN_HORIZONTAL_PX, dy: 0 });
      assert.equal(index(), 1);
      clock.increment(1);
      actor.send({ type: 'TOUCH.END', dx: -SWIPE.MIN_HORIZONTAL_PX, dy: 0 });
      assert.equal(index(), 2);
    });
  });

  describe('autoplay', () => {
    it('steps every interval (1 ms before nothing, at it the change), wrapping with loop-autoplay', () => {
      const { actor, clock, index, emitted } = start({ autoplay: true, loopAutoplay: true });
      assert.deepEqual(emitted[0], { type: 'autoplay-start' });
      assert.equal(isRotating(actor.getSnapshot()), true);
      for (let step = 1; step <= SLIDES; step += 1) {
        clock.increment(INTERVAL_MS - 1);
        assert.equal(index(), (step - 1) % SLIDES);
        clock.increment(1);
        assert.equal(index(), step % SLIDES);
      }
      assert.equal(emitted.at(-1)!.type, 'change');
      assert.equal(isRotating(actor.getSnapshot()), true, 'still going after wrapping');
    });

    it('waits for the slides when it starts before they are counted', () => {
      const { actor, clock, index, emitted } = start({ count: 0, autoplay: true });
      assert.deepEqual(emitted, []);
      actor.send({ type: 'SLIDES.SET', count: SLIDES });
      assert.deepEqual(emitted, [{ type: 'autoplay-start' }]);
      clock.increment(INTERVAL_MS);
      assert.equal(index(), 1);
    });

    it('takes its interval from the input', () => {
      const intervalMs = INTERVAL_MS * 2;
      const { clock, index } = start({ autoplay: true, intervalMs });
      clock.increment(intervalMs - 1);
      assert.equal(index(), 0);
      clock.increment(1);
      assert.equal(index(), 1);
    });

    it('without loop-autoplay stops on arriving at the last slide', () => {
      const { actor, intervals, index, emitted } = start({ autoplay: true });
      intervals(SLIDES - 1);
      assert.equal(index(), SLIDES - 1);
      assert.equal(isAutoplayOn(actor.getSnapshot()), false);
      assert.deepEqual(emitted.at(-1), { type: 'autoplay-stop', reason: 'end' });
      intervals(SLIDES);
      assert.equal(index(), SLIDES - 1);
    });

    it('stop-infinite-loop "last" stops at the last slide although it may wrap; "first" after coming back to the first', () => {
      const last = start({ autoplay: true, loopAutoplay: true, stopAt: 'last' });
      last.intervals(SLIDES - 1);
      assert.equal(last.index(), SLIDES - 1);
      assert.equal(isAutoplayOn(last.actor.getSnapshot()), false);
      const first = start({ autoplay: true, loopAutoplay: true, stopAt: 'first' });
      first.intervals(SLIDES - 1);
      assert.equal(isAutoplayOn(first.actor.getSnapshot()), true, 'goes on past the last');
      first.intervals(1);
      assert.equal(first.index(), 0);
      assert.equal(isAutoplayOn(first.actor.getSnapshot()), false);
      assert.deepEqual(first.emitted.at(-1), { type: 'autoplay-stop', reason: 'end' });
    });

    it('stops for good on manual navigation, a swipe included', () => {
      for (const event of [{ type: 'SLIDE.NEXT' }, { type: 'SLIDE.PREVIOUS' }, { type: 'SLIDE.GOTO', index: 2 }] as const) {
        const { actor, intervals, index, emitted } = start({ autoplay: true, loopAutoplay: true });
        actor.send(event);
        assert.deepEqual(emitted.at(-1), { type: 'autoplay-stop', reason: 'navigation' });
        const at = index();
        intervals(2);
        assert.equal(index(), at, `${event.type}: no autoplay step after it`);
      }
      const swiped = start({ autoplay: true });
      swiped.actor.send({ type: 'TOUCH.END', dx: -SWIPE.MIN_HORIZONTAL_PX, dy: 0 });
      assert.equal(isAutoplayOn(swiped.actor.getSnapshot()), false);
    });

    it('is off under reduced motion, and stops when the preference turns on', () => {
      const reduced = start({ autoplay: true, reducedMotion: true });
      assert.equal(isAutoplayOn(reduced.actor.getSnapshot()), false);
      reduced.clock.increment(INTERVAL_MS);
      assert.equal(reduced.index(), 0);
      const { actor, emitted } = start({ autoplay: true });
      actor.send({ type: 'MOTION.SET', reduced: true });
      assert.deepEqual(emitted.at(-1), { type: 'autoplay-stop', reason: 'reduced-motion' });
    });

    it('waits while focus or the pointer is inside, starting its interval over when both left', () => {
      const { actor, clock, index, intervals } = start({ autoplay: true, loopAutoplay: true });
      clock.increment(INTERVAL_MS - 1);
      actor.send({ type: 'FOCUS.SET', inside: true });
      actor.send({ type: 'POINTER.SET', inside: true });
      assert.equal(isRotating(actor.getSnapshot()), false);
      assert.equal(isAutoplayOn(actor.getSnapshot()), true);
      intervals(2);
      assert.equal(index(), 0);
      actor.send({ type: 'FOCUS.SET', inside: false });
      assert.equal(isRotating(actor.getSnapshot()), false, 'the pointer still holds it');
      actor.send({ type: 'POINTER.SET', inside: false });
      assert.equal(isRotating(actor.getSnapshot()), true);
      clock.increment(INTERVAL_MS - 1);
      assert.equal(index(), 0);
      clock.increment(1);
      assert.equal(index(), 1);
    });

    it('waits while a video of the slide shown plays; its end moves on and autoplay goes on from there', () => {
      const { actor, clock, index, settle, intervals } = start({ autoplay: true, loopAutoplay: true });
      actor.send({ type: 'VIDEO.SET', playing: true });
      assert.equal(isRotating(actor.getSnapshot()), false);
      intervals(2);
      assert.equal(index(), 0);
      actor.send({ type: 'VIDEO.ENDED', looping: false });
      actor.send({ type: 'VIDEO.SET', playing: false });
      assert.equal(index(), 1);
      assert.equal(isRotating(actor.getSnapshot()), true);
      settle();
      clock.increment(INTERVAL_MS - SLIDER.TRANSITION_MS - 1);
      assert.equal(index(), 1);
      clock.increment(1);
      assert.equal(index(), 2);
    });

    it('the rotation control stops it and starts it again, even with focus and pointer inside', () => {
      const { actor, clock, index, emitted } = start({ autoplay: true, loopAutoplay: true });
      actor.send({ type: 'FOCUS.SET', inside: true });
      actor.send({ type: 'ROTATION.TOGGLE' });
      assert.deepEqual(emitted.at(-1), { type: 'autoplay-stop', reason: 'control' });
      actor.send({ type: 'POINTER.SET', inside: true });
      actor.send({ type: 'ROTATION.TOGGLE' });
      assert.deepEqual(emitted.at(-1), { type: 'autoplay-start' });
      assert.equal(isRotating(actor.getSnapshot()), true);
      clock.increment(INTERVAL_MS);
      assert.equal(index(), 1);
    });

    it('the rotation control starts autoplay that was never on', () => {
      const { actor, clock, index } = start();
      actor.send({ type: 'ROTATION.TOGGLE' });
      clock.increment(INTERVAL_MS);
      assert.equal(index(), 1);
    });
  });

  describe('video slides', () => {
    it('a video ending steps forward, unless it loops', () => {
      const { actor, index, settle, changes } = start();
      actor.send({ type: 'VIDEO.ENDED', looping: true });
      assert.equal(index(), 0);
      actor.send({ type: 'VIDEO.ENDED', looping: false });
      assert.equal(index(), 1);
      settle();
      assert.deepEqual(changes().map((event) => event.trigger), ['video']);
    });

    it('at the last slide it wraps only with loop-autoplay', () => {
      const plain = start();
      plain.actor.send({ type: 'SLIDE.GOTO', index: SLIDES - 1 });
      plain.settle();
      plain.actor.send({ type: 'VIDEO.ENDED', looping: false });
      assert.equal(plain.index(), SLIDES - 1);
      const looping = start({ loopAutoplay: true });
      looping.actor.send({ type: 'SLIDE.GOTO', index: SLIDES - 1 });
      looping.settle();
      looping.actor.send({ type: 'VIDEO.ENDED', looping: false });
      assert.equal(looping.index(), 0);
    });
  });

  describe('the first frame without an actor (the element starts its actor when first needed)', () => {
    it('initialSliderView is the view of a started actor, for every start the attributes can give', () => {
      for (const count of [0, 1, 2, SLIDES])
        for (const show of [1, SLIDER.CAROUSEL_SLIDES_TO_SHOW])
          for (const autoplay of [false, true])
            for (const reducedMotion of [false, true]) {
              const input = { count, show, autoplay, reducedMotion, transitionMs: SLIDER.TRANSITION_MS };
              const actor = createActor(sliderMachine, { input }).start();
              assert.deepEqual(initialSliderView(input), sliderView(actor.getSnapshot()), JSON.stringify(input));
              actor.stop();
            }
    });
  });
});
