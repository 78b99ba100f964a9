import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor } from 'xstate';
import { fullThreshold, headerMachine, isQuietScroll, isTransparent, shrinkOf, shrinkThreshold } from '../../../machines/header/header.machine.ts';
import type { HeaderEmitted, HeaderInput } from '../../../machines/header/header.types.ts';
import { HEADER } from '../../../shared/constants/site.ts';

/** Any full height: the thresholds follow from it. */
const HEIGHT = 120;
const DEFAULT: HeaderInput = { height: HEIGHT, shrinkFactor: HEADER.SHRINK_FACTOR_DEFAULT_PERCENT, transparent: false };

function start(input: HeaderInput = DEFAULT) {
  const actor = createActor(headerMachine, { input });
  const emitted: HeaderEmitted[] = [];
  // Distinct snapshots: XState calls observers on every event, with the same object when nothing changed.
  const seen = new Set<unknown>();
  actor.on('*', (event) => emitted.push(event));
  actor.subscribe((snapshot) => seen.add(snapshot));
  actor.start();
  const scroll = (y: number) => actor.send({ type: 'SCROLL', y });
  return { actor, emitted, scroll, snapshots: () => seen.size, shrink: () => shrinkOf(actor.getSnapshot()) };
}

describe('headerMachine', () => {
  it('has full height (top) at scroll position 0, with nothing emitted', () => {
    const { actor, emitted, shrink } = start();
    assert.equal(shrink(), 'top');
    assert.equal(isTransparent(actor.getSnapshot()), false);
    assert.deepEqual(emitted, []);
  });

  it('gets scrolled beyond half the height by default, not at it', () => {
    const { scroll, shrink, emitted } = start();
    const half = (HEIGHT * HEADER.SHRINK_FACTOR_DEFAULT_PERCENT) / 100;
    scroll(half);
    assert.equal(shrink(), 'top');
    scroll(half + 1);
    assert.equal(shrink(), 'scrolled');
    assert.deepEqual(emitted, [{ type: 'change', shrink: 'scrolled', transparent: false }]);
  });

  it('takes the shrink threshold from the shrink factor, a percentage of the height', () => {
    const factor = 25;
    const { actor, scroll, shrink } = start({ ...DEFAULT, shrinkFactor: factor });
    assert.equal(shrinkThreshold(actor.getSnapshot().context), (HEIGHT * factor) / 100);
    scroll((HEIGHT * factor) / 100);
    assert.equal(shrink(), 'top');
    scroll((HEIGHT * factor) / 100 + 1);
    assert.equal(shrink(), 'scrolled');
  });

  it('gets scrolled-full beyond the full height plus the extra, and steps back down as the page scrolls up', () => {
    const { actor, scroll, shrink, emitted } = start();
    assert.equal(fullThreshold(actor.getSnapshot().context), HEIGHT + HEADER.SCROLLED_FULL_EXTRA_PX);
    scroll(HEIGHT + HEADER.SCROLLED_FULL_EXTRA_PX);
    assert.equal(shrink(), 'scrolled');
    scroll(HEIGHT + HEADER.SCROLLED_FULL_EXTRA_PX + 1);
    assert.equal(shrink(), 'scrolled-full');
    scroll(HEIGHT);
    assert.equal(shrink(), 'scrolled');
    scroll(0);
    assert.equal(shrink(), 'top');
    assert.deepEqual(
      emitted.map((event) => event.shrink),
      ['scrolled', 'scrolled-full', 'scrolled', 'top'],
    );
  });

  it('jumps straight between top and scrolled-full (an anchor, the End key)', () => {
    const { scroll, shrink, emitted } = start();
    scroll(10 * HEIGHT);
    assert.equal(shrink(), 'scrolled-full');
    scroll(0);
    assert.equal(shrink(), 'top');
    assert.equal(emitted.length, 2);
  });

  it('makes no new snapshot and emits nothing for a scroll that crosses no threshold', () => {
    const { scroll, snapshots, emitted } = start();
    const before = snapshots();
    scroll(1);
    scroll(2);
    scroll(HEIGHT * 2);
    const crossed = snapshots();
    scroll(HEIGHT * 3);
    scroll(HEIGHT * 4);
    assert.equal(snapshots(), crossed, 'no snapshot within scrolled-full');
    assert.equal(crossed - before, 1, 'one snapshot for the one crossing');
    assert.equal(emitted.length, 1);
  });

  it('a transparent header loses its transparency past the cut-off, and gets it back above it', () => {
    const { actor, scroll, emitted } = start({ ...DEFAULT, transparent: true });
    assert.equal(isTransparent(actor.getSnapshot()), true);
    scroll(HEADER.TRANSPARENCY_CUTOFF_PX);
    assert.equal(isTransparent(actor.getSnapshot()), true);
    scroll(HEADER.TRANSPARENCY_CUTOFF_PX + 1);
    assert.equal(isTransparent(actor.getSnapshot()), false);
    scroll(0);
    assert.equal(isTransparent(actor.getSnapshot()), true);
    scroll(HEIGHT * 3);
    assert.deepEqual(emitted.at(-1), { type: 'change', shrink: 'scrolled-full', transparent: false });
  });

  it('takes a new full height at the top, and not while scrolled (the header is shrunk there)', () => {
    const { actor, scroll } = start();
    actor.send({ type: 'RESIZE', height: 200 });
    assert.equal(actor.getSnapshot().context.height, 200);
    scroll(150);
    actor.send({ type: 'RESIZE', height: 60 });
    assert.equal(actor.getSnapshot().context.height, 200);
  });

  it('calls a scroll quiet exactly when it would change nothing, in every state, at and around each threshold', () => {
    for (const input of [DEFAULT, { ...DEFAULT, transparent: true }]) {
      const context = { ...input };
      const edges = [0, shrinkThreshold(context), fullThreshold(context), HEADER.TRANSPARENCY_CUTOFF_PX];
      const positions = edges.flatMap((edge) => [edge - 1, edge - 0.5, edge, edge + 0.5, edge + 1]);
      for (const from of positions) {
        for (const y of positions) {
          const { actor, scroll } = start(input);
          scroll(from);
          const before = actor.getSnapshot();
          const quiet = isQuietScroll(before, y);
          scroll(y);
          assert.equal(quiet, actor.getSnapshot() === before, `from ${from} to ${y}, transparent: ${input.transparent}`);
        }
      }
    }
  });
});
