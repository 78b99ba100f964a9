import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import { animateMachine } from '../../../machines/animate/animate.machine.ts';
import { ANIMATION } from '../../../shared/constants/site.ts';

const { WAYPOINT_DELAY_MS, STAGGER_MS, QUEUE_CAP, QUEUE_CAP_RAISED, QUEUE_CAP_RAISE_AFTER_MS } = ANIMATION;

function start(reducedMotion = false) {
  const clock = new SimulatedClock();
  const actor = createActor(animateMachine, { clock, input: { reducedMotion } });
  const revealed: number[] = [];
  actor.on('reveal', (event) => revealed.push(event.index));
  actor.start();
  /** Moves the clock `ms` one millisecond at a time, so timers set on the way run in their turn. */
  const advance = (ms: number) => {
    for (let step = 0; step < ms; step++) clock.increment(1);
  };
  const seen = (...indexes: number[]) => indexes.forEach((index) => actor.send({ type: 'ITEM.SEEN', index }));
  return { actor, revealed, advance, seen };
}

describe('animateMachine', () => {
  it('an item seen triggers after the waypoint delay and, alone in the queue, is revealed one stagger later', () => {
    const { revealed, advance, seen, actor } = start();
    seen(0);
    advance(WAYPOINT_DELAY_MS - 1);
    assert.equal(actor.getSnapshot().context.waiting, 0, 'not triggered 1 ms before the waypoint delay');
    advance(1);
    assert.equal(actor.getSnapshot().context.waiting, 1, 'in the queue at the waypoint delay');
    advance(STAGGER_MS - 1);
    assert.deepEqual(revealed, []);
    advance(1);
    assert.deepEqual(revealed, [0]);
    assert.equal(actor.getSnapshot().context.waiting, 0);
  });

  it('items seen together are revealed one stagger apart, in order', () => {
    const { revealed, advance, seen } = start();
    seen(0, 1, 2);
    advance(WAYPOINT_DELAY_MS + STAGGER_MS);
    assert.deepEqual(revealed, [0]);
    advance(STAGGER_MS - 1);
    assert.deepEqual(revealed, [0]);
    advance(1);
    assert.deepEqual(revealed, [0, 1]);
    advance(STAGGER_MS);
    assert.deepEqual(revealed, [0, 1, 2]);
  });

  it(`early on the queue counts at most ${QUEUE_CAP}: the items beyond wait no longer than the last counted one`, () => {
    const { revealed, advance, seen, actor } = start();
    const count = QUEUE_CAP + 3;
    seen(...Array.from({ length: count }, (_, index) => index));
    advance(WAYPOINT_DELAY_MS);
    assert.equal(actor.getSnapshot().context.waiting, QUEUE_CAP);
    advance(QUEUE_CAP * STAGGER_MS - 1);
    assert.equal(revealed.length, QUEUE_CAP - 1);
    advance(1);
    assert.equal(revealed.length, count, 'the capped ones all come with the last counted one');
  });

  it(`after ${QUEUE_CAP_RAISE_AFTER_MS} ms the cap is ${QUEUE_CAP_RAISED}`, () => {
    const { actor, advance, seen, revealed } = start();
    advance(QUEUE_CAP_RAISE_AFTER_MS - 1);
    assert.equal(actor.getSnapshot().context.cap, QUEUE_CAP);
    advance(1);
    assert.equal(actor.getSnapshot().context.cap, QUEUE_CAP_RAISED);
    assert.ok(actor.getSnapshot().matches('settled'));
    const count = QUEUE_CAP_RAISED + 2;
    seen(...Array.from({ length: count }, (_, index) => index));
    advance(WAYPOINT_DELAY_MS);
    assert.equal(actor.getSnapshot().context.waiting, QUEUE_CAP_RAISED);
    advance(QUEUE_CAP_RAISED * STAGGER_MS);
    assert.equal(revealed.length, count);
  });

  it('reduced motion: an item seen is revealed at once', () => {
    const { revealed, seen, actor } = start(true);
    seen(4);
    assert.deepEqual(revealed, [4]);
    actor.send({ type: 'MOTION.SET', reduced: false });
    seen(5);
    assert.deepEqual(revealed, [4]);
  });
});
