/**
 * The demo site's full-text search (content-site spec 001, section 7 "Live search"): the pages of
 * the manufacturer's site (those that carry the theme shell) are indexed with SQLite's FTS5 as the
 * server starts, and a query is answered ranked by bm25 (a title match weighs more than a body
 * match) with its matches highlighted, as the HTML fragment `kite-live-search` shows.
 *
 * The index lives in an in-memory SQLite database of its own, whichever engine holds the server's
 * data: it is derived from the page files, rebuilt at each start, never stale in the data file,
 * and alike in every instance (each indexes the same files), so it decides nothing one instance
 * alone knows. Page text is
 * stored as text; the answer escapes it before the `<mark>`s are put in (FTS5's highlight markers
 * are control characters that no page text holds), so a page can never inject markup.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { searchFragment, type SearchRow } from './search-fragment.ts';
import { hasShell } from './shell.ts';

/** The reference server's limits of a search. */
export const SITE_SEARCH = {
  /** Results answered at most. */
  MAX_RESULTS: 8,
  /** A query longer than this (characters) is refused. */
  MAX_QUERY_CHARS: 200,
  /** Words of a query used at most (the rest is ignored). */
  MAX_TERMS: 8,
  /** Tokens in an excerpt. */
  EXCERPT_TOKENS: 14,
  /** bm25 weight of a title match against a body match (1). */
  TITLE_WEIGHT: 10,
} as const;

/** FTS5 highlight markers: control characters, removed from page text before indexing. */
// oxlint-disable-next-line no-control-regex -- the markers are control characters: page text must hold none
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…' };

/** One indexed page. */
interface SitePage {
  path: string;
  lang: string;
  title: string;
  body: string;
  /** The page's first image, for the result's thumbnail; `''` when it has none. */
  image: string;
}

/** Text of an HTML snippet: tags and comments dropped, entities decoded, white space collapsed. */
function textOf(markup: string): string {
  return markup
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|template|svg)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(CONTROL, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Reads a page file of the site: its address, language, title, main text and first image. */
function readSitePage(file: string, markup: string): SitePage {
  const name = file.replace(/\.html$/, '');
  const title = textOf(/<title>([\s\S]*?)<\/title>/i.exec(markup)?.[1] ?? name);
  const main = /<main\b[\s\S]*<\/main>/i.exec(markup)?.[0] ?? /<body\b[\s\S]*<\/body>/i.exec(markup)?.[0] ?? markup;
  const image = /<img\b[^>]*\bsrc="(\/[^"]*)"/i.exec(main)?.[1] ?? '';
  return {
    path: name === 'index' ? '/' : `/${name}`,
    lang: /<html\b[^>]*\blang="([a-z]{2})/i.exec(markup)?.[1] ?? 'en',
    title,
    body: textOf(main),
    image,
  };
}

/** The FTS5 query of what the visitor typed: each word a quoted prefix term, all required; `null` when it has no word. */
function matchQuery(typed: string): string | null {
  const words = typed.match(/[\p{L}\p{N}]+/gu)?.slice(0, SITE_SEARCH.MAX_TERMS) ?? [];
  return words.length ? words.map((word) => `"${word}"*`).join(' ') : null;
}

export interface SiteSearch {
  /** Pages indexed. */
  readonly pages: number;
  /** The fragment of the best matches of `typed` among the pages in `lang`; `null` when nothing matches. */
  search(typed: string, lang: string): string | null;
  /** Frees the in-memory index. */
  close(): void;
}

/** Indexes the site's pages in `publicDir` (those with the theme shell) in memory. */
export function createSiteSearch(publicDir: string): SiteSearch {
  const db = new BetterSqlite3(':memory:');
  db.exec(`CREATE VIRTUAL TABLE pages USING fts5(path UNINDEXED, lang UNINDEXED, image UNINDEXED, title, body, tokenize = 'unicode61 remove_diacritics 2')`);
  const insert = db.prepare('INSERT INTO pages (path, lang, image, title, body) VALUES (@path, @lang, @image, @title, @body)');
  let pages = 0;
  let files: string[] = [];
  try {
    files = readdirSync(publicDir).filter((file) => file.endsWith('.html')).sort();
  } catch {
    // No public dir: nothing to search.
  }
  db.transaction(() => {
    for (const file of files) {
      const markup = readFileSync(join(publicDir, file), 'utf8');
      if (!hasShell(markup)) continue;
      insert.run(readSitePage(file, markup));
      pages++;
    }
  })();
  // Columns: path, lang, image (unindexed, weight 0), title, body.
  const query = db.prepare(
    `SELECT path, image, highlight(pages, 3, char(1), char(2)) AS title, snippet(pages, 4, char(1), char(2), '…', ${SITE_SEARCH.EXCERPT_TOKENS}) AS excerpt
     FROM pages WHERE pages MATCH ? AND lang = ? ORDER BY bm25(pages, 0, 0, 0, ${SITE_SEARCH.TITLE_WEIGHT}, 1) LIMIT ${SITE_SEARCH.MAX_RESULTS}`,
  );
  return {
    pages,
    search(typed, lang) {
      const match = matchQuery(typed);
      if (!match) return null;
      const rows = query.all(match, lang) as SearchRow[];
      return rows.length ? searchFragment(rows) : null;
    },
    close: () => db.close(),
  };
}
