import { gameSetup, gameStart, resultStates, toResultOf } from './game.ts';

/**
 * The gift box (widget spec section 4 "Gamified"): `idle` shows the boxes; `PLAY` with the box
 * clicked (or chosen by keyboard) draws the prize; `playing` opens that box for 1 s
 * (`GAMIFIED.GIFT_BOX_OPEN_MS`), then the result.
 */
export const giftBoxMachine = gameSetup.createMachine({
  id: 'giftBox',
  ...gameStart,
  states: {
    idle: { on: { PLAY: { target: 'playing', actions: ['draw', 'openBox', 'emitPlay'] } } },
    playing: { after: { giftBoxOpen: toResultOf('giftBox') } },
    ...resultStates,
  },
});
