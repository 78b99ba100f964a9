/**
 * The identity service's calls (spec 001 section 7, identity calls), one method each, over `fetch`.
 * Every answer but a 200 throws an {@link IdentityError} (errors.ts). Parameters that travel in a
 * URL use {@link withParams}: past IDENTITY.URL_PARAMS_MAX_CHARS they go as a form body instead.
 *
 * ```ts
 * const identity = createIdentityClient({ baseUrl: 'https://example.com/identity', clientId: 'kite-demo' });
 * const answer = await identity.login({ loginId: { email }, password });
 * if (answer.state === AUTH_STATE_TYPE.SUCCESS) {
 *   const pkce = await createPkce();
 *   // open identity.authorizeRequest({ ..., codeChallenge: pkce.challenge, sessionToken: answer.sessionToken })
 *   // then: await identity.exchangeCode({ code, codeVerifier: pkce.verifier, redirectUri })
 * }
 * ```
 */
import { IDENTITY } from '../constants/identity.ts';
import { GRANT_TYPE, TOKEN_ROLE, type FactorType, type Prompt } from './enums.ts';
import { assertOk } from './errors.ts';
import { PKCE_METHOD } from './pkce.ts';
import type { AccessToken, IdentityProfile, OAuthTokenResponse, StateMachineResponse, TokenInfo, Tokens } from './types.ts';

export interface IdentityClientOptions {
  /** The identity service's base URL, without a trailing slash (the demo server's is `<origin>/identity`). */
  baseUrl: string;
  /** The OAuth client id the site is registered under. */
  clientId: string;
}

/** A request whose parameters travel in its URL, or (past the limit) as a form body. */
export type ParamsRequest = { method: 'GET'; url: string } | { method: 'POST'; url: string; fields: Record<string, string> };

/** `url` with `params` (undefined ones left out); the fallback POST when the query string exceeds IDENTITY.URL_PARAMS_MAX_CHARS. */
export function withParams(url: string, params: Record<string, string | undefined>): ParamsRequest {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) fields[key] = value;
  const query = new URLSearchParams(fields).toString();
  return query.length > IDENTITY.URL_PARAMS_MAX_CHARS ? { method: 'POST', url, fields } : { method: 'GET', url: query ? `${url}?${query}` : url };
}

/** The `fetch` arguments of a {@link ParamsRequest}. */
export const fetchArgs = (request: ParamsRequest, init: RequestInit = {}): [string, RequestInit] =>
  request.method === 'GET' ? [request.url, { ...init, method: 'GET' }] : [request.url, { ...init, method: 'POST', body: new URLSearchParams(request.fields) }];

export interface Credentials {
  loginId: { email: string };
  password: string;
  /** Captcha tokens, once the service asked for one (AUTH_ERROR_CODE.MISSING_CAPTCHA). */
  captchaTokens?: string[];
  clientMetaData?: Record<string, string>;
}

export interface AuthorizeOptions {
  redirectUri: string;
  /** The S256 challenge of the verifier the caller keeps (pkce.ts). */
  codeChallenge: string;
  /** Echoed back with the code: the caller checks it (CSRF, RFC 6749 section 10.12). */
  state: string;
  prompt?: Prompt;
  /** `web_message`: the answer is posted to the parent frame (the silent flow). */
  responseMode?: 'query' | 'web_message';
  /** From a SUCCESS login or register answer: signs the browser in on the service. */
  sessionToken?: string;
}

/** Tokens from the token endpoint's answer; the expiry in epoch seconds (spec 001 section 3). */
export function tokensOf(answer: OAuthTokenResponse, nowMs: number = Date.now()): Tokens {
  return {
    accessToken: accessTokenOf(answer, nowMs),
    refreshToken: { value: answer.refresh_token ?? '', role: TOKEN_ROLE.MEMBER },
  };
}

export const accessTokenOf = (answer: OAuthTokenResponse, nowMs: number = Date.now()): AccessToken => ({
  value: answer.access_token,
  expiresAt: Math.floor(nowMs / 1000) + answer.expires_in,
});

export function createIdentityClient({ baseUrl, clientId }: IdentityClientOptions) {
  async function post<T>(path: string, body: unknown, accessToken?: string): Promise<T> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    await assertOk(response);
    return (await response.json()) as T;
  }
  const token = (fields: Record<string, string | undefined>) => post<OAuthTokenResponse>('/v1/oauth/token', { client_id: clientId, ...fields });

  return {
    clientId,
    baseUrl,
    register: (body: Credentials & { profile?: IdentityProfile }) => post<StateMachineResponse>('/v2/register', body),
    login: (body: Credentials) => post<StateMachineResponse>('/v2/login', body),
    /** A captcha to show; its token for `captchaTokens` is `<captchaId>:<answer>`. */
    captcha: async () => {
      const response = await fetch(`${baseUrl}/v1/captcha`);
      await assertOk(response);
      return (await response.json()) as { captchaId: string; question: string };
    },
    changePassword: (newPassword: string, accessToken: string) => post<Record<string, never>>('/v2/change-password', { newPassword }, accessToken),
    /** An app (its client_credentials token) signs a member on by email. */
    signOn: (body: { loginId: { email: string }; profile?: IdentityProfile; verifyEmail?: boolean; mergeExistingContact?: boolean }, appAccessToken: string) =>
      post<StateMachineResponse>('/v2/sign-on', body, appAccessToken),
    /** The emailed code of a REQUIRE_EMAIL_VERIFICATION answer. */
    verify: (body: { code: string; stateToken: string }) => post<StateMachineResponse>('/v1/auth/verify', body),
    verifyFactor: (factorType: FactorType, body: { stateToken: string; rememberThisDevice?: boolean; data?: Record<string, unknown> }) =>
      post<StateMachineResponse>(`/v2/${factorType.toLowerCase()}/verify`, body),
    start: (identityId: string) => post<{ verificationId: string }>('/v1/Start', { identityId, target: 'EMAIL' }),
    sendActivationEmail: (identityId: string, emailOptions?: Record<string, unknown>) => post<Record<string, never>>('/v1/activation-email', { identityId, emailOptions }),
    sendRecoveryEmail: (body: { email: string; language?: string; redirect?: { url?: string; clientId?: string } }) => post<Record<string, never>>('/v1/send-email', body),
    recover: (body: { recoveryToken: string; password: string }) => post<Record<string, never>>('/v1/recover', body),
    redirectSession: (body: { auth?: { authRequest: Omit<AuthorizeOptions, 'sessionToken'> }; logout?: { postLogoutRedirectUri: string } }) =>
      post<{ redirectSession: { id: string; fullUrl: string } }>('/v1/redirect-session', { clientId, ...body }),

    /** The authorize request to open (navigate, or load in a frame for the silent flow). */
    authorizeRequest: (options: AuthorizeOptions): ParamsRequest =>
      withParams(`${baseUrl}/v1/oauth/authorize`, {
        client_id: clientId,
        response_type: 'code',
        redirect_uri: options.redirectUri,
        code_challenge: options.codeChallenge,
        code_challenge_method: PKCE_METHOD,
        state: options.state,
        prompt: options.prompt,
        response_mode: options.responseMode,
        sessionToken: options.sessionToken,
      }),
    /** The logout request to open: it ends the session on the service and revokes its tokens. */
    logoutRequest: (postLogoutRedirectUri?: string): ParamsRequest => withParams(`${baseUrl}/v1/logout`, { clientId, postLogoutRedirectUri }),

    exchangeCode: async (body: { code: string; codeVerifier: string; redirectUri: string }) =>
      tokensOf(await token({ grant_type: GRANT_TYPE.AUTHORIZATION_CODE, code: body.code, code_verifier: body.codeVerifier, redirect_uri: body.redirectUri })),
    refresh: async (refreshToken: string) => tokensOf(await token({ grant_type: GRANT_TYPE.REFRESH_TOKEN, refresh_token: refreshToken })),
    /** Tokens of the same member no longer tied to the browser session (logout leaves them). */
    stripBoundSession: async (refreshToken: string) => tokensOf(await token({ grant_type: GRANT_TYPE.STRIP_BOUND_SESSION, refresh_token: refreshToken })),
    /** An app's own token (server side only: it needs the app's secret). */
    clientCredentials: async (clientSecret: string, instanceId?: string) =>
      accessTokenOf(await token({ grant_type: GRANT_TYPE.CLIENT_CREDENTIALS, client_secret: clientSecret, instance_id: instanceId })),
    tokenInfo: (accessToken: string) => post<TokenInfo>('/v1/oauth/token-info', { token: accessToken }),
  };
}

export type IdentityClient = ReturnType<typeof createIdentityClient>;
