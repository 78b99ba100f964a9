/**
 * The identity tests' steps against a real server: the SDK's client on the harness, reading the
 * outbox for codes and links, and following the authorize redirect as a browser would.
 */
import assert from 'node:assert/strict';
import { createIdentityClient, fetchArgs, type IdentityClient } from '../../../shared/identity/client.ts';
import { createPkce } from '../../../shared/identity/pkce.ts';
import { AUTH_STATE_TYPE } from '../../../shared/identity/enums.ts';
import type { StateMachineResponse } from '../../../shared/identity/types.ts';

export const DEMO_CLIENT = 'kite-demo';
export const PASSWORD = 'correct horse battery';

export const identityClient = (base: string): IdentityClient => createIdentityClient({ baseUrl: `${base}/identity`, clientId: DEMO_CLIENT });
export const redirectUriOf = (base: string) => `${base}/members/callback.html`;

/** The newest mail to `email` in the demo outbox. */
export async function lastMail(base: string, email: string): Promise<{ kind: string; body: string }> {
  const response = await fetch(`${base}/identity/v1/demo/outbox?email=${encodeURIComponent(email)}`);
  const { mails } = (await response.json()) as { mails: Array<{ kind: string; body: string }> };
  assert.ok(mails.length, `a mail to ${email}`);
  return mails[0]!;
}

export const codeIn = (mail: { body: string }) => /code is (\d+)/.exec(mail.body)![1]!;

/** Registers `email` and verifies it with the mailed code: the SUCCESS answer. */
export async function registerVerified(client: IdentityClient, base: string, email: string): Promise<StateMachineResponse> {
  const registered = await client.register({ loginId: { email }, password: PASSWORD, profile: { firstName: 'Ada' } });
  assert.equal(registered.state, AUTH_STATE_TYPE.REQUIRE_EMAIL_VERIFICATION);
  return client.verify({ code: codeIn(await lastMail(base, email)), stateToken: registered.stateToken! });
}

/** Opens the authorize request with a session token (as the browser would) and returns the redirect's parameters and cookie. */
export async function authorize(client: IdentityClient, base: string, options: { sessionToken?: string; state?: string; cookie?: string; prompt?: 'none' | 'login' } = {}) {
  const pkce = await createPkce();
  const state = options.state ?? 'state-1';
  const request = client.authorizeRequest({ redirectUri: redirectUriOf(base), codeChallenge: pkce.challenge, state, sessionToken: options.sessionToken, prompt: options.prompt });
  const [url, init] = fetchArgs(request, { redirect: 'manual', headers: options.cookie ? { cookie: options.cookie } : {} });
  const response = await fetch(url, init);
  assert.equal(response.status, 302, await response.clone().text());
  const location = new URL(response.headers.get('location')!);
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  return { request, location, verifier: pkce.verifier, cookie, code: location.searchParams.get('code') };
}

/** Register, verify, authorize and exchange: a signed-in member's tokens and session cookie. */
export async function signedIn(client: IdentityClient, base: string, email: string) {
  const success = await registerVerified(client, base, email);
  const { code, verifier, cookie } = await authorize(client, base, { sessionToken: success.sessionToken! });
  const tokens = await client.exchangeCode({ code: code!, codeVerifier: verifier, redirectUri: redirectUriOf(base) });
  return { tokens, cookie, identity: success.identity! };
}
