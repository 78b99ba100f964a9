import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import { overlayOf, preloaderMachine } from '../../../machines/preloader/preloader.machine.ts';
import type { PreloaderEmitted } from '../../../machines/preloader/preloader.types.ts';
import { PRELOADER } from '../../../shared/constants/site.ts';

/** A started actor on a simulated clock; `assets.loaded` is what the element's asset check would find. */
function start({ reducedMotion = false, loaded = false } = {}) {
  const clock = new SimulatedClock();
  const assets = { loaded, checks: 0 };
  const machine = preloaderMachine.provide({
    guards: {
      areAssetsLoaded: () => {
        assets.checks += 1;
        return assets.loaded;
      },
    },
  });
  const actor = createActor(machine, { clock, input: { reducedMotion } });
  const emitted: PreloaderEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, clock, assets, emitted, overlay: () => overlayOf(actor.getSnapshot()) };
}

describe('preloaderMachine', () => {
  it('covers the page from the start', () => {
    const { overlay, emitted } = start();
    assert.equal(overlay(), 'covering');
    assert.deepEqual(emitted, []);
  });

  it('fades out the start delay after the load event, then hides at the fade end', () => {
    const { actor, clock, overlay, emitted } = start();
    actor.send({ type: 'LOAD' });
    clock.increment(PRELOADER.START_DELAY_MS - 1);
    assert.equal(overlay(), 'covering');
    clock.increment(1);
    assert.equal(overlay(), 'fading');
    actor.send({ type: 'FADE.END' });
    assert.equal(overlay(), 'hidden');
    assert.deepEqual(emitted, [{ type: 'hide' }]);
  });

  it('checks the assets every check interval; once they are loaded it fades out the start delay later', () => {
    const { clock, assets, overlay } = start();
    clock.increment(PRELOADER.CHECK_INTERVAL_MS - 1);
    assert.equal(assets.checks, 0);
    clock.increment(1);
    assert.equal(assets.checks, 1);
    clock.increment(PRELOADER.CHECK_INTERVAL_MS);
    assert.equal(assets.checks, 2);
    assets.loaded = true;
    clock.increment(PRELOADER.CHECK_INTERVAL_MS);
    assert.equal(assets.checks, 3);
    assert.equal(overlay(), 'covering');
    clock.increment(PRELOADER.START_DELAY_MS);
    assert.equal(overlay(), 'fading');
  });

  it('fades out at the fallback time when the page never loads', () => {
    const { clock, overlay } = start();
    clock.increment(PRELOADER.FALLBACK_MS - 1);
    assert.equal(overlay(), 'covering');
    clock.increment(1);
    assert.equal(overlay(), 'fading');
  });

  it('checks at most the loop limit, then fades out (with the fallback out of the way)', () => {
    const clock = new SimulatedClock();
    let checks = 0;
    const machine = preloaderMachine.provide({
      guards: { areAssetsLoaded: () => ((checks += 1), false) },
      delays: { fallback: PRELOADER.CHECK_INTERVAL_MS * PRELOADER.CHECK_MAX_LOOPS * 2 },
    });
    const actor = createActor(machine, { clock, input: { reducedMotion: false } }).start();
    // One interval at a time: the simulated clock fires only the timers due when it is advanced.
    for (let loop = 1; loop < PRELOADER.CHECK_MAX_LOOPS; loop += 1) clock.increment(PRELOADER.CHECK_INTERVAL_MS);
    clock.increment(PRELOADER.CHECK_INTERVAL_MS - 1);
    assert.equal(checks, PRELOADER.CHECK_MAX_LOOPS - 1);
    assert.equal(overlayOf(actor.getSnapshot()), 'covering');
    clock.increment(1);
    assert.equal(checks, PRELOADER.CHECK_MAX_LOOPS);
    assert.equal(actor.getSnapshot().context.checks, PRELOADER.CHECK_MAX_LOOPS);
    assert.equal(overlayOf(actor.getSnapshot()), 'fading');
    for (let loop = 0; loop < PRELOADER.CHECK_MAX_LOOPS; loop += 1) clock.increment(PRELOADER.CHECK_INTERVAL_MS);
    assert.equal(checks, PRELOADER.CHECK_MAX_LOOPS, 'no check after the last one');
  });

  it('hides without a fade under reduced motion', () => {
    const { actor, clock, overlay, emitted } = start({ reducedMotion: true });
    actor.send({ type: 'LOAD' });
    clock.increment(PRELOADER.START_DELAY_MS);
    assert.equal(overlay(), 'hidden');
    assert.deepEqual(emitted, [{ type: 'hide' }]);
  });

  it('covers the page again when leaving through an internal link, and says where to', () => {
    const { actor, clock, overlay, emitted } = start({ reducedMotion: true });
    actor.send({ type: 'LOAD' });
    clock.increment(PRELOADER.START_DELAY_MS);
    actor.send({ type: 'LEAVE', url: 'https://maker.example/contact/' });
    assert.equal(overlay(), 'covering');
    assert.deepEqual(emitted.at(-1), { type: 'show', url: 'https://maker.example/contact/' });
  });

  it('hides again at the fallback time when the page it left for never comes', () => {
    const { actor, clock, overlay } = start({ reducedMotion: true });
    actor.send({ type: 'LOAD' });
    clock.increment(PRELOADER.START_DELAY_MS);
    actor.send({ type: 'LEAVE', url: 'https://maker.example/file.pdf' });
    clock.increment(PRELOADER.FALLBACK_MS - 1);
    assert.equal(overlay(), 'covering');
    clock.increment(1);
    assert.equal(overlay(), 'hidden');
  });

  it('a page restored from the back-forward cache never stays covered, from any state', () => {
    for (const setUp of [
      () => start(),
      () => {
        const run = start();
        run.actor.send({ type: 'LOAD' });
        run.clock.increment(PRELOADER.START_DELAY_MS);
        return run;
      },
      () => {
        const run = start({ reducedMotion: true });
        run.actor.send({ type: 'LOAD' });
        run.clock.increment(PRELOADER.START_DELAY_MS);
        run.actor.send({ type: 'LEAVE', url: 'https://maker.example/a/' });
        return run;
      },
    ]) {
      const { actor, overlay } = setUp();
      actor.send({ type: 'PAGE.RESTORED' });
      assert.equal(overlay(), 'hidden');
    }
  });

  it('ignores LEAVE while still covering at load', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'LEAVE', url: 'https://maker.example/a/' });
    assert.deepEqual(emitted, []);
  });
});
