-- The Shopify-style demo store's helper data (issue 18 item 7): which client a shop's domain
-- belongs to (GET /api/display/shopify/client-id) and the shop's price rules, which /cart.js
-- applies to its totals (GET /api/display/shopify/price-rules lists them).
-- The Shopify-style demo store (demo/public/shop/) is a client of its own, so its pop-ups never
-- reach the other demo pages (demo-client's), where they would load the pop-up code for nothing.
INSERT INTO clients (id, name) VALUES ('demo-shop', 'Kite demo Shopify-style store');

CREATE TABLE shops (
  domain    TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients (id),
  platform  TEXT NOT NULL CHECK (platform IN ('shopify', 'wix'))
);

-- The demo server runs on these hosts (npm start, the tests).
INSERT INTO shops (domain, client_id, platform) VALUES
  ('localhost', 'demo-shop', 'shopify'),
  ('127.0.0.1', 'demo-shop', 'shopify');

-- A cart-level percentage discount from a subtotal on, as Shopify's price rules describe one.
CREATE TABLE price_rules (
  id                  INTEGER PRIMARY KEY,
  client_id           TEXT NOT NULL REFERENCES clients (id),
  title               TEXT NOT NULL,
  -- Percent off the cart's subtotal, 0 to 100.
  percent_off         REAL NOT NULL CHECK (percent_off > 0 AND percent_off <= 100),
  -- Cents: the rule applies from this subtotal on.
  min_subtotal_cents  INTEGER NOT NULL CHECK (min_subtotal_cents >= 0),
  active              INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
);

INSERT INTO price_rules (client_id, title, percent_off, min_subtotal_cents) VALUES
  ('demo-shop', '10% off orders over $50', 10, 5000);
