-- The reference display API's first schema: clients, pop-ups, views, conversions (leads), closes,
-- activity pings and the demo store's carts. Applied once, in a transaction, by db.ts.

CREATE TABLE schema_migrations (
  version    INTEGER PRIMARY KEY,
  name       TEXT NOT NULL,
  applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE clients (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  restricted INTEGER NOT NULL DEFAULT 0 CHECK (restricted IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- demo-client owns the demo pop-ups; demo-restricted shows the 'not_allowed' answer.
INSERT INTO clients (id, name, restricted) VALUES
  ('demo-client', 'Kite demo', 0),
  ('demo-restricted', 'Kite demo (restricted)', 1);

CREATE TABLE poptins (
  poptin_id  TEXT PRIMARY KEY,
  client_id  TEXT NOT NULL REFERENCES clients (id),
  active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  record     TEXT NOT NULL CHECK (json_valid(record)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX poptins_by_client ON poptins (client_id, active);

CREATE TABLE views (
  id                            TEXT PRIMARY KEY,
  poptin_id                     TEXT NOT NULL REFERENCES poptins (poptin_id) ON DELETE CASCADE,
  client_id                     TEXT NOT NULL,
  viewer_id                     TEXT NOT NULL,
  trigger                       TEXT,
  device_type                   TEXT NOT NULL CHECK (device_type IN ('mobile', 'desktop')),
  url                           TEXT NOT NULL,
  store_integration             TEXT,
  store_integration_customer_id TEXT,
  converted_email               TEXT,
  ip                            TEXT,
  created_at                    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX views_by_poptin ON views (poptin_id);

CREATE TABLE conversions (
  id                TEXT PRIMARY KEY,
  -- The widget's idempotency key: a retried POST finds its first row here.
  conversion_key    TEXT NOT NULL UNIQUE,
  poptin_id         TEXT NOT NULL REFERENCES poptins (poptin_id) ON DELETE CASCADE,
  client_id         TEXT NOT NULL,
  viewer_id         TEXT NOT NULL,
  -- The form's `visitor` field: matched against the display call's visitor_id.
  visitor_id        TEXT,
  poptin_view_id    TEXT,
  email             TEXT COLLATE NOCASE,
  name              TEXT,
  phone             TEXT,
  url               TEXT,
  -- Every field as sent, named and custom, as a JSON object.
  fields_json       TEXT NOT NULL CHECK (json_valid(fields_json)),
  -- newExtraFields, parsed: a JSON array of objects.
  new_extra_fields  TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(new_extra_fields)),
  ip                TEXT,
  created_at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX conversions_by_poptin ON conversions (poptin_id, created_at);
CREATE INDEX conversions_by_visitor ON conversions (poptin_id, visitor_id);
CREATE INDEX conversions_by_email ON conversions (poptin_id, email);

CREATE TABLE closes (
  id                            INTEGER PRIMARY KEY,
  poptin_id                     TEXT NOT NULL REFERENCES poptins (poptin_id) ON DELETE CASCADE,
  client_id                     TEXT NOT NULL,
  url                           TEXT NOT NULL,
  close_trigger                 TEXT,
  converted_email               TEXT,
  store_integration             TEXT,
  store_integration_customer_id TEXT,
  ip                            TEXT,
  created_at                    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX closes_by_poptin ON closes (poptin_id);

-- conversion-activities (kind 'conversion_activity') and total-website-session ('website_session').
CREATE TABLE activities (
  id                            INTEGER PRIMARY KEY,
  client_id                     TEXT NOT NULL REFERENCES clients (id),
  kind                          TEXT NOT NULL CHECK (kind IN ('conversion_activity', 'website_session')),
  poptin_id                     TEXT,
  activity                      TEXT,
  email                         TEXT,
  url_host                      TEXT NOT NULL,
  store_integration             TEXT,
  store_integration_customer_id TEXT,
  created_at                    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE carts (
  token      TEXT PRIMARY KEY,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE cart_items (
  cart_token TEXT NOT NULL REFERENCES carts (token) ON DELETE CASCADE,
  variant_id INTEGER NOT NULL,
  quantity   INTEGER NOT NULL CHECK (quantity > 0),
  added_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (cart_token, variant_id)
);
