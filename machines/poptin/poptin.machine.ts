import { assign, emit, fromPromise, not, setup } from 'xstate';
import { CLOSE, FORM, SECOND_MS, THANK_YOU } from '../../shared/constants/widget.ts';
import {
  isXClose,
  REDIRECT_LINK,
  type CloseTrigger,
  type ConversionInput,
  type ConversionResult,
  type PoptinContext,
  type PoptinEmitted,
  type PoptinEvent,
  type PoptinInput,
  type SubmittedValues,
} from './poptin.types.ts';

/**
 * One pop-up's life (widget spec section 4): hidden, then shown (view recorded), then submitted
 * or closed. Closing passes through `closing`, where the exit animation plays, so the host hears
 * `close` only once the pop-up is really gone.
 *
 * Side effects are named and supplied by the view with `provide()`: `recordView`, `recordClose`,
 * `markConverted`, `redirect` (actions) and `sendConversion` (a promise actor).
 *
 * Record settings (docs/poptin-record.md "Record settings"): with `welcome` the content starts on
 * the welcome screen until `WELCOME.START`; with `hold` no close request is taken (a content lock
 * until its lead went through, a landing page ever).
 *
 * The pop-up's own add to cart (poptin-cart.machine.ts) says `CART.BUSY` while it adds or failed:
 * the close after the submit waits, and counts again from its outcome.
 *
 * Repeat submits are blocked by the `submitGuard` region: a SUBMIT holds it for
 * `FORM.SUBMIT_GUARD_MS`, and meanwhile a SUBMIT of the same values is ignored (a double click,
 * a held Enter key, a click after a quick refusal); a corrected form goes through at once.
 * A SUBMIT carrying a redirect link is sent after `THANK_YOU.REDIRECT_LINK_SUBMIT_MS` (widget spec
 * section 4: "A click on a redirect link triggers submit after 1.5 s"): it is handed to
 * `sendConversion` at once with that delay, so the lead is stored at the click and survives a
 * close or a closed tab during the wait.
 */
/** How long the exit plays before the pop-up counts as closed; the view animates over the same time. */
export function exitAnimationMs(context: Pick<PoptinContext, 'closeTrigger' | 'exitEffect' | 'embedded' | 'fullpage'>): number {
  if (context.closeTrigger === 'escape') return CLOSE.ESCAPE_MS;
  const instant = context.exitEffect === 'none' || context.embedded || context.fullpage;
  return instant ? 0 : CLOSE.EXIT_ANIMATION_MS;
}

/**
 * How long after a submit the pop-up starts to close (widget spec section 4 "After submission"):
 * the thank-you screen's auto-close (or its fallback, the long one for a pop-up already shown);
 * without one, 2 s when the button shows 'Sent successfully!' (`sentButton`, the default), else
 * the quick close. A game's pop-up counts from its result instead, for its post-play time.
 */
export function afterSubmitMs(
  context: Pick<PoptinContext, 'thankYou' | 'thankYouAutoCloseMs' | 'alreadyShown' | 'postPlayMs'>,
  sentButton = true,
): number {
  if (context.postPlayMs !== null) return context.postPlayMs;
  if (context.thankYou) {
    return context.thankYouAutoCloseMs ?? (context.alreadyShown ? THANK_YOU.FALLBACK_CLOSE_ALREADY_SHOWN_MS : THANK_YOU.FALLBACK_CLOSE_MS);
  }
  return sentButton ? THANK_YOU.SENT_BUTTON_CLOSE_MS : THANK_YOU.SENT_QUICK_CLOSE_MS;
}

/** A content lock before its lead, or a landing page: no close request is taken (and the view keeps the page locked). */
export const isHeld = ({ hold, submitted }: Pick<PoptinContext, 'hold' | 'submitted'>) => hold === 'landing_page' || (!!hold && !submitted);

/** Submitted values compared as text (symbol keys, such as the redirect link, are left out). */
const valuesKey = (values: SubmittedValues) => JSON.stringify(values);

const poptinSetup = setup({
  types: {} as { context: PoptinContext; events: PoptinEvent; emitted: PoptinEmitted; input: PoptinInput },
  actors: {
    /** Hands the lead to the outbox; the default accepts it without sending anything. */
    sendConversion: fromPromise<ConversionResult, ConversionInput>(
      async () => ({ status: 'sent', conversionId: null }),
    ),
  },
  delays: {
    autoClose: ({ context }) => context.autoCloseMs ?? 0,
    afterSubmit: ({ context }) => afterSubmitMs(context),
    exitAnimation: ({ context }) => exitAnimationMs(context),
    closeLockTick: SECOND_MS,
    submitGuard: FORM.SUBMIT_GUARD_MS,
    removal: ({ context }) => {
      if (context.teasersOn) return CLOSE.REMOVE_WITH_TEASER_MS;
      const immediate = context.exitEffect === 'none' || context.embedded || context.fullpage;
      return immediate ? CLOSE.REMOVE_IMMEDIATE_MS : CLOSE.REMOVE_MS;
    },
  },
  guards: {
    hasAutoClose: ({ context }) => context.autoCloseMs !== null && context.autoCloseMs > 0 && !isHeld(context),
    hasWelcome: ({ context }) => context.welcome,
    /** Given a trigger in its input (`shown`): only the start is hidden with a trigger, every later hiding is `closed`. */
    showsAtStart: ({ context }) => context.trigger !== null,
    /** A landing page stays after its submit; a game's pop-up waits for its result (its post-play time has not started). */
    canCloseAfterSubmit: ({ context }) => context.hold !== 'landing_page' && !(context.game && context.postPlayMs === null) && !context.cartBusy,
    canEscape: ({ context }) => !context.embedded && !isHeld(context),
    canEscapeFromPage: ({ context }) => context.overPage && !context.embedded && !isHeld(context),
    canCloseOnBackground: ({ context }) => context.closeOnBackground && !isHeld(context),
    isCloseLocked: ({ context }) => context.closeLockedFor > 0,
    /** The X and skip buttons wait for their countdown; every other way to close does not. */
    canUseCloseButton: ({ context, event }) =>
      !isHeld(context) && (context.closeLockedFor === 0 || (event.type === 'CLOSE' && !isXClose(event.closeTrigger))),

    isRejected: (_, result: ConversionResult) => result.status === 'rejected',
    /** The same values as a submit less than `FORM.SUBMIT_GUARD_MS` ago. */
    isRepeat: ({ context, event }) => event.type === 'SUBMIT' && context.guardedValues === valuesKey(event.values),
  },
  actions: {
    recordView: () => {},
    recordClose: () => {},
    markConverted: () => {},
    /** Goes where the redirect link or the pop-up's redirect setting says; the view supplies it. */
    redirect: () => {},
    holdGuard: assign({ guardedValues: ({ event }) => (event.type === 'SUBMIT' ? valuesKey(event.values) : null) }),
    releaseGuard: assign({ guardedValues: null }),
    setPending: assign({
      pendingValues: (_, values: SubmittedValues) => ({ ...values }),
      redirectTo: (_, values: SubmittedValues) => values[REDIRECT_LINK] ?? null,
    }),
    setShow: assign((_, { trigger, alreadyShown = false }: { trigger: string; alreadyShown?: boolean }) => ({ trigger, alreadyShown })),
    setCloseTrigger: assign({ closeTrigger: (_, closeTrigger: CloseTrigger) => closeTrigger }),
    setViewId: assign({ viewId: (_, viewId: string) => viewId }),
    setConverted: assign({
      submitted: true,
      errorMessage: null,
      conversionId: (_, result: ConversionResult) => (result.status === 'sent' ? result.conversionId : null),
    }),
    setError: assign({ errorMessage: (_, message: string) => message }),
    // Only CART.BUSY runs it (read from the event, not passed as params: fewer bytes on every pop-up's path).
    setCartBusy: assign({ cartBusy: ({ event }) => (event as Extract<PoptinEvent, { type: 'CART.BUSY' }>).busy }),
    setPlayed: assign({ postPlayMs: ({ event }) => (event.type === 'GAME.RESULT' ? event.postPlayMs : null) }),
    clearError: assign({ errorMessage: null }),
    /** Past the welcome screen (kept in the context, so the screen stays through an exit from it). */
    markWelcomed: assign({ welcome: false }),
    /**
     * "Gamified ones reset those flags" (widget spec section 4): closed after a play, it counts as
     * not submitted. A redirect here only ever follows a submit, so one flag stands for both.
     */
    resetPlayFlags: assign(({ context }) => (context.gamified ? { submitted: false } : {})),
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
  'PAGE.ESCAPE': { guard: 'canEscapeFromPage', target: '#poptin.closing', actions: { type: 'setCloseTrigger', params: 'escape' } },
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
    overPage: input.overPage ?? false,
    exitEffect: input.exitEffect ?? 'fade',
    fullpage: input.fullpage ?? false,
    gamified: input.gamified ?? false,
    closeOnBackground: input.closeOnBackground ?? false,
    autoCloseMs: input.autoCloseMs ?? null,
    thankYou: input.thankYou ?? false,
    thankYouAutoCloseMs: input.thankYouAutoCloseMs ?? null,
    game: input.game ?? false,
    postPlayMs: null,
    teasersOn: input.teasersOn ?? false,
    closeLockedFor: Math.max(0, Math.ceil(input.closeLockedSeconds ?? 0)),
    hold: input.hold ?? null,
    welcome: input.welcome ?? false,
    trigger: input.shown?.trigger ?? null,
    alreadyShown: input.shown?.alreadyShown ?? false,
    closeTrigger: null,
    viewId: null,
    conversionId: null,
    errorMessage: null,
    submitted: false,
    pendingValues: null,
    redirectTo: null,
    guardedValues: null,
  }),
  initial: 'hidden',
  on: {
    'VIEW.RECORDED': { actions: { type: 'setViewId', params: ({ event }) => event.viewId } },
    // A result may come before the lead's answer: it is kept until `submitted`.
    'GAME.RESULT': { actions: 'setPlayed' },
  },
  states: {
    hidden: {
      always: { guard: 'showsAtStart', target: 'shown' },
      on: {
        SHOW: { target: 'shown', actions: { type: 'setShow', params: ({ event }) => event } },
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
          initial: 'welcome',
          states: {
        welcome: {
          always: { guard: not('hasWelcome'), target: 'form' },
          on: { 'WELCOME.START': { target: 'form', actions: 'markWelcomed' } },
        },
        form: {
          on: {
            SUBMIT: [
              { guard: 'isRepeat' },
              { target: 'submitting', actions: { type: 'setPending', params: ({ event }) => event.values } },
            ],
          },
        },
        submitting: {
          entry: 'clearError',
          invoke: {
            src: 'sendConversion',
            input: ({ context }) => ({
              values: context.pendingValues ?? {},
              viewId: context.viewId,
              delayMs: context.redirectTo ? THANK_YOU.REDIRECT_LINK_SUBMIT_MS : 0,
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
              {
                target: '#poptin.submitted',
                actions: [{ type: 'setConverted', params: ({ event }) => event.output }, 'emitConvert', 'markConverted', 'redirect'],
              },
            ],
            onError: {
              target: 'form',
              actions: { type: 'setError', params: ({ event }) => String((event.error as Error)?.message ?? event.error) },
            },
          },
        },
          },
        },
        // Held by each SUBMIT with its values; while held, the same values are not taken again.
        submitGuard: {
          initial: 'released',
          states: {
            released: { on: { SUBMIT: { target: 'held', actions: 'holdGuard' } } },
            held: {
              on: { SUBMIT: { guard: not('isRepeat'), target: 'held', reenter: true, actions: 'holdGuard' } },
              after: { submitGuard: { target: 'released', actions: 'releaseGuard' } },
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
    // Its entry's work (convert, mark, redirect) is on the way in, so a game's result can enter it
    // again: a game's play was its submit, and its post-play time counts from the result on screen.
    submitted: {
      after: {
        afterSubmit: { guard: 'canCloseAfterSubmit', target: 'closing', actions: { type: 'setCloseTrigger', params: 'thank_you' } },
      },
      on: {
        ...closeRequests,
        'GAME.RESULT': { target: 'submitted', reenter: true, actions: 'setPlayed' },
        // Re-entered, so the close after the submit counts again from the cart's outcome.
        'CART.BUSY': { target: 'submitted', reenter: true, actions: 'setCartBusy' },
      },
    },
    closing: {
      entry: 'recordClose',
      after: { exitAnimation: 'closed' },
    },
    closed: {
      // Reset first, so `close` (and with it `poptinClose`) reports a played gamified pop-up as not submitted.
      entry: ['resetPlayFlags', 'emitClose'],
      after: { removal: 'removed' },
    },
    removed: {
      type: 'final',
      entry: 'emitRemoved',
    },
  },
});
