import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor } from 'xstate';
import { scrollTopMachine } from '../../machines/scroll-top/scroll-top.machine.ts';
import { SCROLL } from '../../shared/constants/site.ts';

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
});
