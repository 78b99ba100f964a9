import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { liveSearchMachine, isPanelShown } from '../../../machines/live-search/live-search.machine.ts';
import type { LiveSearchAnswer, LiveSearchEmitted, LiveSearchInput, LiveSearchRequest } from '../../../machines/live-search/live-search.types.ts';
import { LIVE_SEARCH } from '../../../shared/constants/site.ts';

/** A value of exactly the minimum length, and longer ones. */
const SHORT = 'k'.repeat(LIVE_SEARCH.MIN_CHARS - 1);
const ENOUGH = 'k'.repeat(LIVE_SEARCH.MIN_CHARS);
const LONGER = `${ENOUGH}i`;
const ANSWER: LiveSearchAnswer = { html: '<a class="av_ajax_search_entry" href="/a">A</a><a class="av_ajax_search_entry" href="/b">B</a>', count: 2 };

/** One request the machine made: its value, its abort signal, and the hands to answer it. */
interface Pending {
  value: string;
  signal: AbortSignal;
  resolve: (answer: LiveSearchAnswer) => void;
  reject: (error: Error) => void;
}

function start(input?: LiveSearchInput) {
  const clock = new SimulatedClock();
  const requests: Pending[] = [];
  const machine = liveSearchMachine.provide({
    actors: {
      search: fromPromise<LiveSearchAnswer, LiveSearchRequest>(
        ({ input: request, signal }) => new Promise((resolve, reject) => requests.push({ value: request.value, signal, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { clock, input });
  const emitted: LiveSearchEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const type = (value: string) => actor.send({ type: 'TYPE', value });
  /** Types `value` and lets the pause run out. */
  const search = (value: string) => {
    type(value);
    clock.increment(LIVE_SEARCH.DELAY_MS);
  };
  return { actor, clock, requests, emitted, type, search, state: () => actor.getSnapshot() };
}

/** Lets the request's promise settle (fromPromise answers on a later microtask). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('liveSearchMachine', () => {
  it('starts idle and is disabled for good when the field is flagged', () => {
    assert.ok(start().state().matches('idle'));
    const { state, search, requests } = start({ disabled: true });
    assert.ok(state().matches('disabled'));
    search(ENOUGH);
    assert.equal(requests.length, 0);
  });

  it('searches only at the minimum length, DELAY_MS after the last keystroke', () => {
    const { state, type, clock, requests, emitted } = start();
    type(SHORT);
    clock.increment(LIVE_SEARCH.DELAY_MS);
    assert.equal(requests.length, 0, 'too short: no search');
    type(ENOUGH);
    clock.increment(LIVE_SEARCH.DELAY_MS - 1);
    assert.ok(state().matches('idle'), '1 ms before the delay nothing');
    clock.increment(1);
    assert.ok(state().matches('loading'));
    assert.deepEqual(requests.map((request) => request.value), [ENOUGH]);
    assert.deepEqual(emitted, [{ type: 'search', value: ENOUGH }]);
  });

  it('a keystroke restarts the wait; only the last value is searched', () => {
    const { state, type, clock, requests } = start();
    type(ENOUGH);
    clock.increment(LIVE_SEARCH.DELAY_MS - 1);
    type(LONGER);
    clock.increment(LIVE_SEARCH.DELAY_MS - 1);
    assert.ok(state().matches('idle'));
    clock.increment(1);
    assert.deepEqual(requests.map((request) => request.value), [LONGER]);
  });

  it('shows the answer in results, with its count; the same value is not searched again', async () => {
    const { state, search, requests, emitted } = start();
    search(ENOUGH);
    assert.ok(isPanelShown(state()) === false, 'nothing to show while the first request runs');
    requests[0]!.resolve(ANSWER);
    await settle();
    assert.ok(state().matches({ results: 'shown' }));
    assert.ok(isPanelShown(state()));
    assert.deepEqual(state().context.answer, ANSWER);
    assert.deepEqual(emitted.at(-1), { type: 'results', value: ENOUGH, count: ANSWER.count });
    search(ENOUGH);
    assert.equal(requests.length, 1, 'same value: no second request');
    assert.ok(state().matches({ results: 'shown' }));
  });

  it('keeps the earlier answer shown while the next one loads', async () => {
    const { state, search, requests } = start();
    search(ENOUGH);
    requests[0]!.resolve(ANSWER);
    await settle();
    search(LONGER);
    assert.ok(state().matches('loading'));
    assert.ok(isPanelShown(state()));
  });

  it('an answer of no results is results with count 0', async () => {
    const { state, search, requests, emitted } = start();
    search(ENOUGH);
    requests[0]!.resolve({ html: '', count: 0 });
    await settle();
    assert.ok(state().matches({ results: 'shown' }));
    assert.deepEqual(emitted.at(-1), { type: 'results', value: ENOUGH, count: 0 });
  });

  it('a newer request aborts the one in flight: only the latest answer is shown', async () => {
    const { state, search, requests } = start();
    search(ENOUGH);
    search(LONGER);
    assert.equal(requests[0]!.signal.aborted, true, 'the first request was aborted');
    assert.equal(requests[1]!.signal.aborted, false);
    requests[0]!.resolve({ html: 'stale', count: 1 });
    await settle();
    assert.ok(state().matches('loading'), 'the stale answer is ignored');
    requests[1]!.resolve(ANSWER);
    await settle();
    assert.deepEqual(state().context.answer, ANSWER);
  });

  it('a click outside parks the results; a click on the field shows them again', async () => {
    const { state, actor, search, requests } = start();
    search(ENOUGH);
    requests[0]!.resolve(ANSWER);
    await settle();
    actor.send({ type: 'CLICK.OUTSIDE' });
    assert.ok(state().matches({ results: 'parked' }));
    assert.equal(isPanelShown(state()), false);
    actor.send({ type: 'FIELD.CLICK' });
    assert.ok(state().matches({ results: 'shown' }));
    assert.deepEqual(state().context.answer, ANSWER, 'the same answer, not fetched again');
    assert.equal(requests.length, 1);
  });

  it('Escape clears the results and the pending search; the same value may then be searched again', async () => {
    const { state, actor, search, type, clock, requests, emitted } = start();
    search(ENOUGH);
    requests[0]!.resolve(ANSWER);
    await settle();
    type(LONGER);
    actor.send({ type: 'CLEAR' });
    assert.ok(state().matches('idle'));
    assert.equal(state().context.answer, null);
    assert.deepEqual(emitted.at(-1), { type: 'clear' });
    clock.increment(LIVE_SEARCH.DELAY_MS);
    assert.equal(requests.length, 1, 'the pending search was dropped');
    search(ENOUGH);
    assert.equal(requests.length, 2);
  });

  it('an emptied field clears, aborting a request in flight', () => {
    const { state, search, type, requests, emitted } = start();
    search(ENOUGH);
    type('');
    assert.ok(state().matches('idle'));
    assert.equal(requests[0]!.signal.aborted, true);
    assert.deepEqual(emitted.at(-1), { type: 'clear' });
  });

  it('a failed request shows nothing and says so', async () => {
    const { state, search, requests, emitted } = start();
    search(ENOUGH);
    requests[0]!.reject(new Error('offline'));
    await settle();
    assert.ok(state().matches('idle'));
    assert.deepEqual(emitted.at(-1), { type: 'error', value: ENOUGH });
  });

  it('arrow keys move through the results, wrapping; Enter opens the active one', async () => {
    const { state, actor, search, requests, emitted } = start();
    search(ENOUGH);
    requests[0]!.resolve(ANSWER);
    await settle();
    actor.send({ type: 'OPEN' });
    assert.equal(emitted.at(-1)!.type, 'results', 'Enter with no active result opens nothing');
    actor.send({ type: 'ACTIVE.PREVIOUS' });
    assert.equal(state().context.active, ANSWER.count - 1, 'Up from none goes to the last');
    actor.send({ type: 'ACTIVE.NEXT' });
    assert.equal(state().context.active, 0, 'wraps to the first');
    actor.send({ type: 'ACTIVE.NEXT' });
    actor.send({ type: 'OPEN' });
    assert.deepEqual(emitted.at(-1), { type: 'open', index: 1 });
  });

  it('the delay and the minimum are overridable', () => {
    const clock = new SimulatedClock();
    const requests: string[] = [];
    const machine = liveSearchMachine.provide({
      delays: { searchDelay: 1 },
      actors: { search: fromPromise<LiveSearchAnswer, LiveSearchRequest>(async ({ input }) => (requests.push(input.value), ANSWER)) },
    });
    const actor = createActor(machine, { clock, input: { minChars: 1 } }).start();
    actor.send({ type: 'TYPE', value: 'k' });
    clock.increment(1);
    assert.deepEqual(requests, ['k']);
  });
});
