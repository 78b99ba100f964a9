/**
 * Time codes (content-site spec 001, section 5 "Time code", 25 fps from section 9): the four
 * forms, decimals, the errors, and fast-check properties (format then parse gives the time back,
 * parsing never throws anything but TypeError / RangeError).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatTime, parseTimeCode } from '../../../shared/logic/index.ts';
import { PLAYER } from '../../../shared/constants/site.ts';

const FPS = PLAYER.FRAMES_PER_SECOND;
const MINUTE = 60;
const HOUR = 60 * MINUTE;

describe('parseTimeCode', () => {
  it('reads 1 to 4 parts: ss, mm:ss, hh:mm:ss, hh:mm:ss:ff', () => {
    assert.equal(parseTimeCode('7'), 7);
    assert.equal(parseTimeCode('01:05'), MINUTE + 5);
    assert.equal(parseTimeCode('1:02:03'), HOUR + 2 * MINUTE + 3);
    assert.equal(parseTimeCode('00:00:01:10'), 1 + 10 / FPS);
    assert.equal(parseTimeCode('0:00:00:00'), 0);
  });

  it('reads frames at the spec frame rate', () => {
    assert.equal(parseTimeCode(`0:00:00:${FPS - 1}`), (FPS - 1) / FPS);
    assert.throws(() => parseTimeCode(`0:00:00:${FPS}`), RangeError);
  });

  it('allows decimals in the seconds part, with a dot or a comma', () => {
    assert.equal(parseTimeCode('1.5'), 1.5);
    assert.equal(parseTimeCode('00:01:02.250'), MINUTE + 2.25);
    assert.equal(parseTimeCode('00:00:03,5'), 3.5);
    assert.throws(() => parseTimeCode('1.5:00'), RangeError); // only seconds carry decimals
    assert.throws(() => parseTimeCode('0:00:01.5:03'), RangeError); // not before frames
  });

  it('lets the leading part overflow its unit, no other', () => {
    assert.equal(parseTimeCode('90'), 90);
    assert.equal(parseTimeCode('90:00'), 90 * MINUTE);
    assert.throws(() => parseTimeCode('1:60'), RangeError);
    assert.throws(() => parseTimeCode('1:60:00'), RangeError);
  });

  it('trims surrounding white space', () => {
    assert.equal(parseTimeCode(' 0:10 \n'), 10);
  });

  it('throws on anything else', () => {
    for (const text of ['', ' ', ':', '1:', ':1', '1::2', '1:2:3:4:5', '-1', '+1', 'a', '1:a', '1e3', '0x10', '1 2', '1.', '.5', 'Infinity', 'NaN']) {
      assert.throws(() => parseTimeCode(text), RangeError, JSON.stringify(text));
    }
  });

  it('throws a TypeError for a value that is not a string', () => {
    for (const value of [undefined, null, 5, {}, ['1:00'], new String('1:00')]) {
      assert.throws(() => parseTimeCode(value), TypeError);
    }
  });

  it('never throws anything but TypeError or RangeError, and returns a finite non-negative number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[\d:.,]{0,12}$/), fc.anything()), (value) => {
        try {
          const seconds = parseTimeCode(value);
          assert.ok(Number.isFinite(seconds) && seconds >= 0);
        } catch (error) {
          assert.ok(error instanceof TypeError || error instanceof RangeError);
        }
      }),
    );
  });
});

describe('formatTime', () => {
  it('writes m:ss, and h:mm:ss from an hour on', () => {
    assert.equal(formatTime(0), '0:00');
    assert.equal(formatTime(5.9), '0:05');
    assert.equal(formatTime(MINUTE + 5), '1:05');
    assert.equal(formatTime(HOUR + 2 * MINUTE + 3), '1:02:03');
  });

  it('writes hours on request, and frames in the 4-part form', () => {
    assert.equal(formatTime(65, { hours: true }), '0:01:05');
    assert.equal(formatTime(65 + 12 / FPS, { frames: true }), '0:01:05:12');
  });

  it('reads an unknown, live or negative time as 0:00', () => {
    for (const value of [NaN, Infinity, -Infinity, -3]) assert.equal(formatTime(value), '0:00');
  });

  it('round-trips: parse(format(s)) is s rounded down to the second', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100 * HOUR, noNaN: true }), fc.boolean(), (seconds, hours) => {
        assert.equal(parseTimeCode(formatTime(seconds, { hours })), Math.floor(seconds));
      }),
    );
  });

  it('round-trips to the frame with frames', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 * HOUR * FPS }), (frames) => {
        const seconds = frames / FPS;
        assert.ok(Math.abs(parseTimeCode(formatTime(seconds, { frames: true })) - seconds) < 1e-9);
      }),
    );
  });

  it('formatting a parsed time code gives the canonical form back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }), (h, m, s) => {
        const text = `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
        assert.equal(formatTime(parseTimeCode(text), { hours: true }), text);
      }),
    );
  });
});
