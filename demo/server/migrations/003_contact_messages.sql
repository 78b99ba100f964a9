-- Messages sent by the demo site's contact form (kite-contact-form), read by the owner.

CREATE TABLE contact_messages (
  id          INTEGER PRIMARY KEY,
  form_id     TEXT,
  -- Every field as sent, as a JSON object.
  fields_json TEXT NOT NULL CHECK (json_valid(fields_json)),
  ip          TEXT,
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
