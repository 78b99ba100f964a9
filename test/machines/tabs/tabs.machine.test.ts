import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor } from 'xstate';
import { tabsMachine } from '../../../machines/tabs/tabs.machine.ts';
import type { TabsEmitted, TabsInput } from '../../../machines/tabs/tabs.types.ts';

const FAKE_IDS = ['specs', 'box', null, 'care'];

function start(input: Partial<TabsInput> = {}) {
  const actor = createActor(tabsMachine, { input: { fakeIds: FAKE_IDS, ...input } });
  const emitted: TabsEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const context = () => actor.getSnapshot().context;
  return { actor, emitted, active: () => context().active, focused: () => context().focused };
}

describe('tabsMachine', () => {
  it('starts with exactly one tab active: the given one, else the first', () => {
    assert.equal(start().active(), 0);
    assert.equal(start({ active: 2 }).active(), 2);
    assert.equal(start({ active: 9 }).active(), FAKE_IDS.length - 1);
    assert.equal(start({ active: -3 }).active(), 0);
    assert.ok(start().actor.getSnapshot().matches('ready'));
  });

  it('without tabs it is empty, none active, and ignores every event', () => {
    const { actor, active, emitted } = start({ fakeIds: [] });
    assert.ok(actor.getSnapshot().matches('empty'));
    assert.equal(active(), -1);
    actor.send({ type: 'TAB.SELECT', index: 0 });
    actor.send({ type: 'FOCUS.MOVE', to: 'next' });
    actor.send({ type: 'HASH.SET', hash: 'specs' });
    assert.equal(active(), -1);
    assert.deepEqual(emitted, []);
  });

  it('a selected tab becomes the one active tab, and says so; the active one again changes nothing', () => {
    const { actor, active, focused, emitted } = start();
    actor.send({ type: 'TAB.SELECT', index: 3 });
    assert.equal(active(), 3);
    assert.equal(focused(), 3);
    assert.deepEqual(emitted, [{ type: 'change', index: 3, id: 'care', trigger: 'select' }]);
    actor.send({ type: 'TAB.SELECT', index: 3 });
    actor.send({ type: 'TAB.SELECT', index: 7 });
    actor.send({ type: 'TAB.SELECT', index: 1.5 });
    assert.equal(active(), 3);
    assert.equal(emitted.length, 1);
  });

  it('automatic activation: arrow keys, Home and End activate the tab they reach, wrapping round', () => {
    const { actor, active, emitted } = start();
    actor.send({ type: 'FOCUS.MOVE', to: 'previous' });
    assert.equal(active(), 3, 'previous from the first wraps to the last');
    actor.send({ type: 'FOCUS.MOVE', to: 'next' });
    assert.equal(active(), 0, 'next from the last wraps to the first');
    actor.send({ type: 'FOCUS.MOVE', to: 'last' });
    assert.equal(active(), 3);
    actor.send({ type: 'FOCUS.MOVE', to: 'first' });
    assert.equal(active(), 0);
    assert.deepEqual(
      emitted.map((event) => [event.index, event.trigger]),
      [[3, 'focus'], [0, 'focus'], [3, 'focus'], [0, 'focus']],
    );
  });

  it('manual activation: keys move focus only; selecting the focused tab activates it', () => {
    const { actor, active, focused, emitted } = start({ activation: 'manual' });
    actor.send({ type: 'FOCUS.MOVE', to: 'next' });
    actor.send({ type: 'FOCUS.MOVE', to: 'next' });
    assert.equal(focused(), 2);
    assert.equal(active(), 0);
    assert.deepEqual(emitted, []);
    actor.send({ type: 'TAB.SELECT', index: focused() });
    assert.equal(active(), 2);
    assert.deepEqual(emitted, [{ type: 'change', index: 2, id: null, trigger: 'select' }]);
  });

  it('a hash opens the tab with that fake id; an unknown or empty hash changes nothing', () => {
    const { actor, active, emitted } = start();
    actor.send({ type: 'HASH.SET', hash: 'box' });
    assert.equal(active(), 1);
    assert.deepEqual(emitted, [{ type: 'change', index: 1, id: 'box', trigger: 'hash' }]);
    actor.send({ type: 'HASH.SET', hash: 'elsewhere' });
    actor.send({ type: 'HASH.SET', hash: '' });
    assert.equal(active(), 1);
    assert.equal(emitted.length, 1);
  });

  it('tabs read again keep the active one when it is still there', () => {
    const { actor, active } = start({ active: 3 });
    actor.send({ type: 'TABS.SET', fakeIds: ['a', 'b'] });
    assert.equal(active(), 1);
    actor.send({ type: 'TABS.SET', fakeIds: [] });
    assert.ok(actor.getSnapshot().matches('empty'));
    actor.send({ type: 'TABS.SET', fakeIds: ['a'] });
    assert.equal(active(), 0);
    assert.ok(actor.getSnapshot().matches('ready'));
    actor.send({ type: 'TABS.SET', fakeIds: ['a', 'b', 'c'], active: 2 });
    assert.equal(active(), 2, 'the markup read again says which is active');
  });
});
