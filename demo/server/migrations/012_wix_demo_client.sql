-- The Wix-style demo store (demo/public/wix/) is a client of its own, as the Shopify-style one is
-- (008): its pop-ups (recommendations, free shipping, abandoned browse) never reach the other demo
-- pages, whose display answers would otherwise carry them for the page's rules to throw away,
-- loading the widget's runtime and the pop-up's code for nothing.
INSERT INTO clients (id, name) VALUES ('demo-wix', 'Kite demo Wix-style store');
