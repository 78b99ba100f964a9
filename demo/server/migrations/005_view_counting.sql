-- Views count once per viewer per pop-up per period, and a bounded number per network (issue 13
-- item 3): the viewer's visitor id and the caller's network (an IPv4 address, an IPv6 /64) are kept
-- with each view, indexed for the two checks the viewed call makes before storing one.
ALTER TABLE views ADD COLUMN visitor_id TEXT;
ALTER TABLE views ADD COLUMN network TEXT;
CREATE INDEX views_by_visitor ON views (poptin_id, visitor_id, created_at);
CREATE INDEX views_by_network ON views (poptin_id, network, created_at);
