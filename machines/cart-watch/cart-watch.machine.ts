import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { CART_WATCH } from '../../shared/constants/store.ts';
import { sameCart, type CartSnapshot } from '../../shared/logic/cart.ts';
import { cartTriggerFires } from '../../shared/logic/cart-trigger.ts';
import type { CartWatchContext, CartWatchEmitted, CartWatchEvent, CartWatchInput } from './cart-watch.types.ts';

/** The run of equal reads `read` makes, counting it. */
const sameReadsWith = (context: CartWatchContext, read: CartSnapshot) => (context.lastRead && sameCart(context.lastRead, read) ? context.sameReads + 1 : 1);

/**
 * Cart watching (widget spec section 4 "Cart watching", issue 18 item 3): one read of the cart
 * when it starts (none when it is given the cart, input `known`), then nothing (no timer) until the page calls the cart; after each such call the
 * cart is read every `CART_WATCH.POLL_MS` until `CART_WATCH.SETTLED_READS` reads in a row answer
 * the same cart (or `CART_WATCH.MAX_READS` were made). A settled cart that differs from the last
 * one is emitted, with the pop-ups whose cart trigger it fires (each fires once). A failed read
 * ends the poll and is reported, nothing else.
 *
 * The view provides the `readCart` actor (GET /cart.js) and sends `CART.CALLED` for each cart call
 * of the page it notices (as the widget's page watch sends `PAGE.*` events: no callback actor, whose
 * code the widget's shared XState chunk would carry for every pop-up).
 */
export const cartWatchMachine = setup({
  types: {} as { context: CartWatchContext; events: CartWatchEvent; emitted: CartWatchEmitted; input: CartWatchInput },
  actors: {
    readCart: fromPromise<CartSnapshot>(() => Promise.reject(new Error('no cart to read'))),
  },
  delays: { poll: CART_WATCH.POLL_MS },
  guards: {
    isSettledRead: ({ context }, read: CartSnapshot) => sameReadsWith(context, read) >= CART_WATCH.SETTLED_READS,
    isLastRead: ({ context }) => context.reads + 1 >= CART_WATCH.MAX_READS,
    knowsCart: ({ context }) => context.known !== null,
  },
  actions: {
    startPoll: assign({ lastRead: null, sameReads: 0, reads: 0 }),
    noteRead: assign(({ context }, read: CartSnapshot) => ({ lastRead: read, sameReads: sameReadsWith(context, read), reads: context.reads + 1 })),
    settle: enqueueActions(({ context, enqueue }, after: CartSnapshot) => {
      const before = context.settled;
      if (before && sameCart(before, after)) return;
      const fired = context.triggers.filter(({ trigger }) => cartTriggerFires(trigger, before, after));
      enqueue.assign({ settled: after, triggers: context.triggers.filter((armed) => !fired.includes(armed)) });
      enqueue.emit({ type: 'settled', before, after });
      if (fired.length) enqueue.emit({ type: 'fire', poptinIds: fired.map(({ poptinId }) => poptinId) });
    }),
    emitReadFailed: emit({ type: 'read-failed' as const }),
  },
}).createMachine({
  id: 'cartWatch',
  context: ({ input }) => ({ known: input.known ?? null, triggers: input.triggers, settled: null, lastRead: null, sameReads: 0, reads: 0 }),
  initial: 'starting',
  states: {
    // A cart the page already knows is the first read: no request for it.
    starting: {
      always: [{ guard: 'knowsCart', target: 'idle', actions: { type: 'settle', params: ({ context }) => context.known! } }, { target: 'reading' }],
    },
    // The page's first read: the cart the next change is measured from (and what state triggers see now).
    reading: {
      on: { 'CART.CALLED': 'polling' },
      invoke: {
        src: 'readCart',
        onDone: { target: 'idle', actions: { type: 'settle', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: 'emitReadFailed' },
      },
    },
    // No timer and no read until the page calls the cart.
    idle: { on: { 'CART.CALLED': 'polling' } },
    polling: {
      entry: 'startPoll',
      // Another call while polling: the count starts again from it.
      on: { 'CART.CALLED': { target: 'polling', reenter: true } },
      initial: 'waiting',
      states: {
        waiting: { after: { poll: 'fetching' } },
        fetching: {
          invoke: {
            src: 'readCart',
            onDone: [
              {
                guard: { type: 'isSettledRead', params: ({ event }) => event.output },
                target: '#cartWatch.idle',
                actions: [{ type: 'noteRead', params: ({ event }) => event.output }, { type: 'settle', params: ({ event }) => event.output }],
              },
              { guard: 'isLastRead', target: '#cartWatch.idle', actions: { type: 'settle', params: ({ event }) => event.output } },
              { target: 'waiting', actions: { type: 'noteRead', params: ({ event }) => event.output } },
            ],
            onError: { target: '#cartWatch.idle', actions: 'emitReadFailed' },
          },
        },
      },
    },
  },
});
