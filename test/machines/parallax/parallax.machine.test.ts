import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import { parallaxMachine } from '../../../machines/parallax/parallax.machine.ts';
import type { ParallaxInput } from '../../../machines/parallax/parallax.types.ts';
import { PARALLAX } from '../../../shared/constants/site.ts';

function start(input: Partial<ParallaxInput> = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(parallaxMachine, { clock, input: { mobile: false, reducedMotion: false, ...input } });
  actor.start();
  return { actor, clock, state: () => actor.getSnapshot().value };
}

describe('parallaxMachine', () => {
  it('enables the layers ENABLE_DELAY_MS after the start', () => {
    const { clock, state } = start();
    assert.equal(state(), 'waiting');
    clock.increment(PARALLAX.ENABLE_DELAY_MS - 1);
    assert.equal(state(), 'waiting');
    clock.increment(1);
    assert.equal(state(), 'enabled');
  });

  it('never on a mobile device, whatever the motion setting', () => {
    const { actor, clock, state } = start({ mobile: true });
    clock.increment(PARALLAX.ENABLE_DELAY_MS);
    assert.equal(state(), 'disabled');
    assert.equal(actor.getSnapshot().status, 'done');
  });

  it('with reduced motion the layers stay still', () => {
    const { clock, state } = start({ reducedMotion: true });
    clock.increment(PARALLAX.ENABLE_DELAY_MS);
    assert.equal(state(), 'still');
  });

  it('follows the motion setting live: on stops the layers at once; off enables them ENABLE_DELAY_MS later', () => {
    const { actor, clock, state } = start();
    clock.increment(PARALLAX.ENABLE_DELAY_MS);
    actor.send({ type: 'MOTION.SET', reduced: true });
    assert.equal(state(), 'still');
    actor.send({ type: 'MOTION.SET', reduced: false });
    assert.equal(state(), 'waiting');
    clock.increment(PARALLAX.ENABLE_DELAY_MS - 1);
    assert.equal(state(), 'waiting');
    clock.increment(1);
    assert.equal(state(), 'enabled');
  });

  it('reduced motion while waiting cancels the enabling', () => {
    const { actor, clock, state } = start();
    actor.send({ type: 'MOTION.SET', reduced: true });
    clock.increment(PARALLAX.ENABLE_DELAY_MS);
    assert.equal(state(), 'still');
  });
});
