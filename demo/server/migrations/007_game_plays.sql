-- Server-authoritative play (issue 16 item 7): the server draws a gamified pop-up's prize, one draw
-- per visitor per pop-up. The key makes the first draw the only one: a repeat, or a call racing it
-- (from this server or another on the same file), inserts nothing and reads the stored draw.
CREATE TABLE game_plays (
  poptin_id   TEXT NOT NULL REFERENCES poptins (poptin_id) ON DELETE CASCADE,
  visitor_id  TEXT NOT NULL,
  client_id   TEXT NOT NULL REFERENCES clients (id),
  -- The prize's place in the record's game block (the wheel's segments follow that order).
  prize_index INTEGER NOT NULL CHECK (prize_index >= 0),
  prize_id    TEXT,
  prize_label TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  PRIMARY KEY (poptin_id, visitor_id)
);
