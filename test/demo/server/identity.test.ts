/**
 * The reference identity service through the SDK's own calls (spec 001 sections 4 to 8, identity
 * parts): a real server on 127.0.0.1 with a real SQLite file, real `fetch`, no mocks.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AUTH_ERROR_CODE, IDENTITY } from '../../../shared/constants/identity.ts';
import { AUTH_STATE_TYPE, FACTOR_TYPE, SUBJECT_TYPE } from '../../../shared/identity/enums.ts';
import { IdentityError } from '../../../shared/identity/errors.ts';
import { createIdentityClient } from '../../../shared/identity/client.ts';
import { createPkce } from '../../../shared/identity/pkce.ts';
import { adminHeaders, harnessPerSuite } from './helpers.ts';
import { IDENTITY_SERVICE, SERVICE_ERROR_CODE } from '../../../demo/server/identity/constants.ts';
import { DEMO_CLIENT, PASSWORD, authorize, codeIn, identityClient, lastMail, redirectUriOf, registerVerified, signedIn } from './identity-helpers.ts';

const APP = { id: 'kite-test-app', name: 'Test app', secret: 'app-secret-0123456789' };

/** Runs `call` and returns the IdentityError it throws. */
async function failure(call: Promise<unknown>): Promise<IdentityError> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof IdentityError, String(error));
    assert.ok(error.requestId, 'the error carries the request id');
    return error;
  }
  assert.fail('expected the call to fail');
}

describe('identity service: register, verify, sign in, refresh', () => {
  const harness = harnessPerSuite(undefined, { identity: { appClients: [APP] } });

  it('registers, verifies the emailed code and signs in with PKCE', async () => {
    const client = identityClient(harness.base);
    const success = await registerVerified(client, harness.base, 'Ada@Example.com');
    assert.equal(success.state, AUTH_STATE_TYPE.SUCCESS);
    assert.equal(success.identity?.email, 'ada@example.com');
    assert.equal(success.identity?.identityProfile.firstName, 'Ada');
    assert.ok(success.identity?.createdDate && success.identity.updatedDate);

    const { location, verifier, code } = await authorize(client, harness.base, { sessionToken: success.sessionToken!, state: 'xyz' });
    assert.equal(location.origin + location.pathname, redirectUriOf(harness.base));
    assert.equal(location.searchParams.get('state'), 'xyz');
    const tokens = await client.exchangeCode({ code: code!, codeVerifier: verifier, redirectUri: redirectUriOf(harness.base) });
    assert.ok(tokens.accessToken.expiresAt > Date.now() / 1000);
    const info = await client.tokenInfo(tokens.accessToken.value);
    assert.equal(info.subjectType, SUBJECT_TYPE.MEMBER);
    assert.equal(info.subjectId, success.identity!.id);

    // The code is single-use.
    const replay = await failure(client.exchangeCode({ code: code!, codeVerifier: verifier, redirectUri: redirectUriOf(harness.base) }));
    assert.equal(replay.code, 'invalid_grant');
  });

  it('refuses a code with another verifier or redirect URI', async () => {
    const client = identityClient(harness.base);
    const success = await registerVerified(client, harness.base, 'pkce@example.com');
    const first = await authorize(client, harness.base, { sessionToken: success.sessionToken! });
    const wrongVerifier = await failure(client.exchangeCode({ code: first.code!, codeVerifier: 'x'.repeat(IDENTITY.PKCE_VERIFIER_MIN_LENGTH), redirectUri: redirectUriOf(harness.base) }));
    assert.equal(wrongVerifier.message, 'the code verifier does not match the challenge');
    const second = await authorize(client, harness.base, { cookie: first.cookie });
    const wrongUri = await failure(client.exchangeCode({ code: second.code!, codeVerifier: second.verifier, redirectUri: `${harness.base}/elsewhere.html` }));
    assert.equal(wrongUri.message, 'the code was issued to another client or redirect URI');
  });

  it('rotates refresh tokens, and a used one is refused', async () => {
    const client = identityClient(harness.base);
    const { tokens } = await signedIn(client, harness.base, 'refresh@example.com');
    const next = await client.refresh(tokens.refreshToken.value);
    assert.notEqual(next.refreshToken.value, tokens.refreshToken.value);
    assert.equal((await client.tokenInfo(next.accessToken.value)).subjectType, SUBJECT_TYPE.MEMBER);
    const reused = await failure(client.refresh(tokens.refreshToken.value));
    assert.equal(reused.code, 'invalid_grant');
  });

  it('logout revokes the session-bound refresh token, not a stripped one', async () => {
    const client = identityClient(harness.base);
    const { tokens, cookie } = await signedIn(client, harness.base, 'logout@example.com');
    const bound = await client.refresh(tokens.refreshToken.value);
    const stripped = await client.stripBoundSession(bound.refreshToken.value);
    const again = await signedIn(client, harness.base, 'logout2@example.com');
    const logout = client.logoutRequest(redirectUriOf(harness.base));
    const response = await fetch(logout.url, { redirect: 'manual', headers: { cookie: again.cookie } });
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('location'), redirectUriOf(harness.base));
    await failure(client.refresh(again.tokens.refreshToken.value));
    // The first member's session ends too; its stripped token survives.
    await fetch(client.logoutRequest().url, { headers: { cookie } });
    assert.ok((await client.refresh(stripped.refreshToken.value)).accessToken.value);
  });

  it('answers an existing email with -19995 and the description', async () => {
    const client = identityClient(harness.base);
    await client.register({ loginId: { email: 'twice@example.com' }, password: PASSWORD });
    const error = await failure(client.register({ loginId: { email: 'TWICE@example.com' }, password: PASSWORD }));
    assert.equal(error.code, AUTH_ERROR_CODE.EMAIL_EXISTS);
    assert.equal(error.message, 'a member with this email exists');
    assert.deepEqual(error.data, { loginId: 'twice@example.com' });
  });

  it('names every wrong field, sorted by field, as INVALID_ARGUMENT', async () => {
    const client = identityClient(harness.base);
    const error = await failure(client.register({ loginId: { email: 'not-an-email' }, password: 'short' }));
    assert.equal(error.code, 'INVALID_ARGUMENT');
    assert.equal(error.status, 400);
    assert.equal(error.message, `INVALID_ARGUMENT: loginId.email: must look like an email address, password: must be at least ${IDENTITY_SERVICE.PASSWORD_MIN_LENGTH} characters`);
  });

  it('asks for a captcha after failed logins: -19976, then -19971, -19970, then success', async () => {
    const client = identityClient(harness.base);
    const email = 'captcha@example.com';
    await registerVerified(client, harness.base, email);
    for (let attempt = 0; attempt < IDENTITY_SERVICE.CAPTCHA_AFTER_FAILED_LOGINS; attempt += 1) {
      const wrong = await failure(client.login({ loginId: { email }, password: 'wrong password' }));
      assert.equal(wrong.code, AUTH_ERROR_CODE.INVALID_PASSWORD);
    }
    assert.equal((await failure(client.login({ loginId: { email }, password: PASSWORD }))).code, AUTH_ERROR_CODE.MISSING_CAPTCHA);
    const unsolved = await client.captcha();
    const badCaptcha = await failure(client.login({ loginId: { email }, password: PASSWORD, captchaTokens: [`${unsolved.captchaId}:wrong`] }));
    assert.equal(badCaptcha.code, AUTH_ERROR_CODE.INVALID_CAPTCHA);
    const captcha = await client.captcha();
    const [a, b] = captcha.question.split(' + ').map(Number);
    const success = await client.login({ loginId: { email }, password: PASSWORD, captchaTokens: [`${captcha.captchaId}:${a! + b!}`] });
    assert.equal(success.state, AUTH_STATE_TYPE.SUCCESS);
  });

  it('recovers a password through the mailed link, and changes it with a member token', async () => {
    const client = identityClient(harness.base);
    const email = 'recover@example.com';
    const { tokens } = await signedIn(client, harness.base, email);
    await client.sendRecoveryEmail({ email });
    const mail = await lastMail(harness.base, email);
    assert.equal(mail.kind, 'recovery');
    const recoveryToken = decodeURIComponent(/recoveryToken=([^\s&]+)/.exec(mail.body)![1]!);
    await client.recover({ recoveryToken, password: 'a new password 1' });
    assert.equal((await client.login({ loginId: { email }, password: 'a new password 1' })).state, AUTH_STATE_TYPE.SUCCESS);
    await client.changePassword('a new password 2', tokens.accessToken.value);
    assert.equal((await client.login({ loginId: { email }, password: 'a new password 2' })).state, AUTH_STATE_TYPE.SUCCESS);
    assert.equal((await failure(client.recover({ recoveryToken, password: 'a new password 3' }))).code, 'INVALID_RECOVERY_TOKEN');
    assert.equal((await failure(client.changePassword('a new password 4', 'not-a-jwt'))).code, 'INVALID_TOKEN');
  });

  it("mails the recovery link to the members page, or to a page the client registered, never to one the caller names", async () => {
    const client = identityClient(harness.base);
    const email = 'recover-link@example.com';
    await registerVerified(client, harness.base, email);
    await client.sendRecoveryEmail({ email });
    assert.match((await lastMail(harness.base, email)).body, /^Set a new password: \/members\/\?recoveryToken=[\w-]+$/);
    await client.sendRecoveryEmail({ email, redirect: { url: redirectUriOf(harness.base), clientId: DEMO_CLIENT } });
    assert.ok((await lastMail(harness.base, email)).body.startsWith(`Set a new password: ${redirectUriOf(harness.base)}?recoveryToken=`));
    for (const redirect of [{ url: 'https://elsewhere.example/reset' }, { url: 'https://elsewhere.example/reset', clientId: DEMO_CLIENT }]) {
      const refused = await failure(client.sendRecoveryEmail({ email, redirect }));
      assert.equal(refused.code, SERVICE_ERROR_CODE.INVALID_REQUEST);
      assert.equal(refused.message, 'redirect.url is not registered for redirect.clientId');
    }
  });

  it('verifies through Start, activation-email and the EMAIL factor call', async () => {
    const client = identityClient(harness.base);
    const email = 'start@example.com';
    const registered = await client.register({ loginId: { email }, password: PASSWORD });
    const { verificationId } = await client.start(registered.identity!.id);
    const verified = await client.verifyFactor(FACTOR_TYPE.EMAIL, { stateToken: verificationId, data: { code: codeIn(await lastMail(harness.base, email)) } });
    assert.equal(verified.state, AUTH_STATE_TYPE.SUCCESS);
    await client.sendActivationEmail(registered.identity!.id);
    assert.equal((await lastMail(harness.base, email)).kind, 'activation');
    assert.equal((await failure(client.verifyFactor(FACTOR_TYPE.SMS, { stateToken: verificationId }))).code, 'FACTOR_NOT_ENROLLED');
    assert.equal((await failure(client.verify({ code: '000000', stateToken: 'unknown' }))).code, 'INVALID_STATE_TOKEN');
  });

  it('gives an app its token (client_credentials) and lets it sign a member on; that member must reset the password (-19973)', async () => {
    const app = createIdentityClient({ baseUrl: `${harness.base}/identity`, clientId: APP.id });
    const appToken = await app.clientCredentials(APP.secret, 'instance-1');
    const info = await app.tokenInfo(appToken.value);
    assert.equal(info.subjectType, SUBJECT_TYPE.APP);
    assert.equal(info.instanceId, 'instance-1');
    const signedOn = await app.signOn({ loginId: { email: 'signon@example.com' } }, appToken.value);
    assert.equal(signedOn.state, AUTH_STATE_TYPE.SUCCESS);
    const reset = await failure(identityClient(harness.base).login({ loginId: { email: 'signon@example.com' }, password: PASSWORD }));
    assert.equal(reset.code, AUTH_ERROR_CODE.RESET_PASSWORD);
    assert.equal((await failure(app.clientCredentials('wrong secret'))).code, 'invalid_client');
    assert.equal((await failure(identityClient(harness.base).tokenInfo('a.b.c'))).message, 'JWT not valid');
  });

  it('sends an authorize URL over the length limit as a form POST, which the service answers the same', async () => {
    const client = identityClient(harness.base);
    const success = await registerVerified(client, harness.base, 'long@example.com');
    const state = 's'.repeat(IDENTITY.URL_PARAMS_MAX_CHARS);
    const { request, location } = await authorize(client, harness.base, { sessionToken: success.sessionToken!, state });
    assert.equal(request.method, 'POST');
    assert.equal(location.searchParams.get('state'), state);
    assert.ok(location.searchParams.get('code'));
    const short = client.authorizeRequest({ redirectUri: redirectUriOf(harness.base), codeChallenge: 'c', state: 'short' });
    assert.equal(short.method, 'GET');
  });

  it('answers the silent flow without a session with login_required, and a redirect session URL', async () => {
    const client = identityClient(harness.base);
    const { location } = await authorize(client, harness.base, { prompt: 'none' });
    assert.equal(location.searchParams.get('error'), 'login_required');
    const { redirectSession } = await client.redirectSession({ logout: { postLogoutRedirectUri: redirectUriOf(harness.base) } });
    assert.equal(new URL(redirectSession.fullUrl).searchParams.get('clientId'), DEMO_CLIENT);

    // The auth redirect session: a URL of the service's authorize page that, opened with the member's session, answers a code for the verifier.
    const { cookie } = await signedIn(client, harness.base, 'redirect-session@example.com');
    const pkce = await createPkce();
    const auth = await client.redirectSession({ auth: { authRequest: { redirectUri: redirectUriOf(harness.base), codeChallenge: pkce.challenge, state: 'rs-1' } } });
    const opened = await fetch(auth.redirectSession.fullUrl, { redirect: 'manual', headers: { cookie } });
    assert.equal(opened.status, 302);
    const back = new URL(opened.headers.get('location')!);
    assert.equal(back.searchParams.get('state'), 'rs-1');
    const tokens = await client.exchangeCode({ code: back.searchParams.get('code')!, codeVerifier: pkce.verifier, redirectUri: redirectUriOf(harness.base) });
    assert.equal((await client.tokenInfo(tokens.accessToken.value)).subjectType, SUBJECT_TYPE.MEMBER);
  });

  it('lets another origin send the bearer token (preflight) and read the request id', async () => {
    const preflight = await fetch(`${harness.base}/identity/v2/change-password`, { method: 'OPTIONS', headers: { Origin: 'http://localhost', 'Access-Control-Request-Headers': 'authorization' } });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'Content-Type, Authorization');
    const answer = await fetch(`${harness.base}/identity/v1/captcha`);
    assert.match(answer.headers.get('access-control-expose-headers') ?? '', /x-request-id/);
  });

  it('names another 4xx by its status text', async () => {
    const error = await failure(identityClient(harness.base).verifyFactor('NOPE' as never, { stateToken: 'x' }));
    assert.equal(error.message, 'NOT_FOUND');
  });
});

describe('identity service: owner approval', () => {
  const harness = harnessPerSuite(undefined, { identity: { requireOwnerApproval: true } });

  it('holds a verified member until the owner approves', async () => {
    const client = identityClient(harness.base);
    const email = 'approve@example.com';
    const verified = await registerVerified(client, harness.base, email).catch((error) => error);
    assert.equal(verified.state, AUTH_STATE_TYPE.REQUIRE_OWNER_APPROVAL);
    // The owner finds who waits (with the ids the approval takes).
    const waiting = await (await fetch(`${harness.base}/api/admin/identity/members/unapproved`, { headers: adminHeaders() })).json();
    assert.deepEqual(waiting.members.map((member: { id: string; email: string; emailVerified: boolean }) => [member.id, member.email, member.emailVerified]), [[verified.identity.id, email, true]]);
    assert.equal((await fetch(`${harness.base}/api/admin/identity/members/unapproved`)).status, 401);
    assert.equal((await client.login({ loginId: { email }, password: PASSWORD })).state, AUTH_STATE_TYPE.REQUIRE_OWNER_APPROVAL);
    const approve = await fetch(`${harness.base}/api/admin/identity/members/${verified.identity.id}/approve`, { method: 'POST', headers: adminHeaders() });
    assert.equal(approve.status, 200);
    assert.equal((await client.login({ loginId: { email }, password: PASSWORD })).state, AUTH_STATE_TYPE.SUCCESS);
    assert.deepEqual((await (await fetch(`${harness.base}/api/admin/identity/members/unapproved`, { headers: adminHeaders() })).json()).members, []);
    const anonymous = await fetch(`${harness.base}/api/admin/identity/members/${verified.identity.id}/approve`, { method: 'POST' });
    assert.equal(anonymous.status, 401);
  });
});
