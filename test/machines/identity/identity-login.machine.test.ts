import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { identityLoginMachine } from '../../../machines/identity/identity-login.machine.ts';
import type { IdentityAuthorizeRequest, IdentityLoginEmitted, IdentitySubmission, IdentityVerifyRequest } from '../../../machines/identity/identity-login.types.ts';
import { AUTH_ERROR_CODE, IDENTITY, IDENTITY_MESSAGE } from '../../../shared/constants/identity.ts';
import { AUTH_STATE_TYPE } from '../../../shared/identity/enums.ts';
import type { StateMachineResponse, Tokens } from '../../../shared/identity/types.ts';

const TOKENS: Tokens = { accessToken: { value: 'access', expiresAt: 1 }, refreshToken: { value: 'refresh', role: 'member' } };
const SUCCESS: StateMachineResponse = { state: AUTH_STATE_TYPE.SUCCESS, sessionToken: 'session' };
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

/** A machine whose actors answer from queues the test fills; the authorize call waits unless answered. */
function start(answers: { submit?: Array<StateMachineResponse | Error>; verify?: Array<StateMachineResponse | Error>; authorize?: 'wait' | Tokens } = {}) {
  const clock = new SimulatedClock();
  const submitted: IdentitySubmission[] = [];
  const verified: IdentityVerifyRequest[] = [];
  const authorized: IdentityAuthorizeRequest[] = [];
  const answer = (queue: Array<StateMachineResponse | Error> | undefined) => {
    const next = queue?.shift() ?? SUCCESS;
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  const machine = identityLoginMachine.provide({
    actors: {
      submit: fromPromise<StateMachineResponse, IdentitySubmission>(({ input }) => (submitted.push(input), answer(answers.submit))),
      verify: fromPromise<StateMachineResponse, IdentityVerifyRequest>(({ input }) => (verified.push(input), answer(answers.verify))),
      authorize: fromPromise<Tokens, IdentityAuthorizeRequest>(({ input }) => {
        authorized.push(input);
        return answers.authorize === 'wait' ? new Promise<Tokens>(() => {}) : Promise.resolve(answers.authorize ?? TOKENS);
      }),
    },
  });
  const actor = createActor(machine, { clock, input: undefined });
  const emitted: IdentityLoginEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { actor, clock, submitted, verified, authorized, emitted, settle, state: () => actor.getSnapshot().value };
}

const LOGIN = { type: 'LOGIN' as const, email: 'ada@example.com', password: 'correct horse' };

describe('identityLoginMachine (spec 001 section 4, identity login states)', () => {
  it('starts in initial and signs in: success answer, then the session token exchanged for tokens', async () => {
    const run = start();
    assert.equal(run.state(), 'initial');
    run.actor.send(LOGIN);
    assert.equal(run.state(), 'submitting');
    await run.settle();
    assert.equal(run.state(), 'success');
    assert.deepEqual(run.authorized, [{ sessionToken: 'session' }]);
    assert.deepEqual(run.actor.getSnapshot().context.tokens, TOKENS);
    assert.equal(run.emitted[0]?.type, 'signed-in');
    run.actor.send({ type: 'LOGOUT' });
    assert.equal(run.state(), 'initial');
    assert.equal(run.actor.getSnapshot().context.tokens, null);
    assert.equal(run.emitted.at(-1)?.type, 'signed-out');
  });

  it('goes to emailVerificationRequired, keeps a wrong code there, and verifies with the state token', async () => {
    const run = start({
      submit: [{ state: AUTH_STATE_TYPE.REQUIRE_EMAIL_VERIFICATION, stateToken: 'state-1' }],
      verify: [coded('INVALID_VERIFICATION_CODE', 'the verification code is wrong or expired'), SUCCESS],
    });
    run.actor.send({ ...LOGIN, type: 'REGISTER' });
    await run.settle();
    assert.equal(run.state(), 'emailVerificationRequired');
    assert.equal(run.submitted[0]?.kind, 'register');
    run.actor.send({ type: 'VERIFY', code: '111111' });
    await run.settle();
    assert.equal(run.state(), 'emailVerificationRequired');
    assert.equal(run.actor.getSnapshot().context.error?.code, 'INVALID_VERIFICATION_CODE');
    run.actor.send({ type: 'VERIFY', code: '123456' });
    await run.settle();
    assert.deepEqual(run.verified.at(-1), { code: '123456', stateToken: 'state-1' });
    assert.equal(run.state(), 'success');
  });

  it('goes to ownerApprovalRequired and resends the same submission on RETRY', async () => {
    const run = start({ submit: [{ state: AUTH_STATE_TYPE.REQUIRE_OWNER_APPROVAL, stateToken: 'state-2' }, SUCCESS] });
    run.actor.send(LOGIN);
    await run.settle();
    assert.equal(run.state(), 'ownerApprovalRequired');
    run.actor.send({ type: 'RETRY' });
    await run.settle();
    assert.equal(run.state(), 'success');
    assert.deepEqual(run.submitted[1], run.submitted[0]);
  });

  it('retries a register held for approval as a login with the same credentials (a second register would meet -19995)', async () => {
    const run = start({ submit: [{ state: AUTH_STATE_TYPE.REQUIRE_OWNER_APPROVAL, stateToken: 'state-3' }, SUCCESS] });
    run.actor.send({ ...LOGIN, type: 'REGISTER', profile: { firstName: 'Ada' } });
    await run.settle();
    assert.equal(run.state(), 'ownerApprovalRequired');
    run.actor.send({ type: 'RETRY' });
    await run.settle();
    assert.equal(run.state(), 'success');
    assert.deepEqual(run.submitted[1], { kind: 'login', email: LOGIN.email, password: LOGIN.password });
  });

  it('goes to captchaRequired on the missing and invalid captcha codes, and resends with the solved token', async () => {
    const run = start({ submit: [coded(AUTH_ERROR_CODE.MISSING_CAPTCHA), coded(AUTH_ERROR_CODE.INVALID_CAPTCHA), SUCCESS] });
    run.actor.send(LOGIN);
    await run.settle();
    assert.equal(run.state(), 'captchaRequired');
    run.actor.send({ type: 'CAPTCHA.SOLVED', token: 'c1:wrong' });
    await run.settle();
    assert.equal(run.state(), 'captchaRequired');
    assert.equal(run.actor.getSnapshot().context.error?.code, AUTH_ERROR_CODE.INVALID_CAPTCHA);
    run.actor.send({ type: 'CAPTCHA.SOLVED', token: 'c2:7' });
    await run.settle();
    assert.deepEqual(run.submitted.at(-1)?.captchaTokens, ['c2:7']);
    assert.equal(run.state(), 'success');
  });

  it('goes to failure on the other codes (invalid password, email exists, reset password), with the error', async () => {
    for (const code of [AUTH_ERROR_CODE.INVALID_PASSWORD, AUTH_ERROR_CODE.EMAIL_EXISTS, AUTH_ERROR_CODE.RESET_PASSWORD]) {
      const run = start({ submit: [coded(code, 'refused')] });
      run.actor.send(LOGIN);
      await run.settle();
      assert.equal(run.state(), 'failure');
      assert.deepEqual(run.actor.getSnapshot().context.error, { code, message: 'refused' });
      assert.deepEqual(run.emitted, [{ type: 'failed', error: { code, message: 'refused' } }]);
      run.actor.send(LOGIN);
      assert.equal(run.state(), 'submitting');
    }
  });

  it("fails with 'OAuth flow timed out' at IDENTITY.OAUTH_TIMEOUT_MS, not 1 ms before", async () => {
    const run = start({ authorize: 'wait' });
    run.actor.send(LOGIN);
    await run.settle();
    assert.equal(run.state(), 'authorizing');
    run.clock.increment(IDENTITY.OAUTH_TIMEOUT_MS - 1);
    assert.equal(run.state(), 'authorizing');
    run.clock.increment(1);
    assert.equal(run.state(), 'failure');
    assert.equal(run.actor.getSnapshot().context.error?.message, 'OAuth flow timed out');
    assert.equal(IDENTITY_MESSAGE.OAUTH_TIMED_OUT, 'OAuth flow timed out');
  });

  it("fails with 'Failed to resolve auth token' when the host gave no authorize actor", async () => {
    const machine = identityLoginMachine.provide({ actors: { submit: fromPromise<StateMachineResponse, IdentitySubmission>(async () => SUCCESS) } });
    const actor = createActor(machine, { clock: new SimulatedClock(), input: undefined }).start();
    actor.send(LOGIN);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(actor.getSnapshot().value, 'failure');
    assert.equal(actor.getSnapshot().context.error?.message, 'Failed to resolve auth token');
  });

  it('RESET returns to initial from any state', async () => {
    const run = start({ submit: [{ state: AUTH_STATE_TYPE.REQUIRE_EMAIL_VERIFICATION, stateToken: 's' }] });
    run.actor.send(LOGIN);
    await run.settle();
    run.actor.send({ type: 'RESET' });
    assert.equal(run.state(), 'initial');
    assert.equal(run.actor.getSnapshot().context.stateToken, null);
  });
});
