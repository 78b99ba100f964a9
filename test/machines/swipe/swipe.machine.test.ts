import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import { swipeMachine } from '../../../machines/swipe/swipe.machine.ts';
import type { SwipeEmitted } from '../../../machines/swipe/swipe.types.ts';
import { SWIPE } from '../../../shared/constants/site.ts';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(swipeMachine, { clock });
  const emitted: SwipeEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, clock, emitted, swipe: (dx: number, dy = 0) => actor.send({ type: 'SWIPE', dx, dy }) };
}

describe('swipeMachine', () => {
  it('recognises a sideways move of the minimum travel, left or right', () => {
    const { swipe, clock, emitted } = start();
    swipe(-SWIPE.MIN_HORIZONTAL_PX);
    clock.increment(SWIPE.LOCK_MS);
    swipe(SWIPE.MIN_HORIZONTAL_PX);
    assert.deepEqual(emitted, [
      { type: 'swipe', direction: 'left' },
      { type: 'swipe', direction: 'right' },
    ]);
  });

  it('ignores a touch whose travel the browser lost (not a finite number), as the lightbox does', () => {
    const { swipe, emitted } = start();
    swipe(Number.NaN);
    swipe(-Infinity);
    swipe(-SWIPE.MIN_HORIZONTAL_PX, Number.NaN);
    assert.deepEqual(emitted, []);
  });

  it('ignores a shorter move, and one more vertical than sideways', () => {
    const { swipe, emitted } = start();
    swipe(SWIPE.MIN_HORIZONTAL_PX - 1);
    swipe(SWIPE.MIN_HORIZONTAL_PX, SWIPE.MIN_HORIZONTAL_PX);
    swipe(-SWIPE.MIN_HORIZONTAL_PX * 2, SWIPE.MIN_HORIZONTAL_PX * 3);
    assert.deepEqual(emitted, []);
  });

  it('ignores swipes for the lock time after one', () => {
    const { actor, swipe, clock, emitted } = start();
    swipe(-SWIPE.MIN_HORIZONTAL_PX);
    clock.increment(SWIPE.LOCK_MS - 1);
    swipe(-SWIPE.MIN_HORIZONTAL_PX);
    assert.equal(emitted.length, 1);
    assert.ok(actor.getSnapshot().matches('locked'));
    clock.increment(1);
    assert.ok(actor.getSnapshot().matches('idle'));
    swipe(-SWIPE.MIN_HORIZONTAL_PX);
    assert.equal(emitted.length, 2);
  });
});
