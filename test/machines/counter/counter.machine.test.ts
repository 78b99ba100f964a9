import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import { counterMachine } from '../../../machines/counter/counter.machine.ts';
import type { CounterEmitted, CounterInput } from '../../../machines/counter/counter.types.ts';
import { COUNTER } from '../../../shared/constants/site.ts';

const FROM = 10;
const TO = 1_250;

function start(input: Partial<CounterInput> = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(counterMachine, { clock, input: { from: FROM, to: TO, reducedMotion: false, ...input } });
  const emitted: CounterEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const state = () => actor.getSnapshot().value;
  return { actor, clock, emitted, state };
}

describe('counterMachine', () => {
  it('waits, showing the start, until scrolled into view, however long that takes', () => {
    const { clock, state, emitted } = start();
    clock.increment(COUNTER.START_DELAY_MS + COUNTER.DURATION_MS);
    assert.equal(state(), 'idle');
    assert.deepEqual(emitted, []);
  });

  it('starts counting START_DELAY_MS after coming into view, and ends DURATION_MS later', () => {
    const { actor, clock, state, emitted } = start();
    actor.send({ type: 'VIEW.ENTER' });
    clock.increment(COUNTER.START_DELAY_MS - 1);
    assert.equal(state(), 'delaying');
    clock.increment(1);
    assert.equal(state(), 'counting');
    assert.deepEqual(emitted, [{ type: 'start', from: FROM }]);
    clock.increment(COUNTER.DURATION_MS - 1);
    assert.equal(state(), 'counting');
    clock.increment(1);
    assert.equal(state(), 'done');
    assert.deepEqual(emitted, [{ type: 'start', from: FROM }, { type: 'end', value: TO }]);
  });

  it('a timer sets the duration; one that is no positive number falls back to DURATION_MS', () => {
    const timer = COUNTER.DURATION_MS / 2;
    const custom = start({ durationMs: timer });
    custom.actor.send({ type: 'VIEW.ENTER' });
    custom.clock.increment(COUNTER.START_DELAY_MS);
    custom.clock.increment(timer - 1);
    assert.equal(custom.state(), 'counting');
    custom.clock.increment(1);
    assert.equal(custom.state(), 'done');
    for (const durationMs of [0, -1]) {
      const { actor, clock, state } = start({ durationMs });
      assert.equal(actor.getSnapshot().context.durationMs, COUNTER.DURATION_MS);
      actor.send({ type: 'VIEW.ENTER' });
      clock.increment(COUNTER.START_DELAY_MS);
      clock.increment(COUNTER.DURATION_MS - 1);
      assert.equal(state(), 'counting');
    }
  });

  it('coming into view again changes nothing', () => {
    const { actor, clock, state } = start();
    actor.send({ type: 'VIEW.ENTER' });
    clock.increment(COUNTER.START_DELAY_MS - 1);
    actor.send({ type: 'VIEW.ENTER' });
    clock.increment(1);
    assert.equal(state(), 'counting');
  });

  it('with reduced motion shows the final number at once, without counting', () => {
    const { state, emitted } = start({ reducedMotion: true });
    assert.equal(state(), 'done');
    assert.deepEqual(emitted, [{ type: 'end', value: TO }]);
  });
});
