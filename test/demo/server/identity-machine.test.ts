/**
 * identityLoginMachine driven by the SDK's own calls against the real identity service: the
 * machine's actors are the SDK client's register, login and verify, and the PKCE code flow, so
 * its states follow the service's real answers and codes (spec 001 sections 4 and 8).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, fromPromise, waitFor } from 'xstate';
import { identityLoginMachine } from '../../../machines/identity/identity-login.machine.ts';
import type { IdentityAuthorizeRequest, IdentitySubmission, IdentityVerifyRequest } from '../../../machines/identity/identity-login.types.ts';
import type { StateMachineResponse, Tokens } from '../../../shared/identity/types.ts';
import { AUTH_ERROR_CODE } from '../../../shared/constants/identity.ts';
import { IDENTITY_SERVICE } from '../../../demo/server/identity/constants.ts';
import { adminHeaders, harnessPerSuite } from './helpers.ts';
import { PASSWORD, authorize, codeIn, identityClient, lastMail, redirectUriOf } from './identity-helpers.ts';

/** The login machine driven by the SDK's real calls against the identity service at `base`. */
function loginMachineAgainst(base: string) {
  const client = identityClient(base);
  const machine = identityLoginMachine.provide({
    actors: {
      submit: fromPromise<StateMachineResponse, IdentitySubmission>(({ input }) => {
        const body = { loginId: { email: input.email }, password: input.password, captchaTokens: input.captchaTokens };
        return input.kind === 'register' ? client.register({ ...body, profile: input.profile }) : client.login(body);
      }),
      verify: fromPromise<StateMachineResponse, IdentityVerifyRequest>(({ input }) => client.verify(input)),
      authorize: fromPromise<Tokens, IdentityAuthorizeRequest>(async ({ input }) => {
        const { code, verifier } = await authorize(client, base, { sessionToken: input.sessionToken });
        return client.exchangeCode({ code: code!, codeVerifier: verifier, redirectUri: redirectUriOf(base) });
      }),
    },
  });
  return { client, actor: createActor(machine, { input: undefined }).start() };
}

describe('identityLoginMachine on the SDK against the real service', () => {
  const harness = harnessPerSuite();

  const start = () => loginMachineAgainst(harness.base);
  const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => !['submitting', 'verifying', 'authorizing'].includes(snapshot.value as string));

  it('registers, verifies the mailed code and ends signed in with tokens', async () => {
    const { client, actor } = start();
    actor.send({ type: 'REGISTER', email: 'machine@example.com', password: PASSWORD });
    assert.equal((await settled(actor)).value, 'emailVerificationRequired');
    actor.send({ type: 'VERIFY', code: codeIn(await lastMail(harness.base, 'machine@example.com')) });
    const done = await settled(actor);
    assert.equal(done.value, 'success');
    assert.equal((await client.tokenInfo(done.context.tokens!.accessToken.value)).subjectType, 'MEMBER');
  });

  it('goes to failure with -19976, then captchaRequired with -19971, and signs in once the captcha is solved', async () => {
    const { client, actor } = start();
    for (let attempt = 0; attempt < IDENTITY_SERVICE.CAPTCHA_AFTER_FAILED_LOGINS; attempt += 1) {
      actor.send({ type: 'LOGIN', email: 'machine@example.com', password: 'wrong password' });
      const failed = await settled(actor);
      assert.equal(failed.value, 'failure');
      assert.equal(failed.context.error?.code, AUTH_ERROR_CODE.INVALID_PASSWORD);
    }
    actor.send({ type: 'LOGIN', email: 'machine@example.com', password: PASSWORD });
    const captcha = await settled(actor);
    assert.equal(captcha.value, 'captchaRequired');
    assert.equal(captcha.context.error?.code, AUTH_ERROR_CODE.MISSING_CAPTCHA);
    const { captchaId, question } = await client.captcha();
    const [a, b] = question.split(' + ').map(Number);
    actor.send({ type: 'CAPTCHA.SOLVED', token: `${captchaId}:${a! + b!}` });
    assert.equal((await settled(actor)).value, 'success');
  });
});

describe('identityLoginMachine against a service whose owner approves new members', () => {
  const harness = harnessPerSuite(undefined, { identity: { requireOwnerApproval: true } });

  it('registers, verifies, waits in ownerApprovalRequired, and signs in on RETRY once the owner approved', async () => {
    const { client, actor } = loginMachineAgainst(harness.base);
    const settled = () => waitFor(actor, (snapshot) => !['submitting', 'verifying', 'authorizing'].includes(snapshot.value as string));
    const email = 'approval@example.com';
    actor.send({ type: 'REGISTER', email, password: PASSWORD });
    assert.equal((await settled()).value, 'emailVerificationRequired');
    actor.send({ type: 'VERIFY', code: codeIn(await lastMail(harness.base, email)) });
    const waiting = await settled();
    assert.equal(waiting.value, 'ownerApprovalRequired');
    actor.send({ type: 'RETRY' });
    assert.equal((await settled()).value, 'ownerApprovalRequired', 'not approved yet');
    const approve = await fetch(`${harness.base}/api/admin/identity/members/${waiting.context.answer!.identity!.id}/approve`, { method: 'POST', headers: adminHeaders() });
    assert.equal(approve.status, 200);
    actor.send({ type: 'RETRY' });
    const done = await settled();
    assert.equal(done.value, 'success', JSON.stringify(done.context.error));
    assert.equal((await client.tokenInfo(done.context.tokens!.accessToken.value)).subjectId, waiting.context.answer!.identity!.id);
  });
});
