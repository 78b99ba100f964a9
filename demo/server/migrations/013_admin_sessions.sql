-- Issue 23. The owner dashboard's sign-in sessions (POST /api/admin/session): one row per session,
-- kept by the SHA-256 of its id (the cookie's value), so the table alone signs no one in; the
-- expiry in ms since the epoch, on the server's clock. In the database, so every instance on it
-- knows every session.
CREATE TABLE admin_sessions (
  id_hash     TEXT PRIMARY KEY,
  expires_at  BIGINT NOT NULL
);
CREATE INDEX admin_sessions_by_expiry ON admin_sessions (expires_at);
