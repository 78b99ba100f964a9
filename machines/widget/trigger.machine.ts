import { assign, sendParent, setup } from 'xstate';
import { SECOND_MS, TRIGGER } from '../../shared/constants/widget.ts';
import type { PoptinTriggers } from '../../shared/schema/poptin-record.ts';
import type { PageEvent, TriggerName } from './widget.types.ts';

export interface TriggerInput {
  poptinId: string;
  triggers: PoptinTriggers;
  /** The page has already loaded: a page-load trigger fires at once. */
  loaded?: boolean;
  /** Pages seen in this session, this one included. */
  pageViews?: number;
  /** A touch device: the mobile exit intent applies. */
  touch?: boolean;
  /** How long the visitor has been inactive, ms (see `WidgetInput.idleMs`). */
  idleMs?: () => number;
}

export interface TriggerContext {
  poptinId: string;
  triggers: PoptinTriggers;
  loaded: boolean;
  pageViews: number;
  touch: boolean;
  idleMs: () => number;
  scrollPercent: number;
  /** Mobile exit intent: where the current upward move started (the highest point recently scrolled to). */
  anchorY: number;
}

const scrollY = (event: PageEvent) => (event.type === 'PAGE.SCROLL' ? (event.y ?? 0) : 0);
const inactivityMs = ({ triggers }: TriggerContext) => (triggers.inactivity_seconds ?? 0) * SECOND_MS;

/**
 * One pop-up's triggers (widget spec section 4): armed until the first of them fires, then it
 * tells its parent (the widget machine) and stops, so a pop-up fires once. Every trigger is a
 * region of the `armed` state; those the record does not use are `off`.
 */
export const triggerMachine = setup({
  types: {} as { context: TriggerContext; input: TriggerInput; events: PageEvent },
  delays: {
    afterSeconds: ({ context }) => (context.triggers.seconds ?? 0) * SECOND_MS,
    inactivity: ({ context }) => inactivityMs(context),
    inactivityRest: ({ context }) => inactivityMs(context) - context.idleMs(),
    scrollDebounce: TRIGGER.SCROLL_DEBOUNCE_MS,
    scrollUpWindow: TRIGGER.MOBILE_SCROLL_UP_WINDOW_MS,
  },
  guards: {
    hasSecondsTrigger: ({ context }) => typeof context.triggers.seconds === 'number' && context.triggers.seconds >= 0,
    hasScrollTrigger: ({ context }) => typeof context.triggers.scroll_percent === 'number',
    hasPageLoadTrigger: ({ context }) => context.triggers.page_load === true,
    isLoadedWithPageLoadTrigger: ({ context }) => context.loaded && context.triggers.page_load === true,
    hasExitIntentTrigger: ({ context }) => context.triggers.exit_intent === true,
    hasInactivityTrigger: ({ context }) => typeof context.triggers.inactivity_seconds === 'number',
    hasClickCountTrigger: ({ context }) => typeof context.triggers.click_count === 'number',
    hasMobileExitIntent: ({ context }) => context.touch && context.triggers.exit_intent_mobile === true,
    isPageVisitCountReached: ({ context }) =>
      typeof context.triggers.page_visit_count === 'number' && context.pageViews >= context.triggers.page_visit_count,
    isScrolledFarEnough: ({ context }) => context.scrollPercent >= (context.triggers.scroll_percent ?? Infinity),
    isIdleLongEnough: ({ context }) => context.idleMs() >= inactivityMs(context),
    isClickCountReached: ({ context, event }) => event.type === 'PAGE.CLICK' && (event.count ?? 0) >= (context.triggers.click_count ?? Infinity),
    isNotBelowAnchor: ({ context, event }) => scrollY(event) >= context.anchorY,
    isFastScrollUp: ({ context, event }) => context.anchorY - scrollY(event) >= TRIGGER.MOBILE_SCROLL_UP_PX,
  },
  actions: {
    setScrollPercent: assign({ scrollPercent: ({ event }) => (event.type === 'PAGE.SCROLL' ? event.percent : 0) }),
    setAnchor: assign({ anchorY: ({ event }) => scrollY(event) }),
    reportFired: sendParent(({ context }, trigger: TriggerName) => ({
      type: 'TRIGGER.FIRED' as const,
      poptinId: context.poptinId,
      trigger,
    })),
  },
}).createMachine({
  id: 'trigger',
  context: ({ input }) => ({
    poptinId: input.poptinId,
    triggers: input.triggers,
    loaded: input.loaded ?? false,
    pageViews: input.pageViews ?? 1,
    touch: input.touch ?? false,
    // No activity watched: the visitor counts as idle since the trigger armed.
    idleMs: input.idleMs ?? (() => Infinity),
    scrollPercent: 0,
    anchorY: 0,
  }),
  initial: 'checking',
  states: {
    // What is already true when the pop-up is armed: the page has loaded, or this page is the Nth of the visit.
    checking: {
      always: [
        { guard: 'isLoadedWithPageLoadTrigger', target: 'fired', actions: { type: 'reportFired', params: 'page_load' } },
        { guard: 'isPageVisitCountReached', target: 'fired', actions: { type: 'reportFired', params: 'page_visits' } },
        { target: 'armed' },
      ],
    },
    armed: {
      type: 'parallel',
      on: {
        'PAGE.LOADED': { guard: 'hasPageLoadTrigger', target: 'fired', actions: { type: 'reportFired', params: 'page_load' } },
        'PAGE.EXIT_INTENT': {
          guard: 'hasExitIntentTrigger',
          target: 'fired',
          actions: { type: 'reportFired', params: 'exit_intent' },
        },
        'PAGE.BACK': {
          guard: 'hasMobileExitIntent',
          target: 'fired',
          actions: { type: 'reportFired', params: 'exit_intent_mobile' },
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
        // Regions that fire on an event come before those that only restart a timer on it: when two
        // regions take the same event, the earlier one's transition wins (SCXML document order).
        clicks: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasClickCountTrigger', target: 'counting' }, { target: 'off' }] },
            // The element counts the page's clicks (and sends only those that may reach a count).
            counting: {
              on: {
                'PAGE.CLICK': { guard: 'isClickCountReached', target: '#trigger.fired', actions: { type: 'reportFired', params: 'click_count' } },
              },
            },
            off: {},
          },
        },
        // Touch exit intent: a scroll up of MOBILE_SCROLL_UP_PX made within MOBILE_SCROLL_UP_WINDOW_MS
        // of where the upward move started. Timers run only while the visitor scrolls.
        scrollUp: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasMobileExitIntent', target: 'idle' }, { target: 'off' }] },
            idle: { on: { 'PAGE.SCROLL': { target: 'tracking', actions: 'setAnchor' } } },
            tracking: {
              on: {
                'PAGE.SCROLL': [
                  // Still going down (or level): the move starts from here, with a fresh window.
                  { guard: 'isNotBelowAnchor', target: 'tracking', reenter: true, actions: 'setAnchor' },
                  {
                    guard: 'isFastScrollUp',
                    target: '#trigger.fired',
                    actions: { type: 'reportFired', params: 'exit_intent_mobile' },
                  },
                ],
              },
              after: { scrollUpWindow: { target: 'idle' } },
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
        // No mouse move, key, touch, scroll or click for the configured time. The element notes the
        // time of each (no machine event: they come many times a second); when the wait is over and
        // there was activity, it waits again for the rest of the time counted from the last one.
        inactivity: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasInactivityTrigger', target: 'waiting' }, { target: 'off' }] },
            waiting: { after: { inactivity: 'due' } },
            resting: { after: { inactivityRest: 'due' } },
            due: {
              always: [
                { guard: 'isIdleLongEnough', target: '#trigger.fired', actions: { type: 'reportFired', params: 'inactivity' } },
                { target: 'resting' },
              ],
            },
            off: {},
          },
        },
      },
    },
    fired: { type: 'final' },
  },
});
