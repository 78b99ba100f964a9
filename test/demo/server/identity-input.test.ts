/**
 * Every route of the reference identity service against bad input (spec 001 issue 20 item 8:
 * "every endpoint validates input"): malformed JSON, bodies that are not objects, missing fields,
 * fields of the wrong type, an oversize body and a wrong content type each get a 4xx with a reason
 * and the request id, never a 500, and the server goes on answering.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { REQUEST_ID_HEADER } from '../../../shared/identity/errors.ts';
import { GRANT_TYPE } from '../../../shared/identity/enums.ts';
import { createIdentityClient } from '../../../shared/identity/client.ts';
import { SERVER } from '../../../demo/server/constants.ts';
import { call, harnessPerSuite, postJson, type Answer } from './helpers.ts';
import { identityClient, signedIn } from './identity-helpers.ts';

const APP = { id: 'kite-input-app', name: 'Input app', secret: 'input-app-secret-0123456' };

interface Endpoint {
  path: string;
  /** The fields a body must have; each is named when missing. */
  required: string[];
  /** A value of the wrong type for each field the route reads, and the field the answer names for it. */
  wrongTypes: Record<string, unknown>;
  /** Fields every body carries (a grant's grant_type), so the route reaches the fields under test. */
  base?: Record<string, unknown>;
  bearer?: 'member' | 'app';
  /** Routes that also take a form body. */
  form?: boolean;
}

const grant = (grantType: string, required: string[], wrongTypes: Record<string, unknown>): Endpoint => ({
  path: '/identity/v1/oauth/token',
  base: { grant_type: grantType },
  required,
  wrongTypes,
  form: true,
});

const ENDPOINTS: Endpoint[] = [
  { path: '/identity/v2/register', required: ['loginId', 'password'], wrongTypes: { loginId: 7, password: 7, profile: 'x', captchaTokens: 'x', clientMetaData: [] } },
  { path: '/identity/v2/login', required: ['loginId', 'password'], wrongTypes: { loginId: 'x', password: true, captchaTokens: {}, clientMetaData: 7 } },
  { path: '/identity/v1/auth/verify', required: ['code', 'stateToken'], wrongTypes: { code: 123456, stateToken: [] } },
  { path: '/identity/v2/email/verify', required: ['stateToken'], wrongTypes: { stateToken: 7, rememberThisDevice: 'yes', data: 'x' } },
  { path: '/identity/v1/Start', required: ['identityId', 'target'], wrongTypes: { identityId: 7, target: 'SMS' } },
  { path: '/identity/v1/activation-email', required: ['identityId'], wrongTypes: { identityId: {}, emailOptions: 'x' } },
  { path: '/identity/v1/send-email', required: ['email'], wrongTypes: { email: 7, language: 7, redirect: 'x' } },
  { path: '/identity/v1/recover', required: ['recoveryToken', 'password'], wrongTypes: { recoveryToken: 7, password: 7 } },
  { path: '/identity/v2/change-password', required: ['newPassword'], wrongTypes: { newPassword: 7 }, bearer: 'member' },
  { path: '/identity/v2/sign-on', required: ['loginId'], wrongTypes: { loginId: 7, profile: 7, verifyEmail: 'yes', mergeExistingContact: 'no' }, bearer: 'app' },
  { path: '/identity/v1/oauth/token-info', required: ['token'], wrongTypes: { token: 7 }, form: true },
  { path: '/identity/v1/redirect-session', required: ['clientId'], wrongTypes: { clientId: 7, auth: 'x', logout: 7 } },
  {
    path: '/identity/v1/oauth/authorize',
    required: ['client_id', 'code_challenge', 'code_challenge_method', 'redirect_uri', 'response_type', 'state'],
    wrongTypes: { client_id: 7, redirect_uri: 7, response_type: 'token', code_challenge: 7, code_challenge_method: 'plain', state: 7, prompt: 'always', response_mode: 'fragment', sessionToken: 7 },
    form: true,
  },
  { path: '/identity/v1/logout', required: ['clientId'], wrongTypes: { clientId: 7, postLogoutRedirectUri: 7 }, form: true },
  grant(GRANT_TYPE.AUTHORIZATION_CODE, ['client_id', 'code', 'code_verifier', 'redirect_uri'], { client_id: 7, code: 7, code_verifier: 'short', redirect_uri: 7 }),
  grant(GRANT_TYPE.REFRESH_TOKEN, ['client_id', 'refresh_token'], { client_id: 7, refresh_token: 7 }),
  grant(GRANT_TYPE.CLIENT_CREDENTIALS, ['client_id', 'client_secret'], { client_id: 7, client_secret: 7, instance_id: 7 }),
  grant(GRANT_TYPE.STRIP_BOUND_SESSION, ['client_id', 'refresh_token'], { client_id: 7, refresh_token: [] }),
  { path: '/graphql/alpha', required: ['query'], wrongTypes: { query: 7, variables: 'x', operationName: 7 }, bearer: 'member' },
];

/** The fields an answer's validation error names (the first segment of each path). */
const fieldsOf = (answer: Answer): string[] =>
  [...new Set<string>((answer.json?.details?.validationError?.fieldViolations ?? []).map((v: { field: string }) => v.field.split(/[.[]/)[0]))].sort();

/** A 4xx with a reason a developer can read, and the request id: never a 500. */
function assertRefused(answer: Answer, status: number, what: string): void {
  assert.equal(answer.status, status, `${what}: ${answer.text}`);
  const reason = answer.json?.message ?? answer.json?.error;
  assert.ok(typeof reason === 'string' && reason.length > 0, `${what}: a reason in ${answer.text}`);
  assert.ok(answer.headers.get(REQUEST_ID_HEADER), `${what}: a request id`);
}

describe('identity service: every route refuses bad input with a 4xx and a reason', () => {
  const bearers: Record<'member' | 'app', string> = { member: '', app: '' };
  const harness = harnessPerSuite(undefined, { identity: { appClients: [APP] } }, async (started) => {
    bearers.member = (await signedIn(identityClient(started.base), started.base, 'input@example.com')).tokens.accessToken.value;
    bearers.app = (await createIdentityClient({ baseUrl: `${started.base}/identity`, clientId: APP.id }).clientCredentials(APP.secret)).value;
  });

  const headersOf = (endpoint: Endpoint): Record<string, string> => (endpoint.bearer ? { Authorization: `Bearer ${bearers[endpoint.bearer]}` } : {});

  for (const endpoint of ENDPOINTS) {
    const name = endpoint.base ? `${endpoint.path} (${String(endpoint.base.grant_type)})` : endpoint.path;

    it(`${name}: malformed JSON, a body that is not an object, a wrong content type and an oversize body`, async () => {
      const headers = headersOf(endpoint);
      assertRefused(await postJson(harness.base, endpoint.path, '{"loginId": ', headers), 400, 'malformed JSON');
      for (const body of ['[]', 'null', '"text"', '7']) {
        assertRefused(await postJson(harness.base, endpoint.path, body, headers), 400, body);
      }
      const plain = await call(harness.base, endpoint.path, { method: 'POST', headers: { ...headers, 'Content-Type': 'text/plain' }, body: 'loginId=a' });
      assertRefused(plain, 415, 'text/plain');
      const oversize = JSON.stringify({ ...endpoint.base, padding: 'x'.repeat(SERVER.BODY_MAX_BYTES) });
      assertRefused(await postJson(harness.base, endpoint.path, oversize, headers), 413, 'oversize body');
    });

    it(`${name}: names every missing field, and every field of the wrong type`, async () => {
      const headers = headersOf(endpoint);
      const missing = await postJson(harness.base, endpoint.path, { ...endpoint.base }, headers);
      assertRefused(missing, 400, 'missing fields');
      assert.deepEqual(fieldsOf(missing), [...endpoint.required].sort());
      const wrong = await postJson(harness.base, endpoint.path, { ...endpoint.base, ...endpoint.wrongTypes }, headers);
      assertRefused(wrong, 400, 'wrong types');
      assert.deepEqual(fieldsOf(wrong), Object.keys(endpoint.wrongTypes).sort());
      if (endpoint.form) {
        const form = await call(harness.base, endpoint.path, { method: 'POST', headers, body: new URLSearchParams(endpoint.base as Record<string, string>) });
        assertRefused(form, 400, 'form without fields');
        assert.deepEqual(fieldsOf(form), [...endpoint.required].sort());
      }
    });
  }

  it('refuses an unknown grant, and the GET routes without their parameters', async () => {
    const unknownGrant = await postJson(harness.base, '/identity/v1/oauth/token', { grant_type: 'password' });
    assertRefused(unknownGrant, 400, 'unknown grant');
    assert.equal(unknownGrant.json.details.applicationError.code, 'unsupported_grant_type');
    const authorize = await call(harness.base, '/identity/v1/oauth/authorize');
    assertRefused(authorize, 400, 'authorize without parameters');
    assert.deepEqual(fieldsOf(authorize), ['client_id', 'code_challenge', 'code_challenge_method', 'redirect_uri', 'response_type', 'state']);
    const logout = await call(harness.base, '/identity/v1/logout?clientId=');
    assertRefused(logout, 400, 'logout without a client id');
    assert.deepEqual(fieldsOf(logout), ['clientId']);
    assertRefused(await call(harness.base, '/identity/v1/demo/outbox'), 400, 'outbox without an email');
    assertRefused(await call(harness.base, '/identity/v2/nope/verify', { method: 'POST' }), 404, 'unknown factor');
  });

  it('goes on answering after all of it', async () => {
    const answer = await call(harness.base, '/identity/v1/captcha');
    assert.equal(answer.status, 200);
    assert.ok(answer.json.captchaId);
  });
});
