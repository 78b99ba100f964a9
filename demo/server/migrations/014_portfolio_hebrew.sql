-- The demo portfolio in Hebrew too (issue 23 item 8): the Hebrew portfolio grid showed its items in
-- English. Each item's Hebrew title and excerpt are made from the same numbers as migration 009's
-- English ones (its id, its category, its colourway), so the two read as one item. One form for
-- both engines: `||` joins text and numbers in each.
ALTER TABLE portfolio_items ADD COLUMN title_he TEXT NOT NULL DEFAULT '';
ALTER TABLE portfolio_items ADD COLUMN excerpt_he TEXT NOT NULL DEFAULT '';

UPDATE portfolio_items SET
  title_he = CASE category
    WHEN 'kites' THEN 'Aero ' || (id % 9 + 1) || ' · ' || CASE (id * 3) % 5 WHEN 0 THEN 'שקיעה' WHEN 1 THEN 'חוף' WHEN 2 THEN 'דיונה' WHEN 3 THEN 'נמל' ELSE 'סערה' END
    WHEN 'boards' THEN 'גלשן דו־כיווני ' || (id % 7 + 1) || ' · ' || CASE (id * 3) % 5 WHEN 0 THEN 'שקיעה' WHEN 1 THEN 'חוף' WHEN 2 THEN 'דיונה' WHEN 3 THEN 'נמל' ELSE 'סערה' END
    WHEN 'workshops' THEN 'סדנה מס׳ ' || id || ': תופרים מפרש בגוון ' || CASE (id * 3) % 5 WHEN 0 THEN 'שקיעה' WHEN 1 THEN 'חוף' WHEN 2 THEN 'דיונה' WHEN 3 THEN 'נמל' ELSE 'סערה' END
    ELSE 'יום חוף מס׳ ' || id || ' ' || CASE (id * 3) % 5 WHEN 0 THEN 'בשקיעה' WHEN 1 THEN 'על קו החוף' WHEN 2 THEN 'בדיונות' WHEN 3 THEN 'בנמל' ELSE 'בסערה' END
  END,
  excerpt_he = CASE (id * 11) % 3
    WHEN 0 THEN 'הוטס על החוף לפני שיצא מהסדנה.'
    WHEN 1 THEN 'הוטס על החוף לפני שיצא מהסדנה. התפרים כפולים ומודבקים היכן שהרוח מושכת הכי חזק.'
    ELSE 'הוטס על החוף לפני שיצא מהסדנה. התפרים כפולים ומודבקים היכן שהרוח מושכת הכי חזק. כל שלד נבדק ביד.'
  END;
