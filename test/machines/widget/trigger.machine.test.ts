// Every trigger of widget spec section 4 (and issue 4 item 1), driven through the widget machine
// with a simulated clock: page load, seconds, scroll percent, exit intent, inactivity, click count,
// page-visit count, a click on an element carrying the pop-up id, and the touch exit intent.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import { widgetMachine } from '../../../machines/widget/widget.machine.ts';
import type { ArmedPoptin, WidgetInput } from '../../../machines/widget/widget.types.ts';
import { SECOND_MS, TRIGGER } from '../../../shared/constants/widget.ts';

function start(poptins: ArmedPoptin[], input: Omit<WidgetInput, 'poptins'> = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(widgetMachine, { clock, input: { poptins, ...input } });
  const shown: Array<{ poptinId: string; trigger: string }> = [];
  actor.on('show', ({ poptinId, trigger }) => void shown.push({ poptinId, trigger }));
  actor.start();
  return { actor, clock, shown };
}
const lightbox = (poptinId: string, triggers: ArmedPoptin['triggers']): ArmedPoptin => ({ poptinId, modal: true, triggers });
const bar = (poptinId: string, triggers: ArmedPoptin['triggers']): ArmedPoptin => ({ poptinId, modal: false, triggers });
const closed = (poptinId: string) => ({ type: 'POPTIN.CLOSED', poptinId, closeTrigger: 'escape', submitted: false }) as const;

describe('trigger: page load', () => {
  it('fires on load, once', () => {
    const { actor, shown } = start([lightbox('a', { page_load: true })]);
    actor.send({ type: 'PAGE.LOADED' });
    actor.send({ type: 'PAGE.LOADED' });
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'page_load' }]);
  });
});

describe('trigger: seconds', () => {
  it('fires N seconds after arming, not a millisecond before', () => {
    const { clock, shown } = start([lightbox('a', { seconds: 4 })]);
    clock.increment(4 * SECOND_MS - 1);
    assert.deepEqual(shown, []);
    clock.increment(1);
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'seconds' }]);
  });
});

describe('trigger: scroll percent', () => {
  it('waits for scrolling to pause for the debounce time, then checks the threshold', () => {
    const { actor, clock, shown } = start([bar('a', { scroll_percent: 40 })]);
    actor.send({ type: 'PAGE.SCROLL', percent: 45 });
    clock.increment(TRIGGER.SCROLL_DEBOUNCE_MS - 1);
    assert.deepEqual(shown, []);
    clock.increment(1);
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'scroll' }]);
  });
});

describe('trigger: exit intent (desktop)', () => {
  it('fires when the mouse leaves through the top', () => {
    const { actor, shown } = start([lightbox('a', { exit_intent: true })]);
    actor.send({ type: 'PAGE.EXIT_INTENT' });
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'exit_intent' }]);
  });

  it('the back button alone does not fire the desktop exit intent', () => {
    const { actor, shown } = start([lightbox('a', { exit_intent: true })], { touch: true });
    actor.send({ type: 'PAGE.BACK' });
    assert.deepEqual(shown, []);
  });
});

describe('trigger: inactivity seconds', () => {
  /** The element's side: it notes the time of each activity, and the machine reads how long ago that was. */
  function idleStart(triggers: ArmedPoptin['triggers']) {
    let clock = new SimulatedClock();
    let lastActivity = -Infinity;
    let reads = 0;
    const idleMs = () => (reads++, clock.now() - lastActivity);
    const started = start([lightbox('a', triggers)], { idleMs });
    clock = started.clock;
    return { ...started, active: () => void (lastActivity = clock.now()), reads: () => reads };
  }

  it('fires after N seconds with no activity', () => {
    const { clock, shown } = idleStart({ inactivity_seconds: 10 });
    clock.increment(10 * SECOND_MS - 1);
    assert.deepEqual(shown, []);
    clock.increment(1);
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'inactivity' }]);
  });

  it('activity starts the count again: it fires N seconds after the last activity, not before', () => {
    const { clock, shown, active } = idleStart({ inactivity_seconds: 10 });
    clock.increment(10 * SECOND_MS - 1);
    active();
    clock.increment(4 * SECOND_MS);
    active();
    clock.increment(10 * SECOND_MS - 1);
    assert.deepEqual(shown, [], 'each activity resets it');
    clock.increment(1);
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'inactivity' }]);
  });

  it('activity is read only when a wait is over, not sent as events: scrolls, clicks and waits between do not read it', () => {
    const { actor, clock, shown, active, reads } = idleStart({ inactivity_seconds: 10, scroll_percent: 100, click_count: 50 });
    for (let second = 0; second < 9; second++) {
      active();
      actor.send({ type: 'PAGE.SCROLL', percent: 1, y: 10 });
      actor.send({ type: 'PAGE.CLICK' });
      clock.increment(SECOND_MS);
    }
    assert.equal(reads(), 0, 'not read before the first wait is over');
    clock.increment(SECOND_MS);
    assert.ok(reads() > 0, 'read when it is');
    assert.deepEqual(shown, []);
    // The last activity was at 8 s: the rest of the wait is 8 s more, then it fires.
    clock.increment(8 * SECOND_MS - 1);
    assert.deepEqual(shown, []);
    clock.increment(1);
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'inactivity' }]);
  });

  it('without idleMs no activity is watched: it fires N seconds after arming', () => {
    const { actor, clock, shown } = start([lightbox('a', { inactivity_seconds: 10 })]);
    actor.send({ type: 'PAGE.SCROLL', percent: 1, y: 10 });
    clock.increment(10 * SECOND_MS);
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'inactivity' }]);
  });
});

describe('trigger: click count', () => {
  it('fires at the Nth click on the page (the element sends the count)', () => {
    const { actor, shown } = start([lightbox('a', { click_count: 3 })]);
    actor.send({ type: 'PAGE.CLICK', count: 1 });
    actor.send({ type: 'PAGE.CLICK', poptinIds: [], count: 2 });
    assert.deepEqual(shown, []);
    actor.send({ type: 'PAGE.CLICK', count: 3 });
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'click_count' }]);
    actor.send({ type: 'PAGE.CLICK', count: 4 });
    assert.equal(shown.length, 1, 'once');
  });

  it('the clicks the element did not send still count: the first one sent at the count fires', () => {
    const { actor, shown } = start([lightbox('a', { click_count: 5 }), lightbox('b', { click_count: 2 })]);
    actor.send({ type: 'PAGE.CLICK', count: 2 });
    assert.deepEqual(shown, [{ poptinId: 'b', trigger: 'click_count' }]);
    actor.send(closed('b'));
    actor.send({ type: 'PAGE.CLICK', count: 5 });
    assert.deepEqual(shown.map((s) => s.poptinId), ['b', 'a']);
  });
});

describe('trigger: page-visit count', () => {
  it('fires on the Nth page of the visit, and on later pages', () => {
    for (const pageViews of [3, 4]) {
      const { shown } = start([lightbox('a', { page_visit_count: 3 })], { pageViews });
      assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'page_visits' }], `page ${pageViews}`);
    }
  });

  it('does not fire before', () => {
    const { actor, clock, shown } = start([lightbox('a', { page_visit_count: 3 })], { pageViews: 2 });
    actor.send({ type: 'PAGE.LOADED' });
    clock.increment(60 * SECOND_MS);
    assert.deepEqual(shown, []);
  });
});

describe('trigger: a click on a link or button carrying the pop-up id', () => {
  it('opens the pop-up, also one with no other trigger, and again after it closed', () => {
    const { actor, shown } = start([lightbox('kiteclickme01', {})]);
    actor.send({ type: 'PAGE.CLICK', poptinIds: ['kiteclickme01'] });
    assert.deepEqual(shown, [{ poptinId: 'kiteclickme01', trigger: 'click' }]);
    actor.send({ type: 'PAGE.CLICK', poptinIds: ['kiteclickme01'] });
    assert.equal(shown.length, 1, 'not twice while on screen');
    actor.send(closed('kiteclickme01'));
    actor.send({ type: 'PAGE.CLICK', poptinIds: ['kiteclickme01'] });
    assert.equal(shown.length, 2, 'again after it closed');
  });

  it('disarms its other triggers', () => {
    const { actor, clock, shown } = start([lightbox('kiteclickme01', { seconds: 5 })]);
    actor.send({ type: 'PAGE.CLICK', poptinIds: ['kiteclickme01'] });
    actor.send(closed('kiteclickme01'));
    clock.increment(5 * SECOND_MS);
    assert.deepEqual(shown.map((s) => s.trigger), ['click']);
  });

  it('on_click: false ignores such clicks; unknown ids are ignored', () => {
    const { actor, shown } = start([lightbox('kiteclickme01', { on_click: false })]);
    actor.send({ type: 'PAGE.CLICK', poptinIds: ['kiteclickme01', 'kiteunknown01'] });
    assert.deepEqual(shown, []);
  });

  it('a pop-up fetched for the click (POPTIN.ADD) joins the page and opens', () => {
    const { actor, shown } = start([]);
    actor.send({ type: 'POPTIN.ADD', poptin: bar('kitelaunch001', {}) });
    assert.deepEqual(shown, [{ poptinId: 'kitelaunch001', trigger: 'click' }]);
  });
});

describe('trigger: exit intent on touch devices (off by default)', () => {
  const mobile = (triggers: ArmedPoptin['triggers'] = { exit_intent_mobile: true }) => [lightbox('a', triggers)];

  it('the back button fires it', () => {
    const { actor, shown } = start(mobile(), { touch: true });
    actor.send({ type: 'PAGE.BACK' });
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'exit_intent_mobile' }]);
  });

  it('a fast scroll up fires it', () => {
    const { actor, clock, shown } = start(mobile(), { touch: true });
    actor.send({ type: 'PAGE.SCROLL', percent: 50, y: 1_000 });
    clock.increment(TRIGGER.MOBILE_SCROLL_UP_WINDOW_MS - 1);
    actor.send({ type: 'PAGE.SCROLL', percent: 40, y: 1_000 - TRIGGER.MOBILE_SCROLL_UP_PX });
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'exit_intent_mobile' }]);
  });

  it('a slow scroll up, or a short one, does not', () => {
    const { actor, clock, shown } = start(mobile(), { touch: true });
    actor.send({ type: 'PAGE.SCROLL', percent: 50, y: 2_000 });
    actor.send({ type: 'PAGE.SCROLL', percent: 49, y: 2_000 - TRIGGER.MOBILE_SCROLL_UP_PX + 1 });
    clock.increment(TRIGGER.MOBILE_SCROLL_UP_WINDOW_MS);
    // The window passed: the move starts again from here.
    actor.send({ type: 'PAGE.SCROLL', percent: 45, y: 2_000 - TRIGGER.MOBILE_SCROLL_UP_PX - 10 });
    clock.increment(TRIGGER.MOBILE_SCROLL_UP_WINDOW_MS - 1);
    actor.send({ type: 'PAGE.SCROLL', percent: 44, y: 2_000 - 2 * TRIGGER.MOBILE_SCROLL_UP_PX + 1 });
    assert.deepEqual(shown, []);
  });

  it('scrolling down restarts the window from the new lowest point', () => {
    const { actor, clock, shown } = start(mobile(), { touch: true });
    actor.send({ type: 'PAGE.SCROLL', percent: 10, y: 100 });
    clock.increment(TRIGGER.MOBILE_SCROLL_UP_WINDOW_MS - 1);
    actor.send({ type: 'PAGE.SCROLL', percent: 60, y: 1_500 });
    clock.increment(TRIGGER.MOBILE_SCROLL_UP_WINDOW_MS - 1);
    actor.send({ type: 'PAGE.SCROLL', percent: 50, y: 1_500 - TRIGGER.MOBILE_SCROLL_UP_PX });
    assert.deepEqual(shown.map((s) => s.trigger), ['exit_intent_mobile']);
  });

  it('fires while a scroll-percent trigger of the same pop-up is settling', () => {
    const { actor, shown } = start(mobile({ exit_intent_mobile: true, scroll_percent: 99, inactivity_seconds: 30 }), { touch: true });
    actor.send({ type: 'PAGE.SCROLL', percent: 50, y: 1_000 });
    actor.send({ type: 'PAGE.SCROLL', percent: 30, y: 1_000 - TRIGGER.MOBILE_SCROLL_UP_PX });
    assert.deepEqual(shown.map((s) => s.trigger), ['exit_intent_mobile']);
  });

  it('is off by default, and off on devices with a mouse', () => {
    const off = start(mobile({ exit_intent: true }), { touch: true });
    off.actor.send({ type: 'PAGE.BACK' });
    off.actor.send({ type: 'PAGE.SCROLL', percent: 50, y: 1_000 });
    off.actor.send({ type: 'PAGE.SCROLL', percent: 0, y: 0 });
    assert.deepEqual(off.shown, []);
    const desktop = start(mobile(), { touch: false });
    desktop.actor.send({ type: 'PAGE.BACK' });
    desktop.actor.send({ type: 'PAGE.SCROLL', percent: 50, y: 1_000 });
    desktop.actor.send({ type: 'PAGE.SCROLL', percent: 0, y: 0 });
    assert.deepEqual(desktop.shown, []);
  });
});

describe('trigger: a pop-up fires once, then is inactive', () => {
  it('the first trigger to fire wins and the others are disarmed', () => {
    const { actor, clock, shown } = start([lightbox('a', { inactivity_seconds: 5, click_count: 1, scroll_percent: 10, seconds: 8 })]);
    actor.send({ type: 'PAGE.CLICK', count: 1 });
    actor.send({ type: 'PAGE.SCROLL', percent: 50 });
    clock.increment(10 * SECOND_MS);
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'click_count' }]);
  });

  it('no timer is left running once it fired', () => {
    const { actor, clock, shown } = start([lightbox('a', { seconds: 1, inactivity_seconds: 2 })]);
    clock.increment(SECOND_MS);
    actor.send(closed('a'));
    clock.increment(10 * SECOND_MS);
    assert.equal(shown.length, 1);
    assert.equal(Object.keys(actor.getSnapshot().children).length, 0, 'its trigger actor is gone');
  });
});
