/**
 * Who may call /api/admin/: the owner, with the admin token as `Authorization: Bearer <token>`
 * (scripts, curl) or with a dashboard session cookie the token was exchanged for
 * (POST /api/admin/session), so the token never sits in a page's storage. The token is compared in
 * constant time and wrong guesses are throttled per network; a session is a random id kept
 * server-side (as its hash) until it expires or the owner signs out.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { adminSessionRequestSchema } from '../../../shared/api/schemas.ts';
import { SECOND_MS } from '../../../shared/constants/time.ts';
import { ADMIN } from '../constants.ts';
import { HttpError, parseCookies, readValid, remoteAddress } from '../http.ts';
import { enforce, networkOf, type RateLimit, type RateLimiter } from '../rate-limit.ts';
import type { Context, Reply, Route } from '../router.ts';
import type { Store } from '../store.ts';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="kite-admin"' };

/** Hashing first makes both sides the same length, so the comparison time says nothing about the token. */
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
/** A session id as the database keeps it: its hash, so the table alone signs no one in. */
const sessionKey = (id: string) => digest(id).toString('hex');

const TOKEN_ERRORS = {
  missing: 'missing bearer token: send Authorization: Bearer <admin token>, or sign in at /admin',
  wrong: 'wrong admin token',
} as const;

/**
 * The reason `startServer` refuses an admin token, or undefined when it is fit: too short to resist
 * guessing, or with a space no Authorization header can carry.
 */
export function adminTokenProblem(token: string): string | undefined {
  if (token.length < ADMIN.TOKEN_MIN_LENGTH) {
    return `the admin token (KITE_ADMIN_TOKEN) must be at least ${ADMIN.TOKEN_MIN_LENGTH} characters, got ${token.length}; leave it unset to have one generated`;
  }
  if (/\s/.test(token)) return 'the admin token (KITE_ADMIN_TOKEN) must not contain spaces';
  return undefined;
}

/** Wrong admin tokens one network may send per window (a fixed window, as every rate limit's). */
const GUESSES: RateLimit = { max: ADMIN.GUESSES_MAX, windowMs: ADMIN.GUESS_WINDOW_MS };

/** The sign-in path: the one admin path the guard lets through, its handler checking the token itself. */
export const SESSION_PATH = '/api/admin/session';

/** Methods that change nothing: a session cookie needs no origin check for them. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** True when the request came over TLS (the server's own; proxy headers are not trusted). */
const isHttps = (req: IncomingMessage) => (req.socket as TLSSocket).encrypted === true;

/**
 * True when the request's `Origin` is this server's own. Browsers send it with every POST, PUT and
 * DELETE, same-origin ones too, so a missing one is refused as well.
 */
function isSameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  const host = req.headers.host;
  return origin !== undefined && host !== undefined && origin === `${isHttps(req) ? 'https' : 'http'}://${host}`;
}

const crossOrigin = () => new HttpError(403, 'cross-origin request refused: a signed-in dashboard calls from its own origin');

export interface AdminAuth {
  /**
   * The owner check, run once per admin request before routing (so an unknown admin path is 401
   * too): a right bearer token, or a live session cookie (with a same-origin `Origin` on a call
   * that changes something). After `ADMIN.GUESSES_MAX` wrong tokens from one network (an IPv4
   * address, an IPv6 /64) within a window, every admin call from it answers 429 with Retry-After
   * until the window ends, even with the right token, so guessing gains nothing. A missing token is
   * not a guess.
   */
  guard(req: IncomingMessage, path: string): Promise<void>;
  /** GET, POST and DELETE /api/admin/session. */
  routes: Route[];
}

export function createAdminAuth(adminToken: string, limiter: RateLimiter, store: Store, now: () => number): AdminAuth {
  const tokenDigest = digest(adminToken);
  const guessKey = (req: IncomingMessage) => `admin-guess:${networkOf(remoteAddress(req))}`;
  const refuseWhileGuessing = async (req: IncomingMessage) =>
    enforce(await limiter.peek(guessKey(req), GUESSES), 'too many wrong admin tokens from this address');
  /** Throws 401 (and counts the guess) unless `token` is the admin token. */
  async function checkToken(req: IncomingMessage, token: string): Promise<void> {
    if (timingSafeEqual(digest(token), tokenDigest)) return;
    await limiter.take(guessKey(req), GUESSES);
    throw new HttpError(401, TOKEN_ERRORS.wrong, { headers: CHALLENGE });
  }
  const sessionOf = (req: IncomingMessage) => parseCookies(req.headers.cookie).get(ADMIN.SESSION_COOKIE);

  async function guard(req: IncomingMessage, path: string): Promise<void> {
    await refuseWhileGuessing(req);
    const header = req.headers.authorization;
    if (header !== undefined) {
      const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
      if (!match) throw new HttpError(401, TOKEN_ERRORS.missing, { headers: CHALLENGE });
      return checkToken(req, match[1]!);
    }
    // Signing in needs no session (its handler checks the token it is given), nor asking whether one is live.
    if (path === SESSION_PATH && (req.method === 'POST' || req.method === 'GET' || req.method === 'HEAD')) return;
    const session = sessionOf(req);
    if (session === undefined || !(await store.hasAdminSession(sessionKey(session), now()))) {
      throw new HttpError(401, TOKEN_ERRORS.missing, { headers: CHALLENGE });
    }
    // Defence in depth beside SameSite=Strict: a cookie-signed change must come from this origin.
    if (!SAFE_METHODS.has(req.method ?? 'GET') && !isSameOrigin(req)) throw crossOrigin();
  }

  const cookie = (req: IncomingMessage, value: string, maxAgeS: number) =>
    `${ADMIN.SESSION_COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAgeS}${isHttps(req) ? '; Secure' : ''}`;

  /** POST /api/admin/session `{ token }`: the admin token exchanged for a session cookie (201). */
  async function signIn(ctx: Context): Promise<Reply> {
    if (ctx.req.headers.origin !== undefined && !isSameOrigin(ctx.req)) throw crossOrigin();
    const body = await readValid(ctx.req, adminSessionRequestSchema);
    await checkToken(ctx.req, body.token);
    const id = randomBytes(ADMIN.SESSION_ID_BYTES).toString('base64url');
    const expires = now() + ADMIN.SESSION_TTL_MS;
    await store.createAdminSession(sessionKey(id), expires, now());
    return {
      status: 201,
      body: { success: true, expires_at: new Date(expires).toISOString() },
      headers: { 'Set-Cookie': cookie(ctx.req, id, ADMIN.SESSION_TTL_MS / SECOND_MS) },
    };
  }

  /**
   * GET /api/admin/session: `{ signed_in }`, whether the request's session cookie is live. The
   * cookie is HttpOnly, so the dashboard asks instead of reading it (and a refusal would be an error
   * in the browser's console on every first visit).
   */
  async function sessionState(ctx: Context): Promise<Reply> {
    const session = sessionOf(ctx.req);
    return { body: { signed_in: session !== undefined && (await store.hasAdminSession(sessionKey(session), now())) } };
  }

  /** DELETE /api/admin/session: signs out; the session ends on the server and the cookie is cleared. */
  async function signOut(ctx: Context): Promise<Reply> {
    const session = sessionOf(ctx.req);
    if (session !== undefined) await store.deleteAdminSession(sessionKey(session));
    return { body: { success: true }, headers: { 'Set-Cookie': cookie(ctx.req, '', 0) } };
  }

  return {
    guard,
    routes: [
      { method: 'GET', path: SESSION_PATH, handler: sessionState },
      { method: 'POST', path: SESSION_PATH, handler: signIn },
      { method: 'DELETE', path: SESSION_PATH, handler: signOut },
    ],
  };
}
