import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { widgetMachine } from '../../../machines/widget/widget.machine.ts';
import type { ArmedPoptin, TriggerName, Verdicts } from '../../../machines/widget/widget.types.ts';
import type { DecideInput } from '../../../shared/logic/display-rules.ts';
import { CLOSE, SECOND_MS, TRIGGER } from '../../../shared/constants/widget.ts';


function start(poptins: ArmedPoptin[]) {
  const clock = new SimulatedClock();
  const actor = createActor(widgetMachine, { clock, input: { poptins } });
  const shown: Array<{ poptinId: string; trigger: string }> = [];
  actor.on('show', ({ poptinId, trigger }) => void shown.push({ poptinId, trigger }));
  actor.start();
  return { actor, clock, shown };
}
const closedBy = (poptinId: string, closeTrigger: string, submitted = false) =>
  ({ type: 'POPTIN.CLOSED', poptinId, closeTrigger, submitted }) as const;
const lightbox = (poptinId: string, triggers: ArmedPoptin['triggers']): ArmedPoptin => ({ poptinId, modal: true, triggers });
const bar = (poptinId: string, triggers: ArmedPoptin['triggers']): ArmedPoptin => ({ poptinId, modal: false, triggers });
/** A run whose rules the test decides: `verdicts` answers the `decide` actor when `decided` is called. */
function startDeciding(poptins: ArmedPoptin[], carried: Record<string, TriggerName> = {}) {
  let decided: (verdicts: Verdicts) => void = () => {};
  const machine = widgetMachine.provide({ actors: { decide: fromPromise<Verdicts, DecideInput>(() => new Promise((resolve) => (decided = resolve))) } });
  const actor = createActor(machine, { clock: new SimulatedClock(), input: { poptins, carried } });
  const shown: Array<{ poptinId: string; trigger: string }> = [];
  actor.on('show', ({ poptinId, trigger }) => void shown.push({ poptinId, trigger }));
  actor.start();
  return { actor, shown, decide: (verdicts: Verdicts) => decided(verdicts) };
}
const withRules = (poptin: ArmedPoptin): ArmedPoptin => ({ ...poptin, rules: { d_f_r: 'all@display_once_per_session' } });

describe('widgetMachine triggers', () => {
  it('page load shows a page-load pop-up, once', () => {
    const { actor, shown } = start([lightbox('a', { page_load: true }), bar('b', { exit_intent: true })]);
    actor.send({ type: 'PAGE.LOADED' });
    actor.send({ type: 'PAGE.LOADED' });
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'page_load' }]);
  });

  it('after N seconds', () => {
    const { clock, shown } = start([lightbox('a', { seconds: 7 })]);
    clock.increment(7 * SECOND_MS - 1);
    assert.deepEqual(shown, []);
    clock.increment(1);
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'seconds' }]);
  });

  it('scroll percent fires once scrolling has paused for the debounce time past the threshold', () => {
    const { actor, clock, shown } = start([lightbox('a', { scroll_percent: 50 })]);
    actor.send({ type: 'PAGE.SCROLL', percent: 30 });
    clock.increment(TRIGGER.SCROLL_DEBOUNCE_MS);
    assert.deepEqual(shown, [], 'below the threshold');
    actor.send({ type: 'PAGE.SCROLL', percent: 55 });
    clock.increment(TRIGGER.SCROLL_DEBOUNCE_MS - 1);
    actor.send({ type: 'PAGE.SCROLL', percent: 60 });
    clock.increment(TRIGGER.SCROLL_DEBOUNCE_MS - 1);
    assert.deepEqual(shown, [], 'still scrolling: debounced');
    clock.increment(1);
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'scroll' }]);
  });

  it('exit intent shows only pop-ups that ask for it', () => {
    const { actor, shown } = start([lightbox('a', { exit_intent: true }), bar('b', { page_load: true })]);
    actor.send({ type: 'PAGE.EXIT_INTENT' });
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'exit_intent' }]);
  });

  it('the first trigger to fire wins; the others are disarmed', () => {
    const { actor, clock, shown } = start([lightbox('a', { seconds: 5, exit_intent: true })]);
    actor.send({ type: 'PAGE.EXIT_INTENT' });
    clock.increment(5 * SECOND_MS);
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'exit_intent' }]);
  });
});

describe('widgetMachine arbitration', () => {
  it('two modal pop-ups firing together never stack: the second waits for the first to close', () => {
    const { actor, shown } = start([lightbox('a', { page_load: true }), lightbox('b', { page_load: true })]);
    actor.send({ type: 'PAGE.LOADED' });
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'page_load' }]);
    assert.equal(actor.getSnapshot().context.activeModal, 'a');
    actor.send(closedBy('a', 'escape'));
    assert.deepEqual(shown.at(-1), { poptinId: 'b', trigger: 'page_load' });
    assert.equal(actor.getSnapshot().context.activeModal, 'b');
    actor.send(closedBy('b', 'escape'));
    assert.equal(actor.getSnapshot().context.activeModal, null);
  });

  it('bars show alongside a modal pop-up', () => {
    const { actor, shown } = start([lightbox('a', { page_load: true }), bar('b', { page_load: true })]);
    actor.send({ type: 'PAGE.LOADED' });
    assert.deepEqual(shown.map((s) => s.poptinId), ['a', 'b']);
  });

  it('closing a bar does not free the modal slot', () => {
    const { actor, shown } = start([lightbox('a', { page_load: true }), bar('b', { page_load: true }), lightbox('c', { exit_intent: true })]);
    actor.send({ type: 'PAGE.LOADED' });
    actor.send({ type: 'PAGE.EXIT_INTENT' });
    actor.send(closedBy('b', 'escape'));
    assert.deepEqual(shown.map((s) => s.poptinId), ['a', 'b']);
    actor.send(closedBy('a', 'escape'));
    assert.deepEqual(shown.map((s) => s.poptinId), ['a', 'b', 'c']);
  });

  it('after a dismissal (X, cancel, background click) the next pop-up waits for the 1 s follow-up', () => {
    for (const closeTrigger of ['x_click', 'cancel_click', 'bg_click']) {
      const { actor, clock, shown } = start([lightbox('a', { page_load: true }), lightbox('b', { page_load: true })]);
      const followUps: string[] = [];
      actor.on('follow-up', ({ poptinId }) => void followUps.push(poptinId));
      actor.send({ type: 'PAGE.LOADED' });
      actor.send(closedBy('a', closeTrigger));
      clock.increment(CLOSE.FOLLOW_UP_MS - 1);
      assert.deepEqual(shown.map((s) => s.poptinId), ['a'], closeTrigger);
      assert.deepEqual(followUps, []);
      clock.increment(1);
      assert.deepEqual(followUps, ['a']);
      assert.deepEqual(shown.map((s) => s.poptinId), ['a', 'b'], closeTrigger);
    }
  });

  it('no follow-up after a submit or another kind of close: the next shows at once', () => {
    const { actor, shown } = start([lightbox('a', { page_load: true }), lightbox('b', { page_load: true }), lightbox('c', { page_load: true })]);
    const followUps: string[] = [];
    actor.on('follow-up', ({ poptinId }) => void followUps.push(poptinId));
    actor.send({ type: 'PAGE.LOADED' });
    actor.send(closedBy('a', 'x_click', true));
    assert.deepEqual(shown.map((s) => s.poptinId), ['a', 'b']);
    actor.send(closedBy('b', 'auto_close'));
    assert.deepEqual(shown.map((s) => s.poptinId), ['a', 'b', 'c']);
    assert.deepEqual(followUps, []);
  });

  it('a modal pop-up that will not show after all (skipped) frees the slot at once, and is out for this page', () => {
    const { actor, clock, shown } = start([lightbox('a', { page_load: true }), lightbox('b', { page_load: true }), lightbox('c', { exit_intent: true })]);
    const followUps: string[] = [];
    actor.on('follow-up', ({ poptinId }) => void followUps.push(poptinId));
    actor.send({ type: 'PAGE.LOADED' });
    actor.send({ type: 'POPTIN.SKIPPED', poptinId: 'a' });
    assert.deepEqual(shown.map((s) => s.poptinId), ['a', 'b'], 'the queued one shows without waiting for a follow-up');
    assert.equal(actor.getSnapshot().context.activeModal, 'b');
    actor.send({ type: 'POPTIN.SKIPPED', poptinId: 'b' });
    assert.equal(actor.getSnapshot().context.activeModal, null);
    actor.send({ type: 'PAGE.EXIT_INTENT' });
    assert.deepEqual(shown.map((s) => s.poptinId), ['a', 'b', 'c'], 'a later modal is not held back');
    actor.send({ type: 'TEASER.OPEN', poptinId: 'a' });
    actor.send({ type: 'PAGE.CLICK', poptinIds: ['b'] });
    clock.increment(CLOSE.FOLLOW_UP_MS);
    assert.deepEqual(shown.map((s) => s.poptinId), ['a', 'b', 'c'], 'neither the teaser nor a click tries a skipped one again');
    assert.deepEqual(followUps, []);
  });

  it('the tab teaser re-opens a closed pop-up, and opens one whose trigger has not fired (which then never fires)', () => {
    const { actor, clock, shown } = start([lightbox('a', { page_load: true }), lightbox('b', { seconds: 5 })]);
    actor.send({ type: 'PAGE.LOADED' });
    actor.send(closedBy('a', 'escape'));
    actor.send({ type: 'TEASER.OPEN', poptinId: 'a' });
    assert.deepEqual(shown.at(-1), { poptinId: 'a', trigger: 'teaser' });
    actor.send({ type: 'TEASER.OPEN', poptinId: 'a' });
    assert.equal(shown.length, 2, 'not twice while it is on screen');
    actor.send(closedBy('a', 'escape'));
    actor.send({ type: 'TEASER.OPEN', poptinId: 'b' });
    assert.deepEqual(shown.at(-1), { poptinId: 'b', trigger: 'teaser' });
    actor.send(closedBy('b', 'escape'));
    clock.increment(5 * SECOND_MS);
    assert.equal(shown.filter((s) => s.poptinId === 'b').length, 1, 'its trigger was disarmed');
  });

  it('the tab teaser opens a pop-up its frequency rule holds back on this page, and not one its rules hide', async () => {
    const { actor, shown, decide } = startDeciding([withRules(lightbox('held', { page_load: true })), withRules(lightbox('hidden', { page_load: true }))]);
    decide({ held: 'click_only', hidden: 'hidden' });
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    actor.send({ type: 'PAGE.LOADED' });
    assert.deepEqual(shown, [], 'neither shows by itself');
    actor.send({ type: 'TEASER.OPEN', poptinId: 'hidden' });
    actor.send({ type: 'TEASER.OPEN', poptinId: 'held' });
    assert.deepEqual(shown, [{ poptinId: 'held', trigger: 'teaser' }]);
  });
});

describe('widgetMachine cart trigger (reported from the store chunk, issue 18)', () => {
  it('a cart trigger shows an armed pop-up once, stops its other triggers, and waits in the queue behind a modal', () => {
    const { actor, clock, shown } = start([lightbox('open', { page_load: true }), lightbox('cart', { seconds: 1 })]);
    actor.send({ type: 'PAGE.LOADED' });
    actor.send({ type: 'TRIGGER.FIRED', poptinId: 'cart', trigger: 'cart' });
    assert.deepEqual(shown, [{ poptinId: 'open', trigger: 'page_load' }], 'queued behind the open modal');
    clock.increment(SECOND_MS);
    assert.equal(shown.length, 1, 'its seconds trigger was stopped');
    actor.send(closedBy('open', 'escape'));
    assert.deepEqual(shown.at(-1), { poptinId: 'cart', trigger: 'cart' });
    actor.send(closedBy('cart', 'escape'));
    actor.send({ type: 'TRIGGER.FIRED', poptinId: 'cart', trigger: 'cart' });
    assert.equal(shown.length, 2, 'a trigger fires a pop-up once');
  });
});

describe('widgetMachine: pop-ups queued on the tab\'s page before (carried, apt_{id})', () => {
  it('a carried pop-up fires with its trigger as soon as the rules are decided, before the page has loaded and without its own trigger', async () => {
    const { actor, shown, decide } = startDeciding([lightbox('a', { click_count: 2 }), withRules(bar('b', { exit_intent: true }))], { a: 'click_count' });
    assert.deepEqual(shown, [], 'not while the rules are being decided (a pop-up without rules reads armed meanwhile)');
    decide({ b: 'show' });
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'click_count' }]);
    actor.send({ type: 'PAGE.CLICK', count: 2 });
    assert.deepEqual(shown.length, 1, 'once: its own trigger is disarmed');
  });

  it('one the rules rule out here (held back or hidden) does not fire; two carried modals take turns', async () => {
    const { actor, shown, decide } = startDeciding(
      [withRules(lightbox('held', {})), withRules(lightbox('a', {})), withRules(lightbox('b', {})), lightbox('other', {})],
      { held: 'seconds', a: 'scroll', b: 'exit_intent' },
    );
    decide({ held: 'click_only', a: 'show', b: 'show' });
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    assert.deepEqual(shown, [{ poptinId: 'a', trigger: 'scroll' }]);
    assert.deepEqual(actor.getSnapshot().context.queue, [{ poptinId: 'b', trigger: 'exit_intent' }]);
    actor.send(closedBy('a', 'submit', true));
    assert.deepEqual(shown.map((show) => show.poptinId), ['a', 'b']);
  });
});
