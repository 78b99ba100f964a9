import { emit, enqueueActions, fromPromise, setup } from 'xstate';
import { CLOSE, FREQUENCY_EVERYTIME, SPA, STORAGE_KEY } from '../../shared/constants/widget.ts';
import type { DecideInput } from '../../shared/logic/display-rules.ts';
import type { PoptinTriggers } from '../../shared/schema/poptin-record.ts';
import { triggerMachine } from './trigger.machine.ts';
import type { ArmedPoptin, TriggerName, Verdicts, WidgetContext, WidgetEmitted, WidgetEvent, WidgetInput, WidgetPoptin } from './widget.types.ts';

const triggerId = (poptinId: string) => `trigger:${poptinId}`;

/** Closes by the visitor's dismissal: X, cancel and background click (widget spec section 4). */
const DISMISSALS = new Set(['x_click', 'cancel_click', 'bg_click']);

/** The everytime-everypage rule, with or without the audience `all` and a number: no rule to decide. */
const EVERYTIME_RULE = new RegExp(`^(all${FREQUENCY_EVERYTIME.AUDIENCE_SEPARATOR})?${FREQUENCY_EVERYTIME.EVERYTIME}(_\\d+)?$`);

/**
 * Whether a pop-up has display rules the (lazily loaded) rules module must decide. The converted
 * filter is not among them: it is one cookie, checked here, so the common plain pop-up never
 * waits for a module.
 */
function needsRules({ rules }: Pick<ArmedPoptin, 'rules'>): boolean {
  if (!rules) return false;
  return Boolean(
    (rules.d_f_r && !EVERYTIME_RULE.test(rules.d_f_r.trim().toLowerCase())) ||
      rules.engagement_with_other_poptin_filter ||
      rules.cookie_filter?.display_if_specific_cookie_active ||
      rules.js_filter?.display_if_specific_js_active ||
      rules.display_if_adblock_active,
  );
}

/**
 * Whether a pop-up's triggers react to a page event at all: scroll and mouse events come many
 * times a second, and a trigger actor that would ignore one is not woken for it.
 */
function wants(triggers: PoptinTriggers, type: string, touch: boolean): boolean {
  const mobileExit = touch && triggers.exit_intent_mobile === true;
  switch (type) {
    case 'PAGE.SCROLL':
      return typeof triggers.scroll_percent === 'number' || mobileExit;
    case 'PAGE.CLICK':
      return typeof triggers.click_count === 'number';
    case 'PAGE.EXIT_INTENT':
      return triggers.exit_intent === true;
    case 'PAGE.BACK':
      return mobileExit;
    default:
      return true;
  }
}

/** The first status of a pop-up: hidden at once when it converted and should not show to converted visitors. */
function initialStatus(poptin: ArmedPoptin, cookies: Record<string, string>): WidgetPoptin['status'] {
  const converted = Object.prototype.hasOwnProperty.call(cookies, STORAGE_KEY.CONVERSION_PREFIX + poptin.poptinId);
  if (poptin.rules?.stop_showing_to_converted_users && converted) return 'hidden';
  return needsRules(poptin) ? 'pending' : 'armed';
}

const toWidgetPoptin = (poptin: ArmedPoptin, status: WidgetPoptin['status']): WidgetPoptin => ({
  modal: poptin.modal,
  triggers: poptin.triggers,
  embedded: poptin.embedded ?? false,
  rules: poptin.rules,
  status,
});

/**
 * Opens `poptinId` by `trigger` unless it cannot open now: the context after it, and whether it
 * went on screen (false when it waits in the queue or was not ready). A trigger fires an armed
 * pop-up once; the visitor's own asks, the teaser and a click, also re-open one that is done and
 * open one its frequency rule holds back (a tab that opened nothing would be a dead control).
 */
function open(context: WidgetContext, poptinId: string, trigger: TriggerName): { context: WidgetContext; shown: boolean; stop: boolean } | null {
  const poptin = context.poptins[poptinId];
  if (!poptin) return null;
  const asked = poptin.status === 'done' || poptin.status === 'armed' || poptin.status === 'idle';
  const ready = trigger === 'teaser' ? asked : trigger === 'click' ? poptin.triggers.on_click !== false && asked : poptin.status === 'armed';
  if (!ready) return null;
  const stop = poptin.status === 'armed';
  if (poptin.modal && context.activeModal !== null) {
    return {
      context: {
        ...context,
        poptins: { ...context.poptins, [poptinId]: { ...poptin, status: 'queued' } },
        queue: [...context.queue, { poptinId, trigger }],
      },
      shown: false,
      stop,
    };
  }
  return {
    context: {
      ...context,
      poptins: { ...context.poptins, [poptinId]: { ...poptin, status: 'shown' } },
      activeModal: poptin.modal ? poptinId : context.activeModal,
    },
    shown: true,
    stop,
  };
}

/**
 * The widget's decisions (widget spec section 4 "Pop-up life"): decides the display rules,
 * arms every remaining pop-up's triggers, and when one fires, shows that pop-up unless another
 * modal one is on screen, in which case it waits in a queue, so two triggers firing together
 * never stack two modals.
 *
 * The rules (frequency, audience, engagement, cookie and global-value filters, ad blocker) are
 * decided by the `decide` actor, which loads shared/logic/display-rules.ts only when a pop-up
 * has such rules. The element provides a `decide` that also reads the page's globals and probes
 * for an ad blocker.
 */
export const widgetMachine = setup({
  types: {} as { context: WidgetContext; events: WidgetEvent; emitted: WidgetEmitted; input: WidgetInput },
  actors: {
    trigger: triggerMachine,
    decide: fromPromise<Verdicts, DecideInput>(({ input }) => import('../../shared/logic/display-rules.ts').then((rules) => rules.decide(input))),
  },
  delays: { followUp: CLOSE.FOLLOW_UP_MS, embedRefresh: SPA.EMBED_REFRESH_MS },
  guards: {
    hasPendingRules: ({ context }) => Object.values(context.poptins).some((poptin) => poptin.status === 'pending'),
    isSpaWithEmbedded: ({ context }) => context.spa && Object.values(context.poptins).some((poptin) => poptin.embedded),
  },
  actions: {
    applyVerdicts: enqueueActions(({ context, enqueue }, verdicts: Verdicts | null) => {
      const poptins = { ...context.poptins };
      for (const [poptinId, poptin] of Object.entries(poptins)) {
        if (poptin.status !== 'pending') continue;
        // A failed decision (the rules module did not load) errs on the side of not showing.
        const verdict = verdicts?.[poptinId] ?? 'hidden';
        poptins[poptinId] = { ...poptin, status: verdict === 'show' ? 'armed' : verdict === 'click_only' ? 'idle' : 'hidden' };
      }
      enqueue.assign({ poptins });
    }),
    armTriggers: enqueueActions(({ context, enqueue }) => {
      const ids = (status: WidgetPoptin['status']) => Object.keys(context.poptins).filter((id) => context.poptins[id]!.status === status);
      for (const poptinId of ids('armed')) {
        enqueue.spawnChild('trigger', {
          id: triggerId(poptinId),
          // The run's facts a trigger reads (loaded, pageViews, touch, idleMs) are the widget's own.
          input: { ...context, poptinId, triggers: context.poptins[poptinId]!.triggers },
        });
      }
      enqueue.emit({ type: 'armed', armed: ids('armed'), clickOnly: ids('idle'), hidden: ids('hidden') });
      // Queued on the page before when it was left: it fires here at once, as it did there.
      for (const poptinId of ids('armed')) {
        const trigger = context.carried[poptinId];
        if (trigger) enqueue.raise({ type: 'TRIGGER.FIRED', poptinId, trigger });
      }
    }),
    setLoaded: enqueueActions(({ enqueue }) => enqueue.assign({ loaded: true })),
    forwardToTriggers: enqueueActions(({ context, event, enqueue }) => {
      for (const [poptinId, poptin] of Object.entries(context.poptins)) {
        if (poptin.status === 'armed' && wants(poptin.triggers, event.type, context.touch)) enqueue.sendTo(triggerId(poptinId), event);
      }
    }),
    showOrQueue: enqueueActions(({ context, event, enqueue }) => {
      let requests: Array<{ poptinId: string; trigger: TriggerName }> = [];
      if (event.type === 'TRIGGER.FIRED') requests = [{ poptinId: event.poptinId, trigger: event.trigger }];
      else if (event.type === 'TEASER.OPEN') requests = [{ poptinId: event.poptinId, trigger: 'teaser' }];
      else if (event.type === 'PAGE.CLICK') requests = (event.poptinIds ?? []).map((poptinId) => ({ poptinId, trigger: 'click' as const }));
      else if (event.type === 'POPTIN.ADD') {
        // A pop-up new to this page joins it as one only a click opens, and opens (a known one: a click on it).
        const { poptinId } = event.poptin;
        if (!context.poptins[poptinId]) context = { ...context, poptins: { ...context.poptins, [poptinId]: toWidgetPoptin(event.poptin, 'idle') } };
        requests = [{ poptinId, trigger: 'click' }];
      }
      const shows: Array<{ poptinId: string; trigger: TriggerName }> = [];
      let changed = event.type === 'POPTIN.ADD';
      for (const request of requests) {
        const next = open(context, request.poptinId, request.trigger);
        if (!next) continue;
        if (next.stop) enqueue.stopChild(triggerId(request.poptinId));
        context = next.context;
        changed = true;
        if (next.shown) shows.push(request);
      }
      if (changed) enqueue.assign({ poptins: context.poptins, activeModal: context.activeModal, queue: context.queue });
      for (const show of shows) enqueue.emit({ type: 'show', ...show });
    }),
    // A closed pop-up is done (the teaser or a click may open it again); a skipped one never
    // showed and would fail again, so it is out for this page. Either way its modal slot is free.
    finish: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'POPTIN.CLOSED' && event.type !== 'POPTIN.SKIPPED') return;
      const poptin = context.poptins[event.poptinId];
      if (!poptin) return;
      const closed = event.type === 'POPTIN.CLOSED';
      enqueue.assign({
        poptins: { ...context.poptins, [event.poptinId]: { ...poptin, status: closed ? 'done' : 'hidden' } },
        activeModal: context.activeModal === event.poptinId ? null : context.activeModal,
      });
      // After a dismissal, what comes next waits for the follow-up (widget spec section 4).
      if (closed && DISMISSALS.has(event.closeTrigger) && !event.submitted) {
        enqueue.raise({ type: 'FOLLOW_UP', poptinId: event.poptinId }, { delay: 'followUp' });
      } else {
        enqueue.raise({ type: 'NEXT' });
      }
    }),
    emitFollowUp: emit(({ event }) => ({ type: 'follow-up' as const, poptinId: event.type === 'FOLLOW_UP' ? event.poptinId : '' })),
    emitRefreshEmbedded: emit(({ context }) => ({
      type: 'refresh-embedded' as const,
      poptinIds: Object.keys(context.poptins).filter((id) => context.poptins[id]!.embedded && context.poptins[id]!.status === 'shown'),
    })),
    showNext: enqueueActions(({ context, enqueue }) => {
      const [next, ...rest] = context.queue;
      if (context.activeModal !== null || !next) return;
      const poptin = context.poptins[next.poptinId]!;
      enqueue.assign({
        poptins: { ...context.poptins, [next.poptinId]: { ...poptin, status: 'shown' } },
        activeModal: next.poptinId,
        queue: rest,
      });
      enqueue.emit({ type: 'show', poptinId: next.poptinId, trigger: next.trigger });
    }),
  },
}).createMachine({
  id: 'widget',
  context: ({ input }) => {
    const facts = input.facts ?? { now: 0, cookies: {}, sessionId: '', visit: 1, returning: false };
    return {
      poptins: Object.fromEntries(input.poptins.map((poptin) => [poptin.poptinId, toWidgetPoptin(poptin, initialStatus(poptin, facts.cookies))])),
      activeModal: null,
      queue: [],
      carried: input.carried ?? {},
      loaded: false,
      facts,
      touch: input.touch ?? false,
      idleMs: input.idleMs,
      pageViews: input.pageViews ?? 1,
      spa: input.spa ?? false,
      root: input.root,
      probeAdblock: input.probeAdblock,
    };
  },
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasPendingRules', target: 'deciding' }, { target: 'running' }] },
    deciding: {
      on: { 'PAGE.LOADED': { actions: 'setLoaded' } },
      invoke: {
        src: 'decide',
        input: ({ context }) => ({
          poptins: Object.entries(context.poptins)
            .filter(([, poptin]) => poptin.status === 'pending')
            .map(([poptinId, poptin]) => ({ poptinId, kind: poptin.embedded ? 'embedded' : 'other', rules: poptin.rules ?? {} }) as const),
          facts: context.facts,
          root: context.root,
          probeAdblock: context.probeAdblock,
          kinds: Object.fromEntries(Object.entries(context.poptins).map(([poptinId, poptin]) => [poptinId, poptin.embedded ? 'embedded' : 'other'] as const)),
        }),
        onDone: { target: 'running', actions: { type: 'applyVerdicts', params: ({ event }) => event.output } },
        onError: { target: 'running', actions: { type: 'applyVerdicts', params: null } },
      },
    },
    running: {
      entry: 'armTriggers',
      on: {
        'PAGE.LOADED': { actions: ['setLoaded', 'forwardToTriggers'] },
        'PAGE.CLICK': { actions: ['showOrQueue', 'forwardToTriggers'] },
        'PAGE.*': { actions: 'forwardToTriggers' },
        'TRIGGER.FIRED': { actions: 'showOrQueue' },
        'TEASER.OPEN': { actions: 'showOrQueue' },
        'POPTIN.ADD': { actions: 'showOrQueue' },
        'POPTIN.CLOSED': { actions: 'finish' },
        'POPTIN.SKIPPED': { actions: 'finish' },
        FOLLOW_UP: { actions: ['emitFollowUp', 'showNext'] },
        NEXT: { actions: 'showNext' },
      },
      // Single-page apps: shown embedded pop-ups whose host the app rendered again are put back.
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'isSpaWithEmbedded', target: 'refreshing' }, { target: 'still' }] },
        refreshing: { after: { embedRefresh: { target: 'refreshing', reenter: true, actions: 'emitRefreshEmbedded' } } },
        still: {},
      },
    },
  },
});
