import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { CONTACT_FORM } from '../../shared/constants/site.ts';
import { safeRedirectUrl } from '../../shared/logic/contact.ts';
import type {
  ContactField,
  ContactFieldCheck,
  ContactFormContext,
  ContactFormEmitted,
  ContactFormEvent,
  ContactFormInput,
  ContactSendResult,
} from './contact-form.types.ts';

/** The checks that failed, in form order. */
export const failingChecks = (checks: readonly ContactFieldCheck[]): ContactFieldCheck[] => checks.filter((check) => check.valid === false);

/** A submit goes the same way from `idle` and from `error`: errors keep it idle, an inactive button keeps it where it is. */
const submit = [
  {
    guard: 'hasFailingChecks',
    target: '#contactForm.idle',
    actions: ['setChecks', 'clearOutcome', 'emitInvalid'],
  },
  // The checks passed, so their styles show, but the theme's inactive button sends nothing.
  { guard: 'isInactive', actions: 'setChecks' },
  { target: '#contactForm.sending', actions: ['setChecks', 'setFields'] },
] as const;

/**
 * The contact form (spec 001, section 4 "Contact form"): `idle`, then `sending`, then `success` or
 * `error`.
 *
 * - `SUBMIT` carries the fields' checks, run by the view from the fields' classes (section 5). Any
 *   failing check keeps the form `idle` with those checks in context and emits `invalid`; nothing is
 *   sent. Passing checks with the button marked inactive send nothing either.
 * - `sending` invokes `send` (the view's: it posts the fields and reads the answer; the default
 *   sends nothing and succeeds with an empty response). A `SUBMIT` while sending is ignored, so
 *   there is never a second send.
 * - `success` emits `success`; with a safe `redirect` it goes to `success.redirecting` and emits
 *   `redirect` (the view navigates), else the form slides up (`success.hiding`, `slide`), then the
 *   response slides down (`success.showing`, `slide`) and stays (`success.shown`).
 * - `error` (the answer held the error container, or the network failed) emits `error`; the view
 *   shows the container and restores the button. The next `SUBMIT` leaves it as from `idle`.
 */
export const contactFormMachine = setup({
  types: {} as {
    context: ContactFormContext;
    events: ContactFormEvent;
    emitted: ContactFormEmitted;
    input: ContactFormInput;
  },
  actors: {
    /** Posts the fields; the view provides it. The default sends nothing and reports an empty success. */
    send: fromPromise<ContactSendResult, { fields: ContactField[] }>(async () => ({ ok: true, response: '' })),
  },
  delays: {
    /** Each of the two success slides: the form up, then the response down. The view makes it 0 under reduced motion. */
    slide: CONTACT_FORM.SLIDE_MS,
  },
  guards: {
    hasFailingChecks: ({ event }) => event.type === 'SUBMIT' && failingChecks(event.checks).length > 0,
    isInactive: ({ event }) => event.type === 'SUBMIT' && event.inactive,
    isAccepted: (_, result: ContactSendResult) => result.ok,
    hasRedirect: ({ context }) => context.redirect !== null,
  },
  actions: {
    setChecks: assign({ checks: ({ context, event }) => (event.type === 'SUBMIT' ? event.checks : context.checks) }),
    /** Replaces the field's check of the last submit; a field not checked yet stays unstyled. */
    updateCheck: assign({
      checks: ({ context, event }) =>
        event.type === 'FIELD.CHECK'
          ? context.checks.map((check) => (check.name === event.check.name ? event.check : check))
          : context.checks,
    }),
    setFields: assign({ fields: ({ context, event }) => (event.type === 'SUBMIT' ? event.fields : context.fields) }),
    setRedirect: assign({
      redirect: ({ context, event }) => (event.type === 'REDIRECT.SET' ? safeRedirectUrl(event.redirect) : context.redirect),
    }),
    setResponse: assign({ response: (_, html: string) => html }),
    setError: assign({ error: (_, html: string | null) => html }),
    clearOutcome: assign({ response: null, error: null }),
    emitInvalid: emit(({ context }) => {
      const failing = failingChecks(context.checks);
      return { type: 'invalid' as const, fields: failing.map((check) => check.name), labels: failing.map((check) => check.label) };
    }),
    emitSending: emit(({ context }) => ({ type: 'sending' as const, fields: context.fields.map(([name]) => name) })),
    emitSuccess: emit(({ context }) => ({ type: 'success' as const, redirect: context.redirect })),
    emitError: emit((_, reason: 'rejected' | 'network') => ({ type: 'error' as const, reason })),
    emitRedirect: emit(({ context }) => ({ type: 'redirect' as const, url: context.redirect ?? '' })),
  },
}).createMachine({
  id: 'contactForm',
  context: ({ input }) => ({
    checks: [],
    fields: [],
    redirect: safeRedirectUrl(input.redirect),
    response: null,
    error: null,
  }),
  initial: 'idle',
  on: {
    'FIELD.CHECK': { actions: 'updateCheck' },
    'REDIRECT.SET': { actions: 'setRedirect' },
  },
  states: {
    idle: {
      on: { SUBMIT: [...submit] },
    },
    sending: {
      entry: ['clearOutcome', 'emitSending'],
      invoke: {
        src: 'send',
        input: ({ context }) => ({ fields: context.fields }),
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ event }) => event.output },
            target: 'success',
            actions: { type: 'setResponse', params: ({ event }) => (event.output.ok ? event.output.response : '') },
          },
          {
            target: 'error',
            actions: [
              { type: 'setError', params: ({ event }) => (event.output.ok ? null : event.output.error) },
              { type: 'emitError', params: 'rejected' },
            ],
          },
        ],
        onError: {
          target: 'error',
          actions: [
            { type: 'setError', params: null },
            { type: 'emitError', params: 'network' },
          ],
        },
      },
    },
    success: {
      entry: 'emitSuccess',
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'hasRedirect', target: 'redirecting' }, { target: 'hiding' }],
        },
        /** The page is leaving for `redirect`; the form stays as it is (sending) until it does. */
        redirecting: { entry: 'emitRedirect' },
        /** The form slides up. */
        hiding: { after: { slide: 'showing' } },
        /** The form is gone; the response slides down. */
        showing: { after: { slide: 'shown' } },
        /** The response stays in place of the form. */
        shown: { type: 'final' },
      },
    },
    error: {
      on: { SUBMIT: [...submit] },
    },
  },
});

export type ContactFormSnapshot = SnapshotFrom<typeof contactFormMachine>;

/** The top-level state: one of the spec's four words. */
export function contactStateOf(snapshot: ContactFormSnapshot): 'idle' | 'sending' | 'success' | 'error' {
  if (snapshot.matches('sending')) return 'sending';
  if (snapshot.matches('success')) return 'success';
  if (snapshot.matches('error')) return 'error';
  return 'idle';
}

/** Where the success is: `redirecting`, `hiding` (form sliding up), `showing` (response sliding down), `shown`; `null` before success. */
export function successPhaseOf(snapshot: ContactFormSnapshot): 'redirecting' | 'hiding' | 'showing' | 'shown' | null {
  for (const phase of ['redirecting', 'hiding', 'showing', 'shown'] as const) {
    if (snapshot.matches({ success: phase })) return phase;
  }
  return null;
}
