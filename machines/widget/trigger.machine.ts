import { assign, sendParent, setup } from 'xstate';
import { SECOND_MS, TRIGGER } from '../../shared/constants/widget.ts';
import type { PoptinTriggers } from '../../shared/schema/poptin-record.ts';
import type { PageEvent, TriggerName } from './widget.types.ts';

/**
 * One pop-up's triggers (widget spec section 4): armed until the first of them fires, then it
 * tells its parent (the widget machine) and stops, so a pop-up fires once.
 */
export const triggerMachine = setup({
  types: {} as {
    context: { poptinId: string; triggers: PoptinTriggers; scrollPercent: number };
    input: { poptinId: string; triggers: PoptinTriggers };
    events: PageEvent;
  },
  delays: {
    afterSeconds: ({ context }) => (context.triggers.seconds ?? 0) * SECOND_MS,
    scrollDebounce: TRIGGER.SCROLL_DEBOUNCE_MS,
  },
  guards: {
    hasSecondsTrigger: ({ context }) => typeof context.triggers.seconds === 'number' && context.triggers.seconds >= 0,
    hasScrollTrigger: ({ context }) => typeof context.triggers.scroll_percent === 'number',
    hasPageLoadTrigger: ({ context }) => context.triggers.page_load === true,
    hasExitIntentTrigger: ({ context }) => context.triggers.exit_intent === true,
    isScrolledFarEnough: ({ context }) => context.scrollPercent >= (context.triggers.scroll_percent ?? Infinity),
  },
  actions: {
    setScrollPercent: assign({ scrollPercent: ({ event }) => (event.type === 'PAGE.SCROLL' ? event.percent : 0) }),
    reportFired: sendParent(({ context }, trigger: TriggerName) => ({
      type: 'TRIGGER.FIRED' as const,
      poptinId: context.poptinId,
      trigger,
    })),
  },
}).createMachine({
  id: 'trigger',
  context: ({ input }) => ({ poptinId: input.poptinId, triggers: input.triggers, scrollPercent: 0 }),
  initial: 'armed',
  states: {
    armed: {
      type: 'parallel',
      on: {
        'PAGE.LOADED': { guard: 'hasPageLoadTrigger', target: 'fired', actions: { type: 'reportFired', params: 'page_load' } },
        'PAGE.EXIT_INTENT': {
          guard: 'hasExitIntentTrigger',
          target: 'fired',
          actions: { type: 'reportFired', params: 'exit_intent' },
        },
      },
      states: {
        timer: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasSecondsTrigger', target: 'counting' }, { target: 'off' }] },
            counting: {
              after: { afterSeconds: { target: '#trigger.fired', actions: { type: 'reportFired', params: 'seconds' } } },
            },
            off: {},
          },
        },
        scroll: {
          initial: 'still',
          states: {
            still: {
              on: { 'PAGE.SCROLL': { guard: 'hasScrollTrigger', target: 'settling', actions: 'setScrollPercent' } },
            },
            // Debounced: the decision waits until scrolling has paused for the debounce time.
            settling: {
              on: { 'PAGE.SCROLL': { target: 'settling', reenter: true, actions: 'setScrollPercent' } },
              after: {
                scrollDebounce: [
                  { guard: 'isScrolledFarEnough', target: '#trigger.fired', actions: { type: 'reportFired', params: 'scroll' } },
                  { target: 'still' },
                ],
              },
            },
          },
        },
      },
    },
    fired: { type: 'final' },
  },
});
