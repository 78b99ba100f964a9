import { assign, emit, fromPromise, setup } from 'xstate';
import type { PoptinCartLine } from '../../shared/logic/products.ts';
import type { AddToCartOutcome } from '../product-recommendations/product-recommendations.types.ts';
import type { PoptinCartContext, PoptinCartEmitted, PoptinCartEvent, PoptinCartInput } from './poptin-cart.types.ts';

/** The first line with no outcome yet, or -1. */
const nextLine = ({ lines, outcomes }: Pick<PoptinCartContext, 'lines' | 'outcomes'>) => lines.findIndex((_, index) => outcomes[index] === undefined);
const anyOutcome = (context: PoptinCartContext, outcome: AddToCartOutcome) => Object.values(context.outcomes).includes(outcome);

/**
 * The pop-up's own add to cart on submit (widget spec section 3 "design_properties", issue 18):
 * the record's lines (`add_to_cart`, `add_to_cart_2`, ...; or `wix_add_to_cart`, ...) added in
 * turn once the lead went through, summed up in one outcome the visitor sees.
 *
 * - `idle` until `CART.ADD`.
 * - `adding` invokes `addLine` (the view's store adapter) for the next line without an outcome;
 *   one that throws counts as failed. When no line is left: `failed` if any failed, else
 *   `outOfStock` if the store refused any, else `added`.
 * - `failed`: `CART.RETRY` adds the failed lines again (the added ones are not added twice).
 * - `added` emits `redirect` with the cart page when a line asked for it and the pop-up has no
 *   redirect of its own.
 *
 * The pop-up holds its close after the submit while the cart is `adding` or `failed` (`isCartBusy`),
 * so the visitor sees the outcome and can retry.
 */
export const poptinCartMachine = setup({
  types: {} as { context: PoptinCartContext; events: PoptinCartEvent; emitted: PoptinCartEmitted; input: PoptinCartInput },
  actors: {
    /** Adds one line to the store's cart; never rejects. The view provides it (the default fails). */
    addLine: fromPromise<AddToCartOutcome, PoptinCartLine>(async () => 'failed'),
  },
  guards: {
    hasLineLeft: ({ context }) => nextLine(context) !== -1,
    hasFailed: ({ context }) => anyOutcome(context, 'failed'),
    hasOutOfStock: ({ context }) => anyOutcome(context, 'out-of-stock'),
    asksForCart: ({ context }) => context.cartPage !== null && context.lines.some((line) => line.redirect),
  },
  actions: {
    setOutcome: assign({ outcomes: ({ context }, outcome: AddToCartOutcome) => ({ ...context.outcomes, [nextLine(context)]: outcome }) }),
    clearFailed: assign({
      outcomes: ({ context }) => Object.fromEntries(Object.entries(context.outcomes).filter(([, outcome]) => outcome !== 'failed')),
    }),
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    emitRedirect: emit(({ context }) => ({ type: 'redirect' as const, url: context.cartPage! })),
  },
}).createMachine({
  id: 'poptinCart',
  context: ({ input }) => ({ lines: input.lines, cartPage: input.cartPage, outcomes: {}, attempts: 0 }),
  initial: 'idle',
  states: {
    idle: { on: { 'CART.ADD': { target: 'adding', actions: 'countAttempt' } } },
    adding: {
      invoke: {
        src: 'addLine',
        input: ({ context }) => context.lines[nextLine(context)]!,
        onDone: { target: 'settling', actions: { type: 'setOutcome', params: ({ event }) => event.output } },
        onError: { target: 'settling', actions: { type: 'setOutcome', params: 'failed' } },
      },
    },
    settling: {
      always: [
        { guard: 'hasLineLeft', target: 'adding' },
        { guard: 'hasFailed', target: 'failed' },
        { guard: 'hasOutOfStock', target: 'outOfStock' },
        { guard: 'asksForCart', target: 'added', actions: 'emitRedirect' },
        { target: 'added' },
      ],
    },
    added: { type: 'final' },
    outOfStock: { type: 'final' },
    failed: { on: { 'CART.RETRY': { target: 'adding', actions: ['clearFailed', 'countAttempt'] } } },
  },
});

/** The pop-up waits for the cart before it closes: lines are being added, or some failed and may be retried. */
export const isCartBusy = (snapshot: { matches: (state: 'adding' | 'failed') => boolean }) => snapshot.matches('adding') || snapshot.matches('failed');
