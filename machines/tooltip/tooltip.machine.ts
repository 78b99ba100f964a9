import { assign, emit, not, setup, type SnapshotFrom } from 'xstate';
import { TOOLTIP } from '../../shared/constants/site.ts';
import type { TooltipContext, TooltipEmitted, TooltipEvent, TooltipInput } from './tooltip.types.ts';

/**
 * A tooltip (content-site spec 001, section 9 "Tooltip"; WAI-ARIA APG Tooltip; WCAG 1.4.13).
 *
 * `hidden` → a pointer resting on the trigger shows it after `TOOLTIP.DELAY_MS` (`waiting`; a
 * pointer passing over shows nothing); keyboard focus shows it at once (APG: a keyboard user should
 * not wait for a hover delay). It fades in over `TOOLTIP.ANIMATION_MS` (`showing`), then is
 * `shown`. The pointer leaving trigger and tooltip hides it `TOOLTIP.HIDE_DELAY_MS` later
 * (`leaving`: time to move onto the tooltip, which keeps it open); focus leaving hides it at once.
 * It fades out over `TOOLTIP.ANIMATION_MS` (`hiding`). Escape hides it at once from any visible
 * state. With reduced motion neither fade takes any time.
 */
export const tooltipMachine = setup({
  types: {} as { context: TooltipContext; events: TooltipEvent; emitted: TooltipEmitted; input: TooltipInput },
  delays: {
    showDelay: TOOLTIP.DELAY_MS,
    hideDelay: TOOLTIP.HIDE_DELAY_MS,
    animation: TOOLTIP.ANIMATION_MS,
  },
  guards: {
    isReducedMotion: ({ context }) => context.reducedMotion,
    isHovered: ({ context }) => context.hovered,
    isFocused: ({ context }) => context.focused,
  },
  actions: {
    /** Keeps where the pointer and focus are, whatever the state. */
    track: assign(({ context, event }) => {
      switch (event.type) {
        case 'POINTER.ENTER':
          return { hovered: true };
        case 'POINTER.LEAVE':
          return { hovered: false };
        case 'FOCUS.IN':
          return { focused: true };
        case 'FOCUS.OUT':
          return { focused: false };
        case 'MOTION.SET':
          return { reducedMotion: event.reduced };
        default:
          return context;
      }
    }),
    emitShow: emit({ type: 'show' }),
    emitHide: emit({ type: 'hide' }),
  },
}).createMachine({
  id: 'tooltip',
  context: ({ input }) => ({ hovered: false, focused: false, reducedMotion: input.reducedMotion }),
  initial: 'hidden',
  on: {
    'POINTER.ENTER': { actions: 'track' },
    'POINTER.LEAVE': { actions: 'track' },
    'FOCUS.IN': { actions: 'track' },
    'FOCUS.OUT': { actions: 'track' },
    'MOTION.SET': { actions: 'track' },
  },
  states: {
    hidden: {
      on: {
        'POINTER.ENTER': { target: 'waiting', actions: 'track' },
        'FOCUS.IN': { target: 'visible', actions: 'track' },
      },
    },
    waiting: {
      after: { showDelay: 'visible' },
      on: {
        'POINTER.LEAVE': { guard: not('isFocused'), target: 'hidden', actions: 'track' },
        'FOCUS.IN': { target: 'visible', actions: 'track' },
        DISMISS: 'hidden',
      },
    },
    visible: {
      entry: 'emitShow',
      initial: 'showing',
      on: {
        DISMISS: 'hiding',
        // Focus still on the trigger keeps it; otherwise the hide delay starts.
        'POINTER.LEAVE': [
          { guard: 'isFocused', actions: 'track' },
          { target: '.leaving', actions: 'track' },
        ],
        'FOCUS.OUT': [
          { guard: 'isHovered', actions: 'track' },
          { target: 'hiding', actions: 'track' },
        ],
      },
      states: {
        showing: {
          always: { guard: 'isReducedMotion', target: 'shown' },
          after: { animation: 'shown' },
        },
        shown: {},
        leaving: {
          after: { hideDelay: '#tooltip.hiding' },
          on: {
            'POINTER.ENTER': { target: 'shown', actions: 'track' },
            'FOCUS.IN': { target: 'shown', actions: 'track' },
          },
        },
      },
    },
    hiding: {
      entry: 'emitHide',
      always: { guard: 'isReducedMotion', target: 'hidden' },
      after: { animation: 'hidden' },
      on: {
        'POINTER.ENTER': { target: 'waiting', actions: 'track' },
        'FOCUS.IN': { target: 'visible', actions: 'track' },
      },
    },
  },
});

export type TooltipSnapshot = SnapshotFrom<typeof tooltipMachine>;

/** True while the tooltip is on screen (fading in, shown, or waiting out the hide delay). */
export const isTooltipVisible = (snapshot: TooltipSnapshot): boolean => snapshot.matches('visible');
