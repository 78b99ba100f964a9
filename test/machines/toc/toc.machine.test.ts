import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor } from 'xstate';
import { tocMachine } from '../../../machines/toc/toc.machine.ts';
import type { TocEmitted, TocEntry } from '../../../machines/toc/toc.types.ts';

const ENTRIES: TocEntry[] = [
  { id: 'intro', text: 'Intro', depth: 0 },
  { id: 'setup', text: 'Setup', depth: 1 },
];

function start() {
  const actor = createActor(tocMachine);
  const emitted: TocEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, current: () => actor.getSnapshot().context.current };
}

describe('tocMachine', () => {
  it('starts empty; headings read make it built and it says how many', () => {
    const { actor, emitted } = start();
    assert.ok(actor.getSnapshot().matches('empty'));
    actor.send({ type: 'BUILD', entries: ENTRIES });
    assert.ok(actor.getSnapshot().matches('built'));
    assert.deepEqual(actor.getSnapshot().context.entries, ENTRIES);
    assert.deepEqual(emitted, [{ type: 'ready', count: 2 }]);
  });

  it('stays empty, and says so, without headings', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'BUILD', entries: [] });
    assert.ok(actor.getSnapshot().matches('empty'));
    assert.deepEqual(emitted, [{ type: 'ready', count: 0 }]);
  });

  it('follows the entry being read, ignoring ids it does not list', () => {
    const { actor, current } = start();
    actor.send({ type: 'CURRENT.SET', id: 'intro' });
    assert.equal(current(), null, 'nothing to mark before it is built');
    actor.send({ type: 'BUILD', entries: ENTRIES });
    actor.send({ type: 'CURRENT.SET', id: 'setup' });
    assert.equal(current(), 'setup');
    actor.send({ type: 'CURRENT.SET', id: 'elsewhere' });
    assert.equal(current(), 'setup');
    actor.send({ type: 'CURRENT.SET', id: null });
    assert.equal(current(), null);
  });

  it('a followed link makes its entry current and is emitted', () => {
    const { actor, emitted, current } = start();
    actor.send({ type: 'BUILD', entries: ENTRIES });
    actor.send({ type: 'NAVIGATE', id: 'setup' });
    assert.equal(current(), 'setup');
    assert.deepEqual(emitted.at(-1), { type: 'navigate', id: 'setup' });
  });

  it('a rebuild keeps the current entry only if it is still listed', () => {
    const { actor, current } = start();
    actor.send({ type: 'BUILD', entries: ENTRIES });
    actor.send({ type: 'CURRENT.SET', id: 'setup' });
    actor.send({ type: 'BUILD', entries: ENTRIES.slice(0, 1) });
    assert.equal(current(), null);
  });
});
