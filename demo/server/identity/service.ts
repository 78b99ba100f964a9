/**
 * The reference identity service's state and the steps its routes share: members and their
 * answers (spec 001 section 3's identity and state-machine answers), one-time tickets, mail to
 * the outbox, sessions on the service's origin and the tokens it issues.
 */
import type { IncomingMessage } from 'node:http';
import { AUTH_STATE_TYPE } from '../../../shared/identity/enums.ts';
import type { Identity, IdentityProfile, StateMachineResponse } from '../../../shared/identity/types.ts';
import type { Database } from '../db.ts';
import { parseCookies } from '../http.ts';
import { IDENTITY_SERVICE } from './constants.ts';
import { createJwt, digest, generateSigningKey, hashPassword, randomToken, verificationCode, type AccessClaims, type Jwt } from './crypto.ts';
import { createIdentityStore, type IdentityStore, type MemberRow, type TicketKind } from './store.ts';

export interface IdentityOptions {
  /** A new member verifies their email (a code from the outbox) before signing in. Default true. */
  requireEmailVerification?: boolean;
  /** A new member waits for the owner's approval (POST /api/admin/identity/members/:id/approve). Default false. */
  requireOwnerApproval?: boolean;
  /** App clients of the client_credentials grant, with their secrets (stored as scrypt hashes at start). */
  appClients?: Array<{ id: string; name: string; secret: string }>;
}

const SECONDS = 1000;
const toSeconds = (ms: number) => Math.floor(ms / SECONDS);

export interface IssuedTokens {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
}

export async function createIdentityService(db: Database, now: () => number, options: IdentityOptions = {}) {
  const store: IdentityStore = createIdentityStore(db);
  const jwt: Jwt = createJwt(await store.signingKey(generateSigningKey));
  for (const app of options.appClients ?? []) {
    const { hash, salt } = await hashPassword(app.secret);
    await store.setAppClient(app.id, app.name, hash, salt);
  }
  const requireEmailVerification = options.requireEmailVerification ?? true;
  const requireOwnerApproval = options.requireOwnerApproval ?? false;
  const iso = () => new Date(now()).toISOString();

  /** A new one-time value of `kind`; only its hash is stored. */
  async function ticket(kind: TicketKind, memberId: string | null, ttlMs: number, extra: { parent?: string; data?: unknown; token?: string } = {}): Promise<string> {
    const token = extra.token ?? randomToken();
    await store.insertTicket({
      hash: digest(token),
      kind,
      member_id: memberId,
      parent: extra.parent ?? null,
      data: extra.data === undefined ? null : JSON.stringify(extra.data),
      expires_at: now() + ttlMs,
    });
    return token;
  }

  const identityOf = (member: MemberRow): Identity => ({
    id: member.id,
    createdDate: member.created_at,
    updatedDate: member.updated_at,
    status: member.status,
    email: member.email,
    emailVerified: member.email_verified === 1,
    identityProfile: JSON.parse(member.profile) as IdentityProfile,
  });

  /** Mails a verification code tied to a fresh state token; returns the token. */
  async function mailVerification(member: MemberRow, kind: 'verification' | 'activation' = 'verification'): Promise<string> {
    const stateToken = await ticket('state', member.id, IDENTITY_SERVICE.STATE_TTL_MS);
    const code = verificationCode();
    await ticket('verification', member.id, IDENTITY_SERVICE.STATE_TTL_MS, { parent: digest(stateToken), token: `${digest(stateToken)}:${code}` });
    const link = `${IDENTITY_SERVICE.MEMBERS_PAGE}?${new URLSearchParams({ stateToken, code })}`;
    await store.sendMail({
      recipient: member.email,
      kind,
      subject: kind === 'activation' ? 'Activate your account' : 'Your verification code',
      body: `Your verification code is ${code}. Or open ${link}`,
      created_at: iso(),
    });
    return stateToken;
  }

  /** Where `member` stands after proving who they are: the next step's answer (spec 001 section 4 login states). */
  async function stateOf(member: MemberRow): Promise<StateMachineResponse> {
    const identity = identityOf(member);
    if (requireEmailVerification && member.email_verified !== 1) {
      return { state: AUTH_STATE_TYPE.REQUIRE_EMAIL_VERIFICATION, stateToken: await mailVerification(member), identity };
    }
    if (requireOwnerApproval && member.owner_approved !== 1) {
      return { state: AUTH_STATE_TYPE.REQUIRE_OWNER_APPROVAL, stateToken: await ticket('state', member.id, IDENTITY_SERVICE.STATE_TTL_MS), identity };
    }
    if (member.status !== 'ACTIVE') await store.setMemberState(member.id, 'ACTIVE', member.email_verified === 1, member.owner_approved === 1, iso());
    return { state: AUTH_STATE_TYPE.SUCCESS, sessionToken: await ticket('session', member.id, IDENTITY_SERVICE.STATE_TTL_MS), identity: identityOf((await store.memberById(member.id))!) };
  }

  /** The member a valid, unexpired ticket of `kind` names (the ticket is not consumed). */
  const ticketMember = async (token: string, kind: TicketKind) => {
    const row = await store.ticket(digest(token), kind, now());
    return row?.member_id ? { row, member: await store.memberById(row.member_id) } : undefined;
  };

  /** Signs an access token for `claims` (lifetime and times filled in). */
  function accessToken(claims: Omit<AccessClaims, 'iat' | 'exp' | 'jti' | 'iss'>, issuer: string): { token: string; expiresIn: number } {
    const iat = toSeconds(now());
    const expiresIn = toSeconds(IDENTITY_SERVICE.ACCESS_TOKEN_TTL_MS);
    return { token: jwt.sign({ ...claims, iss: issuer, iat, exp: iat + expiresIn, jti: randomToken() }), expiresIn };
  }

  /** A member's access and refresh tokens; the refresh token is bound to `sessionHash` (logout revokes it) unless null. */
  async function memberTokens(memberId: string, clientId: string, sessionHash: string | null, issuer: string): Promise<IssuedTokens> {
    const refresh = randomToken();
    await store.insertRefresh({ hash: digest(refresh), client_id: clientId, member_id: memberId, role: 'member', session_hash: sessionHash, expires_at: now() + IDENTITY_SERVICE.REFRESH_TOKEN_TTL_MS });
    const { token, expiresIn } = accessToken({ sub: memberId, aud: clientId, subjectType: 'MEMBER', role: 'member' }, issuer);
    return { access_token: token, token_type: 'Bearer', expires_in: expiresIn, refresh_token: refresh };
  }

  /** The browser session on the service's origin: its cookie's token, if valid. */
  async function sessionOf(req: IncomingMessage) {
    const token = parseCookies(req.headers.cookie).get(IDENTITY_SERVICE.SESSION_COOKIE);
    if (!token) return undefined;
    const found = await ticketMember(token, 'session');
    return found?.member ? { hash: found.row.hash, member: found.member } : undefined;
  }

  /** Claims of a valid access token, or null. */
  const verifyAccess = (token: string) => jwt.verify(token, toSeconds(now()));

  return { store, jwt, now, iso, ticket, identityOf, mailVerification, stateOf, ticketMember, accessToken, memberTokens, sessionOf, verifyAccess, requireOwnerApproval };
}

export type IdentityService = Awaited<ReturnType<typeof createIdentityService>>;
