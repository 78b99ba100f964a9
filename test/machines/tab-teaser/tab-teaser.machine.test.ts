import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import {
  isEverytimeEverypage,
  isPulsing,
  poptinLifeFacts,
  tabPhaseOf,
  tabTeaserMachine,
  toDisplayMode,
} from '../../../machines/tab-teaser/tab-teaser.machine.ts';
import type { TabTeaserEmitted, TabTeaserInput } from '../../../machines/tab-teaser/tab-teaser.types.ts';
import { TAB } from '../../../shared/constants/tab.ts';

const POPTIN_ID = 'abcdefghijklm';

function start(input: Partial<TabTeaserInput> = {}, machine = tabTeaserMachine) {
  const clock = new SimulatedClock();
  const actor = createActor(machine, {
    clock,
    input: { poptinId: POPTIN_ID, displayMode: 'always', converted: false, closedByX: false, everytimeEverypage: false, ...input },
  });
  const emitted: TabTeaserEmitted[] = [];
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
  return { actor, clock, emitted, phase: () => tabPhaseOf(actor.getSnapshot()) };
}

/** Runs the entry to its cleanup: the tab at rest. */
function settle(clock: SimulatedClock) {
  clock.increment(TAB.ENTRY_CLEANUP_MS);
}

describe('tabTeaserMachine', () => {
  describe('display modes', () => {
    it('always: shows from the start, hides while the pop-up shows, comes back after it closes', () => {
      const { actor, clock, emitted, phase } = start({ displayMode: 'always' });
      assert.equal(phase(), 'entering');
      assert.deepEqual(emitted, [{ type: 'show', poptinId: POPTIN_ID }]);
      settle(clock);
      actor.send({ type: 'POPTIN.SHOWN' });
      assert.equal(phase(), 'exiting');
      clock.increment(TAB.SLIDE_MS);
      assert.equal(phase(), 'hidden');
      assert.deepEqual(emitted.at(-1), { type: 'hide', poptinId: POPTIN_ID, gone: false });
      actor.send({ type: 'POPTIN.CLOSED', closeTrigger: 'escape' });
      assert.equal(phase(), 'entering');
      assert.deepEqual(emitted.at(-1), { type: 'show', poptinId: POPTIN_ID });
    });

    it('before_show: shows from the start until the pop-up shows, then never again', () => {
      const { actor, clock, emitted, phase } = start({ displayMode: 'before_show' });
      assert.equal(phase(), 'entering');
      settle(clock);
      actor.send({ type: 'POPTIN.SHOWN' });
      assert.equal(phase(), 'exiting');
      clock.increment(TAB.SLIDE_MS);
      assert.equal(phase(), 'gone');
      assert.equal(actor.getSnapshot().status, 'done');
      assert.deepEqual(emitted.at(-1), { type: 'hide', poptinId: POPTIN_ID, gone: true });
    });

    it('before_show: a click hides the tab; once the pop-up it opened shows, the tab is gone', () => {
      const { actor, clock, phase } = start({ displayMode: 'before_show' });
      actor.send({ type: 'CLICK' });
      clock.increment(TAB.SLIDE_MS);
      assert.equal(phase(), 'hidden');
      actor.send({ type: 'POPTIN.SHOWN' });
      assert.equal(phase(), 'gone');
    });

    it('after_close: hidden until the pop-up closes, then shows', () => {
      const { actor, emitted, phase } = start({ displayMode: 'after_close' });
      assert.equal(phase(), 'hidden');
      assert.deepEqual(emitted, []);
      actor.send({ type: 'POPTIN.SHOWN' });
      assert.equal(phase(), 'hidden');
      actor.send({ type: 'POPTIN.CLOSED', closeTrigger: 'bg_click' });
      assert.equal(phase(), 'entering');
      assert.deepEqual(emitted, [{ type: 'show', poptinId: POPTIN_ID }]);
    });

    it('after_close: a close with the X shows the tab when the rule is not everytime-everypage', () => {
      const { actor, phase } = start({ displayMode: 'after_close', everytimeEverypage: false });
      actor.send({ type: 'POPTIN.CLOSED', closeTrigger: 'x_click' });
      assert.equal(phase(), 'entering');
    });

    it('unknown display modes read as always', () => {
      assert.equal(toDisplayMode('after_close'), 'after_close');
      assert.equal(toDisplayMode('before_show'), 'before_show');
      assert.equal(toDisplayMode('sometimes'), 'always');
      assert.equal(toDisplayMode(undefined), 'always');
    });
  });

  describe('when the tab never shows', () => {
    it('the visitor converted: gone at once, in every mode, without events', () => {
      for (const displayMode of TAB.DISPLAY_MODES) {
        const { actor, emitted, phase } = start({ displayMode, converted: true });
        assert.equal(phase(), 'gone', displayMode);
        assert.equal(actor.getSnapshot().status, 'done');
        assert.deepEqual(emitted, []);
      }
    });

    it('closed with the X under the everytime-everypage rule: gone at once', () => {
      for (const displayMode of TAB.DISPLAY_MODES) {
        assert.equal(start({ displayMode, closedByX: true, everytimeEverypage: true }).phase(), 'gone', displayMode);
      }
    });

    it('closed with the X under another rule: the tab still shows', () => {
      assert.equal(start({ displayMode: 'always', closedByX: true, everytimeEverypage: false }).phase(), 'entering');
      assert.equal(start({ displayMode: 'after_close', closedByX: true }).phase(), 'hidden');
    });

    it('after_close: an X close (x_click or cancel_click) under everytime-everypage ends the tab; other closes do not', () => {
      for (const closeTrigger of ['x_click', 'cancel_click']) {
        const { actor, emitted, phase } = start({ displayMode: 'after_close', everytimeEverypage: true });
        actor.send({ type: 'POPTIN.CLOSED', closeTrigger });
        assert.equal(phase(), 'gone', closeTrigger);
        assert.deepEqual(emitted, []);
      }
      const { actor, phase } = start({ displayMode: 'after_close', everytimeEverypage: true });
      actor.send({ type: 'POPTIN.CLOSED', closeTrigger: 'skip' });
      assert.equal(phase(), 'entering');
    });

    it('always: an X close under everytime-everypage while the tab is hidden ends it', () => {
      const { actor, clock, phase } = start({ displayMode: 'always', everytimeEverypage: true });
      actor.send({ type: 'CLICK' });
      clock.increment(TAB.SLIDE_MS);
      actor.send({ type: 'POPTIN.SHOWN' });
      actor.send({ type: 'POPTIN.CLOSED', closeTrigger: 'x_click' });
      assert.equal(phase(), 'gone');
    });

    it('a submitted close, or a conversion, ends the tab', () => {
      const closed = start({ displayMode: 'after_close' });
      closed.actor.send({ type: 'POPTIN.CLOSED', closeTrigger: 'thank_you', submitted: true });
      assert.equal(closed.phase(), 'gone');

      const converted = start({ displayMode: 'after_close' });
      converted.actor.send({ type: 'POPTIN.CONVERTED' });
      assert.equal(converted.phase(), 'gone');
    });

    it('a conversion, or a skip (the pop-up will not show on this page), while the tab shows makes it exit for good', () => {
      for (const type of ['POPTIN.CONVERTED', 'POPTIN.SKIPPED'] as const) {
        const { actor, clock, emitted, phase } = start({ displayMode: 'always' });
        settle(clock);
        actor.send({ type });
        assert.equal(phase(), 'exiting', type);
        clock.increment(TAB.SLIDE_MS);
        assert.equal(phase(), 'gone', type);
        assert.deepEqual(emitted.at(-1), { type: 'hide', poptinId: POPTIN_ID, gone: true }, type);
      }
    });

    it('a skip ends the tab while it waits hidden, and while it hides after a click', () => {
      const waiting = start({ displayMode: 'after_close' });
      waiting.actor.send({ type: 'POPTIN.SKIPPED' });
      assert.equal(waiting.phase(), 'gone');

      const leaving = start({ displayMode: 'always' });
      leaving.actor.send({ type: 'CLICK' });
      leaving.actor.send({ type: 'POPTIN.SKIPPED' });
      leaving.clock.increment(TAB.SLIDE_MS);
      assert.equal(leaving.phase(), 'gone', 'skipped while the tab hid after its click');
    });

    it('reads the everytime-everypage rule from d_f_r', () => {
      assert.equal(isEverytimeEverypage(`all@${TAB.EVERYTIME_EVERYPAGE_RULE}_5`), true);
      assert.equal(isEverytimeEverypage('all@once_a_day'), false);
      assert.equal(isEverytimeEverypage(''), false);
      assert.equal(isEverytimeEverypage(undefined), false);
    });
  });

  describe('a tab that starts after the pop-up already lived', () => {
    const SHOWN = { type: 'POPTIN.SHOWN' } as const;
    const closed = (closeTrigger: string, submitted = false) => ({ type: 'POPTIN.CLOSED', closeTrigger, submitted }) as const;

    it('folds the pop-up events so far into start facts', () => {
      assert.deepEqual(poptinLifeFacts([]), { poptinShown: false, poptinOpen: false, poptinClosed: false, poptinSkipped: false, closedByX: false, converted: false });
      assert.deepEqual(poptinLifeFacts([SHOWN]), { poptinShown: true, poptinOpen: true, poptinClosed: false, poptinSkipped: false, closedByX: false, converted: false });
      assert.deepEqual(poptinLifeFacts([SHOWN, closed('cancel_click')]), {
        poptinShown: true,
        poptinOpen: false,
        poptinClosed: true,
        poptinSkipped: false,
        closedByX: true,
        converted: false,
      });
      assert.equal(poptinLifeFacts([SHOWN, closed('thank_you', true)]).converted, true);
      assert.equal(poptinLifeFacts([SHOWN, { type: 'POPTIN.CONVERTED' }]).converted, true);
      assert.equal(poptinLifeFacts([SHOWN, closed('escape'), SHOWN]).poptinOpen, true);
      assert.equal(poptinLifeFacts([{ type: 'POPTIN.SKIPPED' }]).poptinSkipped, true);
    });

    it('the pop-up was skipped: gone, in every mode', () => {
      for (const displayMode of TAB.DISPLAY_MODES) {
        const { emitted, phase } = start({ displayMode, ...poptinLifeFacts([{ type: 'POPTIN.SKIPPED' }]) });
        assert.equal(phase(), 'gone', displayMode);
        assert.deepEqual(emitted, [], displayMode);
      }
    });

    it('the pop-up is open: starts hidden and shows at its close (always)', () => {
      const { actor, emitted, phase } = start({ displayMode: 'always', ...poptinLifeFacts([SHOWN]) });
      assert.equal(phase(), 'hidden');
      assert.deepEqual(emitted, []);
      actor.send(closed('escape'));
      assert.equal(phase(), 'entering');
    });

    it('before_show and the pop-up already showed: gone', () => {
      assert.equal(start({ displayMode: 'before_show', ...poptinLifeFacts([SHOWN, closed('escape')]) }).phase(), 'gone');
    });

    it('after_close and the pop-up already closed: shows at once', () => {
      assert.equal(start({ displayMode: 'after_close', ...poptinLifeFacts([SHOWN, closed('escape')]) }).phase(), 'entering');
    });

    it('closed with the X under everytime-everypage: gone', () => {
      const facts = poptinLifeFacts([SHOWN, closed('x_click')]);
      assert.equal(start({ displayMode: 'after_close', everytimeEverypage: true, ...facts }).phase(), 'gone');
      assert.equal(start({ displayMode: 'after_close', everytimeEverypage: false, ...facts }).phase(), 'entering');
    });
  });

  describe('timings', () => {
    it('cleans up the entry animation after TAB.ENTRY_CLEANUP_MS', () => {
      const { clock, phase } = start();
      clock.increment(TAB.ENTRY_CLEANUP_MS - 1);
      assert.equal(phase(), 'entering');
      clock.increment(1);
      assert.equal(phase(), 'shown');
    });

    it('pulses on and off every TAB.PULSE_MS while shown', () => {
      const { actor, clock } = start();
      settle(clock);
      const pulsing = () => isPulsing(actor.getSnapshot());
      assert.equal(pulsing(), false);
      for (const expected of [true, false, true, false]) {
        clock.increment(TAB.PULSE_MS - 1);
        assert.equal(pulsing(), !expected);
        clock.increment(1);
        assert.equal(pulsing(), expected);
      }
    });

    it('stops pulsing when the tab exits', () => {
      const { actor, clock } = start();
      settle(clock);
      clock.increment(TAB.PULSE_MS);
      assert.equal(isPulsing(actor.getSnapshot()), true);
      actor.send({ type: 'CLICK' });
      assert.equal(isPulsing(actor.getSnapshot()), false);
    });

    it('hides after the exit animation, TAB.SLIDE_MS', () => {
      const { actor, clock, phase } = start();
      actor.send({ type: 'CLICK' });
      clock.increment(TAB.SLIDE_MS - 1);
      assert.equal(phase(), 'exiting');
      clock.increment(1);
      assert.equal(phase(), 'hidden');
    });

    it('every delay is overridable (the view sets the exit to 0 under reduced motion)', () => {
      const { actor, clock, phase } = start({}, tabTeaserMachine.provide({ delays: { exitAnimation: 0, entryCleanup: 10 } }));
      clock.increment(10);
      assert.equal(phase(), 'shown');
      actor.send({ type: 'CLICK' });
      clock.increment(0);
      assert.equal(phase(), 'hidden');
    });
  });

  describe('click', () => {
    it('emits open with the pop-up id and exits; further clicks are ignored', () => {
      const { actor, clock, emitted, phase } = start();
      settle(clock);
      actor.send({ type: 'CLICK' });
      assert.deepEqual(emitted.at(-1), { type: 'open', poptinId: POPTIN_ID });
      assert.equal(phase(), 'exiting');
      actor.send({ type: 'CLICK' });
      assert.equal(emitted.filter((event) => event.type === 'open').length, 1);
      clock.increment(TAB.SLIDE_MS);
      assert.equal(phase(), 'hidden');
      assert.deepEqual(emitted.at(-1), { type: 'hide', poptinId: POPTIN_ID, gone: false });
    });

    it('works during the entry animation too', () => {
      const { actor, emitted, phase } = start();
      actor.send({ type: 'CLICK' });
      assert.equal(phase(), 'exiting');
      assert.deepEqual(emitted.at(-1), { type: 'open', poptinId: POPTIN_ID });
    });

    it('the pop-up it opened closes: the tab is back (always, after_close)', () => {
      for (const displayMode of ['always', 'after_close'] as const) {
        const { actor, clock, phase } = start({ displayMode });
        if (displayMode === 'after_close') actor.send({ type: 'POPTIN.CLOSED', closeTrigger: 'escape' });
        settle(clock);
        actor.send({ type: 'CLICK' });
        clock.increment(TAB.SLIDE_MS);
        actor.send({ type: 'POPTIN.SHOWN' });
        assert.equal(phase(), 'hidden', displayMode);
        actor.send({ type: 'POPTIN.CLOSED', closeTrigger: 'close_button' });
        assert.equal(phase(), 'entering', displayMode);
      }
    });

    it('a close before the exit ends turns the tab back, pairing hide and show', () => {
      const { actor, emitted, phase } = start();
      actor.send({ type: 'CLICK' });
      actor.send({ type: 'POPTIN.SHOWN' });
      actor.send({ type: 'POPTIN.CLOSED', closeTrigger: 'escape' });
      assert.equal(phase(), 'entering');
      assert.deepEqual(
        emitted.map((event) => event.type),
        ['show', 'open', 'hide', 'show'],
      );
    });
  });
});
