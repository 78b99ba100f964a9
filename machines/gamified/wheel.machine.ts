import { gameSetup, gameStart, resultStates, toResultOf } from './game.ts';

/**
 * The wheel (gamified format 3; widget spec section 4 "Gamified"): `idle` shows the play screen;
 * `PLAY` (the Spin control, by click or keyboard) draws the prize and aims the wheel at one of its
 * segments (`rotation`: full turns, then the segment's middle under the pointer); `playing` spins
 * for 7 s (`GAMIFIED.WHEEL_SPIN_MS`; a short still version under reduced motion), then `won` or
 * `lost` by the prize's `loosing_option`.
 */
export const wheelMachine = gameSetup.createMachine({
  id: 'wheel',
  ...gameStart,
  states: {
    idle: { on: { PLAY: { target: 'playing', actions: ['draw', 'aimWheel', 'emitPlay'] } } },
    playing: { after: { spin: toResultOf('wheel') } },
    ...resultStates,
  },
});
