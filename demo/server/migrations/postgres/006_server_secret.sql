-- PostgreSQL form (see 001 here for what differs from the SQLite form).
-- Issue 13. The key the server signs with (converted values, preview links): one row, written by
-- the first server that starts on this database (store.ts), so it survives restarts and every
-- instance on the same database verifies what another signed.

CREATE TABLE server_secret (
  id  INTEGER PRIMARY KEY CHECK (id = 1),
  key BYTEA NOT NULL
);
