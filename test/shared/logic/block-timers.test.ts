/**
 * The content blocks' timings on a simulated clock (widget spec sections 4 and 9): the countdown
 * ends on time, the flip clock closes when under one second remains, the coupon's Copied tooltip
 * stays CONTENT.COUPON_TOOLTIP_MS after the last copy.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SimulatedClock } from 'xstate';
import { CONTENT } from '../../../shared/constants/content.ts';
import { SECOND_MS } from '../../../shared/constants/widget.ts';
import { runCountdown, type Remaining } from '../../../shared/logic/countdown.ts';
import { restartableTimeout } from '../../../shared/logic/timers.ts';

const START_MS = Date.UTC(2025, 0, 1);
const SECONDS = 3;

function countdown(flip: boolean) {
  const clock = new SimulatedClock();
  clock.set(START_MS);
  const ticks: Remaining[] = [];
  let expired = 0;
  const stop = runCountdown(START_MS + SECONDS * SECOND_MS, flip, (left) => void ticks.push(left), () => void expired++, clock);
  return { clock, ticks, expired: () => expired, stop };
}

describe('runCountdown', () => {
  it('shows each second as it changes and ends exactly at the end time, once', () => {
    const { clock, ticks, expired } = countdown(false);
    assert.deepEqual(ticks.map((left) => left.seconds), [SECONDS]);
    clock.increment(CONTENT.COUNTDOWN_TICK_MS - 1);
    assert.equal(ticks.length, 1, 'no tick before the shown second changes');
    clock.increment(1);
    assert.deepEqual(ticks.map((left) => left.seconds), [SECONDS, SECONDS - 1]);
    clock.increment(SECONDS * SECOND_MS - CONTENT.COUNTDOWN_TICK_MS - 1);
    assert.equal(expired(), 0);
    clock.increment(1);
    assert.equal(expired(), 1);
    assert.equal(ticks.at(-1)!.totalMs, 0);
    clock.increment(SECONDS * SECOND_MS);
    assert.equal(expired(), 1, 'ends once');
  });

  it('the flip clock (timer_ver 2) closes as soon as under one second remains', () => {
    const { clock, expired } = countdown(true);
    const closesAfter = SECONDS * SECOND_MS - CONTENT.FLIP_CLOSE_UNDER_MS + 1;
    clock.increment(closesAfter - 1);
    assert.equal(expired(), 0);
    clock.increment(1);
    assert.equal(expired(), 1);
  });

  it('stops when told, with nothing more to come', () => {
    const { clock, ticks, expired, stop } = countdown(false);
    stop();
    clock.increment(SECONDS * SECOND_MS);
    assert.equal(ticks.length, 1);
    assert.equal(expired(), 0);
  });

  it('a countdown whose end has passed ends at once', () => {
    const clock = new SimulatedClock();
    clock.set(START_MS);
    let expired = 0;
    runCountdown(START_MS - SECOND_MS, false, () => {}, () => void expired++, clock);
    assert.equal(expired, 1);
  });
});

describe('restartableTimeout (coupon tooltip)', () => {
  it('ends CONTENT.COUPON_TOOLTIP_MS after the last restart; stop cancels it', () => {
    const clock = new SimulatedClock();
    let hidden = 0;
    const tooltip = restartableTimeout(CONTENT.COUPON_TOOLTIP_MS, () => void hidden++, clock);
    tooltip.restart();
    clock.increment(CONTENT.COUPON_TOOLTIP_MS - 1);
    tooltip.restart();
    clock.increment(CONTENT.COUPON_TOOLTIP_MS - 1);
    assert.equal(hidden, 0, 'a second copy starts the time over');
    clock.increment(1);
    assert.equal(hidden, 1);
    tooltip.restart();
    tooltip.stop();
    clock.increment(CONTENT.COUPON_TOOLTIP_MS);
    assert.equal(hidden, 1);
  });
});
