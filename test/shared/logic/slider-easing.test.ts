/** The slider's easing (content-site spec 001, section 9 "Slider": easeInOutQuart) and its CSS form. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cssLinearEasing, easeInOutQuart } from '../../../shared/logic/easing.ts';

describe('easeInOutQuart', () => {
  it('starts at 0, is half way at half time, ends at 1, and is clamped outside', () => {
    assert.deepEqual([easeInOutQuart(-1), easeInOutQuart(0), easeInOutQuart(0.5), easeInOutQuart(1), easeInOutQuart(2)], [0, 0, 0.5, 1, 1]);
  });

  it('is the quartic curve: slow start, symmetric end', () => {
    assert.equal(easeInOutQuart(0.25), 8 * 0.25 ** 4);
    assert.ok(Math.abs(easeInOutQuart(0.75) - (1 - easeInOutQuart(0.25))) < 1e-12);
  });
});

describe('cssLinearEasing', () => {
  it('samples the function at steps + 1 evenly spaced points', () => {
    assert.equal(cssLinearEasing(easeInOutQuart, 4), 'linear(0, 0.0313, 0.5, 0.9688, 1)');
  });
});
