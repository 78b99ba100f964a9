// The bench's report helpers that the `--only-*` flags use: the sections measured again replace
// those sections alone; every other section stays as it was.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mergeSections, replaceSection } from '../../../scripts/bench/lib/markdown.mjs';

const REPORT = '# Kite benchmarks\n\nHeader.\n\n## Lightbox\n\nlightbox figures\n\n## Player\n\nold player figures\n\n| a |\n| --- |\n\n## Notes\n\nnotes\n';

describe('replaceSection', () => {
  it('replaces the named section up to the next heading and leaves the others as they were', () => {
    const updated = replaceSection(REPORT, 'Player', '## Player\n\nnew player figures\n');
    assert.equal(updated, '# Kite benchmarks\n\nHeader.\n\n## Lightbox\n\nlightbox figures\n\n## Player\n\nnew player figures\n\n## Notes\n\nnotes\n');
  });

  it('replaces the last section through the end of the file', () => {
    assert.equal(replaceSection(REPORT, 'Notes', '## Notes\n\nnone'), REPORT.replace('## Notes\n\nnotes\n', '## Notes\n\nnone\n'));
  });

  it('throws, writing nothing, when the report has no such section', () => {
    assert.throws(() => replaceSection(REPORT, 'Player: play to the first video frame', '## x'), /no section "## Player: play to the first video frame"/);
  });

  it('does not take a heading that only starts with the title for the section', () => {
    const report = '# T\n\n## Player rows\n\nother\n\n## Player\n\nold\n';
    assert.equal(replaceSection(report, 'Player', '## Player\n\nnew\n'), '# T\n\n## Player rows\n\nother\n\n## Player\n\nnew\n');
  });
});

describe('mergeSections', () => {
  it('puts each measured section in place of its namesake with the provenance first, and appends a new one at the end', () => {
    const { report, titles } = mergeSections(REPORT, '## Player\n\nnew player figures\n\n## Lighthouse\n\nscores\n', 'Measured alone.');
    assert.deepEqual(titles, ['Player', 'Lighthouse']);
    assert.equal(
      report,
      '# Kite benchmarks\n\nHeader.\n\n## Lightbox\n\nlightbox figures\n\n## Player\n\nMeasured alone.\n\nnew player figures\n\n## Notes\n\nnotes\n\n## Lighthouse\n\nMeasured alone.\n\nscores\n',
    );
  });
});
