// The lightbox's connect and gesture bridge, without a DOM: a real machine on a simulated clock,
// plain objects standing for the browser's events and their targets.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import { connectLightbox, dialogStateOf, sameDialogState } from '../../../components/lightbox/lightbox.connect.ts';
import { eventForKey, PressTracker, TAP_TOLERANCE_PX, type KeyLike, type PointerLike } from '../../../components/lightbox/lightbox.gesture.ts';
import { lightboxMachine } from '../../../machines/lightbox/lightbox.machine.ts';
import type { LightboxEvent, LightboxInput, LightboxItem } from '../../../machines/lightbox/lightbox.types.ts';
import { LIGHTBOX, SWIPE } from '../../../shared/constants/site.ts';
import { site as en } from '../../../shared/i18n/languages/en.ts';

const TITLE_ID = 'title';
const image = (n: number, title = `Photo ${n}`): LightboxItem => ({ kind: 'image', src: `/media/${n}.jpg`, title });
const gallery = (count: number) => Array.from({ length: count }, (_, i) => image(i + 1));

/** A machine on a simulated clock, each event the connect sends recorded, and the parts' props for its snapshot. */
function setup({ input = { zoom: false }, rtl = false, preparedCount = 1 }: { input?: LightboxInput; rtl?: boolean; preparedCount?: number } = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(lightboxMachine, { clock, input }).start();
  const sent: LightboxEvent[] = [];
  const sender = { send: (event: LightboxEvent) => (sent.push(event), actor.send(event)), getSnapshot: () => actor.getSnapshot() };
  const press = new PressTracker();
  const api = () =>
    connectLightbox(dialogStateOf(actor.getSnapshot()), sender, { lang: 'en', rtl, titleId: TITLE_ID, preparedCount, zoomFromThumbnail: false, press });
  return { actor, clock, sent, api };
}

const key = (name: string, more: Partial<KeyLike> = {}) => {
  const event = { key: name, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, target: { tagName: 'FIGURE' }, prevented: false, ...more };
  return Object.assign(event, { preventDefault: () => void (event.prevented = true) });
};
/** A target standing for an element with these attributes. */
const element = (tagName: string, attributes: Record<string, string>) => ({
  tagName,
  hasAttribute: (name: string) => name in attributes,
  getAttribute: (name: string) => attributes[name] ?? null,
});
const BACKGROUND = element('DIV', { part: 'stage', 'data-background': '' });
const IMAGE = element('IMG', { part: 'image' });
const PLACEHOLDER = element('IMG', { part: 'placeholder' });
const pointer = (x: number, y: number, target: unknown = BACKGROUND, pointerType = 'touch'): PointerLike => ({ isPrimary: true, clientX: x, clientY: y, pointerType, target });

describe('lightbox connect', () => {
  describe('state to parts', () => {
    it('renders the dialog built ahead closed, with the controls of the gallery it was built for', () => {
      const { api } = setup({ preparedCount: 3 });
      const parts = api();
      assert.equal(parts.open, false);
      assert.equal(parts.dialog['data-phase'], 'closed');
      assert.equal(parts.dialog['aria-label'], en.lightboxLabel, 'no title: the dialog has a name of its own');
      assert.equal(parts.dialog['aria-labelledby'], undefined);
      assert.ok(parts.previous && parts.next, 'previous and next built ahead');
      assert.equal(parts.item, undefined);
    });

    it("renders a presenting machine exactly as a closed one, so the click's task re-renders nothing", () => {
      const { actor } = setup();
      const closed = dialogStateOf(actor.getSnapshot());
      actor.send({ type: 'OPEN', items: gallery(3), index: 1, ready: [1], canPresent: true });
      assert.ok(actor.getSnapshot().matches('presenting'));
      assert.ok(sameDialogState(closed, dialogStateOf(actor.getSnapshot())));
      actor.send({ type: 'OPEN.PAINTED' });
      assert.ok(!sameDialogState(closed, dialogStateOf(actor.getSnapshot())), 'open: React renders it');
    });

    it('names the open dialog by the title, shows the counter, and marks phase, kind and status', () => {
      const { actor, api } = setup();
      actor.send({ type: 'OPEN', items: gallery(3), index: 1 });
      const parts = api();
      assert.equal(parts.dialog['aria-labelledby'], TITLE_ID);
      assert.equal(parts.dialog['aria-label'], undefined);
      assert.deepEqual(
        [parts.dialog['data-phase'], parts.dialog['data-kind'], parts.dialog['data-status'], parts.dialog.dir],
        ['shown', 'image', 'loading', 'ltr'],
      );
      assert.deepEqual(parts.caption, { title: 'Photo 2', titleId: TITLE_ID, counter: en.lightboxCounter.replace('{current}', '2').replace('{total}', '3') });
      assert.deepEqual([parts.close['aria-label'], parts.previous?.['aria-label'], parts.next?.['aria-label']], [en.lightboxClose, en.lightboxPrevious, en.lightboxNext]);
      assert.equal(parts.close.type, 'button');
    });

    it('has no previous, next, counter nor caption for a single untitled item', () => {
      const { actor, api } = setup();
      actor.send({ type: 'OPEN', items: [image(1, '')], index: 0 });
      const parts = api();
      assert.equal(parts.previous, null);
      assert.equal(parts.next, null);
      assert.equal(parts.caption, null);
    });

    it('marks the zoom from the thumbnail only while zooming and where there is a thumbnail', () => {
      const { actor } = setup({ input: { zoom: true } });
      actor.send({ type: 'OPEN', items: gallery(2), index: 0 });
      const options = { lang: 'en', rtl: true, titleId: TITLE_ID, preparedCount: 1, press: new PressTracker() };
      const state = dialogStateOf(actor.getSnapshot());
      assert.equal(connectLightbox(state, actor, { ...options, zoomFromThumbnail: true }).dialog['data-zoom'], 'thumbnail');
      assert.equal(connectLightbox(state, actor, { ...options, zoomFromThumbnail: false }).dialog['data-zoom'], undefined);
      assert.equal(connectLightbox(state, actor, { ...options, zoomFromThumbnail: true }).dialog.dir, 'rtl');
    });
  });

  describe('handlers send events', () => {
    it('closes by the close button, pages by previous and next', () => {
      const { actor, clock, sent, api } = setup();
      actor.send({ type: 'OPEN', items: gallery(3), index: 0 });
      api().next!.onClick();
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      api().previous!.onClick();
      clock.increment(LIGHTBOX.NAVIGATION_DELAY_MS);
      api().close.onClick();
      assert.deepEqual(sent, [{ type: 'NAV.NEXT' }, { type: 'NAV.PREV' }, { type: 'CLOSE', trigger: 'button' }]);
      assert.ok(actor.getSnapshot().matches('closing'));
    });

    it('maps Esc and the arrow keys in reading direction, and leaves modified keys and editable text alone', () => {
      assert.deepEqual(eventForKey(key('Escape'), false), { type: 'CLOSE', trigger: 'escape' });
      assert.deepEqual(eventForKey(key('Escape', { shiftKey: true }), false), { type: 'CLOSE', trigger: 'escape' });
      assert.deepEqual(eventForKey(key('ArrowRight'), false), { type: 'NAV.NEXT' });
      assert.deepEqual(eventForKey(key('ArrowLeft'), false), { type: 'NAV.PREV' });
      assert.deepEqual(eventForKey(key('ArrowLeft'), true), { type: 'NAV.NEXT' });
      assert.deepEqual(eventForKey(key('ArrowRight'), true), { type: 'NAV.PREV' });
      for (const modifier of ['altKey', 'ctrlKey', 'metaKey', 'shiftKey'] as const) assert.equal(eventForKey(key('ArrowRight', { [modifier]: true }), false), null, modifier);
      assert.equal(eventForKey(key('ArrowRight', { target: { tagName: 'INPUT' } }), false), null);
      assert.equal(eventForKey(key('ArrowRight', { target: { tagName: 'DIV', isContentEditable: true } }), false), null);
      assert.equal(eventForKey(key('Enter'), false), null);
    });

    it('prevents the browser only for the keys it handles', () => {
      const { actor, sent, api } = setup();
      actor.send({ type: 'OPEN', items: gallery(3), index: 0 });
      const arrow = key('ArrowRight');
      api().dialog.onKeyDown(arrow);
      const other = key('a');
      api().dialog.onKeyDown(other);
      const escape = key('Escape');
      api().dialog.onKeyDown(escape);
      assert.deepEqual([arrow.prevented, other.prevented, escape.prevented], [true, false, true]);
      assert.deepEqual(sent, [{ type: 'NAV.NEXT' }, { type: 'CLOSE', trigger: 'escape' }]);
    });

    it("closes on the dialog's own cancel, and on a close nobody asked for, but not on a stale one", () => {
      const { actor, sent, api } = setup();
      actor.send({ type: 'OPEN', items: gallery(2), index: 0 });
      api().dialog.onClose({ currentTarget: { open: true } });
      assert.deepEqual(sent, [], 'opened again meanwhile: the queued close is stale');
      api().dialog.onClose({ currentTarget: { open: false } });
      assert.deepEqual(sent, [{ type: 'CLOSE', trigger: 'api' }]);
      let prevented = false;
      api().dialog.onCancel({ preventDefault: () => void (prevented = true) });
      assert.ok(prevented, 'the machine closes, after its removal delay');
    });
  });

  describe('gestures', () => {
    it('turns a touch moved sideways into a SWIPE in reading direction, which pages', () => {
      const { actor, sent, api } = setup();
      actor.send({ type: 'OPEN', items: gallery(3), index: 0 });
      api().dialog.onPointerDown(pointer(200, 100));
      api().dialog.onPointerUp(pointer(200 - SWIPE.MIN_HORIZONTAL_PX, 110));
      assert.deepEqual(sent, [{ type: 'SWIPE', dx: -SWIPE.MIN_HORIZONTAL_PX, dy: 10 }]);
      assert.equal(actor.getSnapshot().context.pending, 1, 'the next item comes');
      const press = new PressTracker();
      press.down(pointer(200, 100));
      assert.deepEqual(press.up(pointer(200 - SWIPE.MIN_HORIZONTAL_PX, 100), true), { type: 'SWIPE', dx: SWIPE.MIN_HORIZONTAL_PX, dy: 0 }, 'mirrored right to left');
    });

    it('sends no SWIPE for a mouse drag nor for a secondary pointer', () => {
      const press = new PressTracker();
      press.down(pointer(200, 100, BACKGROUND, 'mouse'));
      assert.equal(press.up(pointer(100, 100, BACKGROUND, 'mouse'), false), null);
      press.down({ ...pointer(200, 100), isPrimary: false });
      assert.equal(press.up({ ...pointer(100, 100), isPrimary: false }, false), null);
    });

    it('closes on a click that began and ended on the background, and on no drag', () => {
      const press = new PressTracker();
      press.down(pointer(10, 10, BACKGROUND, 'mouse'));
      press.up(pointer(10 + TAP_TOLERANCE_PX, 10, BACKGROUND, 'mouse'), false);
      assert.deepEqual(press.click(BACKGROUND, false), { type: 'CLOSE', trigger: 'background' });
      press.down(pointer(10, 10, BACKGROUND, 'mouse'));
      press.up(pointer(10 + TAP_TOLERANCE_PX + 1, 10, BACKGROUND, 'mouse'), false);
      assert.equal(press.click(BACKGROUND, false), null, 'a drag ends with a click too');
      press.down(pointer(10, 10, IMAGE, 'mouse'));
      press.up(pointer(10, 10, BACKGROUND, 'mouse'), false);
      assert.equal(press.click(BACKGROUND, false), null, 'a selection dragged out of the content');
    });

    it('shows the next image on a click on the image of a gallery, not on its placeholder nor a single image', () => {
      const press = new PressTracker();
      assert.deepEqual(press.click(IMAGE, true), { type: 'NAV.NEXT' });
      assert.equal(press.click(IMAGE, false), null);
      assert.equal(press.click(PLACEHOLDER, true), null);
    });
  });
});
