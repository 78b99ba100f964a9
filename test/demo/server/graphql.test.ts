/**
 * The GraphQL endpoint and the SDK's API client against the real server (spec 001 sections 6 and
 * 7): auth headers, the consistency header sent back, the default page limit, non-200 failures,
 * the elevated client and the app strategy's rule, and the context's messages.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IDENTITY, IDENTITY_MESSAGE } from '../../../shared/constants/identity.ts';
import { canElevate, contextFetch, contextGraphql, createApiClient, elevate, getContext, setContext } from '../../../shared/identity/api-client.ts';
import { createIdentityClient } from '../../../shared/identity/client.ts';
import { harnessPerSuite } from './helpers.ts';
import { identityClient, signedIn } from './identity-helpers.ts';

const APP = { id: 'kite-graphql-app', name: 'GraphQL app', secret: 'graphql-app-secret-0123' };
const ME = '{ me { id email profile { firstName } } }';
/** The consistency token the server saw on the call (it echoes it). */
const seenOf = (answer: { extensions?: Record<string, unknown> }) => (answer.extensions?.consistency as { seen?: unknown } | undefined)?.seen;
const MEMBERS = 'query Members($limit: Int) { members(limit: $limit) { limit offset items { email } } }';

describe('GraphQL endpoint and API client', () => {
  const harness = harnessPerSuite(undefined, { identity: { appClients: [APP] } });

  it("answers the signed-in member's profile, sending the bearer token", async () => {
    const { tokens } = await signedIn(identityClient(harness.base), harness.base, 'gql@example.com');
    const api = createApiClient({ apiHost: harness.base, accessToken: () => tokens.accessToken.value });
    const answer = await api.graphql<{ me: { email: string; profile: { firstName: string } } }>(ME);
    assert.equal(answer.data?.me.email, 'gql@example.com');
    assert.equal(answer.data?.me.profile.firstName, 'Ada');
  });

  it('lists members with the default page limit, and remembers and sends back the consistency header', async () => {
    const { tokens } = await signedIn(identityClient(harness.base), harness.base, 'list@example.com');
    const api = createApiClient({ apiHost: harness.base, accessToken: () => tokens.accessToken.value });
    const first = await api.graphql<{ members: { limit: number; items: unknown[] } }>(MEMBERS);
    assert.equal(first.data?.members.limit, IDENTITY.PAGE_LIMIT_DEFAULT);
    assert.equal(seenOf(first), null);
    const second = await api.graphql(MEMBERS, { limit: 1 });
    assert.match(String(seenOf(second)), /^\d{4}-/);
  });

  it("fails a non-200 answer with 'GraphQL request failed with status {status}'", async () => {
    const anonymous = createApiClient({ apiHost: harness.base });
    await assert.rejects(anonymous.graphql(ME), { message: 'GraphQL request failed with status 401' });
    const { tokens } = await signedIn(identityClient(harness.base), harness.base, 'bad-query@example.com');
    const api = createApiClient({ apiHost: harness.base, accessToken: () => tokens.accessToken.value });
    await assert.rejects(api.graphql('{ nope'), { message: 'GraphQL request failed with status 400' });
    await assert.rejects(api.graphql(ME, {}, { apiVersion: 'v9' }), { message: 'GraphQL request failed with status 404' });
  });

  it('elevates only an app token issued for the same app with an instance id', async () => {
    const app = createIdentityClient({ baseUrl: `${harness.base}/identity`, clientId: APP.id });
    const withInstance = await app.tokenInfo((await app.clientCredentials(APP.secret, 'instance-7')).value);
    const withoutInstance = await app.tokenInfo((await app.clientCredentials(APP.secret)).value);
    assert.equal(canElevate(withInstance, APP.id), true);
    assert.equal(canElevate(withInstance, 'another-app'), false);
    assert.equal(canElevate(withoutInstance, APP.id), false);
    const client = createApiClient({ apiHost: harness.base });
    assert.equal(elevate(withInstance, APP.id, client), client);
    assert.throws(() => elevate(withoutInstance, APP.id, client), { message: 'JWT not valid' });
    assert.throws(() => createApiClient({ apiHost: harness.base }).elevated(), { message: 'an elevated client is required for elevated modules' });
    assert.equal(createApiClient({ apiHost: harness.base, elevated: client }).elevated(), client);
  });

  it("raises the context's messages word for word", () => {
    setContext(undefined);
    assert.throws(() => getContext(), { message: 'The context is not available and must be initialised before using SDK modules' });
    setContext({});
    assert.throws(() => contextFetch(), { message: 'fetchWithAuth is not available in this context' });
    assert.throws(() => contextGraphql(), { message: 'graphql is not available in this context' });
    const api = createApiClient({ apiHost: harness.base });
    setContext({ fetchWithAuth: api.fetchWithAuth, graphql: api.graphql });
    assert.equal(contextGraphql(), api.graphql);
    setContext(undefined);
    assert.equal(IDENTITY_MESSAGE.GRAPHQL_FAILED, 'GraphQL request failed with status {status}');
  });
});
