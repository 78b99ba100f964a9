import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GAMIFIED } from '../../../shared/constants/gamified.ts';
import {
  gameOfFormat,
  isWinningPrize,
  postPlayMs,
  prizeFields,
  prizeRedirect,
  landingRotation,
  pickPrize,
  prizeIndexOfSegment,
  segmentsOfPrize,
  WHEEL_SEGMENTS,
} from '../../../shared/logic/prize.ts';
import type { Prize } from '../../../shared/schema/prize.ts';
import { seededRandom } from '../../seeded-random.ts';
import { segmentAtPointer } from './wheel-pointer.ts';

const DRAWS = 100_000;
/** How far a share of 100,000 seeded draws may stray from its chance: about five standard deviations. */
const TOLERANCE = 0.008;

const prize = (label: string, chances: number, loosing_option = 0): Prize => ({ label, chances, loosing_option });

/** Each prize's share of `DRAWS` seeded draws. */
function shares(prizes: Prize[], seed = 1): Map<string, number> {
  const random = seededRandom(seed);
  const counts = new Map(prizes.map((entry) => [entry.label, 0]));
  for (let draw = 0; draw < DRAWS; draw += 1) {
    const picked = pickPrize(prizes, random)!;
    counts.set(picked.label, counts.get(picked.label)! + 1);
  }
  return new Map([...counts].map(([label, count]) => [label, count / DRAWS]));
}

describe('pickPrize', () => {
  it('draws each prize in the share of its chances over 100,000 seeded draws', () => {
    const prizes = [prize('10% off', 50), prize('20% off', 30), prize('Free shipping', 15), prize('Try again', 5, 1)];
    for (const [label, share] of shares(prizes)) {
      const expected = prizes.find((entry) => entry.label === label)!.chances / GAMIFIED.CHANCES_TOTAL;
      assert.ok(Math.abs(share - expected) < TOLERANCE, `${label}: ${share} drawn, ${expected} expected`);
    }
  });

  it('never draws a prize of 0 %, nor one with a missing, negative or non-numeric chance', () => {
    const prizes = [prize('never', 0), prize('always', 100), prize('negative', -5), { label: 'text', chances: 'x' as unknown as number, loosing_option: 0 }];
    assert.deepEqual([...shares(prizes)], [['never', 0], ['always', 1], ['negative', 0], ['text', 0]]);
  });

  it('normalises chances that do not sum to 100 (each prize gets its chances over the sum)', () => {
    const prizes = [prize('a', 30), prize('b', 10)];
    const drawn = shares(prizes, 2);
    assert.ok(Math.abs(drawn.get('a')! - 0.75) < TOLERANCE, `a: ${drawn.get('a')}`);
    assert.ok(Math.abs(drawn.get('b')! - 0.25) < TOLERANCE, `b: ${drawn.get('b')}`);
  });

  it('draws evenly when no prize has a positive chance, and gives null for no prize, never throwing', () => {
    const drawn = shares([prize('a', 0), prize('b', 0)], 3);
    assert.ok(Math.abs(drawn.get('a')! - 0.5) < TOLERANCE, `a: ${drawn.get('a')}`);
    assert.equal(pickPrize([], seededRandom(4)), null);
  });

  it('maps the ends of [0, 1) to the first and last prize that can be drawn', () => {
    const prizes = [prize('first', 40), prize('middle', 60), prize('zero', 0)];
    assert.equal(pickPrize(prizes, () => 0)!.label, 'first');
    assert.equal(pickPrize(prizes, () => 0.4)!.label, 'middle');
    assert.equal(pickPrize(prizes, () => 1 - Number.EPSILON)!.label, 'middle');
  });

  it('a win is a prize with loosing_option 0', () => {
    assert.equal(isWinningPrize(prize('win', 1, 0)), true);
    assert.equal(isWinningPrize(prize('lose', 1, 1)), false);
    assert.equal(isWinningPrize({ loosing_option: '0' as unknown as number }), true, 'as a record sends it, a string');
  });
});

describe('the wheel', () => {
  it(`has ${360 / GAMIFIED.WHEEL_SEGMENT_DEGREES} segments of ${GAMIFIED.WHEEL_SEGMENT_DEGREES} degrees, the prizes going round in order`, () => {
    assert.equal(WHEEL_SEGMENTS * GAMIFIED.WHEEL_SEGMENT_DEGREES, 360);
    assert.deepEqual(Array.from({ length: WHEEL_SEGMENTS }, (_, segment) => prizeIndexOfSegment(segment, 5)), [0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1]);
    assert.deepEqual(segmentsOfPrize(1, 5), [1, 6, 11]);
    assert.deepEqual(segmentsOfPrize(0, 12), [0]);
  });

  it('lands every segment exactly in the middle, under the pointer, after the full turns', () => {
    for (let segment = 0; segment < WHEEL_SEGMENTS; segment += 1) {
      const rotation = landingRotation(segment);
      assert.equal(segmentAtPointer(rotation), segment);
      assert.ok(rotation >= GAMIFIED.WHEEL_FULL_TURNS * 360 && rotation < (GAMIFIED.WHEEL_FULL_TURNS + 1) * 360);
      // The pointer sits half a segment from both edges.
      assert.equal(segmentAtPointer(rotation + GAMIFIED.WHEEL_SEGMENT_DEGREES / 2 - 0.001), segment);
      assert.equal(segmentAtPointer(rotation - GAMIFIED.WHEEL_SEGMENT_DEGREES / 2 + 0.001), segment);
    }
    assert.equal(landingRotation(0), GAMIFIED.WHEEL_FULL_TURNS * 360 + 345);
    assert.equal(landingRotation(11), GAMIFIED.WHEEL_FULL_TURNS * 360 + 15);
  });
});

describe('the game of a gamified format', () => {
  it('format 3 is the wheel, 2 the scratch card, 1 (and any other) the gift box', () => {
    assert.deepEqual([3, 2, 1, 7].map(gameOfFormat), ['wheel', 'scratch_card', 'gift_box', 'gift_box']);
  });
});

describe('postPlayMs', () => {
  const BASE_MS = 5_000;
  it('is the base time; three times it for a wheel with coupon only', () => {
    assert.equal(postPlayMs({ game: 'wheel', baseMs: BASE_MS }), BASE_MS);
    assert.equal(postPlayMs({ game: 'wheel', baseMs: BASE_MS, wheelHasCoupon: true }), BASE_MS * GAMIFIED.WHEEL_COUPON_AUTO_CLOSE_FACTOR);
    assert.equal(postPlayMs({ game: 'gift_box', baseMs: BASE_MS, wheelHasCoupon: true }), BASE_MS);
  });
  it('is 8 s with disable_post_play_screen, whatever the game', () => {
    for (const game of ['wheel', 'scratch_card', 'gift_box'] as const) {
      assert.equal(postPlayMs({ game, baseMs: BASE_MS, wheelHasCoupon: true, disablePostPlayScreen: true }), GAMIFIED.POST_PLAY_DISABLED_DELAY_MS);
    }
  });
});

describe('prizeFields and prizeRedirect', () => {
  it('a play adds the prize, its id and its code (as the coupon) to the lead', () => {
    assert.deepEqual(prizeFields({ label: '20% off', code: 'KITE20', prize_id: 'p1', chances: 50, loosing_option: 0 }), { prize: '20% off', prize_id: 'p1', coupon: 'KITE20' });
    assert.deepEqual(prizeFields({ label: 'Try again', chances: 50, loosing_option: 1 }), { prize: 'Try again' });
  });
  it('a redirect needs redirect_to and an address; its delay is in seconds', () => {
    const options = { redirect_to_url: ' https://shop.example/x ', redirect_close_delay: 3 };
    assert.deepEqual(prizeRedirect({ label: 'A', chances: 1, loosing_option: 0, redirect_to: true, redirect_to_options: options }), { url: 'https://shop.example/x', close: false, delayMs: 3_000 });
    assert.equal(prizeRedirect({ label: 'A', chances: 1, loosing_option: 0, redirect_to: false, redirect_to_options: options }), null);
    assert.equal(prizeRedirect({ label: 'A', chances: 1, loosing_option: 0, redirect_to: true, redirect_to_options: { redirect_to_url: '' } }), null);
  });
});
