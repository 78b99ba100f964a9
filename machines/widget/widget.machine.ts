import { emit, enqueueActions, setup } from 'xstate';
import { CLOSE } from '../../shared/constants/widget.ts';
import { triggerMachine } from './trigger.machine.ts';
import type { WidgetContext, WidgetEmitted, WidgetEvent, WidgetInput } from './widget.types.ts';

const triggerId = (poptinId: string) => `trigger:${poptinId}`;

/** Closes by the visitor's dismissal: X, cancel and background click (widget spec section 4). */
const DISMISSALS = new Set(['x_click', 'cancel_click', 'bg_click']);

/** The context after `poptinId` goes on screen. */
function showing(context: WidgetContext, poptinId: string): Partial<WidgetContext> {
  const poptin = context.poptins[poptinId]!;
  return {
    poptins: { ...context.poptins, [poptinId]: { ...poptin, status: 'shown' } },
    activeModal: poptin.modal ? poptinId : context.activeModal,
  };
}

/**
 * The widget's decisions (widget spec section 4 "Pop-up life"): arms every pop-up's triggers,
 * and when one fires, shows that pop-up unless another modal one is on screen, in which case it
 * waits in a queue, so two triggers firing together never stack two modals.
 */
export const widgetMachine = setup({
  types: {} as { context: WidgetContext; events: WidgetEvent; emitted: WidgetEmitted; input: WidgetInput },
  actors: { trigger: triggerMachine },
  delays: { followUp: CLOSE.FOLLOW_UP_MS },
  actions: {
    armTriggers: enqueueActions(({ context, enqueue }) => {
      for (const [poptinId, poptin] of Object.entries(context.poptins)) {
        enqueue.spawnChild('trigger', { id: triggerId(poptinId), input: { poptinId, triggers: poptin.triggers } });
      }
    }),
    forwardToTriggers: enqueueActions(({ context, event, enqueue }) => {
      for (const [poptinId, poptin] of Object.entries(context.poptins)) {
        if (poptin.status === 'armed') enqueue.sendTo(triggerId(poptinId), event);
      }
    }),
    showOrQueue: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'TRIGGER.FIRED' && event.type !== 'TEASER.OPEN') return;
      const poptin = context.poptins[event.poptinId];
      // A trigger fires an armed pop-up once; the teaser re-opens one that is done (or still armed).
      const ready = event.type === 'TRIGGER.FIRED' ? poptin?.status === 'armed' : poptin?.status === 'done' || poptin?.status === 'armed';
      if (!poptin || !ready) return;
      const trigger = event.type === 'TRIGGER.FIRED' ? event.trigger : 'teaser';
      if (poptin.status === 'armed') enqueue.stopChild(triggerId(event.poptinId));
      if (poptin.modal && context.activeModal !== null) {
        enqueue.assign({
          poptins: { ...context.poptins, [event.poptinId]: { ...poptin, status: 'queued' } },
          queue: [...context.queue, { poptinId: event.poptinId, trigger }],
        });
        return;
      }
      enqueue.assign(showing(context, event.poptinId));
      enqueue.emit({ type: 'show', poptinId: event.poptinId, trigger });
    }),
    finish: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'POPTIN.CLOSED') return;
      const poptin = context.poptins[event.poptinId];
      if (!poptin) return;
      enqueue.assign({
        poptins: { ...context.poptins, [event.poptinId]: { ...poptin, status: 'done' } },
        activeModal: context.activeModal === event.poptinId ? null : context.activeModal,
      });
      // After a dismissal, what comes next waits for the follow-up (widget spec section 4).
      if (DISMISSALS.has(event.closeTrigger) && !event.submitted) {
        enqueue.raise({ type: 'FOLLOW_UP', poptinId: event.poptinId }, { delay: 'followUp' });
      } else {
        enqueue.raise({ type: 'NEXT' });
      }
    }),
    emitFollowUp: emit(({ event }) => ({ type: 'follow-up' as const, poptinId: event.type === 'FOLLOW_UP' ? event.poptinId : '' })),
    showNext: enqueueActions(({ context, enqueue }) => {
      const [next, ...rest] = context.queue;
      if (context.activeModal !== null || !next) return;
      enqueue.assign({ ...showing(context, next.poptinId), queue: rest });
      enqueue.emit({ type: 'show', poptinId: next.poptinId, trigger: next.trigger });
    }),
  },
}).createMachine({
  id: 'widget',
  context: ({ input }) => ({
    poptins: Object.fromEntries(
      input.poptins.map(({ poptinId, modal, triggers }) => [poptinId, { modal, triggers, status: 'armed' as const }]),
    ),
    activeModal: null,
    queue: [],
  }),
  initial: 'running',
  states: {
    running: {
      entry: 'armTriggers',
      on: {
        'PAGE.*': { actions: 'forwardToTriggers' },
        'TRIGGER.FIRED': { actions: 'showOrQueue' },
        'TEASER.OPEN': { actions: 'showOrQueue' },
        'POPTIN.CLOSED': { actions: 'finish' },
        FOLLOW_UP: { actions: ['emitFollowUp', 'showNext'] },
        NEXT: { actions: 'showNext' },
      },
    },
  },
});
