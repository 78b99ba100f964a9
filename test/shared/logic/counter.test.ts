import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { COUNTER } from '../../../shared/constants/site.ts';
import { counterValueAt, decimalsOf, formatCounter, parseCounterNumber } from '../../../shared/logic/counter.ts';

const D = COUNTER.DURATION_MS;

describe('counterValueAt', () => {
  it('counts in a straight line from the start to the end of the duration', () => {
    assert.equal(counterValueAt(0, 1000, 0, D), 0);
    assert.equal(counterValueAt(0, 1000, D / 4, D), 250);
    assert.equal(counterValueAt(0, 1000, D / 2, D), 500);
    assert.equal(counterValueAt(100, 200, D / 2, D), 150);
  });

  it('shows the final number only at the end, and after it', () => {
    assert.equal(counterValueAt(0, 1000, D - 1, D), 999);
    assert.equal(counterValueAt(0, 1000, D, D), 1000);
    assert.equal(counterValueAt(0, 1000, D * 2, D), 1000);
    assert.equal(counterValueAt(0, 1000, 0, 0), 1000, 'no duration: at once');
  });

  it('counts down too, and keeps decimals', () => {
    assert.equal(counterValueAt(100, 0, D / 2, D), 50);
    assert.equal(counterValueAt(100, 0, D - 1, D), 1);
    assert.equal(counterValueAt(0, 9.9, D / 2, D, 1), 4.9);
  });

  it('never goes before the start', () => {
    assert.equal(counterValueAt(5, 10, -D, D), 5);
  });
});

describe('formatCounter', () => {
  it('pads to the final number\'s width, as the theme does', () => {
    assert.equal(formatCounter(7, 1250, 0, ''), '0007');
    assert.equal(formatCounter(1250, 1250, 0, ''), '1250');
  });

  it('puts number-format between each group of three digits', () => {
    assert.equal(formatCounter(1250, 1250, 0, ','), '1,250');
    assert.equal(formatCounter(7, 1250000, 0, '.'), '0.000.007');
    assert.equal(formatCounter(999, 999, 0, ','), '999');
    assert.equal(formatCounter(1234567, 1234567, 0, ' '), '1 234 567');
  });

  it('keeps decimals (with a comma when the separator is a point), and the sign', () => {
    assert.equal(formatCounter(12.5, 99.5, 1, ''), '12.5');
    assert.equal(formatCounter(1234.5, 1234.5, 1, '.'), '1.234,5');
    assert.equal(formatCounter(-20, -100, 0, ''), '-020');
  });
});

describe('parseCounterNumber / decimalsOf', () => {
  it('reads the number a page wrote', () => {
    assert.equal(parseCounterNumber('1250'), 1250);
    assert.equal(parseCounterNumber(' 1,250 kites'), 1250);
    assert.equal(parseCounterNumber('99.5'), 99.5);
    assert.ok(Number.isNaN(parseCounterNumber('')));
    assert.ok(Number.isNaN(parseCounterNumber(null)));
    assert.equal(decimalsOf('99.50'), 2);
    assert.equal(decimalsOf('1250'), 0);
  });
});
