/**
 * The identity service's SQL (migration 010), prepared once; handlers call these typed functions
 * and never build SQL. Every token is looked up by its SHA-256 (crypto.ts `digest`).
 */
import { randomUUID } from 'node:crypto';
import { statement, type Database } from '../database.ts';
import type { KeyPairPem } from './crypto.ts';

export interface MemberRow {
  id: string;
  email: string;
  password_hash: string;
  password_salt: string;
  status: 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE';
  email_verified: 0 | 1;
  owner_approved: 0 | 1;
  profile: string;
  failed_logins: number;
  created_at: string;
  updated_at: string;
}

export type TicketKind = 'state' | 'verification' | 'recovery' | 'session' | 'captcha';

export interface TicketRow {
  hash: string;
  kind: TicketKind;
  member_id: string | null;
  parent: string | null;
  data: string | null;
  expires_at: number;
}

export interface ClientRow {
  id: string;
  name: string;
  redirect_uris: string;
  kind: 'public' | 'app';
  secret_hash: string | null;
  secret_salt: string | null;
}

export interface CodeRow {
  hash: string;
  client_id: string;
  member_id: string;
  redirect_uri: string;
  code_challenge: string;
  session_hash: string | null;
  expires_at: number;
}

export interface RefreshRow {
  hash: string;
  client_id: string;
  member_id: string | null;
  role: 'none' | 'visitor' | 'member';
  session_hash: string | null;
  revoked: 0 | 1;
  expires_at: number;
}

export interface OutboxRow {
  id: number;
  recipient: string;
  kind: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface NewMember {
  email: string;
  passwordHash: string;
  passwordSalt: string;
  status: MemberRow['status'];
  emailVerified: boolean;
  ownerApproved: boolean;
  profile: string;
  now: string;
}

export function createIdentityStore(db: Database) {
  const q = {
    insertMember: statement(
      `INSERT INTO identity_members (id, email, password_hash, password_salt, status, email_verified, owner_approved, profile, created_at, updated_at)
       VALUES (@id, @email, @passwordHash, @passwordSalt, @status, @emailVerified, @ownerApproved, @profile, @now, @now)`,
    ),
    memberByEmail: statement<[string], MemberRow>('SELECT * FROM identity_members WHERE email = ?'),
    memberById: statement<[string], MemberRow>('SELECT * FROM identity_members WHERE id = ?'),
    members: statement<[number, number], MemberRow>('SELECT * FROM identity_members ORDER BY created_at, id LIMIT ? OFFSET ?'),
    unapproved: statement<[number], MemberRow>('SELECT * FROM identity_members WHERE owner_approved = 0 ORDER BY created_at, id LIMIT ?'),
    setFailed: statement<[number, string]>('UPDATE identity_members SET failed_logins = ? WHERE id = ?'),
    setPassword: statement<[string, string, string, string]>('UPDATE identity_members SET password_hash = ?, password_salt = ?, failed_logins = 0, updated_at = ? WHERE id = ?'),
    setState: statement<[string, number, number, string, string]>('UPDATE identity_members SET status = ?, email_verified = ?, owner_approved = ?, updated_at = ? WHERE id = ?'),
    insertTicket: statement('INSERT INTO identity_tickets (hash, kind, member_id, parent, data, expires_at) VALUES (@hash, @kind, @member_id, @parent, @data, @expires_at)'),
    ticket: statement<[string, string, number], TicketRow>('SELECT * FROM identity_tickets WHERE hash = ? AND kind = ? AND expires_at > ?'),
    verificationOf: statement<[string, string, number], TicketRow>("SELECT * FROM identity_tickets WHERE kind = 'verification' AND parent = ? AND hash = ? AND expires_at > ?"),
    deleteTicket: statement<[string]>('DELETE FROM identity_tickets WHERE hash = ?'),
    deleteChildren: statement<[string]>('DELETE FROM identity_tickets WHERE parent = ?'),
    client: statement<[string], ClientRow>('SELECT * FROM identity_clients WHERE id = ?'),
    upsertAppClient: statement(
      `INSERT INTO identity_clients (id, name, redirect_uris, kind, secret_hash, secret_salt) VALUES (@id, @name, '[]', 'app', @hash, @salt)
       ON CONFLICT (id) DO UPDATE SET secret_hash = excluded.secret_hash, secret_salt = excluded.secret_salt`,
    ),
    insertCode: statement('INSERT INTO identity_codes (hash, client_id, member_id, redirect_uri, code_challenge, session_hash, expires_at) VALUES (@hash, @client_id, @member_id, @redirect_uri, @code_challenge, @session_hash, @expires_at)'),
    // Single use: the row is deleted as it is read (RETURNING), so a replay finds nothing.
    takeCode: statement<[string], CodeRow>('DELETE FROM identity_codes WHERE hash = ? RETURNING *'),
    insertRefresh: statement('INSERT INTO identity_refresh_tokens (hash, client_id, member_id, role, session_hash, expires_at) VALUES (@hash, @client_id, @member_id, @role, @session_hash, @expires_at)'),
    refresh: statement<[string, number], RefreshRow>('SELECT * FROM identity_refresh_tokens WHERE hash = ? AND revoked = 0 AND expires_at > ?'),
    revokeRefresh: statement<[string]>('UPDATE identity_refresh_tokens SET revoked = 1 WHERE hash = ?'),
    revokeSession: statement<[string]>('UPDATE identity_refresh_tokens SET revoked = 1 WHERE session_hash = ?'),
    insertMail: statement('INSERT INTO identity_outbox (recipient, kind, subject, body, created_at) VALUES (@recipient, @kind, @subject, @body, @created_at)'),
    outbox: statement<[string, number], OutboxRow>('SELECT * FROM identity_outbox WHERE recipient = ? ORDER BY id DESC LIMIT ?'),
    insertKey: statement('INSERT INTO identity_keys (id, kid, private_pem, public_pem) VALUES (1, @kid, @privatePem, @publicPem) ON CONFLICT (id) DO NOTHING'),
    consistency: statement<[], { version: string }>("SELECT COALESCE(MAX(updated_at), '') AS version FROM identity_members"),
    key: statement<[], { kid: string; private_pem: string; public_pem: string }>('SELECT kid, private_pem, public_pem FROM identity_keys WHERE id = 1'),
  };

  return {
    async insertMember(member: NewMember): Promise<string> {
      const id = randomUUID();
      await q.insertMember.run(db, { ...member, id, emailVerified: member.emailVerified ? 1 : 0, ownerApproved: member.ownerApproved ? 1 : 0 });
      return id;
    },
    memberByEmail: (email: string) => q.memberByEmail.get(db, email),
    memberById: (id: string) => q.memberById.get(db, id),
    members: (limit: number, offset: number) => q.members.all(db, limit, offset),
    /** Members the owner has not approved, oldest first. */
    unapproved: (limit: number) => q.unapproved.all(db, limit),
    setFailedLogins: async (id: string, count: number) => void (await q.setFailed.run(db, count, id)),
    setPassword: async (id: string, hash: string, salt: string, now: string) => void (await q.setPassword.run(db, hash, salt, now, id)),
    setMemberState: async (id: string, status: MemberRow['status'], emailVerified: boolean, ownerApproved: boolean, now: string) =>
      void (await q.setState.run(db, status, emailVerified ? 1 : 0, ownerApproved ? 1 : 0, now, id)),
    insertTicket: async (row: TicketRow) => void (await q.insertTicket.run(db, row)),
    ticket: (hash: string, kind: TicketKind, nowMs: number) => q.ticket.get(db, hash, kind, nowMs),
    verificationOf: (stateHash: string, codeHash: string, nowMs: number) => q.verificationOf.get(db, stateHash, codeHash, nowMs),
    /** Drops a ticket and the verification codes sent under it. */
    async deleteTicket(hash: string) {
      await q.deleteChildren.run(db, hash);
      await q.deleteTicket.run(db, hash);
    },
    client: (id: string) => q.client.get(db, id),
    setAppClient: async (id: string, name: string, hash: string, salt: string) => void (await q.upsertAppClient.run(db, { id, name, hash, salt })),
    insertCode: async (row: CodeRow) => void (await q.insertCode.run(db, row)),
    takeCode: (hash: string) => q.takeCode.get(db, hash),
    insertRefresh: async (row: Omit<RefreshRow, 'revoked'>) => void (await q.insertRefresh.run(db, row)),
    refresh: (hash: string, nowMs: number) => q.refresh.get(db, hash, nowMs),
    revokeRefresh: async (hash: string) => void (await q.revokeRefresh.run(db, hash)),
    revokeSession: async (sessionHash: string) => void (await q.revokeSession.run(db, sessionHash)),
    sendMail: async (mail: Omit<OutboxRow, 'id'>) => void (await q.insertMail.run(db, mail)),
    outbox: (recipient: string, limit: number) => q.outbox.all(db, recipient, limit),
    /** The members' latest change: the GraphQL endpoint's consistency token. */
    consistency: async () => (await q.consistency.get(db))!.version,
    /** The signing key: the stored one, or `candidate` stored now (the first server to start wins). */
    async signingKey(candidate: () => KeyPairPem): Promise<KeyPairPem> {
      if (!(await q.key.get(db))) await q.insertKey.run(db, candidate());
      const row = (await q.key.get(db))!;
      return { kid: row.kid, privatePem: row.private_pem, publicPem: row.public_pem };
    },
  };
}

export type IdentityStore = ReturnType<typeof createIdentityStore>;
