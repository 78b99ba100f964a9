-- PostgreSQL form (see 001 here for what differs from the SQLite form).
-- Issue 4. Owners' limits: a client whose plan limit asks for the upgrade pop-up
-- (is_client_restriction), the limit on views (the 'max poptins views' refusal) and the upgrade
-- setting the widget reads. And the demo clients of the display-rules page (demo/public/rules.html):
-- one per section, so each section's pop-ups show on its own page and never on the store.

ALTER TABLE clients ADD COLUMN client_restriction INTEGER NOT NULL DEFAULT 0 CHECK (client_restriction IN (0, 1));
ALTER TABLE clients ADD COLUMN max_views INTEGER CHECK (max_views IS NULL OR max_views >= 0);
ALTER TABLE clients ADD COLUMN upgrade_setting JSON;

INSERT INTO clients (id, name, restricted, client_restriction, max_views, upgrade_setting) VALUES
  ('demo-upgrade', 'Kite demo (plan limit: upgrade pop-up)', 1, 1, NULL,
   '{"id":"upgrade-demo","mote_than_two_days":false,"remindme_popup":false,"upgrade_url":"https://www.npmjs.com/package/kite-elements"}'),
  ('demo-remind', 'Kite demo (plan limit: reminder due)', 1, 1, NULL,
   '{"id":"remind-demo","mote_than_two_days":true,"remindme_popup":true}'),
  ('demo-max-views', 'Kite demo (views used up)', 0, 0, 0, NULL);

INSERT INTO clients (id, name) VALUES
  ('demo-rule-seconds', 'Kite demo rule: after N seconds'),
  ('demo-rule-scroll', 'Kite demo rule: scroll percent'),
  ('demo-rule-exit', 'Kite demo rule: exit intent'),
  ('demo-rule-mobile-exit', 'Kite demo rule: exit intent on touch devices'),
  ('demo-rule-inactivity', 'Kite demo rule: inactivity'),
  ('demo-rule-clicks', 'Kite demo rule: click count'),
  ('demo-rule-pages', 'Kite demo rule: page-visit count'),
  ('demo-rule-click-id', 'Kite demo rule: a click on a link carrying the id'),
  ('demo-rule-session', 'Kite demo rule: once per session'),
  ('demo-rule-day', 'Kite demo rule: once a day'),
  ('demo-rule-days', 'Kite demo rule: once every few days'),
  ('demo-rule-visits', 'Kite demo rule: once every few visits'),
  ('demo-rule-new', 'Kite demo rule: new visitors'),
  ('demo-rule-returning', 'Kite demo rule: returning visitors'),
  ('demo-rule-converted', 'Kite demo rule: not to converted visitors'),
  ('demo-rule-engagement', 'Kite demo rule: engagement with another pop-up'),
  ('demo-rule-cookie', 'Kite demo rule: cookie filter'),
  ('demo-rule-js', 'Kite demo rule: global value filter'),
  ('demo-rule-adblock', 'Kite demo rule: ad blocker'),
  ('demo-rule-ab', 'Kite demo rule: A/B test'),
  ('demo-rule-queue', 'Kite demo rule: one modal at a time'),
  ('demo-rule-spa', 'Kite demo rule: single-page app'),
  ('demo-rule-consent', 'Kite demo rule: consent');
