/**
 * The reference identity service's member calls (spec 001 section 7, identity calls): register,
 * login with its captcha step, email verification (codes land in the outbox), owner approval,
 * the factor verify call, Start, activation and recovery mails, recover, change-password and
 * sign-on. Every body is checked field by field; refusals carry the spec's auth codes
 * (AUTH_ERROR_CODE) or the service's own (SERVICE_ERROR_CODE), as wire.ts shapes them.
 */
import { randomInt } from 'node:crypto';
import { AUTH_ERROR_CODE, IDENTITY } from '../../../shared/constants/identity.ts';
import { FACTOR_TYPE, isValueOf } from '../../../shared/identity/enums.ts';
import type { StateMachineResponse } from '../../../shared/identity/types.ts';
import { IDENTITY_SERVICE, SERVICE_ERROR_CODE } from '../identity/constants.ts';
import { checkPassword, digest, hashPassword, randomToken } from '../identity/crypto.ts';
import * as FIELDS from '../identity/schemas.ts';
import type { IdentityService } from '../identity/service.ts';
import type { MemberRow } from '../identity/store.ts';
import { applicationError, bearerOf, identityRoute, readFields } from '../identity/wire.ts';
import { isAllowedRedirect } from './oauth.ts';
import type { Route } from '../router.ts';
import { HttpError } from '../http.ts';

/** The captcha's sums use numbers below this. */
const CAPTCHA_TERM_LIMIT = 10;
/** Mails the demo outbox lists per call. */
const OUTBOX_LIST_MAX = 20;

const invalidPassword = () => applicationError(401, AUTH_ERROR_CODE.INVALID_PASSWORD, 'wrong email or password');

/** A member's bearer token, checked: the member it names, or 401. */
async function memberOfBearer(service: IdentityService, header: string | undefined): Promise<MemberRow> {
  const claims = header ? service.verifyAccess(header) : null;
  const member = claims?.subjectType === 'MEMBER' ? await service.store.memberById(claims.sub) : undefined;
  if (!member) throw applicationError(401, SERVICE_ERROR_CODE.INVALID_TOKEN, 'a member access token is required');
  return member;
}

export function identityMemberRoutes(service: IdentityService): Route[] {
  const { store } = service;

  /** Throws -19971 without a captcha token, -19970 when none of them is a solved, live captcha (each is used up either way). */
  async function checkCaptcha(tokens: string[] | undefined): Promise<void> {
    if (!tokens?.length) throw applicationError(403, AUTH_ERROR_CODE.MISSING_CAPTCHA, 'captcha required');
    let solved = false;
    for (const token of tokens) {
      const split = token.indexOf(':');
      const hash = digest(split < 0 ? token : token.slice(0, split));
      const row = await store.ticket(hash, 'captcha', service.now());
      if (!row) continue;
      await store.deleteTicket(hash);
      if (row.data === JSON.stringify(token.slice(split + 1))) solved = true;
    }
    if (!solved) throw applicationError(403, AUTH_ERROR_CODE.INVALID_CAPTCHA, 'invalid captcha');
  }

  /** The state token's member and row, or 400 INVALID_STATE_TOKEN. */
  async function stateMember(stateToken: string) {
    const found = await service.ticketMember(stateToken, 'state');
    if (!found?.member) throw applicationError(400, SERVICE_ERROR_CODE.INVALID_STATE_TOKEN, 'the state token is unknown or expired');
    return { hash: found.row.hash, member: found.member };
  }

  /** Checks an emailed code against its state token; marks the email verified and answers the next state. */
  async function verifyEmailCode(stateToken: string, code: string): Promise<StateMachineResponse> {
    const { hash, member } = await stateMember(stateToken);
    if (!await store.verificationOf(hash, digest(`${hash}:${code}`), service.now())) {
      throw applicationError(400, SERVICE_ERROR_CODE.INVALID_CODE, 'the verification code is wrong or expired');
    }
    await store.deleteTicket(hash);
    await store.setMemberState(member.id, member.status, true, member.owner_approved === 1, service.iso());
    return await service.stateOf((await store.memberById(member.id))!);
  }

  const memberById = async (identityId: string) => {
    const member = await store.memberById(identityId);
    if (!member) throw applicationError(404, SERVICE_ERROR_CODE.UNKNOWN_IDENTITY, 'no such identity');
    return member;
  };

  return [
    // A sum to solve: the answer travels back as the captcha token `<captchaId>:<answer>`.
    identityRoute('GET', '/v1/captcha', async () => {
      const [a, b] = [randomInt(CAPTCHA_TERM_LIMIT), randomInt(CAPTCHA_TERM_LIMIT)];
      const captchaId = randomToken();
      await service.ticket('captcha', null, IDENTITY_SERVICE.CAPTCHA_TTL_MS, { token: captchaId, data: String(a + b) });
      return { body: { captchaId, question: `${a} + ${b}` } };
    }),

    identityRoute('POST', '/v2/register', async ({ req }) => {
      const body = await readFields(req, FIELDS.REGISTER);
      const email = body.loginId.email.toLowerCase();
      if (await store.memberByEmail(email)) throw applicationError(409, AUTH_ERROR_CODE.EMAIL_EXISTS, 'a member with this email exists', { loginId: email });
      const { hash, salt } = await hashPassword(body.password);
      const id = await store.insertMember({
        email,
        passwordHash: hash,
        passwordSalt: salt,
        status: 'PENDING',
        emailVerified: false,
        ownerApproved: false,
        profile: JSON.stringify(body.profile ?? {}),
        now: service.iso(),
      });
      return { body: await service.stateOf((await store.memberById(id))!) };
    }),

    identityRoute('POST', '/v2/login', async ({ req }) => {
      const body = await readFields(req, FIELDS.LOGIN);
      const member = await store.memberByEmail(body.loginId.email.toLowerCase());
      if (member && member.failed_logins >= IDENTITY_SERVICE.CAPTCHA_AFTER_FAILED_LOGINS) await checkCaptcha(body.captchaTokens);
      if (!member || member.status === 'BLOCKED' || member.status === 'DELETED') {
        await hashPassword(body.password); // the same work as a real check: an unknown email answers in the same time
        throw invalidPassword();
      }
      // A member made by sign-on has no password yet: they set one through recovery.
      if (!member.password_hash) throw applicationError(403, AUTH_ERROR_CODE.RESET_PASSWORD, 'the password must be reset');
      if (!(await checkPassword(body.password, member.password_hash, member.password_salt))) {
        await store.setFailedLogins(member.id, member.failed_logins + 1);
        throw invalidPassword();
      }
      await store.setFailedLogins(member.id, 0);
      return { body: await service.stateOf(member) };
    }),

    identityRoute('POST', '/v1/auth/verify', async ({ req }) => {
      const { code, stateToken } = await readFields(req, FIELDS.VERIFY);
      return { body: await verifyEmailCode(stateToken, code) };
    }),

    // Second factors: EMAIL is the emailed code; no member enrols another factor here.
    identityRoute('POST', '/v2/:factorType/verify', async ({ req, params }) => {
      const factorType = params.factorType!.toUpperCase();
      if (!isValueOf(FACTOR_TYPE, factorType)) throw new HttpError(404, 'unknown factor type');
      const { stateToken, data } = await readFields(req, FIELDS.FACTOR_VERIFY);
      if (factorType !== FACTOR_TYPE.EMAIL) throw applicationError(400, SERVICE_ERROR_CODE.FACTOR_NOT_ENROLLED, `no ${factorType} factor is enrolled`);
      return { body: await verifyEmailCode(stateToken, typeof data?.code === 'string' ? data.code : '') };
    }),

    // Starts an email verification of an identity: a code to its own address, under the returned id.
    identityRoute('POST', '/v1/Start', async ({ req }) => {
      const { identityId } = await readFields(req, FIELDS.START);
      return { body: { verificationId: await service.mailVerification(await memberById(identityId)) } };
    }),

    identityRoute('POST', '/v1/activation-email', async ({ req }) => {
      const { identityId } = await readFields(req, FIELDS.ACTIVATION_EMAIL);
      await service.mailVerification(await memberById(identityId), 'activation');
      return { body: {} };
    }),

    // Always {}: the answer does not tell whether the address belongs to a member.
    identityRoute('POST', '/v1/send-email', async ({ req }) => {
      const { email, redirect } = await readFields(req, FIELDS.SEND_EMAIL);
      // A mailed link goes only where the client registered: never to a page the caller names.
      if (redirect?.url) {
        const client = redirect.clientId ? await store.client(redirect.clientId) : undefined;
        if (!client || !isAllowedRedirect(client, redirect.url)) throw applicationError(400, SERVICE_ERROR_CODE.INVALID_REQUEST, 'redirect.url is not registered for redirect.clientId');
      }
      const member = await store.memberByEmail(email.toLowerCase());
      if (member) {
        const recoveryToken = await service.ticket('recovery', member.id, IDENTITY_SERVICE.RECOVERY_TTL_MS);
        const page = new URL(redirect?.url ?? IDENTITY_SERVICE.MEMBERS_PAGE, 'http://page.invalid');
        page.searchParams.set('recoveryToken', recoveryToken);
        const link = redirect?.url ? page.href : `${page.pathname}${page.search}`;
        await store.sendMail({ recipient: member.email, kind: 'recovery', subject: 'Reset your password', body: `Set a new password: ${link}`, created_at: service.iso() });
      }
      return { body: {} };
    }),

    identityRoute('POST', '/v1/recover', async ({ req }) => {
      const { recoveryToken, password } = await readFields(req, FIELDS.RECOVER);
      const found = await service.ticketMember(recoveryToken, 'recovery');
      if (!found?.member) throw applicationError(400, SERVICE_ERROR_CODE.INVALID_RECOVERY_TOKEN, 'the recovery link is unknown or expired');
      await store.deleteTicket(found.row.hash);
      const { hash, salt } = await hashPassword(password);
      await store.setPassword(found.member.id, hash, salt, service.iso());
      // Opening the mailed link proved the mailbox.
      await store.setMemberState(found.member.id, found.member.status, true, found.member.owner_approved === 1, service.iso());
      return { body: {} };
    }),

    identityRoute('POST', '/v2/change-password', async ({ req }) => {
      const member = await memberOfBearer(service, bearerOf(req));
      const { newPassword } = await readFields(req, FIELDS.CHANGE_PASSWORD);
      const { hash, salt } = await hashPassword(newPassword);
      await store.setPassword(member.id, hash, salt, service.iso());
      return { body: {} };
    }),

    // An app (client_credentials token) signs a member on by email, making the member if needed.
    identityRoute('POST', '/v2/sign-on', async ({ req }) => {
      const claims = service.verifyAccess(bearerOf(req) ?? '');
      if (claims?.subjectType !== 'APP') throw applicationError(401, SERVICE_ERROR_CODE.INVALID_TOKEN, 'an app access token is required');
      const body = await readFields(req, FIELDS.SIGN_ON);
      const email = body.loginId.email.toLowerCase();
      let member = await store.memberByEmail(email);
      if (!member) {
        const id = await store.insertMember({
          email,
          passwordHash: '',
          passwordSalt: '',
          status: 'ACTIVE',
          emailVerified: body.verifyEmail !== true,
          ownerApproved: true,
          profile: JSON.stringify(body.profile ?? {}),
          now: service.iso(),
        });
        member = (await store.memberById(id))!;
      }
      return { body: await service.stateOf(member) };
    }),

    // Demo only: the mails the service "sent" to one address (a real service mails them).
    identityRoute('GET', '/v1/demo/outbox', async ({ query }) => {
      const email = (query.get('email') ?? '').toLowerCase();
      if (!email) throw applicationError(400, SERVICE_ERROR_CODE.INVALID_REQUEST, 'email is required');
      return { body: { mails: await store.outbox(email, OUTBOX_LIST_MAX) } };
    }),
  ];
}

/** The owner's approval of members (under /api/admin/: the server's admin guard checks the token). */
export function identityAdminRoutes(service: IdentityService): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/admin/identity/members/unapproved',
      handler: async () => ({
        body: { members: (await service.store.unapproved(IDENTITY.PAGE_LIMIT_DEFAULT)).map(({ id, email, email_verified, created_at }) => ({ id, email, emailVerified: email_verified === 1, createdDate: created_at })) },
      }),
    },
    {
      method: 'POST',
      path: '/api/admin/identity/members/:member_id/approve',
      handler: async ({ params }) => {
        const member = await service.store.memberById(params.member_id!);
        if (!member) throw new HttpError(404, 'unknown member id');
        await service.store.setMemberState(member.id, member.status, member.email_verified === 1, true, service.iso());
        return { body: { approved: true } };
      },
    },
  ];
}
