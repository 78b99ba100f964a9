import { assign, emit, setup } from 'xstate';
import { GAMIFIED } from '../../shared/constants/gamified.ts';
import { isWinningPrize, landingRotation, pickPrize, prizeRedirect, segmentsOfPrize } from '../../shared/logic/prize.ts';
import type { GameContext, GameEmitted, GameEvent, GameInput, Prize } from './gamified.types.ts';

/** The server's draw when the event carries one, else the client's weighted draw. */
function drawFor(context: GameContext, event: GameEvent): Prize | null {
  return (event.type === 'PLAY' ? event.prize : undefined) ?? pickPrize(context.prizes, context.random);
}

/** The wheel's spin: 7 s, or a short, still version under reduced motion. The view's turn lasts as long. */
export const spinMsOf = (context: Pick<GameContext, 'reducedMotion'>): number =>
  context.reducedMotion ? GAMIFIED.REDUCED_MOTION_SPIN_MS : GAMIFIED.WHEEL_SPIN_MS;

/**
 * What the three games share: their context, the draw, the win test and the result's emitted
 * event. Each game's machine (wheel.machine.ts, scratch-card.machine.ts, gift-box.machine.ts) is
 * its own statechart over these.
 */
export const gameSetup = setup({
  types: {} as { context: GameContext; events: GameEvent; emitted: GameEmitted; input: GameInput },
  delays: {
    /** "Wheel spin 7 s"; a short, still version under reduced motion. */
    spin: ({ context }) => spinMsOf(context),
    scratchReveal: GAMIFIED.SCRATCH_REVEAL_AFTER_MS,
    giftBoxOpen: GAMIFIED.GIFT_BOX_OPEN_MS,
    /** The prize's own delay (`redirect_close_delay`, seconds) from its result to its redirect. */
    prizeRedirect: ({ context }) => (context.prize && prizeRedirect(context.prize)?.delayMs) ?? 0,
  },
  guards: {
    isWin: ({ context }) => context.prize !== null && isWinningPrize(context.prize),
    isScratchedEnough: ({ context }) => context.remaining <= GAMIFIED.SCRATCH_REVEAL_REMAINING,
    redirects: ({ context }) => context.prize !== null && prizeRedirect(context.prize) !== null,
  },
  actions: {
    draw: assign({ prize: ({ context, event }) => drawFor(context, event) }),
    /** The wheel lands on a segment of the drawn prize (one of them, at random, when it repeats round the wheel). */
    aimWheel: assign(({ context }) => {
      const index = context.prize ? context.prizes.indexOf(context.prize) : -1;
      const segments = index >= 0 ? segmentsOfPrize(index, context.prizes.length) : [0];
      const segment = segments[Math.min(segments.length - 1, Math.floor(context.random() * segments.length))]!;
      return { segment, rotation: landingRotation(segment) };
    }),
    measureScratch: assign({
      remaining: ({ context, event }) => (event.type === 'SCRATCH' ? Math.max(0, Math.min(context.remaining, event.remaining)) : context.remaining),
    }),
    openBox: assign({ box: ({ event }) => (event.type === 'PLAY' ? (event.box ?? 0) : null) }),
    emitPlay: emit(({ context }) => ({ type: 'play' as const, prize: context.prize })),
    emitResult: emit(({ context }) => ({ type: 'result' as const, prize: context.prize, won: context.prize !== null && isWinningPrize(context.prize) })),
    emitRedirect: emit(({ context }) => {
      const { url, close } = prizeRedirect(context.prize!)!;
      return { type: 'redirect' as const, url, close };
    }),
  },
});

/** The context every game starts from. */
const gameContext = ({ input }: { input: GameInput }): GameContext => ({
  prizes: input.prizes,
  random: input.random ?? Math.random,
  reducedMotion: input.reducedMotion ?? false,
  prize: null,
  segment: null,
  rotation: 0,
  remaining: 1,
  box: null,
});

/** What every game's statechart starts with: its context and `idle`. */
export const gameStart = {
  context: gameContext,
  initial: 'idle',
} as const;

/** A result stays on screen; a prize with a redirect asks for it after the prize's delay. */
const resultState = {
  entry: 'emitResult',
  after: { prizeRedirect: { guard: 'redirects', actions: 'emitRedirect' } },
} as const;

/** The two results: the game is over (it takes no more events), the prize on screen. */
export const resultStates = { won: resultState, lost: resultState } as const;

/** To the result of the game whose machine id is `id`, from any state within it. */
export const toResultOf = <Id extends string>(id: Id) => [{ guard: 'isWin' as const, target: `#${id}.won` as const }, { target: `#${id}.lost` as const }];
