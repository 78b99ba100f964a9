import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import { tooltipMachine } from '../../../machines/tooltip/tooltip.machine.ts';
import type { TooltipEmitted, TooltipEvent } from '../../../machines/tooltip/tooltip.types.ts';
import { TOOLTIP } from '../../../shared/constants/site.ts';

function start(reducedMotion = false) {
  const clock = new SimulatedClock();
  const actor = createActor(tooltipMachine, { clock, input: { reducedMotion } });
  const emitted: TooltipEmitted['type'][] = [];
  actor.on('*', (event) => emitted.push(event.type));
  actor.start();
  const state = () => JSON.stringify(actor.getSnapshot().value);
  const send = (...events: TooltipEvent['type'][]) => events.forEach((type) => actor.send({ type } as TooltipEvent));
  return { clock, actor, emitted, state, send };
}

/** Shown by a pointer: rested the delay and faded in. */
function shownByPointer() {
  const tooltip = start();
  tooltip.send('POINTER.ENTER');
  tooltip.clock.increment(TOOLTIP.DELAY_MS);
  tooltip.clock.increment(TOOLTIP.ANIMATION_MS);
  assert.equal(tooltip.state(), '{"visible":"shown"}');
  return tooltip;
}

describe('tooltipMachine', () => {
  it('a pointer resting on the trigger shows it after the delay, not 1 ms before', () => {
    const { clock, state, send, emitted } = start();
    send('POINTER.ENTER');
    clock.increment(TOOLTIP.DELAY_MS - 1);
    assert.equal(state(), '"waiting"');
    assert.deepEqual(emitted, []);
    clock.increment(1);
    assert.equal(state(), '{"visible":"showing"}');
    assert.deepEqual(emitted, ['show']);
  });

  it('it fades in over the animation time', () => {
    const { clock, state, send } = start();
    send('POINTER.ENTER');
    clock.increment(TOOLTIP.DELAY_MS);
    clock.increment(TOOLTIP.ANIMATION_MS - 1);
    assert.equal(state(), '{"visible":"showing"}');
    clock.increment(1);
    assert.equal(state(), '{"visible":"shown"}');
  });

  it('a pointer passing over shows nothing', () => {
    const { clock, state, send, emitted } = start();
    send('POINTER.ENTER');
    clock.increment(TOOLTIP.DELAY_MS - 1);
    send('POINTER.LEAVE');
    clock.increment(TOOLTIP.DELAY_MS);
    assert.equal(state(), '"hidden"');
    assert.deepEqual(emitted, []);
  });

  it('keyboard focus shows it at once (no hover delay), and focus leaving hides it at once', () => {
    const { clock, state, send, emitted } = start();
    send('FOCUS.IN');
    assert.equal(state(), '{"visible":"showing"}');
    clock.increment(TOOLTIP.ANIMATION_MS);
    send('FOCUS.OUT');
    assert.equal(state(), '"hiding"');
    assert.deepEqual(emitted, ['show', 'hide']);
  });

  it('the pointer leaving hides it after the hide delay, then it fades out over the animation time', () => {
    const { clock, state, send, emitted } = shownByPointer();
    send('POINTER.LEAVE');
    clock.increment(TOOLTIP.HIDE_DELAY_MS - 1);
    assert.equal(state(), '{"visible":"leaving"}');
    clock.increment(1);
    assert.equal(state(), '"hiding"');
    assert.deepEqual(emitted, ['show', 'hide']);
    clock.increment(TOOLTIP.ANIMATION_MS - 1);
    assert.equal(state(), '"hiding"');
    clock.increment(1);
    assert.equal(state(), '"hidden"');
  });

  it('moving onto the tooltip within the hide delay keeps it open (WCAG 1.4.13 hoverable)', () => {
    const { clock, state, send, emitted } = shownByPointer();
    send('POINTER.LEAVE');
    clock.increment(TOOLTIP.HIDE_DELAY_MS - 1);
    send('POINTER.ENTER');
    clock.increment(TOOLTIP.HIDE_DELAY_MS);
    assert.equal(state(), '{"visible":"shown"}');
    assert.deepEqual(emitted, ['show']);
  });

  it('the pointer leaving while the trigger has focus keeps it; blur while hovered keeps it', () => {
    const { state, send } = start();
    send('FOCUS.IN', 'POINTER.ENTER', 'POINTER.LEAVE');
    assert.equal(state(), '{"visible":"showing"}');
    send('POINTER.ENTER', 'FOCUS.OUT');
    assert.equal(state(), '{"visible":"showing"}');
  });

  it('Escape hides it at once from any visible state, and cancels a pending show', () => {
    const shown = shownByPointer();
    shown.send('DISMISS');
    assert.equal(shown.state(), '"hiding"');
    const pending = start();
    pending.send('POINTER.ENTER', 'DISMISS');
    pending.clock.increment(TOOLTIP.DELAY_MS);
    assert.equal(pending.state(), '"hidden"');
    assert.deepEqual(pending.emitted, []);
  });

  it('coming back while it fades out shows it again', () => {
    const { state, send } = shownByPointer();
    send('DISMISS', 'FOCUS.IN');
    assert.equal(state(), '{"visible":"showing"}');
  });

  it('reduced motion: no fade in or out', () => {
    const { clock, state, send } = start(true);
    send('POINTER.ENTER');
    clock.increment(TOOLTIP.DELAY_MS);
    assert.equal(state(), '{"visible":"shown"}');
    send('DISMISS');
    assert.equal(state(), '"hidden"');
    const later = start();
    later.actor.send({ type: 'MOTION.SET', reduced: true });
    later.send('FOCUS.IN');
    assert.equal(later.state(), '{"visible":"shown"}');
  });
});
