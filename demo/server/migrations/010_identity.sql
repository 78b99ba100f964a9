-- Issue 20. The reference identity service (spec 001 sections 3 to 9, identity parts): members
-- with scrypt password hashes, the mails it sends (an outbox the demo shows instead of a mail
-- server), the one-time values of its flows, OAuth clients, authorization codes, refresh tokens
-- and the key pair that signs access tokens.

CREATE TABLE identity_members (
  id                TEXT PRIMARY KEY,
  -- Lowercased login email: one member per address.
  email             TEXT NOT NULL UNIQUE,
  -- scrypt(password, salt), both hex; the salt is the member's own.
  password_hash     TEXT NOT NULL,
  password_salt     TEXT NOT NULL,
  -- IDENTITY_STATUS: PENDING until verified (and approved, where the owner approves).
  status            TEXT NOT NULL CHECK (status IN ('PENDING', 'ACTIVE', 'DELETED', 'BLOCKED', 'OFFLINE')),
  email_verified    INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
  owner_approved    INTEGER NOT NULL DEFAULT 0 CHECK (owner_approved IN (0, 1)),
  -- The identity profile (names, emails, phones, addresses, custom fields) as JSON text.
  profile           TEXT NOT NULL,
  -- Failed logins since the last success: from a threshold on, a login asks for a captcha.
  failed_logins     INTEGER NOT NULL DEFAULT 0,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL
);

-- The mails the service sends, kept instead of sent (the demo's outbox page lists them).
CREATE TABLE identity_outbox (
  id          INTEGER PRIMARY KEY,
  recipient   TEXT NOT NULL,
  -- 'verification' | 'recovery' | 'activation'
  kind        TEXT NOT NULL,
  subject     TEXT NOT NULL,
  body        TEXT NOT NULL,
  created_at  TEXT NOT NULL
);
CREATE INDEX identity_outbox_recipient ON identity_outbox (recipient, id);

-- One-time values: state tokens of a login in progress, email verification codes, recovery
-- tokens, session tokens and captcha answers. Only their SHA-256 is kept.
CREATE TABLE identity_tickets (
  hash        TEXT PRIMARY KEY,
  kind        TEXT NOT NULL CHECK (kind IN ('state', 'verification', 'recovery', 'session', 'captcha')),
  member_id   TEXT REFERENCES identity_members (id),
  -- A verification code belongs to a state token: the hash of that token.
  parent      TEXT,
  -- JSON facts of the ticket (the captcha's answer hash is the ticket itself).
  data        TEXT,
  expires_at  INTEGER NOT NULL
);

CREATE TABLE identity_clients (
  id              TEXT PRIMARY KEY,
  name            TEXT NOT NULL,
  -- JSON list of exact redirect URIs; a loopback one matches on any port (RFC 8252 section 7.3).
  redirect_uris   TEXT NOT NULL,
  -- 'public' clients use PKCE; 'app' clients hold a secret (client_credentials).
  kind            TEXT NOT NULL CHECK (kind IN ('public', 'app')),
  secret_hash     TEXT,
  secret_salt     TEXT
);

INSERT INTO identity_clients (id, name, redirect_uris, kind) VALUES
  ('kite-demo', 'Kite demo site', '["http://127.0.0.1/members/callback.html","http://localhost/members/callback.html","http://127.0.0.1/members/","http://localhost/members/"]', 'public');

-- Single use, short lived, bound to the PKCE challenge and the redirect URI they were asked for.
CREATE TABLE identity_codes (
  hash            TEXT PRIMARY KEY,
  client_id       TEXT NOT NULL REFERENCES identity_clients (id),
  member_id       TEXT NOT NULL REFERENCES identity_members (id),
  redirect_uri    TEXT NOT NULL,
  code_challenge  TEXT NOT NULL,
  -- The browser session the code came from (logout revokes what it issued).
  session_hash    TEXT,
  expires_at      INTEGER NOT NULL
);

-- Kept as SHA-256 only; a refresh rotates (the old one is revoked).
CREATE TABLE identity_refresh_tokens (
  hash          TEXT PRIMARY KEY,
  client_id     TEXT NOT NULL REFERENCES identity_clients (id),
  member_id     TEXT REFERENCES identity_members (id),
  role          TEXT NOT NULL CHECK (role IN ('none', 'visitor', 'member')),
  session_hash  TEXT,
  revoked       INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1)),
  expires_at    INTEGER NOT NULL
);

-- The Ed25519 key pair of the access tokens: made by the first server that starts.
CREATE TABLE identity_keys (
  id           INTEGER PRIMARY KEY CHECK (id = 1),
  kid          TEXT NOT NULL,
  private_pem  TEXT NOT NULL,
  public_pem   TEXT NOT NULL
);

-- The members page's widget client: its pop-up (demo/poptins/members-offer.json) is members-only,
-- shown to a visitor whose display call carries a valid member access token (display-selection.ts).
INSERT INTO clients (id, name) VALUES ('demo-members', 'Kite demo members area');
