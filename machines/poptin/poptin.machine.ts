import { assign, emit, fromPromise, setup } from 'xstate';
import { CLOSE, SECOND_MS, THANK_YOU } from '../../shared/constants/widget.ts';
import type { CloseTrigger, ConversionResult, PoptinContext, PoptinEmitted, PoptinEvent, PoptinInput } from './poptin.types.ts';

/**
 * One pop-up's life (widget spec section 4): hidden, then shown (view recorded), then submitted
 * or closed. Closing passes through `closing`, where the exit animation plays, so the host hears
 * `close` only once the pop-up is really gone.
 *
 * Side effects are named and supplied by the view with `provide()`: `recordView`, `recordClose`,
 * `markConverted` (actions) and `sendConversion` (a promise actor).
 */
/** How long the exit plays before the pop-up counts as closed; the view animates over the same time. */
export function exitAnimationMs(context: Pick<PoptinContext, 'closeTrigger' | 'exitEffect' | 'embedded' | 'fullpage'>): number {
  if (context.closeTrigger === 'escape') return CLOSE.ESCAPE_MS;
  const instant = context.exitEffect === 'none' || context.embedded || context.fullpage;
  return instant ? 0 : CLOSE.EXIT_ANIMATION_MS;
}

const poptinSetup = setup({
  types: {} as { context: PoptinContext; events: PoptinEvent; emitted: PoptinEmitted; input: PoptinInput },
  actors: {
    /** Hands the lead to the outbox; the default accepts it without sending anything. */
    sendConversion: fromPromise<ConversionResult, { values: Record<string, string>; viewId: string | null }>(
      async () => ({ status: 'sent', conversionId: null }),
    ),
  },
  delays: {
    autoClose: ({ context }) => context.autoCloseMs ?? 0,
    afterSubmit: ({ context }) => {
      if (!context.thankYou) return THANK_YOU.SENT_BUTTON_CLOSE_MS;
      return context.thankYouAutoCloseMs ?? THANK_YOU.FALLBACK_CLOSE_MS;
    },
    exitAnimation: ({ context }) => exitAnimationMs(context),
    closeLockTick: SECOND_MS,
    removal: ({ context }) => {
      if (context.teasersOn) return CLOSE.REMOVE_WITH_TEASER_MS;
      const immediate = context.exitEffect === 'none' || context.embedded || context.fullpage;
      return immediate ? CLOSE.REMOVE_IMMEDIATE_MS : CLOSE.REMOVE_MS;
    },
  },
  guards: {
    hasAutoClose: ({ context }) => context.autoCloseMs !== null && context.autoCloseMs > 0,
    canEscape: ({ context }) => !context.embedded,
    canCloseOnBackground: ({ context }) => context.closeOnBackground,
    isCloseLocked: ({ context }) => context.closeLockedFor > 0,
    /** The X and skip buttons wait for their countdown; every other way to close does not. */
    canUseCloseButton: ({ context, event }) =>
      context.closeLockedFor === 0 || (event.type === 'CLOSE' && event.closeTrigger !== 'x_click' && event.closeTrigger !== 'skip'),

    isRejected: (_, result: ConversionResult) => result.status === 'rejected',
  },
  actions: {
    recordView: () => {},
    recordClose: () => {},
    markConverted: () => {},
    setTrigger: assign({ trigger: (_, trigger: string) => trigger }),
    setCloseTrigger: assign({ closeTrigger: (_, closeTrigger: CloseTrigger) => closeTrigger }),
    setViewId: assign({ viewId: (_, viewId: string) => viewId }),
    setConverted: assign({
      submitted: true,
      errorMessage: null,
      conversionId: (_, result: ConversionResult) => (result.status === 'sent' ? result.conversionId : null),
    }),
    setError: assign({ errorMessage: (_, message: string) => message }),
    clearError: assign({ errorMessage: null }),
    countDownCloseLock: assign({ closeLockedFor: ({ context }) => Math.max(0, context.closeLockedFor - 1) }),
    emitShow: emit(({ context }) => ({ type: 'show' as const, poptinId: context.poptinId, trigger: context.trigger ?? '' })),
    emitConvert: emit(({ context }) => ({ type: 'convert' as const, poptinId: context.poptinId, conversionId: context.conversionId })),
    emitClose: emit(({ context }) => ({
      type: 'close' as const,
      poptinId: context.poptinId,
      closeTrigger: context.closeTrigger ?? '',
      submitted: context.submitted,
    })),
    emitRemoved: emit(({ context }) => ({ type: 'removed' as const, poptinId: context.poptinId })),
  },
});

/** The ways a visitor closes an open pop-up, the same on the form and on the thank-you screen. */
const closeRequests = {
  CLOSE: {
    guard: 'canUseCloseButton',
    target: '#poptin.closing',
    actions: { type: 'setCloseTrigger', params: ({ event }: { event: { closeTrigger: CloseTrigger } }) => event.closeTrigger },
  },
  ESCAPE: { guard: 'canEscape', target: '#poptin.closing', actions: { type: 'setCloseTrigger', params: 'escape' } },
  'BACKGROUND.CLICK': {
    guard: 'canCloseOnBackground',
    target: '#poptin.closing',
    actions: { type: 'setCloseTrigger', params: 'bg_click' },
  },
} as const;

export const poptinMachine = poptinSetup.createMachine({
  id: 'poptin',
  context: ({ input }) => ({
    poptinId: input.poptinId,
    embedded: input.embedded ?? false,
    exitEffect: input.exitEffect ?? 'fade',
    fullpage: input.fullpage ?? false,
    closeOnBackground: input.closeOnBackground ?? false,
    autoCloseMs: input.autoCloseMs ?? null,
    thankYou: input.thankYou ?? false,
    thankYouAutoCloseMs: input.thankYouAutoCloseMs ?? null,
    teasersOn: input.teasersOn ?? false,
    closeLockedFor: Math.max(0, Math.ceil(input.closeLockedSeconds ?? 0)),
    trigger: null,
    closeTrigger: null,
    viewId: null,
    conversionId: null,
    errorMessage: null,
    submitted: false,
  }),
  initial: 'hidden',
  on: {
    'VIEW.RECORDED': { actions: { type: 'setViewId', params: ({ event }) => event.viewId } },
  },
  states: {
    hidden: {
      on: {
        SHOW: { target: 'shown', actions: { type: 'setTrigger', params: ({ event }) => event.trigger } },
      },
    },
    shown: {
      entry: ['emitShow', 'recordView'],
      type: 'parallel',
      states: {
        // The X or skip button counts down to enabled, one second at a time.
        closeButton: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'isCloseLocked', target: 'locked' }, { target: 'enabled' }] },
            locked: {
              after: { closeLockTick: { target: 'checking', reenter: true, actions: 'countDownCloseLock' } },
            },
            enabled: {},
          },
        },
        content: {
          initial: 'form',
          states: {
        form: {
          on: { SUBMIT: 'submitting' },
        },
        submitting: {
          entry: 'clearError',
          invoke: {
            src: 'sendConversion',
            input: ({ context, event }) => ({
              values: event.type === 'SUBMIT' ? event.values : {},
              viewId: context.viewId,
            }),
            onDone: [
              {
                guard: { type: 'isRejected', params: ({ event }) => event.output },
                target: 'form',
                actions: {
                  type: 'setError',
                  params: ({ event }) => (event.output.status === 'rejected' ? event.output.message : ''),
                },
              },
              { target: '#poptin.submitted', actions: { type: 'setConverted', params: ({ event }) => event.output } },
            ],
            onError: {
              target: 'form',
              actions: { type: 'setError', params: ({ event }) => String((event.error as Error)?.message ?? event.error) },
            },
          },
        },
          },
        },
      },
      after: {
        autoClose: {
          guard: 'hasAutoClose',
          target: 'closing',
          actions: { type: 'setCloseTrigger', params: 'auto_close' },
        },
      },
      on: closeRequests,
    },
    submitted: {
      entry: ['emitConvert', 'markConverted'],
      after: {
        afterSubmit: { target: 'closing', actions: { type: 'setCloseTrigger', params: 'thank_you' } },
      },
      on: closeRequests,
    },
    closing: {
      entry: 'recordClose',
      after: { exitAnimation: 'closed' },
    },
    closed: {
      entry: 'emitClose',
      after: { removal: 'removed' },
    },
    removed: {
      type: 'final',
      entry: 'emitRemoved',
    },
  },
});
