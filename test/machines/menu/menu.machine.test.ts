import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import { isOverlayOpen, menuMachine } from '../../../machines/menu/menu.machine.ts';
import type { MenuEmitted, MenuInput } from '../../../machines/menu/menu.types.ts';
import { BURGER_MENU, MEGA_MENU } from '../../../shared/constants/site.ts';

const ITEMS = 4;
const BURGER: MenuInput = { itemCount: ITEMS, burger: true, reducedMotion: false };
const WIDE: MenuInput = { ...BURGER, burger: false };

/** A started actor on a simulated clock, every emitted event recorded. */
function start(input: MenuInput = BURGER) {
  const clock = new SimulatedClock();
  const actor = createActor(menuMachine, { clock, input });
  const emitted: MenuEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const shown = () => actor.getSnapshot().context.shown;
  const submenu = () => actor.getSnapshot().context.submenu;
  return { actor, clock, emitted, shown, submenu };
}

describe('menuMachine', () => {
  describe('burger overlay', () => {
    it('starts closed with nothing shown or emitted', () => {
      const { actor, emitted, shown } = start();
      assert.equal(isOverlayOpen(actor.getSnapshot()), false);
      assert.equal(shown(), 0);
      assert.deepEqual(emitted, []);
    });

    it('opens only in burger mode', () => {
      const { actor, emitted } = start(WIDE);
      actor.send({ type: 'OVERLAY.OPEN' });
      assert.equal(isOverlayOpen(actor.getSnapshot()), false);
      actor.send({ type: 'MODE.SET', burger: true });
      actor.send({ type: 'OVERLAY.OPEN' });
      assert.equal(isOverlayOpen(actor.getSnapshot()), true);
      assert.deepEqual(emitted, [{ type: 'open' }]);
    });

    it('shows the first item at once and each next one ITEM_STAGGER_MS later', () => {
      const { actor, clock, shown } = start();
      actor.send({ type: 'OVERLAY.OPEN' });
      assert.equal(shown(), 1);
      for (let expected = 2; expected <= ITEMS; expected += 1) {
        clock.increment(BURGER_MENU.ITEM_STAGGER_MS - 1);
        assert.equal(shown(), expected - 1, `item ${expected} not yet`);
        clock.increment(1);
        assert.equal(shown(), expected, `item ${expected} shown`);
      }
      assert.ok(actor.getSnapshot().matches({ overlay: { open: 'revealed' } }));
      clock.increment(BURGER_MENU.ITEM_STAGGER_MS * ITEMS);
      assert.equal(shown(), ITEMS, 'never more than there are');
    });

    it('shows every item at once with reduced motion, also when the preference changes later', () => {
      const { actor, shown } = start({ ...BURGER, reducedMotion: true });
      actor.send({ type: 'OVERLAY.OPEN' });
      assert.equal(shown(), ITEMS);
      actor.send({ type: 'OVERLAY.CLOSE', trigger: 'button' });
      actor.send({ type: 'MOTION.SET', reduced: false });
      actor.send({ type: 'OVERLAY.OPEN' });
      assert.equal(shown(), 1);
    });

    it('closes by the button, Escape or a followed link, hides the items and says what closed it', () => {
      const { actor, clock, emitted, shown } = start();
      for (const trigger of ['button', 'escape', 'link'] as const) {
        actor.send({ type: 'OVERLAY.OPEN' });
        clock.increment(BURGER_MENU.ITEM_STAGGER_MS);
        actor.send({ type: 'OVERLAY.CLOSE', trigger });
        assert.equal(isOverlayOpen(actor.getSnapshot()), false);
        assert.equal(shown(), 0);
        assert.deepEqual(emitted.splice(0), [{ type: 'open' }, { type: 'close', trigger }]);
      }
    });

    it('closes when the viewport grows past the breakpoint, and stops revealing', () => {
      const { actor, clock, emitted, shown } = start();
      actor.send({ type: 'OVERLAY.OPEN' });
      actor.send({ type: 'MODE.SET', burger: true });
      assert.equal(isOverlayOpen(actor.getSnapshot()), true, 'staying narrow changes nothing');
      actor.send({ type: 'MODE.SET', burger: false });
      assert.equal(isOverlayOpen(actor.getSnapshot()), false);
      assert.deepEqual(emitted, [{ type: 'open' }, { type: 'close', trigger: 'resize' }]);
      clock.increment(BURGER_MENU.ITEM_STAGGER_MS * ITEMS);
      assert.equal(shown(), 0);
    });

    it('follows the item count: fewer items cap what is shown, items added once revealed show at once', () => {
      const { actor, clock, shown } = start();
      actor.send({ type: 'OVERLAY.OPEN' });
      clock.increment(BURGER_MENU.ITEM_STAGGER_MS * ITEMS);
      actor.send({ type: 'ITEMS.SET', itemCount: 2 });
      assert.equal(shown(), 2);
      actor.send({ type: 'ITEMS.SET', itemCount: ITEMS + 1 });
      assert.equal(shown(), ITEMS + 1);
    });
  });

  describe('dropdowns and mega menus', () => {
    it('a resting pointer opens a dropdown after HOVER_DELAY_MS; leaving closes it as long after', () => {
      const { actor, clock, emitted, submenu } = start(WIDE);
      actor.send({ type: 'SUBMENU.HOVER', id: 'products' });
      clock.increment(MEGA_MENU.HOVER_DELAY_MS - 1);
      assert.equal(submenu(), null);
      clock.increment(1);
      assert.equal(submenu(), 'products');
      actor.send({ type: 'SUBMENU.LEAVE', id: 'products' });
      clock.increment(MEGA_MENU.HOVER_DELAY_MS - 1);
      assert.equal(submenu(), 'products', 'a short slip off keeps it open');
      clock.increment(1);
      assert.equal(submenu(), null);
      assert.deepEqual(emitted, [
        { type: 'submenu-open', id: 'products' },
        { type: 'submenu-close', id: 'products' },
      ]);
    });

    it('a pointer passing over opens nothing; coming back before the close delay keeps it open', () => {
      const { actor, clock, emitted, submenu } = start(WIDE);
      actor.send({ type: 'SUBMENU.HOVER', id: 'products' });
      clock.increment(MEGA_MENU.HOVER_DELAY_MS - 1);
      actor.send({ type: 'SUBMENU.LEAVE', id: 'products' });
      clock.increment(MEGA_MENU.HOVER_DELAY_MS);
      assert.equal(submenu(), null);
      assert.deepEqual(emitted, []);
      actor.send({ type: 'SUBMENU.HOVER', id: 'products' });
      clock.increment(MEGA_MENU.HOVER_DELAY_MS);
      actor.send({ type: 'SUBMENU.LEAVE', id: 'products' });
      clock.increment(MEGA_MENU.HOVER_DELAY_MS - 1);
      actor.send({ type: 'SUBMENU.HOVER', id: 'products' });
      clock.increment(MEGA_MENU.HOVER_DELAY_MS);
      assert.equal(submenu(), 'products');
    });

    it('one at a time: moving to another item swaps them after the hover delay', () => {
      const { actor, clock, emitted, submenu } = start(WIDE);
      actor.send({ type: 'SUBMENU.HOVER', id: 'a' });
      clock.increment(MEGA_MENU.HOVER_DELAY_MS);
      actor.send({ type: 'SUBMENU.LEAVE', id: 'a' });
      actor.send({ type: 'SUBMENU.HOVER', id: 'b' });
      clock.increment(MEGA_MENU.HOVER_DELAY_MS - 1);
      assert.equal(submenu(), 'a');
      clock.increment(1);
      assert.equal(submenu(), 'b');
      assert.deepEqual(emitted.slice(1), [
        { type: 'submenu-close', id: 'a' },
        { type: 'submenu-open', id: 'b' },
      ]);
    });

    it('leaving the second item before it opened closes the first too, after the hover delay', () => {
      const { actor, clock, submenu } = start(WIDE);
      actor.send({ type: 'SUBMENU.HOVER', id: 'a' });
      clock.increment(MEGA_MENU.HOVER_DELAY_MS);
      actor.send({ type: 'SUBMENU.LEAVE', id: 'a' });
      actor.send({ type: 'SUBMENU.HOVER', id: 'b' });
      actor.send({ type: 'SUBMENU.LEAVE', id: 'b' });
      clock.increment(MEGA_MENU.HOVER_DELAY_MS - 1);
      assert.equal(submenu(), 'a');
      clock.increment(1);
      assert.equal(submenu(), null);
    });

    it('focus opens after FOCUS_DELAY_MS, focus moving on before that opens nothing, focus leaving closes at once', () => {
      const { actor, clock, submenu } = start(WIDE);
      actor.send({ type: 'SUBMENU.FOCUS', id: 'a' });
      clock.increment(MEGA_MENU.FOCUS_DELAY_MS - 1);
      actor.send({ type: 'SUBMENU.BLUR', id: 'a' });
      clock.increment(MEGA_MENU.FOCUS_DELAY_MS);
      assert.equal(submenu(), null);
      actor.send({ type: 'SUBMENU.FOCUS', id: 'a' });
      clock.increment(MEGA_MENU.FOCUS_DELAY_MS - 1);
      assert.equal(submenu(), null);
      clock.increment(1);
      assert.equal(submenu(), 'a');
      actor.send({ type: 'SUBMENU.FOCUS', id: 'a' });
      assert.equal(submenu(), 'a', 'focus moving inside the item keeps it open');
      actor.send({ type: 'SUBMENU.BLUR', id: 'a' });
      assert.equal(submenu(), null);
    });

    it('the disclosure button opens and closes at once, and swaps an open one', () => {
      const { actor, emitted, submenu } = start(WIDE);
      actor.send({ type: 'SUBMENU.TOGGLE', id: 'a' });
      assert.equal(submenu(), 'a');
      actor.send({ type: 'SUBMENU.TOGGLE', id: 'b' });
      assert.equal(submenu(), 'b');
      actor.send({ type: 'SUBMENU.TOGGLE', id: 'b' });
      assert.equal(submenu(), null);
      assert.deepEqual(emitted, [
        { type: 'submenu-open', id: 'a' },
        { type: 'submenu-close', id: 'a' },
        { type: 'submenu-open', id: 'b' },
        { type: 'submenu-close', id: 'b' },
      ]);
    });

    it('a toggle cancels a pending hover opening; Escape closes at once and cancels any timer', () => {
      const { actor, clock, submenu } = start(WIDE);
      actor.send({ type: 'SUBMENU.HOVER', id: 'a' });
      actor.send({ type: 'SUBMENU.TOGGLE', id: 'b' });
      clock.increment(MEGA_MENU.HOVER_DELAY_MS);
      assert.equal(submenu(), 'b');
      actor.send({ type: 'SUBMENU.HOVER', id: 'a' });
      actor.send({ type: 'SUBMENU.CLOSE' });
      assert.equal(submenu(), null);
      clock.increment(MEGA_MENU.HOVER_DELAY_MS);
      assert.equal(submenu(), null);
      assert.ok(actor.getSnapshot().matches({ submenu: 'idle' }));
    });
  });
});
