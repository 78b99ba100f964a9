// The bench's pure helpers (scripts/bench/lib/): the share of frames within one refresh that the
// wheel-spin and background-animation rows report, and the files a lazy chunk adds to a set already
// loaded, which the game and form byte rows report.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MISSED_REFRESH_MS, SMOOTH_FRAME_MS, frameStats } from '../../../scripts/bench/lib/frames.mjs';
import { extraFiles } from '../../../scripts/bench/lib/element-sizes.mjs';

/** A steady 60 Hz: frame times jittering a tenth of a millisecond either side of one refresh. */
const steady = (frames: number) => Array.from({ length: frames }, (_, index) => SMOOTH_FRAME_MS + (index % 2 ? 0.1 : -0.1));

describe('frameStats: frames within one refresh', () => {
  it('counts every frame of a steady 60 Hz as within one refresh, though about half are over 16.7 ms', () => {
    const stats = frameStats(steady(10));
    assert.equal(stats.frames, 10);
    assert.equal(stats.noMissShare, 1);
    assert.equal(stats.smoothShare, 0.5);
  });

  it('counts a frame that missed a refresh (twice as long) as not within one', () => {
    const deltas = [...steady(9), 2 * SMOOTH_FRAME_MS];
    const stats = frameStats(deltas);
    assert.equal(stats.noMissShare, 0.9);
    assert.equal(stats.p95Ms, 2 * SMOOTH_FRAME_MS);
  });

  it('puts a frame of exactly 1.5 refreshes on the missed side (strictly under counts)', () => {
    assert.equal(frameStats([MISSED_REFRESH_MS, SMOOTH_FRAME_MS]).noMissShare, 0.5);
  });

  it('gives the median frame time, the lower middle of an even count', () => {
    assert.equal(frameStats([10, 40, 20, 30]).medianMs, 20);
  });

  it('reports no share, rather than throwing or a share of 0, when no frame came', () => {
    const stats = frameStats([]);
    assert.equal(stats.frames, 0);
    assert.ok(Number.isNaN(stats.noMissShare));
    assert.ok(Number.isNaN(stats.smoothShare));
  });
});

describe('extraFiles: what a lazy chunk adds to a set already loaded', () => {
  const graph = [
    { fileName: 'entry.js', facadeModuleId: 'entry.ts', imports: ['react.js'] },
    { fileName: 'game.js', facadeModuleId: 'game.view.tsx', imports: ['react.js', 'prize.js'] },
    { fileName: 'prize.js', facadeModuleId: null, imports: [], modules: ['prize.ts', 'gamified.ts'] },
    { fileName: 'react.js', facadeModuleId: null, imports: [] },
  ];
  const measured = [
    { file: 'entry.js', raw: 10, gzip: 5, brotli: 4 },
    { file: 'game.js', raw: 300, gzip: 100, brotli: 90 },
    { file: 'prize.js', raw: 60, gzip: 20, brotli: 18 },
    { file: 'react.js', raw: 9000, gzip: 3000, brotli: 2800 },
  ];

  it('counts the chunk and its static imports, leaving out what is already loaded', () => {
    const extra = extraFiles(graph, measured, 'game.view.tsx', new Set(['entry.js', 'react.js']));
    assert.deepEqual([...extra.files].sort(), ['game.js', 'prize.js']);
    assert.equal(extra.gzip, 120);
  });

  it('finds a module merged into another chunk', () => {
    assert.deepEqual(extraFiles(graph, measured, 'gamified.ts', new Set()).files, ['prize.js']);
  });

  it('has no files and no figure for a module no chunk holds', () => {
    const extra = extraFiles(graph, measured, 'absent.ts', new Set());
    assert.deepEqual(extra.files, []);
    assert.ok(Number.isNaN(extra.gzip));
  });
});
