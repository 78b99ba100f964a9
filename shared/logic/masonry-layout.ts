/**
 * Where each item of a masonry grid goes (content-site spec 001, section 2 "Masonry grid"): pure,
 * so the element's write pass and the tests read the same rule. Each item, in the page's order,
 * goes to the shortest column (the first of equals in reading order), as desandro's Masonry
 * places them: the reading order of the items stays close to the DOM order, which is the focus
 * order.
 */
import { MASONRY } from '../constants/site.ts';
import { breakpointOf } from './page-classes.ts';

/** One placed item: its offset from the grid's top left corner, CSS pixels. */
export interface MasonryPlacement {
  x: number;
  y: number;
}

export interface MasonryLayout {
  /** One per height given, in the same order. */
  placements: MasonryPlacement[];
  /** Height of the laid out grid: the tallest column (no trailing gap). */
  height: number;
}

/** Columns of a grid `width` CSS pixels wide: the theme's automatic columns, by the breakpoint that width falls in. */
export const masonryColumns = (width: number): number => MASONRY.COLUMNS[breakpointOf(width)];

/** Width of one column of `columns` in `width` with `gap` between them. */
export const columnWidth = (width: number, columns: number, gap: number): number => Math.max(0, (width - gap * (columns - 1)) / columns);

/**
 * Places items of `heights` in `columns` columns of a grid `width` wide, `gap` apart both ways.
 * `rtl` mirrors the columns: the first column is on the right.
 */
export function masonryLayout(heights: readonly number[], { width, columns, gap, rtl = false }: { width: number; columns: number; gap: number; rtl?: boolean }): MasonryLayout {
  const column = columnWidth(width, columns, gap);
  const bottoms = Array.from({ length: columns }, () => 0);
  const placements = heights.map((height) => {
    let shortest = 0;
    for (let index = 1; index < columns; index++) if (bottoms[index]! < bottoms[shortest]!) shortest = index;
    const x = shortest * (column + gap);
    const y = bottoms[shortest]!;
    bottoms[shortest] = y + height + gap;
    return { x: rtl ? width - x - column : x, y };
  });
  const tallest = Math.max(0, ...bottoms);
  return { placements, height: heights.length ? tallest - gap : 0 };
}
