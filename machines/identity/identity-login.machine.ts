import { assign, emit, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { AUTH_ERROR_CODE, IDENTITY, IDENTITY_MESSAGE } from '../../shared/constants/identity.ts';
import { AUTH_STATE_TYPE } from '../../shared/identity/enums.ts';
import type { StateMachineResponse, Tokens } from '../../shared/identity/types.ts';
import type {
  IdentityAuthorizeRequest,
  IdentityLoginContext,
  IdentityLoginEmitted,
  IdentityLoginError,
  IdentityLoginEvent,
  IdentityLoginInput,
  IdentitySubmission,
  IdentityVerifyRequest,
} from './identity-login.types.ts';

/** The code the machine gives a timed-out OAuth step (its message is the spec's). */
const OAUTH_TIMEOUT_CODE = 'OAUTH_TIMEOUT';

/** Any thrown value as `{ code, message }` (the SDK's IdentityError has both). */
function errorOf(thrown: unknown): IdentityLoginError {
  const { code, message } = (thrown ?? {}) as { code?: unknown; message?: unknown };
  return { code: typeof code === 'string' ? code : 'UNKNOWN', message: typeof message === 'string' ? message : String(thrown) };
}

const CAPTCHA_CODES: readonly string[] = [AUTH_ERROR_CODE.MISSING_CAPTCHA, AUTH_ERROR_CODE.INVALID_CAPTCHA];
/** The output of an invoked actor's done event (named actions see the machine's event union). */
const outputOf = <T>(event: unknown) => (event as DoneActorEvent<T>).output;
const answerOf = (event: unknown) => outputOf<StateMachineResponse>(event);
const thrownOf = (event: unknown) => (event as ErrorActorEvent).error;

/** Where an answer of login, register or verify leads (spec 001 section 4, driven by the auth state types). */
const byAnswer = [
  { guard: 'isSuccess', target: 'authorizing', actions: 'setAnswer' },
  { guard: 'needsEmailVerification', target: 'emailVerificationRequired', actions: 'setAnswer' },
  { guard: 'needsOwnerApproval', target: 'ownerApprovalRequired', actions: 'setAnswer' },
  // STATUS_CHECK: the service has not decided; nothing to do but try again later.
  { target: 'failure', actions: ['setAnswer', 'setStatusCheck', 'emitFailed'] },
] as const;

const submitOn = {
  LOGIN: { target: '#identityLogin.submitting', actions: 'setLogin' },
  REGISTER: { target: '#identityLogin.submitting', actions: 'setRegister' },
} as const;

/**
 * The identity SDK's login states (spec 001 section 4 "Identity SDK login states"): `initial`,
 * `success`, `failure`, `emailVerificationRequired`, `ownerApprovalRequired` and
 * `captchaRequired`, driven by the answers' auth state types and the auth error codes (section 8).
 * A SUCCESS answer's session token is exchanged for tokens in `authorizing` (the SDK's PKCE code
 * flow), which gives up with 'OAuth flow timed out' after IDENTITY.OAUTH_TIMEOUT_MS.
 *
 * Effects are actors the host provides: `submit` (login or register), `verify` (the emailed code)
 * and `authorize` (session token to tokens), for instance with the SDK's `createIdentityClient`.
 */
export const identityLoginMachine = setup({
  types: {} as { context: IdentityLoginContext; events: IdentityLoginEvent; emitted: IdentityLoginEmitted; input: IdentityLoginInput | undefined },
  delays: { oauthTimeout: ({ context }) => context.oauthTimeoutMs },
  actors: {
    submit: fromPromise<StateMachineResponse, IdentitySubmission>(async () => ({ state: AUTH_STATE_TYPE.STATUS_CHECK })),
    verify: fromPromise<StateMachineResponse, IdentityVerifyRequest>(async () => ({ state: AUTH_STATE_TYPE.STATUS_CHECK })),
    authorize: fromPromise<Tokens, IdentityAuthorizeRequest>(async () => {
      throw new Error(IDENTITY_MESSAGE.AUTH_TOKEN_UNRESOLVED);
    }),
  },
  guards: {
    isSuccess: ({ event }) => answerOf(event).state === AUTH_STATE_TYPE.SUCCESS,
    needsEmailVerification: ({ event }) => answerOf(event).state === AUTH_STATE_TYPE.REQUIRE_EMAIL_VERIFICATION,
    needsOwnerApproval: ({ event }) => answerOf(event).state === AUTH_STATE_TYPE.REQUIRE_OWNER_APPROVAL,
    needsCaptcha: ({ event }) => CAPTCHA_CODES.includes(errorOf(thrownOf(event)).code),
    hasSubmission: ({ context }) => context.submission !== null,
  },
  actions: {
    setLogin: assign({ submission: ({ event }) => (event.type === 'LOGIN' ? { kind: 'login' as const, email: event.email, password: event.password } : null), error: null }),
    setRegister: assign({
      submission: ({ event }) => (event.type === 'REGISTER' ? { kind: 'register' as const, email: event.email, password: event.password, profile: event.profile } : null),
      error: null,
    }),
    setCaptcha: assign({
      submission: ({ context, event }) => (event.type === 'CAPTCHA.SOLVED' && context.submission ? { ...context.submission, captchaTokens: [event.token] } : context.submission),
    }),
    // The member exists by now: a register resent would meet -19995, so the retry is a login with the same credentials.
    setRetry: assign({
      submission: ({ context }) => (context.submission ? { kind: 'login' as const, email: context.submission.email, password: context.submission.password } : null),
      error: null,
    }),
    setAnswer: assign(({ event }) => {
      const answer = answerOf(event);
      return { answer, stateToken: answer.stateToken ?? null, error: null };
    }),
    setStatusCheck: assign({ error: { code: AUTH_STATE_TYPE.STATUS_CHECK, message: AUTH_STATE_TYPE.STATUS_CHECK } }),
    setError: assign({ error: ({ event }) => errorOf(thrownOf(event)) }),
    setTimedOut: assign({ error: { code: OAUTH_TIMEOUT_CODE, message: IDENTITY_MESSAGE.OAUTH_TIMED_OUT } }),
    setTokens: assign({ tokens: ({ event }) => outputOf<Tokens>(event) }),
    clearAll: assign({ submission: null, stateToken: null, answer: null, tokens: null, error: null }),
    emitSignedIn: emit(({ context }) => ({ type: 'signed-in' as const, tokens: context.tokens!, answer: context.answer! })),
    emitFailed: emit(({ context }) => ({ type: 'failed' as const, error: context.error! })),
    emitSignedOut: emit({ type: 'signed-out' as const }),
  },
}).createMachine({
  id: 'identityLogin',
  context: ({ input }) => ({
    submission: null,
    stateToken: null,
    answer: null,
    tokens: null,
    error: null,
    oauthTimeoutMs: input?.oauthTimeoutMs ?? IDENTITY.OAUTH_TIMEOUT_MS,
  }),
  initial: 'initial',
  on: { RESET: { target: '.initial', actions: 'clearAll' } },
  states: {
    initial: { on: submitOn },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ context }) => context.submission!,
        onDone: byAnswer,
        onError: [
          { guard: 'needsCaptcha', target: 'captchaRequired', actions: 'setError' },
          { target: 'failure', actions: ['setError', 'emitFailed'] },
        ],
      },
    },
    captchaRequired: {
      on: { ...submitOn, 'CAPTCHA.SOLVED': { target: 'submitting', actions: 'setCaptcha' } },
    },
    emailVerificationRequired: {
      on: { ...submitOn, VERIFY: 'verifying' },
    },
    verifying: {
      invoke: {
        src: 'verify',
        input: ({ context, event }) => ({ code: event.type === 'VERIFY' ? event.code : '', stateToken: context.stateToken ?? '' }),
        onDone: byAnswer,
        // A wrong code: the member types it again.
        onError: { target: 'emailVerificationRequired', actions: 'setError' },
      },
    },
    ownerApprovalRequired: {
      on: { ...submitOn, RETRY: { guard: 'hasSubmission', target: 'submitting', actions: 'setRetry' } },
    },
    authorizing: {
      invoke: {
        src: 'authorize',
        input: ({ context }) => ({ sessionToken: context.answer?.sessionToken ?? '' }),
        onDone: { target: 'success', actions: ['setTokens', 'emitSignedIn'] },
        onError: { target: 'failure', actions: ['setError', 'emitFailed'] },
      },
      after: { oauthTimeout: { target: 'failure', actions: ['setTimedOut', 'emitFailed'] } },
    },
    success: {
      on: { LOGOUT: { target: 'initial', actions: ['clearAll', 'emitSignedOut'] } },
    },
    failure: { on: submitOn },
  },
});
