-- Spec section 7 calls beyond the display core: browse-abandonment products saved by the
-- Wix-style flow, and the upgrade pop-up's limit log pings.

CREATE TABLE ordered_products (
  id           INTEGER PRIMARY KEY,
  client_id    TEXT NOT NULL REFERENCES clients (id),
  customer_id  TEXT,
  product_id   TEXT NOT NULL,
  product_name TEXT,
  category     TEXT,
  source_table TEXT,
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE limit_logs (
  id         INTEGER PRIMARY KEY,
  client_id  TEXT NOT NULL REFERENCES clients (id),
  status     TEXT NOT NULL,
  setting_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
