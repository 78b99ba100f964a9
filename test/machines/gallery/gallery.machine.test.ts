import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import { galleryMachine } from '../../../machines/gallery/gallery.machine.ts';
import type { GalleryEmitted, GalleryInput } from '../../../machines/gallery/gallery.types.ts';
import { GALLERY } from '../../../shared/constants/site.ts';

const COUNT = 4;

/** A started actor on a simulated clock; `images.loaded` is what the element's check would find. */
function start(input: Partial<GalleryInput> = {}, loaded = false) {
  const clock = new SimulatedClock();
  const images = { loaded, checks: 0 };
  const machine = galleryMachine.provide({
    guards: {
      areImagesLoaded: () => {
        images.checks += 1;
        return images.loaded;
      },
    },
  });
  const actor = createActor(machine, { clock, input: { count: COUNT, reducedMotion: false, ...input } });
  const emitted: GalleryEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const context = () => actor.getSnapshot().context;
  const state = () => actor.getSnapshot().value;
  return { actor, clock, images, emitted, context, state };
}

describe('galleryMachine', () => {
  describe('thumbnails fading in', () => {
    it('waits for the images, then fades the thumbnails in THUMB_FADE_STAGGER_MS apart, in order', () => {
      const { actor, clock, context, state, emitted } = start();
      assert.equal(state(), 'loading');
      assert.equal(context().revealed, 0);
      actor.send({ type: 'IMAGES.LOADED' });
      assert.equal(context().revealed, 1, 'the first at once');
      for (let shown = 2; shown <= COUNT; shown += 1) {
        clock.increment(GALLERY.THUMB_FADE_STAGGER_MS - 1);
        assert.equal(context().revealed, shown - 1);
        clock.increment(1);
        assert.equal(context().revealed, shown);
      }
      assert.equal(state(), 'shown');
      assert.deepEqual(emitted, [{ type: 'shown' }]);
    });

    it('checks the images every PRELOAD_CHECK_INTERVAL_MS; one check finding them loaded starts the fades', () => {
      const { clock, images, state } = start();
      clock.increment(GALLERY.PRELOAD_CHECK_INTERVAL_MS - 1);
      assert.equal(images.checks, 0);
      clock.increment(1);
      assert.equal(images.checks, 1);
      assert.equal(state(), 'loading');
      images.loaded = true;
      clock.increment(GALLERY.PRELOAD_CHECK_INTERVAL_MS - 1);
      assert.equal(state(), 'loading');
      clock.increment(1);
      assert.equal(state(), 'revealing');
    });

    it('after PRELOAD_CHECK_MAX_LOOPS checks finding nothing, shows the thumbnails anyway', () => {
      const { clock, images, state, context } = start();
      for (let check = 1; check < GALLERY.PRELOAD_CHECK_MAX_LOOPS; check += 1) clock.increment(GALLERY.PRELOAD_CHECK_INTERVAL_MS);
      assert.equal(state(), 'loading');
      assert.equal(context().checks, GALLERY.PRELOAD_CHECK_MAX_LOOPS - 1);
      clock.increment(GALLERY.PRELOAD_CHECK_INTERVAL_MS);
      assert.equal(state(), 'revealing');
      assert.equal(images.checks, GALLERY.PRELOAD_CHECK_MAX_LOOPS);
      assert.equal(context().checks, GALLERY.PRELOAD_CHECK_MAX_LOOPS);
    });

    it('with reduced motion shows every thumbnail at once once loaded', () => {
      const { actor, context, state } = start({ reducedMotion: true });
      actor.send({ type: 'IMAGES.LOADED' });
      assert.equal(state(), 'shown');
      assert.equal(context().revealed, COUNT);
    });

    it('a gallery without thumbnails is shown at once', () => {
      const { actor, state, context } = start({ count: 0 });
      actor.send({ type: 'IMAGES.LOADED' });
      assert.equal(state(), 'shown');
      assert.equal(context().revealed, 0);
    });
  });

  describe('choosing the preview', () => {
    it('starts at the theme\'s current thumbnail, else the first', () => {
      assert.equal(start({ current: 2 }).context().current, 2);
      assert.equal(start({ current: COUNT }).context().current, 0);
      assert.equal(start().context().current, 0);
    });

    it('a chosen thumbnail goes to the preview and says so; the one shown, or none, changes nothing', () => {
      const { actor, context, emitted } = start();
      actor.send({ type: 'SELECT', index: 2 });
      assert.equal(context().current, 2);
      actor.send({ type: 'SELECT', index: 2 });
      actor.send({ type: 'SELECT', index: COUNT });
      actor.send({ type: 'SELECT', index: -1 });
      assert.equal(context().current, 2);
      assert.deepEqual(emitted, [{ type: 'change', index: 2 }]);
    });

    it('next and previous wrap at both ends; first and last', () => {
      const { actor, context } = start();
      actor.send({ type: 'SELECT.PREV' });
      assert.equal(context().current, COUNT - 1);
      actor.send({ type: 'SELECT.NEXT' });
      assert.equal(context().current, 0);
      actor.send({ type: 'SELECT.NEXT' });
      assert.equal(context().current, 1);
      actor.send({ type: 'SELECT.LAST' });
      assert.equal(context().current, COUNT - 1);
      actor.send({ type: 'SELECT.FIRST' });
      assert.equal(context().current, 0);
    });

    it('works while loading and fading in; one thumbnail has nowhere to go', () => {
      const { actor, context, state } = start();
      actor.send({ type: 'SELECT.NEXT' });
      assert.equal(state(), 'loading');
      assert.equal(context().current, 1);
      const single = start({ count: 1 });
      single.actor.send({ type: 'SELECT.NEXT' });
      assert.equal(single.context().current, 0);
      assert.deepEqual(single.emitted, []);
    });
  });
});
