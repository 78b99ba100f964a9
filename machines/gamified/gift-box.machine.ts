import type { SnapshotFrom } from 'xstate';
import { gameContext, gameSetup, resultStates, toResultOf } from './game.ts';

/**
 * The gift box (widget spec section 4 "Gamified"): `idle` shows the boxes; `PLAY` with the box
 * clicked (or chosen by keyboard) draws the prize; `playing` opens that box for 1 s
 * (`GAMIFIED.GIFT_BOX_OPEN_MS`), then the result.
 */
export const giftBoxMachine = gameSetup.createMachine({
  id: 'giftBox',
  context: gameContext,
  initial: 'idle',
  output: ({ context }) => ({ prize: context.prize }),
  states: {
    idle: { on: { PLAY: { target: 'playing', actions: ['draw', 'openBox', 'emitPlay'] } } },
    playing: { after: { giftBoxOpen: toResultOf('giftBox') } },
    ...resultStates,
  },
});

export type GiftBoxSnapshot = SnapshotFrom<typeof giftBoxMachine>;
