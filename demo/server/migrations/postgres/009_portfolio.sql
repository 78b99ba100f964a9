-- PostgreSQL form of 009: the same 500 rows (format, lpad and date arithmetic for SQLite's printf and date).
-- The demo portfolio the masonry grid's load-more pages through (issue 19 item 4): 500 items,
-- deterministic (the same rows on every machine, so tests and benches can name them), in four
-- categories, with four image shapes so the masonry layout has heights to fit.
CREATE TABLE portfolio_items (
  id        INTEGER PRIMARY KEY,
  title     TEXT NOT NULL,
  category  TEXT NOT NULL CHECK (category IN ('kites', 'boards', 'workshops', 'events')),
  -- One of the demo's gallery pictures (same origin, so the page's img-src allows it).
  image     TEXT NOT NULL,
  -- The picture's frame: square, landscape, portrait or tall (the masonry heights).
  shape     TEXT NOT NULL CHECK (shape IN ('square', 'landscape', 'portrait', 'tall')),
  excerpt   TEXT NOT NULL,
  -- ISO 8601 date; the grid lists newest first.
  published TEXT NOT NULL
);

WITH n(i) AS (SELECT generate_series(1, 500)),
seeded AS (
  SELECT i,
    -- Strides coprime with the list lengths spread the values without a visible period.
    CASE (i * 7) % 4 WHEN 0 THEN 'kites' WHEN 1 THEN 'boards' WHEN 2 THEN 'workshops' ELSE 'events' END AS category,
    CASE (i * 5 + i / 4) % 4 WHEN 0 THEN 'square' WHEN 1 THEN 'landscape' WHEN 2 THEN 'portrait' ELSE 'tall' END AS shape,
    CASE (i * 3) % 5 WHEN 0 THEN 'Sunset' WHEN 1 THEN 'Coast' WHEN 2 THEN 'Dune' WHEN 3 THEN 'Harbour' ELSE 'Storm' END AS colourway
  FROM n
)
INSERT INTO portfolio_items (id, title, category, image, shape, excerpt, published)
SELECT i,
  CASE category
    WHEN 'kites' THEN format('Aero %s · %s', i % 9 + 1, colourway)
    WHEN 'boards' THEN format('Twin-tip board %s · %s', i % 7 + 1, colourway)
    WHEN 'workshops' THEN format('Workshop no. %s: sewing a %s sail', i, lower(colourway))
    ELSE format('Beach day no. %s at the %s', i, lower(colourway))
  END,
  category,
  -- The gallery's pictures without their caption strip (the bottom 100 px), which a card's crop would cut:
  -- an SVG view of the same 3:2 shape, centred, so it fills the picture's box with no band.
  '/media/gallery/aero-' || lpad(((i * 3) % 20 + 1)::text, 2, '0') || '.svg#svgView(viewBox(75,0,1050,700))',
  shape,
  -- Excerpts of one to three sentences: text heights vary too.
  CASE (i * 11) % 3
    WHEN 0 THEN 'Flown on the beach before it left the workshop.'
    WHEN 1 THEN 'Flown on the beach before it left the workshop. Seams sewn twice and taped where the wind pulls hardest.'
    ELSE 'Flown on the beach before it left the workshop. Seams sewn twice and taped where the wind pulls hardest. Every frame checked by hand.'
  END,
  to_char(date '2026-06-30' - i, 'YYYY-MM-DD')
FROM seeded;

CREATE INDEX portfolio_items_category ON portfolio_items (category, published DESC, id);
