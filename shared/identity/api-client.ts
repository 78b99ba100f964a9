/**
 * The site builder's API client (spec 001 sections 6 and 7): calls to the API host carry the auth
 * headers and the consistency header it last answered; GraphQL is a POST to
 * `/graphql/{apiVersion}` (default IDENTITY.GRAPHQL_API_VERSION_DEFAULT) with a JSON body of query
 * and variables, and any answer but a 200 fails. Elevated modules run through the elevated client,
 * and the app strategy elevates a token only when it was issued for the same app with an instance id.
 */
import { IDENTITY, IDENTITY_MESSAGE } from '../constants/identity.ts';
import { SUBJECT_TYPE } from './enums.ts';
import { IdentityError, REQUEST_ID_HEADER, sdkError } from './errors.ts';
import type { TokenInfo } from './types.ts';

/** The read-your-writes header the API host answers and expects back. */
export const CONSISTENCY_HEADER = 'x-kite-consistency';

export interface ApiClientOptions {
  /** The API host's origin (and path prefix, if any), without a trailing slash. */
  apiHost: string;
  /** The current access token, or none (a visitor's calls go without). */
  accessToken?: () => string | undefined | Promise<string | undefined>;
  /** The client for elevated modules (an app's token), when the host has one. */
  elevated?: ApiClient;
}

export interface GraphqlAnswer<T> {
  data?: T;
  errors?: Array<{ message: string; path?: Array<string | number> }>;
  extensions?: Record<string, unknown>;
}

export interface ApiClient {
  /** `fetch` on the API host with the auth and consistency headers. */
  fetchWithAuth(path: string, init?: RequestInit): Promise<Response>;
  graphql<T = unknown>(query: string, variables?: Record<string, unknown>, options?: { apiVersion?: string }): Promise<GraphqlAnswer<T>>;
  /** The elevated client; throws when none was given. */
  elevated(): ApiClient;
}

export function createApiClient({ apiHost, accessToken, elevated }: ApiClientOptions): ApiClient {
  let consistency: string | undefined;
  const client: ApiClient = {
    async fetchWithAuth(path, init = {}) {
      const headers = new Headers(init.headers);
      const token = await accessToken?.();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      if (consistency) headers.set(CONSISTENCY_HEADER, consistency);
      const response = await fetch(`${apiHost}${path}`, { ...init, headers });
      consistency = response.headers.get(CONSISTENCY_HEADER) ?? consistency;
      return response;
    },
    async graphql<T>(query: string, variables: Record<string, unknown> = {}, { apiVersion = IDENTITY.GRAPHQL_API_VERSION_DEFAULT } = {}) {
      const response = await client.fetchWithAuth(`/graphql/${apiVersion}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      if (response.status !== 200) {
        const code = String(response.status);
        throw new IdentityError(IDENTITY_MESSAGE.GRAPHQL_FAILED.replace('{status}', code), code, response.status, response.headers.get(REQUEST_ID_HEADER) ?? undefined);
      }
      return (await response.json()) as GraphqlAnswer<T>;
    },
    elevated() {
      if (!elevated) throw sdkError(IDENTITY_MESSAGE.ELEVATED_CLIENT_REQUIRED);
      return elevated;
    },
  };
  return client;
}

/**
 * The app strategy's rule (section 6): a token may be elevated to the app's own level only when it
 * was issued for this app id and carries an instance id.
 */
export const canElevate = (info: TokenInfo, appId: string): boolean =>
  info.subjectType === SUBJECT_TYPE.APP && info.clientId === appId && Boolean(info.instanceId);

/** The elevated client for `info`'s token, or the spec's error when the rule refuses it. */
export function elevate(info: TokenInfo, appId: string, client: ApiClient): ApiClient {
  if (!canElevate(info, appId)) throw sdkError(IDENTITY_MESSAGE.JWT_NOT_VALID, 'INVALID_TOKEN');
  return client;
}

/** The SDK's modules share one context, set once by the host. */
export interface SdkContext {
  fetchWithAuth?: ApiClient['fetchWithAuth'];
  graphql?: ApiClient['graphql'];
}

let context: SdkContext | undefined;

export const setContext = (value: SdkContext | undefined) => {
  context = value;
};

/** The context, or the spec's error when none was set. */
export function getContext(): SdkContext {
  if (!context) throw sdkError(IDENTITY_MESSAGE.CONTEXT_NOT_INITIALISED);
  return context;
}

/** `fetchWithAuth` of the context, or the spec's error. */
export function contextFetch(): NonNullable<SdkContext['fetchWithAuth']> {
  const { fetchWithAuth } = getContext();
  if (!fetchWithAuth) throw sdkError(IDENTITY_MESSAGE.FETCH_WITH_AUTH_UNAVAILABLE);
  return fetchWithAuth;
}

/** `graphql` of the context, or the spec's error. */
export function contextGraphql(): NonNullable<SdkContext['graphql']> {
  const { graphql } = getContext();
  if (!graphql) throw sdkError(IDENTITY_MESSAGE.GRAPHQL_UNAVAILABLE);
  return graphql;
}
