import { enqueueActions, setup } from 'xstate';
import { triggerMachine } from './trigger.machine.ts';
import type { WidgetContext, WidgetEmitted, WidgetEvent, WidgetInput } from './widget.types.ts';

const triggerId = (poptinId: string) => `trigger:${poptinId}`;

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
      if (event.type !== 'TRIGGER.FIRED') return;
      const poptin = context.poptins[event.poptinId];
      if (!poptin || poptin.status !== 'armed') return;
      if (poptin.modal && context.activeModal !== null) {
        enqueue.assign({
          poptins: { ...context.poptins, [event.poptinId]: { ...poptin, status: 'queued' } },
          queue: [...context.queue, { poptinId: event.poptinId, trigger: event.trigger }],
        });
        return;
      }
      enqueue.assign(showing(context, event.poptinId));
      enqueue.emit({ type: 'show', poptinId: event.poptinId, trigger: event.trigger });
    }),
    finishAndShowNext: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'POPTIN.CLOSED') return;
      const poptin = context.poptins[event.poptinId];
      if (!poptin) return;
      const freed = context.activeModal === event.poptinId;
      const after: WidgetContext = {
        ...context,
        poptins: { ...context.poptins, [event.poptinId]: { ...poptin, status: 'done' } },
        activeModal: freed ? null : context.activeModal,
      };
      const [next, ...rest] = context.queue;
      if (!freed || !next) {
        enqueue.assign(after);
        return;
      }
      enqueue.assign({ ...after, ...showing(after, next.poptinId), queue: rest });
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
        'POPTIN.CLOSED': { actions: 'finishAndShowNext' },
      },
    },
  },
});
