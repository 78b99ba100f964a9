import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BREAKPOINTS, MASONRY } from '../../../shared/constants/site.ts';
import { columnWidth, masonryColumns, masonryLayout } from '../../../shared/logic/masonry-layout.ts';

describe('masonryLayout', () => {
  it('places each item in the shortest column, the first of equals, gap apart', () => {
    const { placements, height } = masonryLayout([100, 50, 80, 10, 30], { width: 320, columns: 3, gap: 10 });
    const column = columnWidth(320, 3, 10);
    assert.equal(column, 100);
    assert.deepEqual(placements, [
      { x: 0, y: 0 },
      { x: 110, y: 0 },
      { x: 220, y: 0 },
      // Column 2 (50 + gap) is the shortest now.
      { x: 110, y: 60 },
      { x: 110, y: 80 },
    ]);
    assert.equal(height, 110);
  });

  it('mirrors the columns right to left', () => {
    const { placements } = masonryLayout([100, 50], { width: 320, columns: 3, gap: 10, rtl: true });
    assert.deepEqual(placements, [
      { x: 220, y: 0 },
      { x: 110, y: 0 },
    ]);
  });

  it('is empty and flat without items', () => {
    assert.deepEqual(masonryLayout([], { width: 320, columns: 3, gap: 10 }), { placements: [], height: 0 });
  });

  it('has the theme’s automatic columns by the grid’s width', () => {
    assert.equal(masonryColumns(BREAKPOINTS.MINI_MAX_PX), MASONRY.COLUMNS.mini);
    assert.equal(masonryColumns(BREAKPOINTS.SMALL_MAX_PX), MASONRY.COLUMNS.small);
    assert.equal(masonryColumns(BREAKPOINTS.MEDIUM_MAX_PX), MASONRY.COLUMNS.medium);
    assert.equal(masonryColumns(BREAKPOINTS.DESKTOP_MIN_PX), MASONRY.COLUMNS.desktop);
  });
});
