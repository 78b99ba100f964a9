/**
 * The demo portfolio (issue 19 item 4): 500 items in the database (migration 009) that the masonry
 * grid's load-more pages through, newest first, optionally one category only.
 */
import { byDialect, type Database } from './database.ts';
import { masonryItem, type PortfolioRow } from './masonry-fragment.ts';

/** The reference server's limits of a load-more request. */
export const PORTFOLIO = {
  /** Items one request may ask for at most. */
  MAX_ITEMS: 100,
  /** Ids a `loaded` list may hold at most (more than the portfolio has). */
  MAX_LOADED: 1_000,
  /** Largest offset accepted (beyond it nothing is left anyway). */
  MAX_OFFSET: 100_000,
  /** The categories, as the sort links name them (`<category>_sort`). */
  CATEGORIES: ['kites', 'boards', 'workshops', 'events'],
} as const;

/** One page of the portfolio. */
export interface PortfolioQuery {
  /** Position in the listing (newest first) the page starts at. */
  offset: number;
  /** Items answered at most. */
  limit: number;
  /** One category only; `null` for all. */
  category: string | null;
  /** Ids already shown: skipped, the page filled up from further on, so it never repeats one. */
  loaded: readonly number[];
  /** The page's language: `he` reads the items' Hebrew titles and excerpts (migration 013), any other English. */
  lang: string;
}

export interface Portfolio {
  page(query: PortfolioQuery): Promise<PortfolioRow[]>;
}

export function createPortfolio(db: Database): Portfolio {
  // The whole `loaded` list binds as one parameter: a JSON array, read as rows by each engine's own function.
  const loadedIds = byDialect(db.dialect, {
    sqlite: 'SELECT value FROM json_each(@loaded)',
    postgres: 'SELECT value::integer FROM json_array_elements_text(@loaded::json)',
  });
  const page = `WITH listed AS (
       SELECT *, row_number() OVER (ORDER BY published DESC, id) - 1 AS position
       FROM portfolio_items WHERE CAST(@category AS TEXT) IS NULL OR category = @category
     )
     SELECT id, CASE WHEN CAST(@lang AS TEXT) = 'he' THEN title_he ELSE title END AS title, category, image, shape,
       CASE WHEN CAST(@lang AS TEXT) = 'he' THEN excerpt_he ELSE excerpt END AS excerpt, published FROM listed
     WHERE position >= @offset AND id NOT IN (${loadedIds})
     ORDER BY position LIMIT @limit`;
  return {
    page: ({ offset, limit, category, loaded, lang }) => db.all<PortfolioRow>(page, { offset, limit, category, loaded: JSON.stringify(loaded), lang }),
  };
}

/** `<!-- kite:portfolio N -->` in a page: the portfolio's first N items, printed by the server as the theme prints a grid. */
const INCLUDE = /<!-- kite:portfolio (\d{1,3}) -->/;

/** The language an HTML page declares on its root element. */
const PAGE_LANG = /<html[^>]*\blang="([a-z]{2})/;

/** `page` with its portfolio include replaced by the first items, in the page's language (a page without one is returned as it is). */
export async function withPortfolio(markup: string, portfolio: Portfolio): Promise<string> {
  const include = INCLUDE.exec(markup);
  if (!include) return markup;
  const lang = PAGE_LANG.exec(markup)?.[1] ?? 'en';
  const items = await portfolio.page({ offset: 0, limit: Math.min(Number(include[1]), PORTFOLIO.MAX_ITEMS), category: null, loaded: [], lang });
  return markup.replace(INCLUDE, () => items.map(masonryItem).join('\n'));
}
