import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { TAB } from '../../shared/constants/tab.ts';
import type {
  PoptinLifeEvent,
  TabTeaserContext,
  TabTeaserDisplayMode,
  TabTeaserEmitted,
  TabTeaserEvent,
  TabTeaserInput,
} from './tab-teaser.types.ts';

/** The close_trigger values of the X (widget spec section 4 "Ways to close": "recorded x_click or cancel_click"). */
const X_CLOSE_TRIGGERS: readonly string[] = ['x_click', 'cancel_click'];

/** The display mode a setting names; anything else is `always`, the mode that hides nothing. */
export function toDisplayMode(value: string | null | undefined): TabTeaserDisplayMode {
  return (TAB.DISPLAY_MODES as readonly string[]).includes(value ?? '') ? (value as TabTeaserDisplayMode) : 'always';
}

/** Whether a display frequency rule (`d_f_r`, e.g. `all@display_everytime_everypage_5`) is the everytime-everypage rule. */
export function isEverytimeEverypage(rule: string | null | undefined): boolean {
  return (rule ?? '').includes(TAB.EVERYTIME_EVERYPAGE_RULE);
}

type Flags = Pick<TabTeaserContext, 'converted' | 'closedByX' | 'poptinShown' | 'poptinSkipped'>;

/** The flags once `event` is taken into account: guards read them before the assigning action runs. */
function flagsAfter(context: TabTeaserContext, event: TabTeaserEvent): Flags {
  const { converted, closedByX, poptinShown, poptinSkipped } = context;
  const flags = { converted, closedByX, poptinShown, poptinSkipped };
  switch (event.type) {
    case 'POPTIN.SHOWN':
      return { ...flags, poptinShown: true };
    case 'POPTIN.CONVERTED':
      return { ...flags, converted: true };
    case 'POPTIN.SKIPPED':
      return { ...flags, poptinSkipped: true };
    case 'POPTIN.CLOSED':
      return {
        ...flags,
        converted: converted || event.submitted === true,
        closedByX: closedByX || X_CLOSE_TRIGGERS.includes(event.closeTrigger),
      };
    default:
      return flags;
  }
}

type LifeFacts = Required<Pick<TabTeaserInput, 'poptinShown' | 'poptinOpen' | 'poptinClosed' | 'poptinSkipped' | 'closedByX' | 'converted'>>;

/**
 * What the pop-up's events so far on this page say, as input for a tab that starts now: it starts where
 * a tab present from the start would be, without replaying the shows and hides that one went through.
 */
export function poptinLifeFacts(events: readonly PoptinLifeEvent[]): LifeFacts {
  const facts: LifeFacts = { poptinShown: false, poptinOpen: false, poptinClosed: false, poptinSkipped: false, closedByX: false, converted: false };
  for (const event of events) {
    if (event.type === 'POPTIN.SHOWN') Object.assign(facts, { poptinShown: true, poptinOpen: true });
    else if (event.type === 'POPTIN.CONVERTED') facts.converted = true;
    else if (event.type === 'POPTIN.SKIPPED') facts.poptinSkipped = true;
    else {
      facts.poptinOpen = false;
      facts.poptinClosed = true;
      facts.closedByX ||= X_CLOSE_TRIGGERS.includes(event.closeTrigger);
      facts.converted ||= event.submitted === true;
    }
  }
  return facts;
}

/**
 * The tab will not show again on this page (spec section 4 "Tab teaser"): the visitor converted, or
 * closed the pop-up with the X under the everytime-everypage rule, or (`before_show`) the pop-up has
 * shown; or the pop-up was skipped, so the tab would open nothing.
 */
function isDone(context: TabTeaserContext, flags: Flags = context): boolean {
  return (
    flags.converted ||
    flags.poptinSkipped ||
    (flags.closedByX && context.everytimeEverypage) ||
    (context.displayMode === 'before_show' && flags.poptinShown)
  );
}

const tabTeaserSetup = setup({
  types: {} as {
    context: TabTeaserContext;
    events: TabTeaserEvent;
    emitted: TabTeaserEmitted;
    input: TabTeaserInput;
  },
  delays: {
    /** From the start of the entry animation to its cleanup. */
    entryCleanup: TAB.ENTRY_CLEANUP_MS,
    /** Each phase of the pulse, on and off. */
    pulse: TAB.PULSE_MS,
    /** How long the exit animation plays before the tab counts as hidden. */
    exitAnimation: TAB.SLIDE_MS,
  },
  guards: {
    isDone: ({ context }) => isDone(context),
    /** The event (a close or a conversion) makes the tab done. */
    makesDone: ({ context, event }) => isDone(context, flagsAfter(context, event)),
    startsHidden: ({ context }) => context.startsHidden,
    /** The pop-up closed and the tab may show: not `before_show`, and the close did not make it done. */
    canShowAfterClose: ({ context, event }) =>
      context.displayMode !== 'before_show' && !isDone(context, flagsAfter(context, event)),
  },
  actions: {
    /** Records what the event says about the pop-up (shown, closed with the X, submitted, converted). */
    setFlags: assign(({ context, event }) => flagsAfter(context, event)),
    emitShow: emit(({ context }) => ({ type: 'show' as const, poptinId: context.poptinId })),
    emitHide: emit(({ context }, params: { gone: boolean }) => ({ type: 'hide' as const, poptinId: context.poptinId, gone: params.gone })),
    emitOpen: emit(({ context }) => ({ type: 'open' as const, poptinId: context.poptinId })),
  },
});

/** On screen (`entering` or `shown`): the same reactions in both. */
const onScreen = {
  CLICK: { target: '#tabTeaser.exiting', actions: 'emitOpen' },
  'POPTIN.SHOWN': { target: '#tabTeaser.exiting', actions: 'setFlags' },
  'POPTIN.CLOSED': [{ guard: 'makesDone', target: '#tabTeaser.exiting', actions: 'setFlags' }, { actions: 'setFlags' }],
  'POPTIN.CONVERTED': { target: '#tabTeaser.exiting', actions: 'setFlags' },
  'POPTIN.SKIPPED': { target: '#tabTeaser.exiting', actions: 'setFlags' },
} as const;

/**
 * The collapsed tab that re-opens a pop-up (widget spec section 4 "Tab teaser", section 9).
 *
 * - `checking` decides once: `gone` when the tab never shows (converted, or closed with the X under the
 *   everytime-everypage rule, or `before_show` and the pop-up already showed, or skipped); `hidden` in `after_close`
 *   mode until a close, or while the pop-up is open; else `entering`.
 * - `entering` plays the entry animation; it is cleaned up `entryCleanup` later (`shown`).
 * - `shown` pulses: `still` and `pulsing` swap every `pulse` (a transition to the sibling restarts its
 *   timer, so no `setInterval` and no self-`reenter` are needed).
 * - `CLICK` emits `open` (the host opens the pop-up) and the tab exits. `POPTIN.SHOWN` makes it exit too,
 *   as does a close or conversion that makes it done, and `POPTIN.SKIPPED` (the pop-up will not show on
 *   this page), which makes it done.
 * - `exiting` plays the exit animation for `exitAnimation`, then emits `hide` and rests in `hidden`
 *   (it comes back after the pop-up's next close, except in `before_show` mode) or ends in `gone`.
 *
 * Delays are named and overridable with `provide({ delays })`; the view sets `exitAnimation` to 0 under
 * `prefers-reduced-motion`.
 */
export const tabTeaserMachine = tabTeaserSetup.createMachine({
  id: 'tabTeaser',
  context: ({ input }) => ({
    poptinId: input.poptinId,
    displayMode: input.displayMode,
    converted: input.converted,
    closedByX: input.closedByX,
    everytimeEverypage: input.everytimeEverypage,
    poptinShown: input.poptinShown ?? false,
    poptinSkipped: input.poptinSkipped ?? false,
    startsHidden: (input.poptinOpen ?? false) || (input.displayMode === 'after_close' && !input.poptinClosed),
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isDone', target: 'gone' }, { guard: 'startsHidden', target: 'hidden' }, { target: 'entering' }],
    },
    /** Not on screen; waits for the pop-up to close. */
    hidden: {
      on: {
        'POPTIN.SHOWN': [
          { guard: 'makesDone', target: 'gone', actions: 'setFlags' },
          { actions: 'setFlags' },
        ],
        'POPTIN.CLOSED': [
          { guard: 'canShowAfterClose', target: 'entering', actions: 'setFlags' },
          { guard: 'makesDone', target: 'gone', actions: 'setFlags' },
          { actions: 'setFlags' },
        ],
        'POPTIN.CONVERTED': { target: 'gone', actions: 'setFlags' },
        'POPTIN.SKIPPED': { target: 'gone', actions: 'setFlags' },
      },
    },
    /** On screen, the entry animation playing until its cleanup. */
    entering: {
      entry: 'emitShow',
      after: { entryCleanup: 'shown' },
      on: onScreen,
    },
    /** On screen, at rest, pulsing every other `pulse`. */
    shown: {
      on: onScreen,
      initial: 'still',
      states: {
        still: { after: { pulse: 'pulsing' } },
        pulsing: { after: { pulse: 'still' } },
      },
    },
    /** The exit animation playing; the tab no longer takes clicks. */
    exiting: {
      after: {
        exitAnimation: [
          { guard: 'isDone', target: 'gone', actions: { type: 'emitHide', params: { gone: true } } },
          { target: 'hidden', actions: { type: 'emitHide', params: { gone: false } } },
        ],
      },
      on: {
        'POPTIN.SHOWN': { actions: 'setFlags' },
        // The pop-up closed again before the tab finished hiding: it turns back.
        'POPTIN.CLOSED': [
          { guard: 'canShowAfterClose', target: 'entering', actions: ['setFlags', { type: 'emitHide', params: { gone: false } }] },
          { actions: 'setFlags' },
        ],
        'POPTIN.CONVERTED': { actions: 'setFlags' },
        'POPTIN.SKIPPED': { actions: 'setFlags' },
      },
    },
    /** Will not show again on this page. */
    gone: { type: 'final' },
  },
});

export type TabTeaserSnapshot = SnapshotFrom<typeof tabTeaserMachine>;

/** The top-level state, one word for the view (`checking` never lasts past start). */
export type TabTeaserPhase = 'hidden' | 'entering' | 'shown' | 'exiting' | 'gone';

export function tabPhaseOf(snapshot: TabTeaserSnapshot): TabTeaserPhase {
  for (const phase of ['entering', 'shown', 'exiting', 'gone'] as const) if (snapshot.matches(phase)) return phase;
  return 'hidden';
}

/** The tab is in the "on" half of its pulse. */
export const isPulsing = (snapshot: TabTeaserSnapshot): boolean => snapshot.matches({ shown: 'pulsing' });
