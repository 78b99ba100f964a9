import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatOf, FULLPAGE_SIZE, isModalType, placementOf, scaleToFit } from '../../../shared/logic/layout.ts';
import { FORMAT_AVAILABLE_COUNT, FORMAT_OLD_STYLE_UP_TO, LAYOUT } from '../../../shared/constants/widget.ts';
import type { PoptinType } from '../../../shared/schema/poptin-record.ts';

describe('placementOf', () => {
  it('lightbox, gamified and fullpage are modal; the rest leave the page usable', () => {
    for (const type of ['lightbox', 'gamified', 'fullpage'] as PoptinType[]) assert.equal(placementOf(type).modal, true, type);
    for (const type of ['bar', 'sside', 'bside', 'browsing', 'content', 'social', 'embedded'] as PoptinType[]) {
      assert.equal(placementOf(type).modal, false, type);
    }
    assert.equal(isModalType('lightbox'), true);
    assert.equal(isModalType('bar'), false);
  });
  it('a lightbox sits at any of the 3 x 3 locations', () => {
    assert.deepEqual(placementOf('lightbox', 'left-bottom'), { modal: true, frame: 'overlay', x: 'left', y: 'bottom' });
    assert.deepEqual(placementOf('lightbox', 'right-top'), { modal: true, frame: 'overlay', x: 'right', y: 'top' });
  });
  it('bars sit at the top or the bottom', () => {
    assert.equal(placementOf('bar', 'center-top').y, 'top');
    assert.equal(placementOf('bar', 'left-middle').y, 'top');
    assert.equal(placementOf('bar', 'right-bottom').y, 'bottom');
    assert.equal(placementOf('bar').frame, 'bar');
  });
  it('bside sits bottom left or bottom right', () => {
    assert.deepEqual(placementOf('bside', 'left-top'), { modal: false, frame: 'corner', x: 'left', y: 'bottom' });
    assert.deepEqual(placementOf('bside', 'center-middle'), { modal: false, frame: 'corner', x: 'right', y: 'bottom' });
  });
  it('mobile sits top, middle (modal) or bottom', () => {
    assert.deepEqual(placementOf('mobile', 'center-top'), { modal: false, frame: 'bar', x: 'center', y: 'top' });
    assert.deepEqual(placementOf('mobile', 'center-middle'), { modal: true, frame: 'overlay', x: 'center', y: 'middle' });
    assert.deepEqual(placementOf('mobile', 'left-bottom'), { modal: false, frame: 'bar', x: 'center', y: 'bottom' });
  });
  it('fullpage covers the window; embedded sits in the page', () => {
    assert.equal(placementOf('fullpage', 'left-top').frame, 'fullpage');
    assert.equal(placementOf('embedded').frame, 'embedded');
  });
});

describe('formatOf', () => {
  it("reads the format number; up to the type's old-style threshold it is old-style", () => {
    assert.deepEqual(formatOf('lightbox', 'lightbox_format_3'), { number: 3, oldStyle: true, layout: 'vertical' });
    const firstNew = FORMAT_OLD_STYLE_UP_TO.lightbox! + 1;
    assert.deepEqual(formatOf('lightbox', `lightbox_format_${firstNew}`, 'horizontal'), { number: firstNew, oldStyle: false, layout: 'horizontal' });
  });
  it('types without an old-style threshold (embedded, gamified) have no old-style format', () => {
    assert.equal(formatOf('embedded', 'embedded_format_1').oldStyle, false);
    assert.equal(formatOf('gamified', 'gamified_format_1').oldStyle, false);
  });
  it('every available format of every type is accepted; beyond that falls back to 1', () => {
    for (const [type, available] of Object.entries(FORMAT_AVAILABLE_COUNT)) {
      assert.equal(formatOf(type as PoptinType, `${type}_format_${available}`).number, available, type);
      assert.equal(formatOf(type as PoptinType, `${type}_format_${available + 1}`).number, 1, type);
    }
    assert.equal(formatOf('bar', 'nonsense').number, 1);
  });
  it('never throws', () => fc.assert(fc.property(fc.string(), (text) => void formatOf('lightbox', text))));
});

describe('design size and scale', () => {
  it('fullpage is the 1920 x 1080 design', () => {
    assert.deepEqual(FULLPAGE_SIZE, { width: LAYOUT.FULLPAGE_WIDTH_PX, height: LAYOUT.FULLPAGE_HEIGHT_PX });
  });
  it('scales down to the window, never up', () => {
    const fullpage = FULLPAGE_SIZE;
    assert.equal(scaleToFit(fullpage, { width: fullpage.width / 2, height: fullpage.height }), 0.5);
    assert.equal(scaleToFit(fullpage, { width: fullpage.width * 2, height: fullpage.height * 2 }), LAYOUT.MAX_SCALE);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (width, height) => {
        assert.ok(scaleToFit(fullpage, { width, height }) <= LAYOUT.MAX_SCALE);
      }),
    );
  });
});
