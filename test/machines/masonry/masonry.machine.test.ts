import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { isLoading, masonryMachine } from '../../../machines/masonry/masonry.machine.ts';
import type { MasonryAnswer, MasonryEmitted, MasonryInput, MasonryRequest } from '../../../machines/masonry/masonry.types.ts';
import { MASONRY } from '../../../shared/constants/site.ts';

/** Items a load asks for in these tests. */
const ITEMS = 3;

/** One request the machine made, and the hands to answer it. */
interface Pending {
  request: MasonryRequest;
  resolve: (answer: MasonryAnswer | null) => void;
  reject: (error: Error) => void;
}

function start(input: MasonryInput = { items: ITEMS }) {
  const clock = new SimulatedClock();
  const requests: Pending[] = [];
  const inserted: Array<{ answer: MasonryAnswer; count: number }> = [];
  let layouts = 0;
  const machine = masonryMachine.provide({
    actors: {
      load: fromPromise<MasonryAnswer | null, MasonryRequest>(({ input: request }) => new Promise((resolve, reject) => requests.push({ request, resolve, reject }))),
    },
    actions: {
      insertItems: (_, params) => inserted.push(params),
      layout: () => layouts++,
    },
  });
  const actor = createActor(machine, { clock, input });
  const emitted: MasonryEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  /** Lets promise callbacks run (an actor's answer arrives in a microtask). */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { actor, clock, requests, inserted, emitted, layouts: () => layouts, settle, state: () => actor.getSnapshot() };
}

describe('masonryMachine', () => {
  it('lays the grid out as it starts, and starts idle', () => {
    const { state, layouts } = start();
    assert.ok(state().matches('idle'));
    assert.equal(layouts(), 1);
    assert.equal(state().context.notice, null);
  });

  it('starts exhausted when the markup has no more items', () => {
    assert.ok(start({ noMoreItems: true }).state().matches('exhausted'));
  });

  it('loads the next page (offset + items) and ignores a second LOAD while loading', () => {
    const { actor, requests, emitted, state } = start({ items: ITEMS, offset: 0 });
    actor.send({ type: 'LOAD' });
    actor.send({ type: 'LOAD' });
    assert.ok(isLoading(state()));
    assert.equal(requests.length, 1);
    assert.deepEqual(requests[0]!.request, { offset: ITEMS, items: ITEMS });
    assert.deepEqual(emitted, [{ type: 'load', offset: ITEMS }]);
  });

  it('inserts the answer and reveals its items REVEAL_DELAY_MS apart, the button locked until the last', async () => {
    const { actor, clock, requests, inserted, emitted, state, settle } = start();
    actor.send({ type: 'LOAD' });
    // One more than asked: more are left, the probe is dropped.
    requests[0]!.resolve({ received: ITEMS + 1 });
    await settle();
    assert.deepEqual(inserted, [{ answer: { received: ITEMS + 1 }, count: ITEMS }]);
    assert.deepEqual(emitted.at(-1), { type: 'loaded', count: ITEMS, noMoreItems: false });
    assert.ok(state().matches('revealing'));
    assert.equal(state().context.revealed, 1, 'the first at once');
    actor.send({ type: 'LOAD' });
    assert.equal(requests.length, 1, 'locked while revealing');
    clock.increment(MASONRY.REVEAL_DELAY_MS - 1);
    assert.equal(state().context.revealed, 1);
    clock.increment(1);
    assert.equal(state().context.revealed, 2);
    clock.increment(MASONRY.REVEAL_DELAY_MS - 1);
    assert.equal(state().context.revealed, 2);
    clock.increment(1);
    assert.equal(state().context.revealed, ITEMS);
    assert.ok(state().matches('idle'));
    actor.send({ type: 'LOAD' });
    assert.deepEqual(requests[1]!.request, { offset: 2 * ITEMS, items: ITEMS }, 'the next page');
  });

  it('reveals a batch at once under reduced motion', async () => {
    const { actor, requests, state, settle } = start({ items: ITEMS, reducedMotion: true });
    actor.send({ type: 'LOAD' });
    requests[0]!.resolve({ received: ITEMS + 1 });
    await settle();
    assert.equal(state().context.revealed, ITEMS);
    assert.ok(state().matches('idle'));
  });

  it('follows a change of the reduced-motion preference', async () => {
    const { actor, requests, state, settle } = start();
    actor.send({ type: 'MOTION.CHANGE', reduced: true });
    actor.send({ type: 'LOAD' });
    requests[0]!.resolve({ received: ITEMS + 1 });
    await settle();
    assert.ok(state().matches('idle'));
  });

  it('sets the no-more-items flag when no more than the items asked for came, and is exhausted after the reveal', async () => {
    const { actor, clock, requests, emitted, state, settle } = start();
    actor.send({ type: 'LOAD' });
    requests[0]!.resolve({ received: ITEMS - 1 });
    await settle();
    assert.deepEqual(emitted.at(-1), { type: 'loaded', count: ITEMS - 1, noMoreItems: true });
    assert.ok(state().context.noMoreItems);
    assert.ok(state().matches('revealing'));
    clock.increment(MASONRY.REVEAL_DELAY_MS);
    assert.ok(state().matches('exhausted'));
    actor.send({ type: 'LOAD' });
    assert.equal(requests.length, 1, 'the button is retired');
  });

  it('is exhausted at once when the answer is the marker alone', async () => {
    const { actor, requests, state, settle } = start();
    actor.send({ type: 'LOAD' });
    requests[0]!.resolve({ received: 0 });
    await settle();
    assert.ok(state().matches('exhausted'));
  });

  it('unlocks after an answer without the marker, and the next LOAD asks for the same page', async () => {
    const { actor, requests, emitted, state, settle, inserted } = start();
    actor.send({ type: 'LOAD' });
    requests[0]!.resolve(null);
    await settle();
    assert.ok(state().matches('idle'));
    assert.deepEqual(emitted.at(-1), { type: 'error', reason: 'no-marker' });
    assert.equal(state().context.notice, 'failed');
    assert.equal(inserted.length, 0);
    actor.send({ type: 'LOAD' });
    assert.deepEqual(requests[1]!.request, requests[0]!.request);
  });

  it('unlocks after a failure', async () => {
    const { actor, requests, emitted, state, settle } = start();
    actor.send({ type: 'LOAD' });
    requests[0]!.reject(new Error('offline'));
    await settle();
    assert.ok(state().matches('idle'));
    assert.deepEqual(emitted.at(-1), { type: 'error', reason: 'failed' });
    assert.equal(state().context.notice, 'failed');
    actor.send({ type: 'LOAD' });
    requests[1]!.resolve({ received: ITEMS + 1 });
    await settle();
    assert.equal(state().context.notice, 'loaded', 'a retry that works says so');
  });

  it('filters and lays out at once, in every state', async () => {
    const { actor, requests, emitted, state, layouts, settle } = start();
    actor.send({ type: 'FILTER', filter: 'kites_sort' });
    assert.equal(state().context.filter, 'kites_sort');
    assert.equal(state().context.notice, 'filtered');
    assert.equal(layouts(), 2);
    assert.deepEqual(emitted.at(-1), { type: 'filter', filter: 'kites_sort' });
    actor.send({ type: 'LOAD' });
    actor.send({ type: 'FILTER', filter: MASONRY.ALL_FILTER });
    assert.equal(state().context.filter, MASONRY.ALL_FILTER);
    assert.ok(isLoading(state()));
    requests[0]!.resolve({ received: 0 });
    await settle();
    actor.send({ type: 'FILTER', filter: 'boards_sort' });
    assert.ok(state().matches('exhausted'));
    assert.equal(state().context.filter, 'boards_sort');
  });

  it('lays out RESIZE_DEBOUNCE_MS after the last resize', () => {
    const { actor, clock, layouts } = start();
    actor.send({ type: 'RESIZE' });
    clock.increment(MASONRY.RESIZE_DEBOUNCE_MS - 1);
    actor.send({ type: 'RESIZE' });
    clock.increment(MASONRY.RESIZE_DEBOUNCE_MS - 1);
    assert.equal(layouts(), 1, 'not yet: the second resize restarted the pause');
    clock.increment(1);
    assert.equal(layouts(), 2);
  });
});
