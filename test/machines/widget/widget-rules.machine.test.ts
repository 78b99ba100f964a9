// The display rules of widget spec sections 3 "Filters" and 4 "Display frequency rules" (issue 4
// items 2 and 3), decided by the widget machine from the facts the element feeds in. Each page
// view is a fresh machine, as on a real site; the seen cookie a shown pop-up leaves is written
// into the test's cookie jar exactly as the element writes it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { widgetMachine } from '../../../machines/widget/widget.machine.ts';
import type { ArmedPoptin, Verdicts, WidgetEmitted } from '../../../machines/widget/widget.types.ts';
import { decide, readPath, type DecideInput, type DisplayRules, type VisitFacts } from '../../../shared/logic/display-rules.ts';
import { seenCookieDays, seenCookieValue } from '../../../shared/widget/session.ts';
import { COOKIE, SECOND_MS, STORAGE_KEY } from '../../../shared/constants/widget.ts';
import { FREQUENCY } from '../../../shared/constants/frequency.ts';

const DAY_MS = COOKIE.SECONDS_PER_DAY * SECOND_MS;
type Armed = Extract<WidgetEmitted, { type: 'armed' }>;

/** A visitor: a cookie jar, the session and visit they are in, and the time. */
class Visitor {
  cookies: Record<string, string> = {};
  sessionId = 'session-1';
  visit = 1;
  now = Date.UTC(2025, 0, 1);
  returning = false;

  facts(): VisitFacts {
    return { now: this.now, cookies: { ...this.cookies }, sessionId: this.sessionId, visit: this.visit, returning: this.returning };
  }
  newSession(): void {
    this.sessionId = `session-${++this.visit}`;
    this.returning = true;
  }
  /**
   * One page view: the widget machine decides, the page loads, and every pop-up shown leaves its
   * seen cookie. `root` and `adblock` are the page's globals and the probe's answer.
   */
  async page(poptins: ArmedPoptin[], options: { root?: unknown; adblock?: boolean; probes?: string[] } = {}) {
    const clock = new SimulatedClock();
    const machine = widgetMachine.provide({
      actors: {
        decide: fromPromise(({ input }: { input: DecideInput }) =>
          decide({
            ...input,
            root: options.root,
            probeAdblock: async () => {
              options.probes?.push('probe');
              return options.adblock ?? false;
            },
          }),
        ),
      },
    });
    const actor = createActor(machine, { clock, input: { poptins, facts: this.facts() } });
    const shown: string[] = [];
    let armed: Armed | null = null;
    actor.on('armed', (event) => void (armed = event));
    actor.on('show', ({ poptinId }) => {
      shown.push(poptinId);
      const poptin = poptins.find((p) => p.poptinId === poptinId)!;
      this.cookies[STORAGE_KEY.SEEN_PREFIX + poptinId] = seenCookieValue(this.now, this.sessionId, this.visit, poptin.embedded ?? false);
    });
    actor.start();
    actor.send({ type: 'PAGE.LOADED' }); // may arrive while the rules are being decided: it is remembered
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    return { actor, shown, armed: armed! };
  }
}

const onLoad = (poptinId: string, rules: DisplayRules = {}, extra: Partial<ArmedPoptin> = {}): ArmedPoptin => ({
  poptinId,
  modal: false,
  triggers: { page_load: true },
  rules,
  ...extra,
});
const rule = (name: string, audience = 'all') => `${audience}${FREQUENCY.AUDIENCE_SEPARATOR}${name}`;

describe('display frequency (d_f_r)', () => {
  it('every time on every page: shows on every page', async () => {
    const visitor = new Visitor();
    const poptin = onLoad('a', { d_f_r: rule(`${FREQUENCY.EVERYTIME}_5`) });
    for (let page = 0; page < 3; page++) assert.deepEqual((await visitor.page([poptin])).shown, ['a']);
  });

  it('once per visitor session: not again in the session; again in the next one', async () => {
    const visitor = new Visitor();
    const poptin = onLoad('a', { d_f_r: rule(FREQUENCY.ONCE_PER_SESSION) });
    assert.deepEqual((await visitor.page([poptin])).shown, ['a']);
    const second = await visitor.page([poptin]);
    assert.deepEqual(second.shown, []);
    assert.deepEqual(second.armed.clickOnly, ['a'], 'held back, but a click on its id still opens it');
    visitor.newSession();
    assert.deepEqual((await visitor.page([poptin])).shown, ['a']);
  });

  it('once a day: not again within 24 hours', async () => {
    const visitor = new Visitor();
    const poptin = onLoad('a', { d_f_r: rule(FREQUENCY.ONCE_A_DAY) });
    assert.deepEqual((await visitor.page([poptin])).shown, ['a']);
    visitor.newSession();
    visitor.now += DAY_MS - 1;
    assert.deepEqual((await visitor.page([poptin])).shown, []);
    visitor.now += 1;
    assert.deepEqual((await visitor.page([poptin])).shown, ['a']);
  });

  it('once every few days: not again within N days; the seen cookie lives that long', async () => {
    const visitor = new Visitor();
    const d_f_r = rule(`${FREQUENCY.EVERY_DAYS}_3`);
    const poptin = onLoad('a', { d_f_r });
    assert.equal(seenCookieDays(d_f_r), 3);
    assert.deepEqual((await visitor.page([poptin])).shown, ['a']);
    visitor.now += 3 * DAY_MS - 1;
    assert.deepEqual((await visitor.page([poptin])).shown, []);
    visitor.now += 1;
    assert.deepEqual((await visitor.page([poptin])).shown, ['a']);
  });

  it('once every few visits: shows on visit 1, not 2, again on 3', async () => {
    const visitor = new Visitor();
    const d_f_r = rule(`${FREQUENCY.EVERY_VISITS}_2`);
    const poptin = onLoad('a', { d_f_r });
    assert.equal(seenCookieDays(d_f_r), COOKIE.LAST_VISIT_DAYS, 'kept as long as the visits are counted');
    assert.deepEqual((await visitor.page([poptin])).shown, ['a']);
    assert.deepEqual((await visitor.page([poptin])).shown, [], 'same visit');
    visitor.newSession();
    assert.deepEqual((await visitor.page([poptin])).shown, [], 'visit 2');
    visitor.newSession();
    assert.deepEqual((await visitor.page([poptin])).shown, ['a'], 'visit 3');
  });

  it('audiences: new visitors only, returning visitors only', async () => {
    const visitor = new Visitor();
    const forNew = onLoad('n', { d_f_r: rule(FREQUENCY.EVERYTIME, 'new') });
    const forReturning = onLoad('r', { d_f_r: rule(FREQUENCY.EVERYTIME, 'returning') });
    const first = await visitor.page([forNew, forReturning]);
    assert.deepEqual(first.shown, ['n']);
    assert.deepEqual(first.armed.hidden, ['r']);
    visitor.newSession();
    assert.deepEqual((await visitor.page([forNew, forReturning])).shown, ['r']);
  });

  it('an unknown rule shows the pop-up (a newer rule never hides one by mistake)', async () => {
    const visitor = new Visitor();
    const poptin = onLoad('a', { d_f_r: 'all@display_on_full_moon_3' });
    assert.deepEqual((await visitor.page([poptin])).shown, ['a']);
    assert.deepEqual((await visitor.page([poptin])).shown, ['a']);
  });

  it('a click opens a pop-up its frequency rule holds back, but not one a filter hides', async () => {
    const visitor = new Visitor();
    visitor.cookies[STORAGE_KEY.SEEN_PREFIX + 'kiteheldback1'] = seenCookieValue(visitor.now, visitor.sessionId, 1, false);
    const held = onLoad('kiteheldback1', { d_f_r: rule(FREQUENCY.ONCE_PER_SESSION) });
    const filtered = onLoad('kitefiltered1', { cookie_filter: { display_if_specific_cookie_active: true, rules: [{ name: 'vip', show: 'show@exists' }] } });
    const { actor, shown } = await visitor.page([held, filtered]);
    assert.deepEqual(shown, []);
    actor.send({ type: 'PAGE.CLICK', poptinIds: ['kiteheldback1', 'kitefiltered1'] });
    assert.deepEqual(shown, ['kiteheldback1']);
  });
});

describe('filter: stop_showing_to_converted_users', () => {
  it('a visitor with the conversion cookie does not see it, decided without loading the rules', () => {
    const actor = createActor(widgetMachine, {
      clock: new SimulatedClock(),
      input: {
        poptins: [onLoad('a', { stop_showing_to_converted_users: true }), onLoad('b', { stop_showing_to_converted_users: false })],
        facts: { now: 0, cookies: { [`${STORAGE_KEY.CONVERSION_PREFIX}a`]: '1', [`${STORAGE_KEY.CONVERSION_PREFIX}b`]: '1' }, sessionId: 's', visit: 1, returning: false },
      },
    });
    const shown: string[] = [];
    actor.on('show', ({ poptinId }) => void shown.push(poptinId));
    actor.start();
    assert.ok(actor.getSnapshot().matches('running'), 'no asynchronous decision');
    actor.send({ type: 'PAGE.LOADED' });
    assert.deepEqual(shown, ['b']);
  });
});

describe('filter: engagement_with_other_poptin_filter', () => {
  const ENGAGED = {
    seen: STORAGE_KEY.SEEN_PREFIX,
    closed: STORAGE_KEY.CLOSED_X_PREFIX,
    converted: STORAGE_KEY.CONVERSION_PREFIX,
  } as const;

  for (const action of ['seen', 'closed', 'converted'] as const) {
    it(`show|${action}|other|{id} and not|${action}|other|{id}`, async () => {
      const visitor = new Visitor();
      const show = onLoad('s', { engagement_with_other_poptin_filter: `show|${action}|other|kiteother0001` });
      const not = onLoad('n', { engagement_with_other_poptin_filter: `not|${action}|other|kiteother0001` });
      assert.deepEqual((await visitor.page([show, not])).shown, ['n'], 'before');
      visitor.cookies[ENGAGED[action] + 'kiteother0001'] =
        action === 'seen' ? seenCookieValue(visitor.now, visitor.sessionId, 1, false) : '1';
      assert.deepEqual((await visitor.page([show, not])).shown, ['s'], 'after');
    });
  }

  it('show|not_seen|...: only to visitors who have not seen the other pop-up', async () => {
    const visitor = new Visitor();
    const poptin = onLoad('a', { engagement_with_other_poptin_filter: 'show|not_seen|other|kiteother0001' });
    assert.deepEqual((await visitor.page([poptin])).shown, ['a']);
    visitor.cookies[STORAGE_KEY.SEEN_PREFIX + 'kiteother0001'] = seenCookieValue(visitor.now, visitor.sessionId, 1, false);
    assert.deepEqual((await visitor.page([poptin])).shown, []);
  });

  it('any embedded / any other: the kind comes from the seen cookie, else from the page; the pop-up itself does not count', async () => {
    const visitor = new Visitor();
    const afterEmbedded = onLoad('a', { engagement_with_other_poptin_filter: 'show|seen|embedded|any' });
    const afterOther = onLoad('b', { engagement_with_other_poptin_filter: 'show|seen|other|any' });
    assert.deepEqual((await visitor.page([afterEmbedded, afterOther])).shown, [], 'nothing seen yet');
    // Now an embedded pop-up is seen (its own seen cookie says embedded).
    visitor.cookies[STORAGE_KEY.SEEN_PREFIX + 'kiteembedded1'] = seenCookieValue(visitor.now, visitor.sessionId, 1, true);
    const second = await visitor.page([afterEmbedded, afterOther]);
    assert.deepEqual(second.shown, ['a']);
    // b showing (seen cookie of b) does not satisfy b's own filter; a's seen cookie (other) does.
    const third = await visitor.page([afterEmbedded, afterOther]);
    assert.deepEqual(third.shown, ['a', 'b']);
  });

  it('converted on any other pop-up: an old marker without kind counts by the page\'s records', async () => {
    const visitor = new Visitor();
    visitor.cookies[STORAGE_KEY.CONVERSION_PREFIX + 'kiteembedded1'] = '1';
    const poptin = onLoad('a', { engagement_with_other_poptin_filter: 'show|converted|embedded|any' });
    const embedded = onLoad('kiteembedded1', {}, { triggers: {}, embedded: true });
    assert.deepEqual((await visitor.page([poptin, embedded])).shown, ['a']);
    assert.deepEqual((await visitor.page([poptin])).shown, [], 'unknown kind counts as other');
  });

  it('a malformed filter does not hide the pop-up', async () => {
    const visitor = new Visitor();
    for (const filter of ['maybe|seen|other|any', 'show|liked|other|any', 'show|seen', '']) {
      assert.deepEqual((await visitor.page([onLoad('a', { engagement_with_other_poptin_filter: filter })])).shown, ['a'], filter);
    }
  });
});

describe('filter: cookie_filter', () => {
  const filtered = (rules: Array<{ name: string; value?: string; show?: string }>, active = true) =>
    onLoad('a', { cookie_filter: { display_if_specific_cookie_active: active, rules } });

  it('show@equals (the default), show@contains, show@exists, hide@...', async () => {
    const visitor = new Visitor();
    visitor.cookies = { plan: 'pro-annual', lang: 'he' };
    const cases: Array<[Array<{ name: string; value?: string; show?: string }>, boolean]> = [
      [[{ name: 'lang', value: 'he' }], true],
      [[{ name: 'lang', value: 'en' }], false],
      [[{ name: 'plan', value: 'pro', show: 'show@equals' }], false],
      [[{ name: 'plan', value: 'pro', show: 'show@contains' }], true],
      [[{ name: 'plan', show: 'show@exists' }], true],
      [[{ name: 'missing', show: 'show@exists' }], false],
      [[{ name: 'missing', show: 'hide@exists' }], true],
      [[{ name: 'lang', value: 'he', show: 'hide@equals' }], false],
      [[{ name: 'lang', value: 'he' }, { name: 'plan', value: 'pro', show: 'show@contains' }], true],
      [[{ name: 'lang', value: 'he' }, { name: 'plan', value: 'free', show: 'show@contains' }], false],
      [[{ name: '__proto__', show: 'show@exists' }], false],
    ];
    for (const [rules, expected] of cases) {
      assert.deepEqual((await visitor.page([filtered(rules)])).shown, expected ? ['a'] : [], JSON.stringify(rules));
    }
  });

  it('applies only when display_if_specific_cookie_active is on', async () => {
    const visitor = new Visitor();
    assert.deepEqual((await visitor.page([filtered([{ name: 'vip', show: 'show@exists' }], false)])).shown, ['a']);
  });
});

describe('filter: js_filter', () => {
  const root = {
    dataLayer: [{ user: { plan: 'pro', trial: false } }],
    shop: { customer: { tags: 'wholesale,vip' } },
    fn: Object.assign(() => 'x', { version: 2 }),
  };
  const filtered = (names: string[], values: string[], shows: string[], active = true) =>
    onLoad('a', { js_filter: { display_if_specific_js_active: active, js_name_pair: names, js_value_pair: values, js_show_pair: shows } });

  it('reads global values by path and compares them', async () => {
    const visitor = new Visitor();
    const cases: Array<[Parameters<typeof filtered>, boolean]> = [
      [[['dataLayer.0.user.plan'], ['pro'], ['show@equals']], true],
      [[['dataLayer.0.user.trial'], ['false'], ['show@equals']], true],
      [[['shop.customer.tags'], ['vip'], ['show@contains']], true],
      [[['shop.customer'], [''], ['show@exists']], true],
      [[['shop.customer'], ['[object Object]'], ['show@equals']], false],
      [[['shop.missing.deep'], [''], ['hide@exists']], true],
      [[['fn.version'], ['2'], ['show@equals']], true],
      [[['dataLayer.0.user.plan', 'shop.customer.tags'], ['pro', 'retail'], ['show@equals', 'show@contains']], false],
    ];
    for (const [args, expected] of cases) {
      assert.deepEqual((await visitor.page([filtered(...args)], { root })).shown, expected ? ['a'] : [], JSON.stringify(args));
    }
  });

  it('never walks into prototypes nor evaluates code', async () => {
    const visitor = new Visitor();
    for (const path of ['constructor.name', 'shop.__proto__.polluted', 'dataLayer.constructor', 'shop.customer.prototype', "alert('x')", 'a..b', 'a.b.c.d.e.f.g.h.i']) {
      assert.equal(readPath(root, path), undefined, path);
      assert.deepEqual((await visitor.page([filtered([path], [''], ['show@exists'])], { root })).shown, [], path);
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('applies only when display_if_specific_js_active is on', async () => {
    const visitor = new Visitor();
    assert.deepEqual((await visitor.page([filtered(['nothing'], ['x'], ['show@equals'], false)], { root })).shown, ['a']);
  });
});

describe('filter: display_if_adblock_active', () => {
  it('shows only when the probe finds an ad blocker; probes only when a pop-up asks', async () => {
    const visitor = new Visitor();
    const probes: string[] = [];
    const poptin = onLoad('a', { display_if_adblock_active: true });
    assert.deepEqual((await visitor.page([poptin], { adblock: false, probes })).shown, []);
    assert.deepEqual((await visitor.page([poptin], { adblock: true, probes })).shown, ['a']);
    assert.equal(probes.length, 2);
    await visitor.page([onLoad('b', { d_f_r: rule(FREQUENCY.ONCE_A_DAY) })], { adblock: true, probes });
    assert.equal(probes.length, 2, 'no probe for a pop-up without the setting');
  });
});

describe('rules and the machine', () => {
  it('a page-load pop-up without rules shows at once; one with rules once they are decided', async () => {
    const visitor = new Visitor();
    const { shown, armed } = await visitor.page([onLoad('plain'), onLoad('ruled', { d_f_r: rule(FREQUENCY.ONCE_A_DAY) })]);
    assert.deepEqual(shown, ['plain', 'ruled']);
    assert.deepEqual(armed, { type: 'armed', armed: ['plain', 'ruled'], clickOnly: [], hidden: [] });
  });

  it('when the rules cannot be decided, pop-ups with rules stay hidden and the rest show', async () => {
    const machine = widgetMachine.provide({ actors: { decide: fromPromise<Verdicts, DecideInput>(async () => Promise.reject(new Error('offline'))) } });
    const actor = createActor(machine, {
      clock: new SimulatedClock(),
      input: { poptins: [onLoad('plain'), onLoad('ruled', { d_f_r: rule(FREQUENCY.ONCE_A_DAY) })] },
    });
    const shown: string[] = [];
    actor.on('show', ({ poptinId }) => void shown.push(poptinId));
    actor.start();
    actor.send({ type: 'PAGE.LOADED' });
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    assert.deepEqual(shown, ['plain']);
  });
});
