/**
 * The identity service's SQL (migration 010), prepared once; handlers call these typed functions
 * and never build SQL. Every token is looked up by its SHA-256 (crypto.ts `digest`).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db.ts';
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
    insertMember: db.prepare(
      `INSERT INTO identity_members (id, email, password_hash, password_salt, status, email_verified, owner_approved, profile, created_at, updated_at)
       VALUES (@id, @email, @passwordHash, @passwordSalt, @status, @emailVerified, @ownerApproved, @profile, @now, @now)`,
    ),
    memberByEmail: db.prepare<[string], MemberRow>('SELECT * FROM identity_members WHERE email = ?'),
    memberById: db.prepare<[string], MemberRow>('SELECT * FROM identity_members WHERE id = ?'),
    members: db.prepare<[number, number], MemberRow>('SELECT * FROM identity_members ORDER BY created_at, id LIMIT ? OFFSET ?'),
    setFailed: db.prepare<[number, string]>('UPDATE identity_members SET failed_logins = ? WHERE id = ?'),
    setPassword: db.prepare<[string, string, string, string]>('UPDATE identity_members SET password_hash = ?, password_salt = ?, failed_logins = 0, updated_at = ? WHERE id = ?'),
    setState: db.prepare<[string, number, number, string, string]>('UPDATE identity_members SET status = ?, email_verified = ?, owner_approved = ?, updated_at = ? WHERE id = ?'),
    insertTicket: db.prepare('INSERT INTO identity_tickets (hash, kind, member_id, parent, data, expires_at) VALUES (@hash, @kind, @member_id, @parent, @data, @expires_at)'),
    ticket: db.prepare<[string, string, number], TicketRow>('SELECT * FROM identity_tickets WHERE hash = ? AND kind = ? AND expires_at > ?'),
    verificationOf: db.prepare<[string, string, number], TicketRow>("SELECT * FROM identity_tickets WHERE kind = 'verification' AND parent = ? AND hash = ? AND expires_at > ?"),
    deleteTicket: db.prepare<[string]>('DELETE FROM identity_tickets WHERE hash = ?'),
    deleteChildren: db.prepare<[string]>('DELETE FROM identity_tickets WHERE parent = ?'),
    client: db.prepare<[string], ClientRow>('SELECT * FROM identity_clients WHERE id = ?'),
    upsertAppClient: db.prepare(
      `INSERT INTO identity_clients (id, name, redirect_uris, kind, secret_hash, secret_salt) VALUES (@id, @name, '[]', 'app', @hash, @salt)
       ON CONFLICT (id) DO UPDATE SET secret_hash = excluded.secret_hash, secret_salt = excluded.secret_salt`,
    ),
    insertCode: db.prepare('INSERT INTO identity_codes (hash, client_id, member_id, redirect_uri, code_challenge, session_hash, expires_at) VALUES (@hash, @client_id, @member_id, @redirect_uri, @code_challenge, @session_hash, @expires_at)'),
    // Single use: the row is deleted as it is read (RETURNING), so a replay finds nothing.
    takeCode: db.prepare<[string], CodeRow>('DELETE FROM identity_codes WHERE hash = ? RETURNING *'),
    insertRefresh: db.prepare('INSERT INTO identity_refresh_tokens (hash, client_id, member_id, role, session_hash, expires_at) VALUES (@hash, @client_id, @member_id, @role, @session_hash, @expires_at)'),
    refresh: db.prepare<[string, number], RefreshRow>('SELECT * FROM identity_refresh_tokens WHERE hash = ? AND revoked = 0 AND expires_at > ?'),
    revokeRefresh: db.prepare<[string]>('UPDATE identity_refresh_tokens SET revoked = 1 WHERE hash = ?'),
    revokeSession: db.prepare<[string]>('UPDATE identity_refresh_tokens SET revoked = 1 WHERE session_hash = ?'),
    insertMail: db.prepare('INSERT INTO identity_outbox (recipient, kind, subject, body, created_at) VALUES (@recipient, @kind, @subject, @body, @created_at)'),
    outbox: db.prepare<[string, number], OutboxRow>('SELECT * FROM identity_outbox WHERE recipient = ? ORDER BY id DESC LIMIT ?'),
    insertKey: db.prepare('INSERT INTO identity_keys (id, kid, private_pem, public_pem) VALUES (1, @kid, @privatePem, @publicPem) ON CONFLICT (id) DO NOTHING'),
    consistency: db.prepare<[], { version: string }>("SELECT COALESCE(MAX(updated_at), '') AS version FROM identity_members"),
    key: db.prepare<[], { kid: string; private_pem: string; public_pem: string }>('SELECT kid, private_pem, public_pem FROM identity_keys WHERE id = 1'),
  };

  return {
    insertMember(member: NewMember): string {
      const id = randomUUID();
      q.insertMember.run({ ...member, id, emailVerified: member.emailVerified ? 1 : 0, ownerApproved: member.ownerApproved ? 1 : 0 });
      return id;
    },
    memberByEmail: (email: string) => q.memberByEmail.get(email),
    memberById: (id: string) => q.memberById.get(id),
    members: (limit: number, offset: number) => q.members.all(limit, offset),
    setFailedLogins: (id: string, count: number) => void q.setFailed.run(count, id),
    setPassword: (id: string, hash: string, salt: string, now: string) => void q.setPassword.run(hash, salt, now, id),
    setMemberState: (id: string, status: MemberRow['status'], emailVerified: boolean, ownerApproved: boolean, now: string) =>
      void q.setState.run(status, emailVerified ? 1 : 0, ownerApproved ? 1 : 0, now, id),
    insertTicket: (row: TicketRow) => void q.insertTicket.run(row),
    ticket: (hash: string, kind: TicketKind, nowMs: number) => q.ticket.get(hash, kind, nowMs),
    verificationOf: (stateHash: string, codeHash: string, nowMs: number) => q.verificationOf.get(stateHash, codeHash, nowMs),
    /** Drops a ticket and the verification codes sent under it. */
    deleteTicket(hash: string) {
      q.deleteChildren.run(hash);
      q.deleteTicket.run(hash);
    },
    client: (id: string) => q.client.get(id),
    setAppClient: (id: string, name: string, hash: string, salt: string) => void q.upsertAppClient.run({ id, name, hash, salt }),
    insertCode: (row: CodeRow) => void q.insertCode.run(row),
    takeCode: (hash: string) => q.takeCode.get(hash),
    insertRefresh: (row: Omit<RefreshRow, 'revoked'>) => void q.insertRefresh.run(row),
    refresh: (hash: string, nowMs: number) => q.refresh.get(hash, nowMs),
    revokeRefresh: (hash: string) => void q.revokeRefresh.run(hash),
    revokeSession: (sessionHash: string) => void q.revokeSession.run(sessionHash),
    sendMail: (mail: Omit<OutboxRow, 'id'>) => void q.insertMail.run(mail),
    outbox: (recipient: string, limit: number) => q.outbox.all(recipient, limit),
    /** The members' latest change: the GraphQL endpoint's consistency token. */
    consistency: () => q.consistency.get()!.version,
    /** The signing key: the stored one, or `candidate` stored now (the first server to start wins). */
    signingKey(candidate: () => KeyPairPem): KeyPairPem {
      if (!q.key.get()) q.insertKey.run(candidate());
      const row = q.key.get()!;
      return { kid: row.kid, privatePem: row.private_pem, publicPem: row.public_pem };
    },
  };
}

export type IdentityStore = ReturnType<typeof createIdentityStore>;
