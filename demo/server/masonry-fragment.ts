/**
 * The masonry grid's items as the theme's handler writes them (content-site spec 001, section 7
 * "Masonry load-more"): one `.av-masonry-entry` per item, its sort classes (`all_sort` and
 * `<category>_sort`) and its id in `data-av-masonry-item`. Every text escaped. Pure (no node
 * modules), so the element tests answer with the server's own markup.
 */
import { MASONRY } from '../../shared/constants/site.ts';
import { escapeHtml } from './escape-html.ts';

/** One portfolio item as stored. */
export interface PortfolioRow {
  id: number;
  title: string;
  category: string;
  image: string;
  shape: string;
  excerpt: string;
  published: string;
}

/** The picture's intrinsic size (the demo's gallery pictures), so the item does not shift as it loads. */
const IMAGE = { WIDTH: 1200, HEIGHT: 800 } as const;

/** The sort class of a category, as the theme writes it: `<slug>_sort`. */
export const sortClass = (category: string) => `${category}_sort`;

/** One item's markup, its text in the language the page asked for (`Portfolio.page`). */
export function masonryItem(row: PortfolioRow): string {
  return (
    `<article class="av-masonry-entry isotope-item ${MASONRY.ALL_FILTER} ${escapeHtml(sortClass(row.category))} av-masonry-shape-${escapeHtml(row.shape)}" ${MASONRY.ITEM_ID_ATTRIBUTE}="${row.id}">` +
    `<div class="av-masonry-image-container"><img src="${escapeHtml(row.image)}" alt="" width="${IMAGE.WIDTH}" height="${IMAGE.HEIGHT}" loading="lazy"></div>` +
    `<div class="av-inner-masonry-content"><h3 class="av-masonry-entry-title">${escapeHtml(row.title)}</h3>` +
    `<p class="av-masonry-date"><time datetime="${escapeHtml(row.published)}">${escapeHtml(row.published)}</time></p>` +
    `<p class="av-masonry-excerpt">${escapeHtml(row.excerpt)}</p></div></article>`
  );
}

/** The load-more answer: the loaded marker, then the items (the marker alone when none are left). */
export const masonryAnswer = (rows: readonly PortfolioRow[]) => MASONRY.LOADED_MARKER + rows.map(masonryItem).join('\n');
