import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor } from 'xstate';
import { isQuietScroll, scrollTopMachine } from '../../../machines/scroll-top/scroll-top.machine.ts';
import { SCROLL } from '../../../shared/constants/site.ts';

describe('scrollTopMachine', () => {
  it('is hidden at the top and below the threshold, shown from it, hidden again above it', () => {
    const actor = createActor(scrollTopMachine).start();
    const state = () => actor.getSnapshot().value;
    assert.equal(state(), 'hidden');
    actor.send({ type: 'SCROLL', y: SCROLL.TO_TOP_THRESHOLD_PX - 1 });
    assert.equal(state(), 'hidden');
    actor.send({ type: 'SCROLL', y: SCROLL.TO_TOP_THRESHOLD_PX });
    assert.equal(state(), 'shown');
    actor.send({ type: 'SCROLL', y: SCROLL.TO_TOP_THRESHOLD_PX * 4 });
    assert.equal(state(), 'shown');
    actor.send({ type: 'SCROLL', y: SCROLL.TO_TOP_THRESHOLD_PX - 1 });
    assert.equal(state(), 'hidden');
  });

  it('makes no new snapshot for a scroll that stays on one side', () => {
    const actor = createActor(scrollTopMachine).start();
    const first = actor.getSnapshot();
    actor.send({ type: 'SCROLL', y: 1 });
    assert.equal(actor.getSnapshot(), first);
  });

  it('calls a scroll quiet exactly when it would change nothing, on both sides of the threshold', () => {
    const positions = [0, SCROLL.TO_TOP_THRESHOLD_PX - 1, SCROLL.TO_TOP_THRESHOLD_PX - 0.5, SCROLL.TO_TOP_THRESHOLD_PX, SCROLL.TO_TOP_THRESHOLD_PX + 1];
    for (const from of positions) {
      for (const y of positions) {
        const actor = createActor(scrollTopMachine).start();
        actor.send({ type: 'SCROLL', y: from });
        const before = actor.getSnapshot();
        const quiet = isQuietScroll(before, y);
        actor.send({ type: 'SCROLL', y });
        assert.equal(quiet, actor.getSnapshot() === before, `from ${from} to ${y}`);
      }
    }
  });
});
