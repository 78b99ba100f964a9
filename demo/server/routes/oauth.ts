/**
 * The reference identity service's OAuth side (spec 001 section 7: token, token-info,
 * redirect-session, logout and the access endpoint's grants; RFC 6749 with PKCE, RFC 7636):
 *
 * - authorize (GET, or POST with the parameters as a form: the SDK's fallback for URLs over
 *   IDENTITY.URL_PARAMS_MAX_CHARS) turns a session token from login, or the session cookie on this
 *   origin, into a single-use code bound to the PKCE challenge and the redirect URI. With
 *   `response_mode=web_message` (the silent flow, `prompt=none`) it answers a page that posts the
 *   result to the parent frame, to the redirect URI's exact origin only.
 * - token takes the grants authorization_code, refresh_token (rotating), client_credentials (an
 *   app's token, with its instance id) and strip_bound_session (tokens no longer tied to the
 *   browser session, so logout leaves them).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GRANT_TYPE, PROMPT } from '../../../shared/identity/enums.ts';
import { IDENTITY_MESSAGE } from '../../../shared/constants/identity.ts';
import { IDENTITY_SERVICE, SERVICE_ERROR_CODE } from '../identity/constants.ts';
import { checkPassword, digest, randomToken, s256 } from '../identity/crypto.ts';
import * as FIELDS from '../identity/schemas.ts';
import type { IdentityService } from '../identity/service.ts';
import type { ClientRow } from '../identity/store.ts';
import { applicationError, checkFields, identityRoute } from '../identity/wire.ts';
import { readBody } from '../http.ts';
import type { Context, Route } from '../router.ts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A registered redirect URI matches exactly, or on a loopback host with any port (RFC 8252 section 7.3). */
export function isAllowedRedirect(client: ClientRow, uri: string): boolean {
  let target: URL;
  try {
    target = new URL(uri);
  } catch {
    return false;
  }
  return (JSON.parse(client.redirect_uris) as string[]).some((allowed) => {
    if (allowed === uri) return true;
    const registered = new URL(allowed);
    return LOOPBACK_HOSTS.has(registered.hostname) && registered.hostname === target.hostname && registered.protocol === target.protocol && registered.pathname === target.pathname && !target.hash;
  });
}

const invalidClient = () => applicationError(401, SERVICE_ERROR_CODE.INVALID_CLIENT, 'unknown client');
const invalidGrant = (why: string) => applicationError(400, SERVICE_ERROR_CODE.INVALID_GRANT, why);

/** The query of a GET, or the form body of the fallback POST, as a plain object. */
async function paramsOf(ctx: Context): Promise<Record<string, unknown>> {
  if (ctx.req.method === 'POST') return (await readBody(ctx.req, ['form', 'json'])) as Record<string, unknown>;
  return Object.fromEntries(ctx.query);
}

/** The issuer named in tokens: this server's own origin. */
const issuerOf = (req: IncomingMessage) => `http://${req.headers.host ?? 'localhost'}${IDENTITY_SERVICE.PREFIX}`;

/** The silent flow's answer: a page posting `result` to its parent, to `targetOrigin` only. */
function sendWebMessage(res: ServerResponse, targetOrigin: string, result: Record<string, string>, headers: Record<string, string>): void {
  const nonce = randomBytes(16).toString('base64');
  const message = JSON.stringify({ type: 'authorization_response', response: result }).replace(/</g, '\\u003c');
  const html = `<!doctype html><title>Authorization</title><script nonce="${nonce}">parent.postMessage(${message}, ${JSON.stringify(targetOrigin).replace(/</g, '\\u003c')});</script>`;
  res.writeHead(200, {
    ...headers,
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors ${targetOrigin}`,
    'Content-Length': String(Buffer.byteLength(html)),
  });
  res.end(html);
}

/**
 * The session cookie. SameSite=None: the silent flow reads it inside a frame on the member's site
 * (another site). Set inside that frame it is Partitioned (CHIPS): browsers that block third-party
 * cookies keep it for frames under that site only, which is where the silent flow looks for it.
 */
const sessionCookie = (value: string, maxAgeMs: number, partitioned = false) =>
  `${IDENTITY_SERVICE.SESSION_COOKIE}=${value}; Path=${IDENTITY_SERVICE.PREFIX}; HttpOnly; Secure; SameSite=None; Max-Age=${Math.floor(maxAgeMs / 1000)}${partitioned ? '; Partitioned' : ''}`;

export function oauthRoutes(service: IdentityService): Route[] {
  const { store } = service;

  async function authorize(ctx: Context) {
    const params = checkFields(FIELDS.AUTHORIZE, await paramsOf(ctx));
    const client = await store.client(params.client_id);
    if (!client || client.kind !== 'public') throw invalidClient();
    // Before the redirect URI is known good, errors go to the caller, never to the URI (RFC 6749 section 4.1.2.1).
    if (!isAllowedRedirect(client, params.redirect_uri)) throw applicationError(400, SERVICE_ERROR_CODE.INVALID_REQUEST, 'redirect_uri is not registered for this client');
    const headers: Record<string, string> = {};
    let session = await service.sessionOf(ctx.req);
    if (params.sessionToken) {
      const found = await service.ticketMember(params.sessionToken, 'session');
      if (found?.member) {
        await store.deleteTicket(found.row.hash);
        const cookie = await service.ticket('session', found.member.id, IDENTITY_SERVICE.SESSION_TTL_MS);
        headers['Set-Cookie'] = sessionCookie(cookie, IDENTITY_SERVICE.SESSION_TTL_MS, params.response_mode === 'web_message');
        session = { hash: digest(cookie), member: found.member };
      }
    }
    const result: Record<string, string> = { state: params.state };
    if (!session || (params.prompt === PROMPT.LOGIN && !params.sessionToken)) {
      result.error = SERVICE_ERROR_CODE.LOGIN_REQUIRED;
    } else {
      const code = randomToken();
      await store.insertCode({
        hash: digest(code),
        client_id: client.id,
        member_id: session.member.id,
        redirect_uri: params.redirect_uri,
        code_challenge: params.code_challenge,
        session_hash: session.hash,
        expires_at: service.now() + IDENTITY_SERVICE.CODE_TTL_MS,
      });
      result.code = code;
    }
    if (params.response_mode === 'web_message') {
      sendWebMessage(ctx.res, new URL(params.redirect_uri).origin, result, headers);
      return undefined;
    }
    const location = new URL(params.redirect_uri);
    for (const [key, value] of Object.entries(result)) location.searchParams.set(key, value);
    ctx.res.writeHead(302, { ...headers, Location: location.href, 'Cache-Control': 'no-store' });
    ctx.res.end();
    return undefined;
  }

  async function token(ctx: Context) {
    const raw = (await readBody(ctx.req, ['json', 'form'])) as Record<string, unknown>;
    const grant = String(raw?.grant_type ?? '');
    const issuer = issuerOf(ctx.req);
    switch (grant) {
      case GRANT_TYPE.AUTHORIZATION_CODE: {
        const body = checkFields(FIELDS.GRANTS.authorization_code, raw);
        const code = await store.takeCode(digest(body.code));
        if (!code || code.expires_at <= service.now()) throw invalidGrant('the code is unknown, used or expired');
        if (code.client_id !== body.client_id || code.redirect_uri !== body.redirect_uri) throw invalidGrant('the code was issued to another client or redirect URI');
        if (s256(body.code_verifier) !== code.code_challenge) throw invalidGrant('the code verifier does not match the challenge');
        return { body: await service.memberTokens(code.member_id, code.client_id, code.session_hash, issuer) };
      }
      case GRANT_TYPE.REFRESH_TOKEN:
      case GRANT_TYPE.STRIP_BOUND_SESSION: {
        const body = checkFields(grant === GRANT_TYPE.REFRESH_TOKEN ? FIELDS.GRANTS.refresh_token : FIELDS.GRANTS.strip_bound_session, raw);
        const hash = digest(body.refresh_token);
        const row = await store.refresh(hash, service.now());
        if (!row?.member_id || row.client_id !== body.client_id) throw invalidGrant('the refresh token is unknown, revoked or expired');
        await store.revokeRefresh(hash);
        const sessionHash = grant === GRANT_TYPE.STRIP_BOUND_SESSION ? null : row.session_hash;
        return { body: await service.memberTokens(row.member_id, row.client_id, sessionHash, issuer) };
      }
      case GRANT_TYPE.CLIENT_CREDENTIALS: {
        const body = checkFields(FIELDS.GRANTS.client_credentials, raw);
        const client = await store.client(body.client_id);
        if (client?.kind !== 'app' || !(await checkPassword(body.client_secret, client.secret_hash!, client.secret_salt!))) throw invalidClient();
        const claims = { sub: client.id, aud: client.id, subjectType: 'APP' as const, role: 'none' as const, ...(body.instance_id ? { instanceId: body.instance_id } : {}) };
        const { token: access, expiresIn } = service.accessToken(claims, issuer);
        return { body: { access_token: access, token_type: 'Bearer', expires_in: expiresIn } };
      }
      default:
        throw applicationError(400, 'unsupported_grant_type', `grant_type must be one of ${Object.values(GRANT_TYPE).join(', ')}`);
    }
  }

  async function logout(ctx: Context) {
    const params = checkFields(FIELDS.LOGOUT, await paramsOf(ctx));
    const session = await service.sessionOf(ctx.req);
    if (session) {
      await store.revokeSession(session.hash);
      await store.deleteTicket(session.hash);
    }
    const clear = { 'Set-Cookie': sessionCookie('', 0) };
    const client = await store.client(params.clientId);
    if (params.postLogoutRedirectUri && client && isAllowedRedirect(client, params.postLogoutRedirectUri)) {
      ctx.res.writeHead(302, { ...clear, Location: params.postLogoutRedirectUri, 'Cache-Control': 'no-store' });
      ctx.res.end();
      return undefined;
    }
    return { body: {}, headers: clear };
  }

  return [
    identityRoute('GET', '/v1/oauth/authorize', authorize),
    identityRoute('POST', '/v1/oauth/authorize', authorize),
    identityRoute('POST', '/v1/oauth/token', token),
    identityRoute('POST', '/v1/oauth/token-info', async ({ req }) => {
      const claims = service.verifyAccess(checkFields(FIELDS.TOKEN_INFO, await readBody(req, ['json', 'form'])).token);
      if (!claims) throw applicationError(401, SERVICE_ERROR_CODE.INVALID_TOKEN, IDENTITY_MESSAGE.JWT_NOT_VALID);
      const { sub, subjectType, role, exp, iat, aud, instanceId } = claims;
      return { body: { active: true, subjectType, subjectId: sub, role, exp, iat, clientId: aud, ...(instanceId ? { instanceId } : {}) } };
    }),
    identityRoute('GET', '/v1/logout', logout),
    identityRoute('POST', '/v1/logout', logout),
    // A URL the browser opens to sign in (or out) through this service, for a client that lets the service host the page.
    identityRoute('POST', '/v1/redirect-session', async (ctx) => {
      const body = checkFields(FIELDS.REDIRECT_SESSION, await readBody(ctx.req));
      if (!await store.client(body.clientId)) throw invalidClient();
      const base = issuerOf(ctx.req);
      let fullUrl: URL;
      if (body.auth) {
        const { redirectUri, codeChallenge, state, prompt, responseMode } = body.auth.authRequest;
        fullUrl = new URL(`${base}/v1/oauth/authorize`);
        const query = { client_id: body.clientId, redirect_uri: redirectUri, response_type: 'code', code_challenge: codeChallenge, code_challenge_method: 'S256', state, prompt, response_mode: responseMode };
        for (const [key, value] of Object.entries(query)) if (value) fullUrl.searchParams.set(key, value);
      } else if (body.logout) {
        fullUrl = new URL(`${base}/v1/logout`);
        fullUrl.searchParams.set('clientId', body.clientId);
        fullUrl.searchParams.set('postLogoutRedirectUri', body.logout.postLogoutRedirectUri);
      } else {
        throw applicationError(400, SERVICE_ERROR_CODE.INVALID_REQUEST, 'auth or logout is required');
      }
      return { body: { redirectSession: { id: randomToken(), fullUrl: fullUrl.href } } };
    }),
    identityRoute('GET', '/v1/.well-known/jwks.json', () => ({ body: { keys: [service.jwt.jwk] } })),
  ];
}
