import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import {
  currentItemOf,
  lightboxMachine,
  lightboxPhaseOf,
  opensInstantly,
  preloadIndexes,
  preloadIndexesOf,
  wrapIndex,
} from '../../../machines/lightbox/lightbox.machine.ts';
import type { LightboxEmitted, LightboxEvent, LightboxInput, LightboxItem } from '../../../machines/lightbox/lightbox.types.ts';

type OpenEvent = Extract<LightboxEvent, { type: 'OPEN' }>;
import { LIGHTBOX, SWIPE } from '../../../shared/constants/site.ts';

const IMAGE_TIMEOUT_MS = LIGHTBOX.IMAGE_RETRY_COUNT * LIGHTBOX.IMAGE_RETRY_INTERVAL_MS;

const image = (n: number): LightboxItem => ({ kind: 'image', src: `/media/${n}.jpg`, title: `Photo ${n}` });
/** A gallery of `count` images. */
const gallery = (count: number) => Array.from({ length: count }, (_, i) => image(i + 1));

/** A started actor on a simulated clock, every emitted event recorded. */
function start(input: LightboxInput = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(lightboxMachine, { clock, input });
  const emitted: LightboxEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const phase = () => lightboxPhaseOf(actor.getSnapshot());
  const context = () => actor.getSnapshot().context;
  return { actor, clock, emitted, phase, context };
}

/** Open on `index` of `items`, past the zoom. */
function opened(items = gallery(5), index = 0, input: LightboxInput = {}) {
  const started = start(input);
  started.actor.send({ type: 'OPEN', items, index });
  started.clock.increment(LIGHTBOX.ZOOM_MS);
  started.emitted.length = 0;
  return started;
}

describe('lightboxMachine', () => {
  describe('open and close', () => {
    it('starts closed and emits nothing', () => {
      const { actor, phase, emitted } = start();
      assert.ok(actor.getSnapshot().matches('closed'));
      assert.equal(phase(), 'closed');
      assert.equal(currentItemOf(actor.getSnapshot()), null);
      assert.deepEqual(emitted, []);
    });

    it('opens on the clicked item, emits open, and zooms in for ZOOM_MS', () => {
      const { actor, clock, phase, emitted } = start();
      const items = gallery(5);
      actor.send({ type: 'OPEN', items, index: 2 });
      assert.ok(actor.getSnapshot().matches('open'));
      assert.equal(phase(), 'zooming');
      assert.deepEqual(currentItemOf(actor.getSnapshot()), items[2]);
      assert.deepEqual(emitted, [{ type: 'open', index: 2, count: 5, src: items[2]!.src }]);
      clock.increment(LIGHTBOX.ZOOM_MS - 1);
      assert.equal(phase(), 'zooming');
      clock.increment(1);
      assert.equal(phase(), 'shown');
    });

    it('opens straight to shown with the zoom off, and still fades out for the removal delay', () => {
      const { actor, clock, phase, emitted } = start({ zoom: false });
      actor.send({ type: 'OPEN', items: gallery(3), index: 1 });
      assert.equal(phase(), 'shown');
      assert.deepEqual(emitted, [{ type: 'open', index: 1, count: 3, src: '/media/2.jpg' }]);
      actor.send({ type: 'CLOSE', trigger: 'button' });
      clock.increment(LIGHTBOX.REMOVAL_DELAY_MS - 1);
      assert.equal(phase(), 'closing');
      clock.increment(1);
      assert.equal(phase(), 'closed');
    });

    it('turns the zoom on and off with ZOOM.SET, from the next opening', () => {
      const { actor, clock, phase } = start({ zoom: false });
      actor.send({ type: 'ZOOM.SET', enabled: true });
      actor.send({ type: 'OPEN', items: gallery(2), index: 0 });
      assert.equal(phase(), 'zooming');
      clock.increment(LIGHTBOX.ZOOM_MS);
      assert.equal(phase(), 'shown');
      actor.send({ type: 'CLOSE', trigger: 'api' });
      clock.increment(LIGHTBOX.REMOVAL_DELAY_MS);
      actor.send({ type: 'ZOOM.SET', enabled: false });
      actor.send({ type: 'OPEN', items: gallery(2), index: 1 });
      assert.equal(phase(), 'shown');
    });

    it('ignores an open without items or with an index out of range', () => {
      const { actor } = start();
      actor.send({ type: 'OPEN', items: [], index: 0 });
      actor.send({ type: 'OPEN', items: gallery(2), index: 2 });
      actor.send({ type: 'OPEN', items: gallery(2), index: -1 });
      actor.send({ type: 'OPEN', items: gallery(2), index: 0.5 });
      assert.ok(actor.getSnapshot().matches('closed'));
    });

    for (const trigger of ['button', 'escape', 'background'] as const) {
      it(`closes by the ${trigger}: closing for the removal delay, then closed with a close event`, () => {
        const { actor, clock, phase, emitted } = opened(gallery(3), 1);
        actor.send({ type: 'CLOSE', trigger });
        assert.equal(phase(), 'closing');
        assert.ok(actor.getSnapshot().matches('closing'));
        clock.increment(LIGHTBOX.REMOVAL_DELAY_MS - 1);
        assert.equal(phase(), 'closing');
        assert.deepEqual(emitted, []);
        clock.increment(1);
        assert.ok(actor.getSnapshot().matches('closed'));
        assert.deepEqual(emitted, [{ type: 'close', index: 1, count: 3, src: '/media/2.jpg', trigger }]);
      });
    }

    it('closes during the zoom too', () => {
      const { actor, clock, phase } = start();
      actor.send({ type: 'OPEN', items: gallery(2), index: 0 });
      actor.send({ type: 'CLOSE', trigger: 'escape' });
      assert.equal(phase(), 'closing');
      clock.increment(LIGHTBOX.REMOVAL_DELAY_MS);
      assert.equal(phase(), 'closed');
    });

    it('opens again while closing: the old one closes at once, the new one opens', () => {
      const { actor, clock, emitted, phase } = opened(gallery(3), 0);
      actor.send({ type: 'CLOSE', trigger: 'button' });
      clock.increment(LIGHTBOX.REMOVAL_DELAY_MS / 2);
      actor.send({ type: 'OPEN', items: gallery(4), index: 3 });
      assert.equal(phase(), 'zooming');
      assert.deepEqual(
        emitted.map((event) => event.type),
        ['close', 'open'],
      );
      clock.increment(LIGHTBOX.REMOVAL_DELAY_MS);
      assert.ok(actor.getSnapshot().matches('open'), 'the old removal timer is gone');
      assert.equal(actor.getSnapshot().context.index, 3);
    });

    it('ignores navigation and loads once closed', () => {
      const { actor, clock, emitted } = opened(gallery(3), 0);
      actor.send({ type: 'CLOSE', trigger: 'button' });
      clock.increment(LIGHTBOX.REMOVAL_DELAY_MS);
      emitted.length = 0;
      actor.send({ type: 'NAV.NEXT' });
      actor.send({ type: 'ITEM.LOADED', index: 0 });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      assert.ok(actor.getSnapshot().matches('closed'));
      assert.deepEqual(emitted, []);
    });
  });

  describe('gallery navigation', () => {
    it('changes item after the navigation delay, emitting change then', () => {
      const { actor, clock, phase, emitted, context } = opened(gallery(5), 0);
      actor.send({ type: 'NAV.NEXT' });
      assert.equal(phase(), 'leaving');
      assert.equal(context().index, 0, 'the current item fades out first');
      assert.equal(context().pending, 1);
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS - 1);
      assert.equal(context().index, 0);
      assert.deepEqual(emitted, []);
      clock.increment(1);
      assert.equal(phase(), 'shown');
      assert.equal(context().index, 1);
      assert.equal(context().pending, null);
      assert.deepEqual(emitted, [{ type: 'change', index: 1, count: 5, src: '/media/2.jpg' }]);
    });

    it('wraps from the last to the first with next, and from the first to the last with previous', () => {
      const { actor, clock, context } = opened(gallery(4), 3);
      actor.send({ type: 'NAV.NEXT' });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      assert.equal(context().index, 0);
      actor.send({ type: 'NAV.PREV' });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      assert.equal(context().index, 3);
    });

    it('goes to a given item, and ignores indexes out of range or the current one', () => {
      const { actor, clock, context, emitted } = opened(gallery(4), 0);
      actor.send({ type: 'NAV.GO', index: 0 });
      actor.send({ type: 'NAV.GO', index: 9 });
      assert.equal(lightboxPhaseOf(actor.getSnapshot()), 'shown');
      actor.send({ type: 'NAV.GO', index: 2 });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      assert.equal(context().index, 2);
      assert.equal(emitted.length, 1);
    });

    it('counts further commands during the delay without restarting it', () => {
      const { actor, clock, context, emitted } = opened(gallery(5), 0);
      actor.send({ type: 'NAV.NEXT' });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS - 1);
      actor.send({ type: 'NAV.NEXT' });
      clock.increment(1);
      assert.equal(context().index, 2, 'two steps, one delay');
      assert.deepEqual(emitted, [{ type: 'change', index: 2, count: 5, src: '/media/3.jpg' }]);
    });

    it('emits no change when the commands cancel out', () => {
      const { actor, clock, context, emitted, phase } = opened(gallery(5), 2);
      actor.send({ type: 'NAV.NEXT' });
      actor.send({ type: 'NAV.PREV' });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      assert.equal(context().index, 2);
      assert.equal(phase(), 'shown');
      assert.deepEqual(emitted, []);
    });

    it('navigates during the zoom', () => {
      const { actor, clock, context } = start();
      actor.send({ type: 'OPEN', items: gallery(3), index: 0 });
      actor.send({ type: 'NAV.PREV' });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      assert.equal(context().index, 2);
    });

    it('ignores navigation with a single item', () => {
      const { actor, clock, phase, emitted } = opened(gallery(1), 0);
      actor.send({ type: 'NAV.NEXT' });
      actor.send({ type: 'NAV.PREV' });
      actor.send({ type: 'SWIPE', dx: -SWIPE.MIN_HORIZONTAL_PX * 2, dy: 0 });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      assert.equal(phase(), 'shown');
      assert.deepEqual(emitted, []);
    });

    it('wrapIndex wraps both ways', () => {
      assert.equal(wrapIndex(5, 5), 0);
      assert.equal(wrapIndex(-1, 5), 4);
      assert.equal(wrapIndex(-6, 5), 4);
      assert.equal(wrapIndex(3, 0), 0);
    });
  });

  describe('swipe', () => {
    const MIN = SWIPE.MIN_HORIZONTAL_PX;

    it('a swipe towards the start goes to the next item, towards the end to the previous', () => {
      const { actor, clock, context } = opened(gallery(5), 2);
      actor.send({ type: 'SWIPE', dx: -MIN, dy: 0 });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      assert.equal(context().index, 3);
      clock.increment(SWIPE.LOCK_MS);
      actor.send({ type: 'SWIPE', dx: MIN, dy: 0 });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      assert.equal(context().index, 2);
    });

    it('needs the minimum horizontal movement, more sideways than up or down', () => {
      const { actor, clock, phase } = opened(gallery(5), 2);
      actor.send({ type: 'SWIPE', dx: -(MIN - 1), dy: 0 });
      actor.send({ type: 'SWIPE', dx: -MIN * 2, dy: MIN * 3 });
      actor.send({ type: 'SWIPE', dx: Number.NaN, dy: 0 });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      assert.equal(phase(), 'shown');
      assert.equal(actor.getSnapshot().context.index, 2);
    });

    it(`ignores swipes for the lock time after a swipe`, () => {
      const { actor, clock, context } = opened(gallery(9), 0);
      actor.send({ type: 'SWIPE', dx: -MIN, dy: 0 });
      clock.increment(SWIPE.LOCK_MS - 1);
      actor.send({ type: 'SWIPE', dx: -MIN, dy: 0 });
      assert.equal(context().index, 1);
      clock.increment(1);
      actor.send({ type: 'SWIPE', dx: -MIN, dy: 0 });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      assert.equal(context().index, 2);
    });

    it('does not lock buttons and keys', () => {
      const { actor, clock, context } = opened(gallery(9), 0);
      actor.send({ type: 'SWIPE', dx: -MIN, dy: 0 });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      actor.send({ type: 'NAV.NEXT' });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      assert.equal(context().index, 2);
    });
  });

  describe('preload and item states', () => {
    it('asks for the current item and the images 1 before and 1 after, wrapping', () => {
      const { actor, context } = start();
      actor.send({ type: 'OPEN', items: gallery(6), index: 0 });
      assert.deepEqual(preloadIndexesOf(actor.getSnapshot()), [1, 5]);
      assert.deepEqual(context().statuses, ['loading', 'loading', 'idle', 'idle', 'idle', 'loading']);
    });

    it('asks for the next neighbours after a change, keeping what is loaded', () => {
      const { actor, clock, context } = opened(gallery(6), 0);
      actor.send({ type: 'ITEM.LOADED', index: 0 });
      actor.send({ type: 'ITEM.LOADED', index: 1 });
      actor.send({ type: 'NAV.NEXT' });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      assert.deepEqual(preloadIndexesOf(actor.getSnapshot()), [2, 0]);
      assert.deepEqual(context().statuses, ['ready', 'ready', 'loading', 'idle', 'idle', 'loading']);
    });

    it('takes the items the view already holds as ready from the start, and asks for the others', () => {
      const { actor, clock, context } = start();
      actor.send({ type: 'OPEN', items: gallery(6), index: 0, ready: [0, 3] });
      assert.deepEqual(context().statuses, ['ready', 'loading', 'idle', 'ready', 'idle', 'loading']);
      // A ready current image never times out.
      clock.increment(IMAGE_TIMEOUT_MS);
      assert.equal(context().statuses[0], 'ready');
    });

    it('preloads images only; other items load when they are current', () => {
      const { actor, context } = start();
      const items: LightboxItem[] = [
        { kind: 'ajax', src: '/a.html', title: '' },
        image(2),
        { kind: 'video', src: 'https://youtu.be/x', title: '' },
        { kind: 'inline', src: '#x', title: '' },
      ];
      actor.send({ type: 'OPEN', items, index: 2 });
      assert.deepEqual(context().statuses, ['idle', 'loading', 'loading', 'idle']);
    });

    it('preloadIndexes: configurable counts, no repeats, none for a single item', () => {
      assert.deepEqual(preloadIndexes(0, 2), [1]);
      assert.deepEqual(preloadIndexes(0, 1), []);
      assert.deepEqual(preloadIndexes(2, 10, 2, 3), [3, 1, 4, 0, 5]);
      assert.deepEqual(preloadIndexes(1, 3, 5, 5), [2, 0]);
      assert.equal(LIGHTBOX.PRELOAD_BEFORE + LIGHTBOX.PRELOAD_AFTER, preloadIndexes(5, 10).length);
    });

    it('goes loading → ready, or loading → error, per item', () => {
      const { actor, context } = opened(gallery(3), 0);
      actor.send({ type: 'ITEM.LOADED', index: 0 });
      actor.send({ type: 'ITEM.FAILED', index: 1 });
      assert.deepEqual(context().statuses, ['ready', 'error', 'loading']);
      actor.send({ type: 'ITEM.FAILED', index: 0 });
      assert.equal(context().statuses[0], 'ready', 'a settled item stays settled');
    });

    it('fails the current image when it neither loads nor fails in time', () => {
      const { clock, context } = opened(gallery(3), 0);
      clock.increment(IMAGE_TIMEOUT_MS - LIGHTBOX.ZOOM_MS - 1);
      assert.equal(context().statuses[0], 'loading');
      clock.increment(1);
      assert.equal(context().statuses[0], 'error');
    });

    it('restarts the wait on each change, and not for loaded images', () => {
      const { actor, clock, context } = opened(gallery(3), 0);
      actor.send({ type: 'ITEM.LOADED', index: 0 });
      actor.send({ type: 'NAV.NEXT' });
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      clock.increment(IMAGE_TIMEOUT_MS - 1);
      assert.equal(context().statuses[1], 'loading');
      clock.increment(1);
      assert.deepEqual(context().statuses, ['ready', 'error', 'loading'], 'the preloaded next image has no timer until it is current');
    });

    it('forgets the wait when closed, and starts afresh on the next open', () => {
      const { actor, clock, context } = opened(gallery(3), 0);
      actor.send({ type: 'CLOSE', trigger: 'button' });
      clock.increment(LIGHTBOX.REMOVAL_DELAY_MS);
      actor.send({ type: 'OPEN', items: gallery(3), index: 0 });
      clock.increment(IMAGE_TIMEOUT_MS - LIGHTBOX.ZOOM_MS - LIGHTBOX.REMOVAL_DELAY_MS);
      assert.equal(context().statuses[0], 'loading');
    });

    it('does not time out ajax, inline or embedded items', () => {
      const { actor, clock, context } = start();
      actor.send({ type: 'OPEN', items: [{ kind: 'ajax', src: '/a.html', title: '' }], index: 0 });
      clock.increment(IMAGE_TIMEOUT_MS * 2);
      assert.equal(context().statuses[0], 'loading');
    });
  });

  describe('reduced motion', () => {
    it('skips the zoom, the fade between items and the removal delay', () => {
      const { actor, phase, emitted, context } = start({ reducedMotion: true });
      actor.send({ type: 'OPEN', items: gallery(3), index: 0 });
      assert.equal(phase(), 'shown');
      actor.send({ type: 'NAV.PREV' });
      assert.equal(context().index, 2);
      assert.equal(phase(), 'shown');
      actor.send({ type: 'NAV.GO', index: 1 });
      assert.equal(context().index, 1);
      actor.send({ type: 'CLOSE', trigger: 'escape' });
      assert.equal(phase(), 'closed');
      assert.deepEqual(
        emitted.map((event) => event.type),
        ['open', 'change', 'change', 'close'],
      );
      assert.deepEqual(emitted.at(-1), { type: 'close', index: 1, count: 3, src: '/media/2.jpg', trigger: 'escape' });
    });

    it('opens without a zoom exactly when opensInstantly says so (the view shows those in the click itself)', () => {
      for (const zoom of [false, true]) {
        for (const reducedMotion of [false, true]) {
          const { actor, phase, context } = start({ zoom, reducedMotion });
          const instant = opensInstantly(context());
          assert.equal(instant, reducedMotion || !zoom, `zoom ${zoom}, reduced motion ${reducedMotion}`);
          actor.send({ type: 'OPEN', items: gallery(2), index: 0 });
          assert.equal(phase(), instant ? 'shown' : 'zooming', `zoom ${zoom}, reduced motion ${reducedMotion}`);
        }
      }
    });

    it('follows a change of the preference', () => {
      const { actor, phase } = opened(gallery(3), 0);
      actor.send({ type: 'MOTION.SET', reduced: true });
      actor.send({ type: 'CLOSE', trigger: 'button' });
      assert.equal(phase(), 'closed');
    });
  });

  describe('click-time opening (presenting)', () => {
    /** An opening the view can show in the click's own task: the image is ready and there is nothing to zoom. */
    const presentable = (index = 1): OpenEvent => ({ type: 'OPEN', items: gallery(3), index, ready: [index], canPresent: true });

    it('presents an image the view holds, without a zoom, and opens once the frame is painted', () => {
      const { actor, clock, phase, emitted } = start({ zoom: false });
      actor.send(presentable());
      assert.equal(phase(), 'presenting');
      assert.deepEqual(currentItemOf(actor.getSnapshot()), image(2), 'the item on show');
      assert.deepEqual(emitted, [], 'open only once the machine is open');
      // A frame, not a time: no timer opens it.
      clock.increment(LIGHTBOX.REMOVAL_DELAY_MS + LIGHTBOX.ZOOM_MS);
      assert.equal(phase(), 'presenting');
      actor.send({ type: 'OPEN.PAINTED' });
      assert.equal(phase(), 'shown');
      assert.deepEqual(emitted, [{ type: 'open', index: 1, count: 3, src: '/media/2.jpg' }]);
      assert.deepEqual(actor.getSnapshot().context.statuses, ['loading', 'ready', 'loading'], 'the neighbours are wanted once open');
    });

    it('presents with reduced motion even where the zoom is on', () => {
      const { actor, phase } = start({ zoom: true, reducedMotion: true });
      actor.send(presentable());
      assert.equal(phase(), 'presenting');
    });

    it('opens at once when the view cannot present: a zoom to run, an item not ready or no image, no dialog built', () => {
      const frame: LightboxItem = { kind: 'iframe', src: '/page.html', title: '' };
      const cases = [
        { input: { zoom: true }, open: presentable(), phase: 'zooming' },
        { input: { zoom: false }, open: { ...presentable(), ready: [] }, phase: 'shown' },
        { input: { zoom: false }, open: { ...presentable(), canPresent: false }, phase: 'shown' },
        { input: { zoom: false }, open: { ...presentable(0), items: [frame, image(2)] }, phase: 'shown' },
      ];
      for (const { input, open, phase: expected } of cases) {
        const { actor, phase, emitted } = start(input);
        actor.send(open);
        assert.equal(phase(), expected, JSON.stringify(open));
        assert.deepEqual(emitted.map((event) => event.type), ['open']);
      }
    });

    it('opens first, then closes, on Esc before the frame is painted', () => {
      const { actor, clock, phase, emitted } = start({ zoom: false });
      actor.send(presentable());
      actor.send({ type: 'CLOSE', trigger: 'escape' });
      assert.equal(phase(), 'closing');
      clock.increment(LIGHTBOX.REMOVAL_DELAY_MS);
      assert.deepEqual(emitted, [
        { type: 'open', index: 1, count: 3, src: '/media/2.jpg' },
        { type: 'close', index: 1, count: 3, src: '/media/2.jpg', trigger: 'escape' },
      ]);
      actor.send({ type: 'OPEN.PAINTED' });
      assert.equal(phase(), 'closed', 'the late painted frame changes nothing');
    });

    it('opens first, then pages, on a command or a swipe before the frame is painted', () => {
      for (const command of [{ type: 'NAV.NEXT' }, { type: 'NAV.GO', index: 2 }, { type: 'SWIPE', dx: -SWIPE.MIN_HORIZONTAL_PX, dy: 0 }] as const) {
        const { actor, clock, phase, emitted, context } = start({ zoom: false });
        actor.send(presentable());
        actor.send(command);
        assert.equal(phase(), 'leaving', command.type);
        clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
        assert.equal(context().index, 2, command.type);
        assert.deepEqual(emitted.map((event) => event.type), ['open', 'change'], command.type);
      }
    });

    it('keeps the item on show when another link is clicked meanwhile', () => {
      const { actor, phase, context } = start({ zoom: false });
      actor.send(presentable());
      actor.send({ ...presentable(0), items: gallery(5) });
      assert.equal(phase(), 'presenting');
      assert.equal(context().items.length, 3);
      assert.equal(context().index, 1);
    });

    it('opens without presenting while the last opening fades out (its dialog is still on screen)', () => {
      const { actor, phase, emitted } = opened(gallery(3), 0, { zoom: false });
      actor.send({ type: 'CLOSE', trigger: 'button' });
      actor.send(presentable());
      assert.equal(phase(), 'shown');
      assert.deepEqual(emitted.map((event) => event.type), ['close', 'open']);
    });
  });

  it('takes its delays from provide({ delays })', () => {
    const clock = new SimulatedClock();
    const actor = createActor(lightboxMachine.provide({ delays: { navigation: 10, removal: 20, zoom: 5 } }), { clock, input: {} });
    actor.start();
    actor.send({ type: 'OPEN', items: gallery(3), index: 0 });
    clock.increment(5);
    assert.equal(lightboxPhaseOf(actor.getSnapshot()), 'shown');
    actor.send({ type: 'NAV.NEXT' });
    clock.increment(10);
    assert.equal(actor.getSnapshot().context.index, 1);
    actor.send({ type: 'CLOSE', trigger: 'api' });
    clock.increment(20);
    assert.equal(lightboxPhaseOf(actor.getSnapshot()), 'closed');
  });
});
