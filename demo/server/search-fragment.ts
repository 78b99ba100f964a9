/**
 * The live search answer's HTML, as the theme's search handler writes it: one
 * `<a class="av_ajax_search_entry">` per result with its image, title and excerpt. Pure (no node
 * modules), so the element tests answer with the server's own markup.
 */
import { escapeHtml } from './escape-html.ts';

/** FTS5 highlight markers around a match: control characters no page text holds. */
export const MARK_OPEN = '\u0001';
export const MARK_CLOSE = '\u0002';

/** Side of a result's thumbnail (CSS px), as the theme's search handler sizes it: set so the row does not shift as it loads. */
const THUMBNAIL_PX = 48;

/** `text` from FTS5 with its highlight markers, escaped, the matches in `<mark>`. */
const marked = (text: string) => escapeHtml(text).replaceAll(MARK_OPEN, '<mark>').replaceAll(MARK_CLOSE, '</mark>');

/** One result as the index answers it: the matches between MARK_OPEN and MARK_CLOSE. */
export interface SearchRow {
  path: string;
  image: string;
  title: string;
  excerpt: string;
}

/** The answer's fragment: one result link per row, as the theme's search handler writes them. */
export function searchFragment(rows: readonly SearchRow[]): string {
  return rows
    .map((row) => {
      const image = row.image ? `<span class="av_ajax_search_image"><img src="${escapeHtml(row.image)}" alt="" width="${THUMBNAIL_PX}" height="${THUMBNAIL_PX}"></span>` : '';
      return (
        `<a class="av_ajax_search_entry${row.image ? ' with_image' : ''}" href="${escapeHtml(row.path)}">${image}` +
        `<span class="av_ajax_search_content"><span class="av_ajax_search_title">${marked(row.title)}</span>` +
        `<span class="av_ajax_search_excerpt">${marked(row.excerpt)}</span></span></a>`
      );
    })
    .join('\n');
}

