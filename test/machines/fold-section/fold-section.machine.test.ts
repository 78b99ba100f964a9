import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assign, createActor, SimulatedClock } from 'xstate';
import { foldSectionMachine, maxHeightOf } from '../../../machines/fold-section/fold-section.machine.ts';
import type { FoldSectionEmitted, FoldSectionInput } from '../../../machines/fold-section/fold-section.types.ts';
import { FOLD } from '../../../shared/constants/site.ts';

/** Any folded height: the machine only carries it through. */
const HEIGHT = 120;
const COMPLETE: FoldSectionInput = { height: HEIGHT, nested: false, complete: true };

/** A started actor on a simulated clock, with a fake DOM measurement and every emitted event recorded. */
function start(input: FoldSectionInput = COMPLETE, content = { height: 640 }) {
  const clock = new SimulatedClock();
  const machine = foldSectionMachine.provide({ actions: { measure: assign({ contentHeight: () => content.height }) } });
  const actor = createActor(machine, { clock, input });
  const emitted: FoldSectionEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, clock, emitted, content };
}

describe('foldSectionMachine', () => {
  describe('start', () => {
    it('starts folded at the given height, with nothing emitted', () => {
      const { actor, emitted } = start();
      assert.ok(actor.getSnapshot().matches('folded'));
      assert.equal(maxHeightOf(actor.getSnapshot()), HEIGHT);
      assert.deepEqual(emitted, []);
    });

    it('is disabled (final) inside another fold section', () => {
      const { actor } = start({ ...COMPLETE, nested: true });
      assert.ok(actor.getSnapshot().matches('disabled'));
      assert.equal(actor.getSnapshot().status, 'done');
      assert.equal(maxHeightOf(actor.getSnapshot()), undefined);
    });

    it('is not initialised (final) when the button, container or inner content is missing', () => {
      const { actor } = start({ ...COMPLETE, complete: false });
      assert.ok(actor.getSnapshot().matches('uninitialised'));
      assert.equal(actor.getSnapshot().status, 'done');
    });

    it('is not initialised rather than disabled when nested and incomplete (nothing to disable)', () => {
      const { actor } = start({ height: HEIGHT, nested: true, complete: false });
      assert.ok(actor.getSnapshot().matches('uninitialised'));
    });

    it('ignores toggles and emits nothing once disabled', () => {
      const { actor, clock, emitted } = start({ ...COMPLETE, nested: true });
      actor.send({ type: 'TOGGLE' });
      actor.send({ type: 'TRANSITION.END' });
      clock.increment(FOLD.CHANGE_EVENT_MS);
      assert.ok(actor.getSnapshot().matches('disabled'));
      assert.deepEqual(emitted, []);
    });
  });

  describe('toggle', () => {
    it('unfolds to the measured content height plus the extra', () => {
      const { actor, content } = start();
      actor.send({ type: 'TOGGLE' });
      assert.ok(actor.getSnapshot().matches('unfolded'));
      assert.equal(actor.getSnapshot().context.contentHeight, content.height);
      assert.equal(maxHeightOf(actor.getSnapshot()), content.height + FOLD.UNFOLDED_EXTRA_PX);
    });

    it('folds back to the height on a second toggle', () => {
      const { actor } = start();
      actor.send({ type: 'TOGGLE' });
      actor.send({ type: 'TOGGLE' });
      assert.ok(actor.getSnapshot().matches('folded'));
      assert.equal(maxHeightOf(actor.getSnapshot()), HEIGHT);
    });

    it('measures again on each unfold', () => {
      const { actor, content } = start();
      actor.send({ type: 'TOGGLE' });
      actor.send({ type: 'TOGGLE' });
      content.height = 900;
      actor.send({ type: 'TOGGLE' });
      assert.equal(maxHeightOf(actor.getSnapshot()), 900 + FOLD.UNFOLDED_EXTRA_PX);
    });
  });

  describe('change event', () => {
    it('fires changeEvent after a toggle, not before', () => {
      const { actor, clock, emitted } = start();
      actor.send({ type: 'TOGGLE' });
      clock.increment(FOLD.CHANGE_EVENT_MS - 1);
      assert.deepEqual(emitted, []);
      clock.increment(1);
      assert.deepEqual(emitted, [{ type: 'change', folded: false }]);
    });

    it('reports folded after folding again', () => {
      const { actor, clock, emitted } = start();
      actor.send({ type: 'TOGGLE' });
      clock.increment(FOLD.CHANGE_EVENT_MS);
      actor.send({ type: 'TOGGLE' });
      clock.increment(FOLD.CHANGE_EVENT_MS);
      assert.deepEqual(emitted, [
        { type: 'change', folded: false },
        { type: 'change', folded: true },
      ]);
    });

    it('restarts on a second toggle within the wait and fires once, with the settled state', () => {
      const { actor, clock, emitted } = start();
      actor.send({ type: 'TOGGLE' });
      clock.increment(FOLD.CHANGE_EVENT_MS - 1);
      actor.send({ type: 'TOGGLE' });
      clock.increment(FOLD.CHANGE_EVENT_MS - 1);
      assert.deepEqual(emitted, []);
      clock.increment(1);
      assert.deepEqual(emitted, [{ type: 'change', folded: true }]);
      clock.increment(FOLD.CHANGE_EVENT_MS);
      assert.equal(emitted.length, 1);
    });

    it('takes its delay from provide({ delays })', () => {
      const clock = new SimulatedClock();
      const actor = createActor(foldSectionMachine.provide({ delays: { changeEvent: 10 } }), { clock, input: COMPLETE });
      const emitted: FoldSectionEmitted[] = [];
      actor.on('change', (event) => emitted.push(event));
      actor.start();
      actor.send({ type: 'TOGGLE' });
      clock.increment(10);
      assert.equal(emitted.length, 1);
    });
  });

  describe('height-change event', () => {
    it('fires at the end of the transition with the new state and height', () => {
      const { actor, emitted, content } = start();
      actor.send({ type: 'TOGGLE' });
      actor.send({ type: 'TRANSITION.END' });
      assert.deepEqual(emitted, [{ type: 'height-change', folded: false, height: content.height + FOLD.UNFOLDED_EXTRA_PX }]);
      actor.send({ type: 'TOGGLE' });
      actor.send({ type: 'TRANSITION.END' });
      assert.deepEqual(emitted.at(-1), { type: 'height-change', folded: true, height: HEIGHT });
    });

    it('does not wait for the change event', () => {
      const { actor, emitted } = start();
      actor.send({ type: 'TOGGLE' });
      actor.send({ type: 'TRANSITION.END' });
      assert.deepEqual(
        emitted.map((event) => event.type),
        ['height-change'],
      );
    });
  });

  describe('resize', () => {
    it('re-measures once, resizeDebounce after the last resize', () => {
      const { actor, clock, content } = start();
      actor.send({ type: 'TOGGLE' });
      content.height = 1000;
      actor.send({ type: 'RESIZE' });
      clock.increment(FOLD.RESIZE_DEBOUNCE_MS - 1);
      actor.send({ type: 'RESIZE' });
      clock.increment(FOLD.RESIZE_DEBOUNCE_MS - 1);
      assert.equal(actor.getSnapshot().context.contentHeight, 640);
      clock.increment(1);
      assert.equal(actor.getSnapshot().context.contentHeight, 1000);
      assert.equal(maxHeightOf(actor.getSnapshot()), 1000 + FOLD.UNFOLDED_EXTRA_PX);
    });

    it('keeps a pending re-measure across a toggle', () => {
      const { actor, clock, content } = start();
      actor.send({ type: 'RESIZE' });
      actor.send({ type: 'TOGGLE' });
      content.height = 300;
      clock.increment(FOLD.RESIZE_DEBOUNCE_MS);
      assert.equal(maxHeightOf(actor.getSnapshot()), 300 + FOLD.UNFOLDED_EXTRA_PX);
    });

    it('does not change the folded height', () => {
      const { actor, clock } = start();
      actor.send({ type: 'RESIZE' });
      clock.increment(FOLD.RESIZE_DEBOUNCE_MS);
      assert.ok(actor.getSnapshot().matches('folded'));
      assert.equal(maxHeightOf(actor.getSnapshot()), HEIGHT);
    });
  });

  describe('reveal and height setting', () => {
    it('unfolds on REVEAL when folded, and ignores it when unfolded', () => {
      const { actor, clock, emitted } = start();
      actor.send({ type: 'REVEAL' });
      assert.ok(actor.getSnapshot().matches('unfolded'));
      actor.send({ type: 'REVEAL' });
      assert.ok(actor.getSnapshot().matches('unfolded'));
      clock.increment(FOLD.CHANGE_EVENT_MS);
      assert.deepEqual(emitted, [{ type: 'change', folded: false }]);
    });

    it('applies a new valid height and ignores invalid ones', () => {
      const { actor } = start();
      actor.send({ type: 'HEIGHT.SET', height: 80 });
      assert.equal(maxHeightOf(actor.getSnapshot()), 80);
      actor.send({ type: 'HEIGHT.SET', height: Number.NaN });
      actor.send({ type: 'HEIGHT.SET', height: -1 });
      assert.equal(maxHeightOf(actor.getSnapshot()), 80);
    });
  });
});
