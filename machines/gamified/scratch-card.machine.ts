import { gameSetup, gameStart, resultStates, toResultOf } from './game.ts';

/**
 * The scratch card (gamified format 2; widget spec section 4 "Gamified"): the prize is drawn at the
 * first `PLAY` (the first stroke, or the keyboard's Scratch control, which scratches the whole card)
 * and painted under the cover; each `SCRATCH` reports the share of the cover left. Once
 * 50 percent or less remains (`GAMIFIED.SCRATCH_REVEAL_REMAINING`), `playing.revealing` waits 3 s
 * (`GAMIFIED.SCRATCH_REVEAL_AFTER_MS`), the visitor scratching on meanwhile, then the result.
 */
export const scratchCardMachine = gameSetup.createMachine({
  id: 'scratchCard',
  ...gameStart,
  states: {
    idle: { on: { PLAY: { target: 'playing', actions: ['draw', 'emitPlay'] } } },
    playing: {
      initial: 'scratching',
      on: { SCRATCH: { actions: 'measureScratch' } },
      states: {
        scratching: { always: { guard: 'isScratchedEnough', target: 'revealing' } },
        revealing: { after: { scratchReveal: toResultOf('scratchCard') } },
      },
    },
    ...resultStates,
  },
});
