-- Issue 21. The rate limits' fixed windows (rate-limit.ts), in the database so every instance on
-- it counts the same requests: one row per key (an address, a client, a guessing network) and
-- window, its end in ms since the epoch, bumped with an upsert.
CREATE TABLE rate_windows (
  key         TEXT NOT NULL,
  window_end  BIGINT NOT NULL,
  hits        INTEGER NOT NULL,
  PRIMARY KEY (key, window_end)
);
CREATE INDEX rate_windows_by_end ON rate_windows (window_end);
