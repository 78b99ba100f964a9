import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import { giftBoxMachine } from '../../../machines/gamified/gift-box.machine.ts';
import type { GameEmitted, GameInput, Prize } from '../../../machines/gamified/gamified.types.ts';
import { scratchCardMachine } from '../../../machines/gamified/scratch-card.machine.ts';
import { wheelMachine } from '../../../machines/gamified/wheel.machine.ts';
import { GAMIFIED } from '../../../shared/constants/gamified.ts';
import { landingRotation, WHEEL_SEGMENTS } from '../../../shared/logic/prize.ts';
import { segmentAtPointer } from '../../shared/logic/wheel-pointer.ts';
import { seededRandom } from '../../seeded-random.ts';

const WIN: Prize = { label: '20% off', code: 'KITE20', chances: 100, loosing_option: 0 };
const LOSE: Prize = { label: 'Try again', chances: 100, loosing_option: 1 };
const NEVER: Prize = { label: 'Never', chances: 0, loosing_option: 0 };

/** A started game on a simulated clock, with what it emitted. */
function start(machine: typeof wheelMachine | typeof scratchCardMachine | typeof giftBoxMachine, input: GameInput) {
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input });
  const emitted: GameEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, clock, emitted, state: () => actor.getSnapshot().value };
}

describe('wheelMachine', () => {
  it('spins for 7 s from Spin, then shows the winning screen with the drawn prize', () => {
    const { actor, clock, emitted, state } = start(wheelMachine, { prizes: [NEVER, WIN] });
    assert.equal(state(), 'idle');
    actor.send({ type: 'PLAY' });
    assert.equal(state(), 'playing');
    assert.deepEqual(emitted, [{ type: 'play', prize: WIN }]);
    clock.increment(GAMIFIED.WHEEL_SPIN_MS - 1);
    assert.equal(state(), 'playing');
    clock.increment(1);
    assert.equal(state(), 'won');
    assert.deepEqual(emitted.at(-1), { type: 'result', prize: WIN, won: true });
    assert.deepEqual(actor.getSnapshot().context.prize, WIN);
  });

  it('shows the losing screen for a prize with a loosing_option', () => {
    const { actor, clock, emitted, state } = start(wheelMachine, { prizes: [LOSE] });
    actor.send({ type: 'PLAY' });
    clock.increment(GAMIFIED.WHEEL_SPIN_MS);
    assert.equal(state(), 'lost');
    assert.deepEqual(emitted.at(-1), { type: 'result', prize: LOSE, won: false });
  });

  it('lands exactly on a segment of the drawn prize, for every prize of the record', () => {
    const prizes: Prize[] = ['A', 'B', 'C', 'D', 'E'].map((label) => ({ label, chances: 20, loosing_option: 0 }));
    const random = seededRandom(5);
    const landed = new Set<string>();
    for (let spin = 0; spin < 200; spin += 1) {
      const { actor } = start(wheelMachine, { prizes, random });
      actor.send({ type: 'PLAY' });
      const { prize, segment, rotation } = actor.getSnapshot().context;
      assert.equal(rotation, landingRotation(segment!));
      assert.equal(prizes[segmentAtPointer(rotation) % prizes.length], prize, `spin ${spin}`);
      landed.add(`${prize!.label}@${segment}`);
    }
    // Five prizes round twelve segments: A and B have three segments, the others two; each is used.
    assert.equal(landed.size, WHEEL_SEGMENTS);
  });

  it('shows the server\'s draw when the display API made one', () => {
    const { actor, clock, state } = start(wheelMachine, { prizes: [WIN, LOSE], random: () => 0 });
    actor.send({ type: 'PLAY', prize: LOSE });
    assert.equal(segmentAtPointer(actor.getSnapshot().context.rotation) % 2, 1);
    clock.increment(GAMIFIED.WHEEL_SPIN_MS);
    assert.equal(state(), 'lost');
  });

  it('under reduced motion, a short still version of the spin', () => {
    const { actor, clock, state } = start(wheelMachine, { prizes: [WIN], reducedMotion: true });
    actor.send({ type: 'PLAY' });
    clock.increment(GAMIFIED.REDUCED_MOTION_SPIN_MS - 1);
    assert.equal(state(), 'playing');
    clock.increment(1);
    assert.equal(state(), 'won');
  });

  it('a record without prizes loses, without throwing', () => {
    const { actor, clock, state, emitted } = start(wheelMachine, { prizes: [] });
    actor.send({ type: 'PLAY' });
    clock.increment(GAMIFIED.WHEEL_SPIN_MS);
    assert.equal(state(), 'lost');
    assert.deepEqual(emitted.at(-1), { type: 'result', prize: null, won: false });
  });

  it('ignores a second Spin while spinning', () => {
    const { actor, clock, emitted } = start(wheelMachine, { prizes: [WIN] });
    actor.send({ type: 'PLAY' });
    clock.increment(GAMIFIED.WHEEL_SPIN_MS / 2);
    actor.send({ type: 'PLAY' });
    clock.increment(GAMIFIED.WHEEL_SPIN_MS / 2);
    assert.equal(actor.getSnapshot().value, 'won');
    assert.equal(emitted.filter((event) => event.type === 'play').length, 1);
  });
});

describe('scratchCardMachine', () => {
  it('reveals the result 3 s after 50 % or less of the cover remains', () => {
    const { actor, clock, emitted, state } = start(scratchCardMachine, { prizes: [WIN] });
    actor.send({ type: 'PLAY' });
    assert.deepEqual(state(), { playing: 'scratching' });
    assert.deepEqual(emitted, [{ type: 'play', prize: WIN }]);
    actor.send({ type: 'SCRATCH', remaining: GAMIFIED.SCRATCH_REVEAL_REMAINING + 0.01 });
    clock.increment(GAMIFIED.SCRATCH_REVEAL_AFTER_MS * 2);
    assert.deepEqual(state(), { playing: 'scratching' }, 'over half left: no result however long it takes');
    actor.send({ type: 'SCRATCH', remaining: GAMIFIED.SCRATCH_REVEAL_REMAINING });
    assert.deepEqual(state(), { playing: 'revealing' });
    clock.increment(GAMIFIED.SCRATCH_REVEAL_AFTER_MS - 1);
    assert.deepEqual(state(), { playing: 'revealing' });
    clock.increment(1);
    assert.equal(state(), 'won');
    assert.deepEqual(emitted.at(-1), { type: 'result', prize: WIN, won: true });
  });

  it('keeps the least cover measured (a late stroke report never covers the card again) and scratching on does not restart the 3 s', () => {
    const { actor, clock, state } = start(scratchCardMachine, { prizes: [LOSE] });
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'SCRATCH', remaining: 0.4 });
    clock.increment(GAMIFIED.SCRATCH_REVEAL_AFTER_MS - 1);
    actor.send({ type: 'SCRATCH', remaining: 0.8 });
    assert.equal(actor.getSnapshot().context.remaining, 0.4);
    actor.send({ type: 'SCRATCH', remaining: 0.1 });
    clock.increment(1);
    assert.equal(state(), 'lost');
  });

  it('the keyboard\'s Scratch scratches the whole card: the result 3 s later', () => {
    const { actor, clock, state } = start(scratchCardMachine, { prizes: [WIN] });
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'SCRATCH', remaining: 0 });
    clock.increment(GAMIFIED.SCRATCH_REVEAL_AFTER_MS);
    assert.equal(state(), 'won');
  });

  it('draws once, at the first stroke', () => {
    const { actor, emitted } = start(scratchCardMachine, { prizes: [WIN, LOSE], random: seededRandom(9) });
    actor.send({ type: 'PLAY' });
    const drawn = actor.getSnapshot().context.prize;
    actor.send({ type: 'PLAY' });
    assert.equal(actor.getSnapshot().context.prize, drawn);
    assert.equal(emitted.length, 1);
  });
});

describe('giftBoxMachine', () => {
  it('opens the clicked box and shows the result 1 s later', () => {
    const { actor, clock, emitted, state } = start(giftBoxMachine, { prizes: [LOSE] });
    actor.send({ type: 'PLAY', box: 2 });
    assert.equal(state(), 'playing');
    assert.equal(actor.getSnapshot().context.box, 2);
    clock.increment(GAMIFIED.GIFT_BOX_OPEN_MS - 1);
    assert.equal(state(), 'playing');
    clock.increment(1);
    assert.equal(state(), 'lost');
    assert.deepEqual(emitted, [
      { type: 'play', prize: LOSE },
      { type: 'result', prize: LOSE, won: false },
    ]);
  });

  it('a second box clicked while one opens is ignored', () => {
    const { actor, clock, state } = start(giftBoxMachine, { prizes: [WIN] });
    actor.send({ type: 'PLAY', box: 0 });
    actor.send({ type: 'PLAY', box: 1 });
    assert.equal(actor.getSnapshot().context.box, 0);
    clock.increment(GAMIFIED.GIFT_BOX_OPEN_MS);
    assert.equal(state(), 'won');
  });
});

describe('after the result', () => {
  const REDIRECTING: Prize = {
    ...WIN,
    redirect_to: true,
    redirect_to_options: { redirect_to_url: 'https://shop.example/claim', redirect_close: true, redirect_close_delay: 2 },
  };

  for (const [name, machine, finish] of [
    ['wheel', wheelMachine, GAMIFIED.WHEEL_SPIN_MS],
    ['gift box', giftBoxMachine, GAMIFIED.GIFT_BOX_OPEN_MS],
  ] as const) {
    it(`${name}: a prize with a redirect asks for it after its own delay, closing when it says so`, () => {
      const { actor, clock, emitted } = start(machine, { prizes: [REDIRECTING] });
      actor.send({ type: 'PLAY' });
      clock.increment(finish);
      assert.equal(actor.getSnapshot().value, 'won');
      clock.increment(2 * 1_000 - 1);
      assert.equal(emitted.at(-1)!.type, 'result', 'not before the prize\'s 2 s');
      clock.increment(1);
      assert.deepEqual(emitted.at(-1), { type: 'redirect', url: 'https://shop.example/claim', close: true });
    });
  }

  it('a prize without a redirect asks for none, and a finished game takes no more plays', () => {
    const { actor, clock, emitted } = start(giftBoxMachine, { prizes: [WIN] });
    actor.send({ type: 'PLAY', box: 1 });
    clock.increment(GAMIFIED.GIFT_BOX_OPEN_MS);
    actor.send({ type: 'PLAY', box: 2 });
    clock.increment(GAMIFIED.POST_PLAY_DISABLED_DELAY_MS * 10);
    assert.deepEqual(emitted.map((event) => event.type), ['play', 'result']);
    assert.equal(actor.getSnapshot().context.box, 1);
  });
});

describe('the spec\'s numbers', () => {
  it('wheel 7 s at 30 degrees per segment, its auto-close 3 times the base with a coupon, scratch 50 % after 3 s, gift box 1 s, post-play disabled 8 s', () => {
    assert.deepEqual(
      [
        GAMIFIED.WHEEL_SPIN_MS,
        GAMIFIED.WHEEL_SEGMENT_DEGREES,
        GAMIFIED.WHEEL_COUPON_AUTO_CLOSE_FACTOR,
        GAMIFIED.SCRATCH_REVEAL_REMAINING,
        GAMIFIED.SCRATCH_REVEAL_AFTER_MS,
        GAMIFIED.GIFT_BOX_OPEN_MS,
        GAMIFIED.POST_PLAY_DISABLED_DELAY_MS,
      ],
      [7_000, 30, 3, 0.5, 3_000, 1_000, 8_000],
    );
  });
});
