/**
 * `kite-widget` in real Chromium: given a start already made (the `started` property, as
 * widget.js hands it over), it arms each pop-up's triggers and mounts a `kite-poptin` when one
 * fires, one modal at a time (widget spec section 4). The display API is pointed at a port where
 * nothing listens: the viewed and closed calls fail, are logged, and the page keeps working.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { fakeClock, scrollToY, untilAtOnce, waitUntil } from '../helpers.ts';
import { ifDefined } from 'lit/directives/if-defined.js';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import '../../../components/widget/widget.element.ts';
import type { KiteWidget } from '../../../components/widget/widget.element.ts';
import type { KitePoptin } from '../../../components/poptin/poptin.element.ts';
import type { widgetMachine } from '../../../machines/widget/widget.machine.ts';
import type { triggerMachine } from '../../../machines/widget/trigger.machine.ts';
import type { WidgetEvent } from '../../../machines/widget/widget.types.ts';
import type { Block, PoptinRecord, PoptinTriggers, PoptinType } from '../../../shared/schema/poptin-record.ts';
import { CLOSE, SECOND_MS, TRIGGER } from '../../../shared/constants/widget.ts';
import { en, he } from '../../messages.ts';
import { cleanUp, cleanups, DEAD_API, newPoptinId, spyConsole, spyEvents as spyKiteEvents, startedWith, VISITOR_ID } from '../poptin/kit.ts';

const CLIENT_ID = 'client-test';
/** Generous bound for "it happens after X ms": the timer plus a dynamic import, a React render and some slack. */
const SLACK_MS = 2_000;

/** A valid record: a small pop-up with a title and an email field. */
function makeRecord(options: { triggers?: PoptinTriggers; type?: PoptinType; title?: string; extra?: Partial<PoptinRecord> } = {}): PoptinRecord {
  const id = newPoptinId('kitewdgt');
  return {
    poptin_id: id,
    poptin_name: `Offer ${id}`,
    poptin_type: options.type ?? 'lightbox',
    viewer_id: `viewer-${id}`,
    triggers: options.triggers ?? { page_load: true },
    design: {
      width: 320,
      height: 200,
      blocks: [
        { type: 'title', text: options.title ?? `Title ${id}` },
        {
          type: 'form',
          fields: [{ name: 'poptinDesignInputTextFieldEmail', kind: 'email', label: 'Email' }],
          button: { text: 'Join' },
        },
      ],
    },
    design_properties: { poptin_design_close_options_type: 'closing_options-x', poptin_design_exit_effect: 'fade' },
    ...options.extra,
  };
}

afterEach(async () => {
  await cleanUp();
  delete window.kite;
});

/** Every `kite-*` event a widget and its pop-ups send, reaching the document, timed by Date.now() (a fake clock's, if any). */
const spyEvents = () =>
  spyKiteEvents({
    types: ['kite-widget-ready', 'kite-widget-armed', 'kite-poptin-show', 'kite-poptin-close', 'kite-poptin-removed', 'kite-poptin-skip'],
    timeout: SLACK_MS,
  });

/** Places a widget with a prepared start, as widget.js does, and collects what it says. */
async function startWidget(poptins: unknown[], options: { previewId?: string | null; lang?: string } = {}) {
  const events = spyEvents();
  const started = startedWith(poptins, options.previewId);
  const widget = await fixture<KiteWidget>(
    html`<kite-widget client-id=${CLIENT_ID} api=${DEAD_API} lang=${ifDefined(options.lang)} .started=${started}></kite-widget>`,
  );
  return { widget, events };
}

/** The run's machine, read from outside as a test may: its decisions are what the page's events and the clock lead to. */
const actorOf = (widget: KiteWidget) => (widget as unknown as { actor: ActorRefFrom<typeof widgetMachine> }).actor;
const statusOf = (widget: KiteWidget, poptinId: string) => actorOf(widget).getSnapshot().context.poptins[poptinId]?.status;
/** A pop-up's trigger machine (the widget machine's child `trigger:<id>`) as it is now. */
const triggerOf = (widget: KiteWidget, poptinId: string) =>
  actorOf(widget).getSnapshot().children[`trigger:${poptinId}`]?.getSnapshot() as SnapshotFrom<typeof triggerMachine> | undefined;

const poptinsOf = (widget: Element) => [...widget.querySelectorAll<KitePoptin>('kite-poptin')];
const dialogOf = (poptin: Element | undefined) => poptin?.shadowRoot?.querySelector<HTMLElement>('[role="dialog"]') ?? null;
const titleOf = (poptin: Element | undefined) => poptin?.shadowRoot?.querySelector('[part="title"]')?.textContent ?? null;
/** The pop-ups whose dialog is on screen, by title (names, not nodes, in assertions). */
const shownTitles = (widget: Element) => poptinsOf(widget).filter((poptin) => dialogOf(poptin)).map(titleOf);

async function waitForShown(widget: Element, count = 1, timeout = SLACK_MS): Promise<KitePoptin[]> {
  await waitUntil(() => shownTitles(widget).length >= count, `expected ${count} pop-up(s) on screen`, { timeout });
  return poptinsOf(widget).filter((poptin) => dialogOf(poptin));
}

async function clickClose(poptin: Element): Promise<void> {
  const rect = poptin.shadowRoot!.querySelector('[part="close"]')!.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)] });
  cleanups.push(() => resetMouse());
}

/** The page's clock (`new Date()`) reads `ms` later from now on, until the test ends. */
function pageClockMovesOn(ms: number): void {
  const RealDate = Date;
  window.Date = class extends RealDate {
    constructor(...args: []) {
      if (args.length) super(...args);
      else super(RealDate.now() + ms);
    }
  } as DateConstructor;
  cleanups.push(() => void (window.Date = RealDate));
}

/** A page tall enough to scroll, removed after the test. */
function tallPage(): void {
  const spacer = document.createElement('div');
  spacer.style.height = `${innerHeight * 4}px`;
  document.body.append(spacer);
  cleanups.push(() => {
    spacer.remove();
    window.scrollTo(0, 0);
  });
}

describe('kite-widget', () => {
  // The widget loads the pop-up code on demand; load it once here, so the first test's timings
  // measure the widget, not the dev server transforming React and the pop-up on a cold start.
  before(async () => {
    await import('../../../components/poptin/poptin.element.ts');
  });

  it('says kite-widget-ready with how many valid pop-ups it armed', async () => {
    const { events } = await startWidget([makeRecord({ triggers: { exit_intent: true } }), makeRecord({ triggers: { exit_intent: true } })]);
    const ready = await events.next('kite-widget-ready');
    expect(ready.detail).to.deep.equal({ clientId: CLIENT_ID, poptins: 2 });
  });

  it('mounts a kite-poptin that shows on a page-load trigger', async () => {
    const warnings = spyConsole('warn');
    const record = makeRecord();
    const { widget, events } = await startWidget([record]);
    const [poptin] = await waitForShown(widget);
    expect(titleOf(poptin)).to.equal(`Title ${record.poptin_id}`);
    expect(poptin!.getAttribute('trigger')).to.equal('page_load');
    expect(poptin!.getAttribute('visitor-id')).to.equal(VISITOR_ID);
    expect(poptin!.getAttribute('client-id')).to.equal(CLIENT_ID);
    const show = await events.next('kite-poptin-show');
    expect(show.detail).to.deep.equal({ poptinId: record.poptin_id, trigger: 'page_load' });
    await waitUntil(() => poptin!.shadowRoot!.querySelector('[role="dialog"]')!.getAnimations().every((a) => a.playState !== 'running'));
    await expect(poptin).to.be.accessible();
    // The viewed call went nowhere: logged, not thrown.
    await waitUntil(() => warnings.some((warning) => warning.includes('viewed call failed')), 'the failed viewed call was not logged');
  });

  it('shows its pop-up on a page with a cookie the site set without encoding it (50%)', async () => {
    document.cookie = 'kite_test_share=50%; Path=/';
    cleanups.push(() => void (document.cookie = 'kite_test_share=; Max-Age=0; Path=/'));
    const record = makeRecord();
    const { widget } = await startWidget([record]);
    await waitForShown(widget);
    expect(shownTitles(widget)).to.deep.equal([`Title ${record.poptin_id}`]);
  });

  it('shows two modal pop-ups fired together one at a time', async () => {
    const first = makeRecord();
    const second = makeRecord();
    const { widget, events } = await startWidget([first, second]);
    const [shown] = await waitForShown(widget);
    expect(titleOf(shown)).to.equal(`Title ${first.poptin_id}`);
    expect(statusOf(widget, second.poptin_id), 'the second waits its turn').to.equal('queued');
    expect(shownTitles(widget), 'only the first is on screen').to.deep.equal([`Title ${first.poptin_id}`]);
    expect(events.of('kite-poptin-show').map((event) => event.detail.poptinId)).to.deep.equal([first.poptin_id]);

    await clickClose(shown!);
    const closed = await events.next('kite-poptin-close', CLOSE.EXIT_ANIMATION_MS + SLACK_MS);
    const next = await events.next('kite-poptin-show', SLACK_MS, 1);
    expect(next.detail).to.deep.equal({ poptinId: second.poptin_id, trigger: 'page_load' });
    expect(next.at).to.be.at.least(closed.at);
    await waitUntil(() => shownTitles(widget).join() === `Title ${second.poptin_id}`, 'the second did not show alone');
  });

  it('shows a bar alongside a modal pop-up', async () => {
    const lightbox = makeRecord();
    const bar = makeRecord({ type: 'bar' });
    const { widget } = await startWidget([lightbox, bar]);
    await waitForShown(widget, 2);
    expect(shownTitles(widget).sort()).to.deep.equal([`Title ${lightbox.poptin_id}`, `Title ${bar.poptin_id}`].sort());
  });

  /** Starts the widget with `bad` and `good`: only `good` shows, and one warning names `field`. */
  async function expectSkipped(bad: PoptinRecord, good: PoptinRecord, field: string): Promise<void> {
    const warnings = spyConsole('warn');
    const { widget, events } = await startWidget([bad, good]);
    expect((await events.next('kite-widget-ready')).detail.poptins).to.equal(1);
    await waitForShown(widget);
    expect(shownTitles(widget)).to.deep.equal([`Title ${good.poptin_id}`]);
    const skipped = warnings.filter((warning) => warning.includes('skipped'));
    expect(skipped, 'one warning for the bad record').to.have.length(1);
    expect(skipped[0]).to.contain(field);
    expect(poptinsOf(widget)).to.have.length(1);
  }

  it('skips an invalid record with one warning naming the field, and shows the valid one', async () => {
    const bad = makeRecord();
    bad.poptin_id = bad.poptin_id.slice(0, TRIGGER.POPTIN_ID_LENGTH - 1);
    await expectSkipped(bad, makeRecord(), 'poptin_id');
  });

  it('checks content blocks too (their schemas load on demand): a bad one skips its pop-up with a warning naming the field', async () => {
    const bad = makeRecord();
    bad.design!.blocks.push({ type: 'coupon' } as unknown as Block);
    const good = makeRecord();
    good.design!.blocks.push({ type: 'coupon', code: 'SAVE10' });
    await expectSkipped(bad, good, 'blocks[2].code');
  });

  it('a modal pop-up whose markup is refused when it is to show frees its place: the next one shows', async () => {
    spyConsole('warn');
    const refused = makeRecord();
    delete refused.design;
    refused.poptin = '<div><h2>No id attribute</h2></div>';
    const next = makeRecord();
    const { widget, events } = await startWidget([refused, next]);
    const skip = await events.next('kite-poptin-skip');
    expect(skip.detail).to.deep.equal({ poptinId: refused.poptin_id, reason: 'markup' });
    await waitForShown(widget);
    expect(shownTitles(widget)).to.deep.equal([`Title ${next.poptin_id}`]);
    expect(poptinsOf(widget), 'the refused one left the page').to.have.length(1);
    expect(events.of('kite-poptin-close'), 'a skip is no close').to.have.length(0);
  });

  it('a modal pop-up whose countdown date passed before its trigger fired frees its place: the next one shows', async () => {
    spyConsole('warn');
    const ends = new Date(Date.now() + 2 * 60 * SECOND_MS).toISOString();
    const expiring = makeRecord({ triggers: { exit_intent: true } });
    expiring.design!.blocks.push({ type: 'countdown', timer: { kind: 'date', date: ends.slice(0, 10), time: ends.slice(11, 16), timezone: 'UTC' } });
    const next = makeRecord({ triggers: { exit_intent: true } });
    const { widget, events } = await startWidget([expiring, next]);
    await events.next('kite-widget-armed');
    // The visitor stays past the countdown's date.
    pageClockMovesOn(10 * 60 * SECOND_MS);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null }));
    const skip = await events.next('kite-poptin-skip');
    expect(skip.detail).to.deep.equal({ poptinId: expiring.poptin_id, reason: 'invalid' });
    await waitForShown(widget);
    expect(shownTitles(widget)).to.deep.equal([`Title ${next.poptin_id}`]);
  });

  it('an embedded pop-up with no host on the page is skipped, not closed', async () => {
    const warnings = spyConsole('warn');
    const embedded = makeRecord({ type: 'embedded' });
    const { events } = await startWidget([embedded]);
    const skip = await events.next('kite-poptin-skip');
    expect(skip.detail).to.deep.equal({ poptinId: embedded.poptin_id, reason: 'no-host' });
    expect(warnings.filter((warning) => warning.includes(embedded.poptin_id))).to.have.length(1);
    expect(events.of('kite-poptin-close')).to.have.length(0);
  });

  it('preview: shows the banner and the pop-up at once, whatever its triggers', async () => {
    const record = makeRecord({ triggers: { exit_intent: true } });
    const { widget, events } = await startWidget([record], { previewId: 'preview-1' });
    await waitUntil(() => document.querySelector('[data-kite-preview]'), 'preview banner');
    const banner = document.querySelector<HTMLElement>('[data-kite-preview]');
    expect(banner?.textContent).to.equal(en.previewBanner);
    expect(banner?.getAttribute('role')).to.equal('status');
    await waitForShown(widget);
    expect((await events.next('kite-poptin-show')).detail.poptinId).to.equal(record.poptin_id);

    widget.remove();
    expect(document.querySelector('[data-kite-preview]'), 'the banner goes with the widget').to.equal(null);
  });

  it('preview banner and pop-up in Hebrew on a Hebrew widget', async () => {
    const { widget } = await startWidget([makeRecord()], { previewId: 'preview-2', lang: 'he' });
    await waitUntil(() => document.querySelector('[data-kite-preview]'), 'preview banner');
    expect(document.querySelector('[data-kite-preview]')?.textContent).to.equal(he.previewBanner);
    const [poptin] = await waitForShown(widget);
    expect(dialogOf(poptin)!.getAttribute('dir')).to.equal('rtl');
  });

  it('shows on a scroll trigger once the visitor scrolled far enough and stopped', async () => {
    tallPage();
    const clock = fakeClock();
    const record = makeRecord({ triggers: { scroll_percent: 50 } });
    const { widget, events } = await startWidget([record]);
    await events.next('kite-widget-armed');
    // Held still: the debounce runs only as the test moves the clock.
    clock.hold();

    await scrollToY((document.documentElement.scrollHeight - innerHeight) / 4);
    await clock.advance(TRIGGER.SCROLL_DEBOUNCE_MS);
    expect(statusOf(widget, record.poptin_id), 'not far enough').to.equal('armed');

    const scrolledAt = Date.now();
    await scrollToY(document.documentElement.scrollHeight);
    await clock.advance(TRIGGER.SCROLL_DEBOUNCE_MS - 1);
    expect(statusOf(widget, record.poptin_id), 'not before the visitor stopped for SCROLL_DEBOUNCE_MS').to.equal('armed');
    await clock.advance(1);
    expect(statusOf(widget, record.poptin_id)).to.equal('shown');
    const show = await events.next('kite-poptin-show');
    expect(show.detail).to.deep.equal({ poptinId: record.poptin_id, trigger: 'scroll' });
    expect(show.at - scrolledAt).to.be.at.least(TRIGGER.SCROLL_DEBOUNCE_MS);
    await waitForShown(widget);
  });

  it('does not show when the visitor scrolled past the share and back above it before stopping', async () => {
    tallPage();
    const clock = fakeClock();
    const record = makeRecord({ triggers: { scroll_percent: 50 } });
    const { widget, events } = await startWidget([record]);
    await events.next('kite-widget-armed');
    clock.hold();
    await scrollToY(document.documentElement.scrollHeight);
    expect(triggerOf(widget, record.poptin_id)?.matches({ armed: { scroll: 'settling' } }), 'the scroll past the share was heard').to.be.true;
    await scrollToY(0);
    await clock.advance(TRIGGER.SCROLL_DEBOUNCE_MS);
    expect(statusOf(widget, record.poptin_id)).to.equal('armed');
    expect(poptinsOf(widget)).to.have.length(0);
  });

  it('shows on exit intent when the mouse leaves through the top', async () => {
    const record = makeRecord({ triggers: { exit_intent: true } });
    const { widget, events } = await startWidget([record]);
    await events.next('kite-widget-armed');
    // Moving between elements is no exit.
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: document.body }));
    expect(statusOf(widget, record.poptin_id)).to.equal('armed');
    expect(poptinsOf(widget)).to.have.length(0);

    document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null }));
    const show = await events.next('kite-poptin-show');
    expect(show.detail).to.deep.equal({ poptinId: record.poptin_id, trigger: 'exit_intent' });
    await waitForShown(widget);
  });

  it('shows on a seconds trigger after that many seconds', async () => {
    const seconds = 1;
    const record = makeRecord({ triggers: { seconds } });
    const clock = fakeClock();
    // Held still from the start: the count runs only as the test moves the clock.
    clock.hold();
    const startedAt = Date.now();
    const { widget, events } = await startWidget([record]);
    await events.next('kite-widget-armed');
    await clock.advance(seconds * SECOND_MS - 1);
    expect(statusOf(widget, record.poptin_id), 'not before that many seconds').to.equal('armed');
    await clock.advance(1);
    const show = await events.next('kite-poptin-show');
    expect(show.detail).to.deep.equal({ poptinId: record.poptin_id, trigger: 'seconds' });
    expect(show.at - startedAt).to.be.at.least(seconds * SECOND_MS);
    await waitForShown(widget);
  });

  it('shows on an inactivity trigger that long after the last scroll, click or key, not before', async () => {
    tallPage();
    const seconds = 1;
    const clock = fakeClock();
    const activities = [
      () => scrollToY(scrollY + innerHeight / 2),
      () => document.body.click(),
      () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })),
    ];
    // The activity is timed by the page's real clock (an event's timeStamp): so is the show.
    const shows = spyKiteEvents({ types: ['kite-poptin-show'], now: () => performance.now() });
    // One widget per kind of activity, so each is the only activity its widget saw: the wait runs
    // out on the clock right after it, and the machine must find the visitor active.
    let last: { widget: KiteWidget; record: PoptinRecord } | undefined;
    let lastActivityAt = 0;
    for (const activity of activities) {
      last?.widget.remove();
      const record = makeRecord({ triggers: { inactivity_seconds: seconds } });
      const { widget, events } = await startWidget([record]);
      await events.next('kite-widget-armed');
      // Taken before: the event's time stamp is no earlier.
      lastActivityAt = performance.now();
      await activity();
      await clock.advance(seconds * SECOND_MS);
      expect(triggerOf(widget, record.poptin_id)?.matches({ armed: { inactivity: 'resting' } }), 'the wait ran out and found activity').to.be.true;
      expect(statusOf(widget, record.poptin_id), 'not while the visitor is active').to.equal('armed');
      last = { widget, record };
    }
    const show = await shows.next('kite-poptin-show', seconds * SECOND_MS + SLACK_MS);
    expect(show.detail).to.deep.equal({ poptinId: last!.record.poptin_id, trigger: 'inactivity' });
    expect(show.at - lastActivityAt).to.be.at.least(seconds * SECOND_MS);
    await waitForShown(last!.widget);
  });

  it('requests no animation frame for the page events its triggers watch: a handler does its small work itself', async () => {
    tallPage();
    const triggers = { scroll_percent: 90, inactivity_seconds: 600, click_count: 100, exit_intent: true };
    const { events } = await startWidget([makeRecord({ triggers })]);
    await events.next('kite-widget-armed');
    const requestFrame = window.requestAnimationFrame;
    let requested = 0;
    window.requestAnimationFrame = (callback) => (requested++, requestFrame.call(window, callback));
    cleanups.push(() => void (window.requestAnimationFrame = requestFrame));
    for (let step = 1; step <= 3; step++) {
      document.dispatchEvent(new MouseEvent('mousemove', { clientX: step, clientY: step }));
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      document.dispatchEvent(new MouseEvent('mouseout', { clientY: 10, relatedTarget: document.body }));
      document.body.click();
      window.scrollBy(0, innerHeight / 4);
      await new Promise((resolve) => requestFrame.call(window, resolve));
    }
    expect(requested).to.equal(0);
    expect(events.of('kite-poptin-show')).to.have.length(0);
  });

  it('once a trigger fired, the listeners only it needed go; those the armed ones need stay', async () => {
    // The listeners on window and document, by target and type, as added and not removed.
    const live = new Set<string>();
    const { addEventListener: add, removeEventListener: remove } = EventTarget.prototype;
    const ids = new Map<unknown, number>();
    const keyOf = (target: EventTarget, type: string, listener: unknown, options?: boolean | EventListenerOptions) => {
      if (target !== window && target !== document) return null;
      const capture = typeof options === 'boolean' ? options : Boolean(options?.capture);
      return [target === window ? 'window' : 'document', type, capture, ids.get(listener) ?? ids.set(listener, ids.size).get(listener)].join(' ');
    };
    EventTarget.prototype.addEventListener = function (type, listener, options) {
      const key = keyOf(this, type, listener, options);
      if (key) live.add(key);
      return add.call(this, type, listener, options);
    };
    EventTarget.prototype.removeEventListener = function (type, listener, options) {
      const key = keyOf(this, type, listener, options);
      if (key) live.delete(key);
      return remove.call(this, type, listener, options);
    };
    cleanups.push(() => void Object.assign(EventTarget.prototype, { addEventListener: add, removeEventListener: remove }));
    const count = (target: string, type: string) => [...live].filter((key) => key.startsWith(`${target} ${type} `)).length;

    tallPage();
    const exit = makeRecord({ type: 'bar', triggers: { exit_intent: true } });
    const scroll = makeRecord({ type: 'bar', triggers: { scroll_percent: 90 } });
    const { widget, events } = await startWidget([exit, scroll]);
    await events.next('kite-widget-armed');
    expect(count('document', 'mouseout'), 'exit intent armed').to.equal(1);
    expect(count('window', 'scroll'), 'scroll armed').to.equal(1);

    document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null }));
    await events.next('kite-poptin-show');
    expect(count('document', 'mouseout'), 'exit intent fired').to.equal(0);
    expect(count('window', 'scroll'), 'scroll still armed').to.equal(1);

    window.scrollTo(0, document.documentElement.scrollHeight);
    await events.next('kite-poptin-show', TRIGGER.SCROLL_DEBOUNCE_MS + SLACK_MS, 1);
    expect(count('window', 'scroll'), 'scroll fired').to.equal(0);
    await waitForShown(widget, 2);
  });

  it('shows on a click-count trigger at the Nth click; the clicks before it are counted, not sent to the machine', async () => {
    const clickCount = 3;
    const record = makeRecord({ triggers: { click_count: clickCount } });
    const { widget, events } = await startWidget([record]);
    await events.next('kite-widget-armed');
    // What the page sends the run's machine is the point.
    const actor = actorOf(widget);
    const sent: WidgetEvent[] = [];
    const send = actor.send.bind(actor);
    actor.send = (event) => (sent.push(event), send(event));
    const clickCounts = () => sent.flatMap((event) => (event.type === 'PAGE.CLICK' ? [event.count] : []));
    for (let click = 1; click < clickCount; click++) document.body.click();
    expect(clickCounts()).to.have.length(0);
    document.body.click();
    expect(clickCounts()).to.deep.equal([clickCount]);
    const show = await events.next('kite-poptin-show');
    expect(show.detail).to.deep.equal({ poptinId: record.poptin_id, trigger: 'click_count' });
    await waitForShown(widget);
  });

  it('removes the kite-poptin once it closed and its removal delay passed', async () => {
    const clock = fakeClock();
    const warnings = spyConsole('warn');
    const record = makeRecord();
    const { widget, events } = await startWidget([record]);
    const [poptin] = await waitForShown(widget);
    // Held still from the click: the exit and the removal delay run only as the test moves the clock.
    clock.hold();
    await clickClose(poptin!);
    await clock.advance(CLOSE.EXIT_ANIMATION_MS);
    await untilAtOnce(clock, () => events.of('kite-poptin-close').length, 'not closed after the exit animation');
    const [closed] = events.of('kite-poptin-close');
    await clock.advance(CLOSE.REMOVE_MS - 1);
    expect(poptinsOf(widget), 'still in the page during the removal delay').to.have.length(1);
    expect(events.of('kite-poptin-removed').length).to.equal(0);
    await clock.advance(1);
    await untilAtOnce(clock, () => events.of('kite-poptin-removed').length, 'not removed after the removal delay');
    const [removed] = events.of('kite-poptin-removed');
    expect(removed!.at - closed!.at).to.be.at.least(CLOSE.REMOVE_MS);
    await waitUntil(() => poptinsOf(widget).length === 0, 'the kite-poptin is still there');
    // The closed call went nowhere: logged, not thrown.
    await waitUntil(() => warnings.some((warning) => warning.includes('closed call failed')), 'the failed closed call was not logged');
  });

  it('stops when removed: triggers no longer fire', async () => {
    const record = makeRecord({ triggers: { exit_intent: true } });
    const { widget, events } = await startWidget([record]);
    await events.next('kite-widget-armed');
    const run = actorOf(widget);
    widget.remove();
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null }));
    // A trigger that fired would have shown its pop-up in the machine at once.
    expect(run.getSnapshot().status, 'the run stopped').to.equal('stopped');
    expect(run.getSnapshot().context.poptins[record.poptin_id]?.status).to.equal('armed');
    expect(events.of('kite-poptin-show')).to.have.length(0);
    expect(poptinsOf(widget)).to.have.length(0);
  });

  it('put back in the page, it does not show again a pop-up already shown, and keeps the others armed', async () => {
    const clock = fakeClock();
    const first = makeRecord();
    const later = makeRecord({ triggers: { exit_intent: true } });
    const { widget, events } = await startWidget([first, later]);
    const [poptin] = await waitForShown(widget);
    await clickClose(poptin!);
    await events.next('kite-poptin-close', CLOSE.EXIT_ANIMATION_MS + SLACK_MS);

    // Moved elsewhere in the page (as a single-page app may do): disconnected, then connected again.
    const parent = widget.parentElement!;
    widget.remove();
    parent.append(widget);
    await events.next('kite-widget-armed', SLACK_MS, 1);
    expect(Object.keys(actorOf(widget).getSnapshot().context.poptins), 'the second run arms only the one not shown').to.deep.equal([later.poptin_id]);
    expect(events.of('kite-poptin-show').map((event) => event.detail.poptinId), 'the first does not show twice').to.deep.equal([first.poptin_id]);

    document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null }));
    const show = await events.next('kite-poptin-show', SLACK_MS, 1);
    expect(show.detail.poptinId).to.equal(later.poptin_id);
    // One close reaches one widget: the listeners of the first run are gone.
    const [shown] = await waitForShown(widget);
    await clickClose(shown!);
    await events.next('kite-poptin-close', CLOSE.EXIT_ANIMATION_MS + SLACK_MS, 1);
    // What comes after a dismissal waits for the follow-up: past it, nothing is on screen or waiting.
    await clock.advance(CLOSE.FOLLOW_UP_MS);
    const { activeModal, queue } = actorOf(widget).getSnapshot().context;
    expect({ activeModal, queue }).to.deep.equal({ activeModal: null, queue: [] });
    expect(events.of('kite-poptin-show')).to.have.length(2);
  });

  it('warns once and does nothing without a client-id or a start', async () => {
    const warnings = spyConsole('warn');
    const widget = await fixture<KiteWidget>(html`<kite-widget></kite-widget>`);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('client-id');
    expect(poptinsOf(widget)).to.have.length(0);
  });

  it('mounts the tab teaser of a record with teasers on (its code fetched only then), in the page language', async () => {
    const record = makeRecord({ triggers: { click_count: 50 }, extra: { is_teasers_on: true, teaser: { display_mode: 'always', label: 'Get 10% off' } } });
    const { widget } = await startWidget([record, makeRecord({ triggers: { click_count: 50 } })], { lang: 'he' });
    await waitUntil(() => widget.querySelector('kite-tab-teaser'), 'no teaser');
    const teasers = [...widget.querySelectorAll('kite-tab-teaser')];
    expect(teasers.map((teaser) => [teaser.getAttribute('poptin-id'), teaser.getAttribute('display-mode'), teaser.getAttribute('label'), teaser.getAttribute('lang')])).to.deep.equal([
      [record.poptin_id, 'always', 'Get 10% off', 'he'],
    ]);
  });

  it('mounts a teaser once the display rules are decided, and none for a pop-up they hide (its tab would open nothing)', async () => {
    const onlyFor = (plan: string) => ({ display_if_specific_js_active: true, js_name_pair: ['kiteTestPlan'], js_value_pair: [plan], js_show_pair: ['show@equals'] });
    const teaser = { is_teasers_on: true, teaser: { display_mode: 'before_show' as const } };
    (window as unknown as { kiteTestPlan?: string }).kiteTestPlan = 'pro';
    cleanups.push(() => void delete (window as unknown as { kiteTestPlan?: string }).kiteTestPlan);
    // The hidden one first: had it a tab, that tab would come first.
    const hidden = makeRecord({ triggers: { click_count: 50 }, extra: { ...teaser, js_filter: onlyFor('free') } });
    const shown = makeRecord({ triggers: { click_count: 50 }, extra: { ...teaser, js_filter: onlyFor('pro') } });
    const { widget, events } = await startWidget([hidden, shown]);
    const armed = await events.next('kite-widget-armed');
    expect(armed.detail.hidden).to.deep.equal([hidden.poptin_id]);
    await waitUntil(() => widget.querySelector('kite-tab-teaser'), 'no teaser');
    expect([...widget.querySelectorAll('kite-tab-teaser')].map((tab) => tab.getAttribute('poptin-id'))).to.deep.equal([shown.poptin_id]);
  });

  it('the tab of a pop-up that is skipped goes with it (it would open nothing)', async () => {
    spyConsole('warn');
    const ends = new Date(Date.now() + 2 * 60 * SECOND_MS).toISOString();
    const expiring = makeRecord({ triggers: { exit_intent: true }, extra: { is_teasers_on: true, teaser: { display_mode: 'always' } } });
    expiring.design!.blocks.push({ type: 'countdown', timer: { kind: 'date', date: ends.slice(0, 10), time: ends.slice(11, 16), timezone: 'UTC' } });
    const other = makeRecord({ triggers: { click_count: 50 }, extra: { is_teasers_on: true, teaser: { display_mode: 'always' } } });
    const { widget, events } = await startWidget([expiring, other]);
    await waitUntil(() => widget.querySelectorAll('kite-tab-teaser').length === 2, 'the two tabs');
    await waitUntil(() => [...widget.querySelectorAll('kite-tab-teaser')].every((tab) => tab.shadowRoot?.querySelector('[part="base"]')), 'the two tabs on screen');
    // The visitor stays past the countdown's date, then leaves the window.
    pageClockMovesOn(10 * 60 * SECOND_MS);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null }));
    expect((await events.next('kite-poptin-skip')).detail).to.deep.equal({ poptinId: expiring.poptin_id, reason: 'invalid' });
    const tabsOnScreen = () => [...widget.querySelectorAll('kite-tab-teaser')].filter((tab) => tab.shadowRoot?.querySelector('[part="base"]')).map((tab) => tab.getAttribute('poptin-id'));
    await waitUntil(() => tabsOnScreen().length === 1, 'the skipped pop-up\'s tab still shows');
    expect(tabsOnScreen()).to.deep.equal([other.poptin_id]);
  });

  it('a record with client_restriction_setting.upgrade_popup shows the upgrade pop-up in its place when it is due, and frees the slot', async () => {
    const limited = makeRecord({ extra: { client_restriction_setting: { upgrade_popup: { id: 'upgrade-1' } } } as Partial<PoptinRecord> });
    const { widget, events } = await startWidget([limited]);
    await waitUntil(() => widget.querySelector('[data-kite-upgrade]'), 'no upgrade pop-up');
    expect(poptinsOf(widget), 'not the pop-up itself').to.have.length(0);
    expect(statusOf(widget, limited.poptin_id)).to.not.equal('shown');
    expect(actorOf(widget).getSnapshot().context.activeModal).to.equal(null);
    expect(events.of('kite-poptin-show')).to.have.length(0);
  });
});

