import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PARALLAX } from '../../../shared/constants/site.ts';
import { parallaxSettings, parallaxShift, type ParallaxGeometry } from '../../../shared/logic/parallax.ts';

const VIEWPORT = { viewportWidth: 1200, viewportHeight: 800 };
/** A section 400 px high, 2000 px down the page. */
const SECTION = { top: 2000, height: 400 };
const at = (scrollY: number): ParallaxGeometry => ({ ...VIEWPORT, ...SECTION, scrollY });
/** The scroll position at which the section is in the middle of its pass through the viewport. */
const MIDDLE = SECTION.top - VIEWPORT.viewportHeight + (VIEWPORT.viewportHeight + SECTION.height) / 2;

describe('parallaxSettings', () => {
  it('defaults: bottom_top at DEFAULT_SPEED', () => {
    assert.deepEqual(parallaxSettings({}, 'desktop'), { direction: 'bottom_top', speed: PARALLAX.DEFAULT_SPEED });
    assert.deepEqual(parallaxSettings({ direction: 'sideways', speed: 'fast' }, 'desktop'), { direction: 'bottom_top', speed: PARALLAX.DEFAULT_SPEED });
  });

  it('the general direction and speed, unless the breakpoint has its own', () => {
    const attributes = { direction: 'left_right', speed: '0.2', breakpoints: { mini: { direction: 'no_parallax' }, small: { direction: 'inherit', speed: '0.1' }, medium: { direction: 'right_left', speed: '0.4' } } };
    assert.deepEqual(parallaxSettings(attributes, 'desktop'), { direction: 'left_right', speed: 0.2 });
    assert.deepEqual(parallaxSettings(attributes, 'mini'), { direction: 'no_parallax', speed: 0.2 });
    assert.deepEqual(parallaxSettings(attributes, 'small'), { direction: 'left_right', speed: 0.1 });
    assert.deepEqual(parallaxSettings(attributes, 'medium'), { direction: 'right_left', speed: 0.4 });
  });
});

describe('parallaxShift', () => {
  const settings = { direction: 'bottom_top', speed: PARALLAX.DEFAULT_SPEED } as const;

  it('none in the middle of the pass; speed pixels per pixel scrolled around it', () => {
    assert.deepEqual(parallaxShift(settings, at(MIDDLE)), { x: 0, y: 0 });
    assert.deepEqual(parallaxShift(settings, at(MIDDLE + 100)), { x: 0, y: 100 * PARALLAX.DEFAULT_SPEED });
    assert.deepEqual(parallaxShift(settings, at(MIDDLE - 100)), { x: 0, y: -100 * PARALLAX.DEFAULT_SPEED });
  });

  it('never beyond OFFSET_FACTOR of the viewport, and still out of view', () => {
    const limit = PARALLAX.OFFSET_FACTOR * VIEWPORT.viewportHeight;
    const fast = { direction: 'bottom_top', speed: 2 } as const;
    assert.deepEqual(parallaxShift(fast, at(MIDDLE + 10_000)), { x: 0, y: limit });
    assert.deepEqual(parallaxShift(fast, at(0)), { x: 0, y: -limit });
  });

  it('sideways directions move x the right way; no_parallax is still', () => {
    assert.deepEqual(parallaxShift({ direction: 'left_right', speed: PARALLAX.DEFAULT_SPEED }, at(MIDDLE + 100)), { x: 100 * PARALLAX.DEFAULT_SPEED, y: 0 });
    assert.deepEqual(parallaxShift({ direction: 'right_left', speed: PARALLAX.DEFAULT_SPEED }, at(MIDDLE + 100)), { x: -100 * PARALLAX.DEFAULT_SPEED, y: 0 });
    assert.deepEqual(parallaxShift({ direction: 'no_parallax', speed: PARALLAX.DEFAULT_SPEED }, at(MIDDLE + 100)), { x: 0, y: 0 });
  });
});
