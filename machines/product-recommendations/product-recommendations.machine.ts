import { assign, emit, fromPromise, setup, type DoneActorEvent, type EventObject } from 'xstate';
import { PRODUCT_CARDS, STORE_LOG } from '../../shared/constants/products.ts';
import { productCards, storeCurrency } from '../../shared/logic/products.ts';
import type {
  AddToCartOutcome,
  CartLineRequest,
  ProductRecommendationsContext,
  ProductRecommendationsEmitted,
  ProductRecommendationsEvent,
  ProductRecommendationsInput,
  RecommendationAnswer,
  RecommendationRequest,
} from './product-recommendations.types.ts';

/** The id of the add-to-cart actor of one card: its done and error events name it. */
const ADD_ACTOR_PREFIX = 'add:';
const addActorId = (variantId: string) => `${ADD_ACTOR_PREFIX}${variantId}`;
/** The variant whose add actor sent `event` (`xstate.done.actor.add:41001`). */
const variantOfActorEvent = (event: { type: string }) => event.type.slice(event.type.indexOf(ADD_ACTOR_PREFIX) + ADD_ACTOR_PREFIX.length);

/** What an add actor's done event carries. */
interface AddDone {
  variantId: string;
  outcome: AddToCartOutcome;
}

const cardOf = (context: ProductRecommendationsContext, variantId: string) => context.cards.find((card) => card.variantId === variantId);

/**
 * Product recommendations (widget spec sections 3, 4 "Product recommendation", 5, 7 and 8), as a
 * block inside a pop-up or on a page:
 *
 * - `resolving`: the category becomes a request. `last_visited` becomes `manual` with the recently
 *   viewed ids (none: `empty`, nothing asked); `product_in_cart` reads the cart first (`readingCart`):
 *   an empty cart with teasers on falls back to `product_collection`, an empty cart without them is
 *   `empty`; every other category (`manual`, `product_collection`, `algorithm_id_*`) is asked as it is.
 * - `fetching` invokes `fetchProducts` (the view's: the display API's recommendation call). Its
 *   answer is read card by card (`productCards`): at most 3, only visible in-stock Wix items.
 *   Cards: `ready`; none: `empty` (the block hides). A failed call or cart read: `failed`, which logs
 *   the spec's 'Failed to fetch shopify data' (or wix data) and emits `failed`: the pop-up is not shown.
 * - `ready`: `CART.ADD` starts one card's add to cart (`addToCart`, the view's store adapter), unless
 *   that card is adding already; each card ends `added`, `out-of-stock` or `failed`, and a new
 *   `CART.ADD` retries it. With `add_to_cart_redirect` an added card's `added` says `redirect`.
 */
export const productRecommendationsMachine = setup({
  types: {} as {
    context: ProductRecommendationsContext;
    events: ProductRecommendationsEvent;
    emitted: ProductRecommendationsEmitted;
    input: ProductRecommendationsInput;
  },
  actors: {
    /** The product ids in the visitor's cart; the view provides it (the default: an empty cart). */
    readCart: fromPromise<string[]>(async () => []),
    /** The recommendation call; the view provides it (the default answers no products). */
    fetchProducts: fromPromise<RecommendationAnswer, RecommendationRequest>(async () => ({ currency: undefined, products: [] })),
    /** Adds one line to the store's cart; the view provides it (the default fails). */
    addToCart: fromPromise<AddDone, CartLineRequest>(async ({ input }) => ({ variantId: input.variantId, outcome: 'failed' })),
  },
  guards: {
    isLastVisited: ({ context }) => context.request.category === 'last_visited',
    isCartCategory: ({ context }) => context.request.category === 'product_in_cart',
    hasNoRecentIds: ({ context }) => context.request.manualProducts.length === 0,
    isCartEmpty: (_, ids: string[]) => ids.length === 0,
    isTeasersOn: ({ context }) => context.teasersOn,
    hasCards: ({ context }) => context.cards.length > 0,
    canAdd: ({ context, event }) => cardOf(context, event.variantId) !== undefined && context.cart[event.variantId] !== 'adding',
  },
  actions: {
    /** Writes one console line (empty: nothing); the view supplies the console, so the machine stays free of it. */
    log: (_, _message: string) => {},
    setLastVisitedAsManual: assign({ request: ({ context }) => ({ ...context.request, category: 'manual' }) }),
    setCartIds: assign({ request: ({ context }, ids: string[]) => ({ ...context.request, manualProducts: ids }) }),
    setProductCollection: assign({ request: ({ context }) => ({ ...context.request, category: 'product_collection', manualProducts: [] }) }),
    setCards: assign(({ context }, answer: RecommendationAnswer) => ({
      ...productCards(answer.products, context.platform),
      currency: storeCurrency(answer.currency),
    })),
    emitReady: emit(({ context }) => ({ type: 'ready' as const, count: context.cards.length, currency: context.currency })),
    emitEmpty: emit({ type: 'empty' as const }),
    emitFailed: emit(({ context }) => ({ type: 'failed' as const, platform: context.platform, message: STORE_LOG.FETCH_FAILED[context.platform] })),
    // `assign`'s spawn, not `spawnChild`: the widget's shared xstate chunk has it already (262 B less for every pop-up).
    startAdding: assign({
      cart: ({ context, event, spawn }) => {
        const card = cardOf(context, event.variantId)!;
        spawn('addToCart', { id: addActorId(card.variantId), input: { variantId: card.variantId, productId: card.productId, quantity: 1 } });
        return { ...context.cart, [event.variantId]: 'adding' as const };
      },
    }),
    emitAdd: emit(({ context, event }) => ({ type: 'add' as const, productId: cardOf(context, event.variantId)!.productId, variantId: event.variantId })),
    setOutcome: assign({ cart: ({ context }, done: AddDone) => ({ ...context.cart, [done.variantId]: done.outcome }) }),
    emitOutcome: emit(({ context }, done: AddDone) => {
      const productId = cardOf(context, done.variantId)?.productId ?? '';
      return done.outcome === 'added'
        ? { type: 'added' as const, productId, variantId: done.variantId, redirect: context.buttonsAction === 'add_to_cart_redirect' }
        : { type: 'add-failed' as const, productId, variantId: done.variantId, reason: done.outcome };
    }),
  },
}).createMachine({
  id: 'productRecommendations',
  context: ({ input }) => ({
    platform: input.platform,
    buttonsAction: input.buttonsAction,
    teasersOn: input.teasersOn ?? false,
    request: {
      category: input.category,
      manualProducts: input.category === 'last_visited' ? (input.recentProductIds ?? []) : (input.manualProducts ?? []),
      count: input.count,
    },
    cards: [],
    skipped: 0,
    currency: PRODUCT_CARDS.DEFAULT_CURRENCY,
    cart: {},
  }),
  initial: 'resolving',
  states: {
    resolving: {
      always: [
        { guard: 'isLastVisited', target: 'checkingRecent', actions: 'setLastVisitedAsManual' },
        { guard: 'isCartCategory', target: 'readingCart' },
        { target: 'fetching' },
      ],
    },
    /** `last_visited` as `manual`: with no recent ids there is nothing to ask for. */
    checkingRecent: {
      always: [{ guard: 'hasNoRecentIds', target: 'empty' }, { target: 'fetching' }],
    },
    readingCart: {
      invoke: {
        src: 'readCart',
        onDone: [
          { guard: { type: 'isCartEmpty', params: ({ event }) => event.output }, target: 'emptyCart' },
          { target: 'fetching', actions: { type: 'setCartIds', params: ({ event }) => event.output } },
        ],
        onError: 'failed',
      },
    },
    /** "If the cart is empty and teasers are on, it falls back to product_collection." */
    emptyCart: {
      always: [{ guard: 'isTeasersOn', target: 'fetching', actions: 'setProductCollection' }, { target: 'empty' }],
    },
    fetching: {
      invoke: {
        src: 'fetchProducts',
        input: ({ context }) => context.request,
        onDone: {
          target: 'sorting',
          actions: [
            { type: 'setCards', params: ({ event }) => event.output },
            // A malformed, hidden or sold-out product is skipped with one warning; the others still show.
            { type: 'log', params: ({ context }) => (context.skipped > 0 ? `Kite: ${context.skipped} recommended product(s) skipped (hidden, out of stock or malformed)` : '') },
          ],
        },
        onError: 'failed',
      },
    },
    sorting: {
      always: [{ guard: 'hasCards', target: 'ready' }, { target: 'empty' }],
    },
    ready: {
      entry: 'emitReady',
      on: {
        'CART.ADD': { guard: 'canAdd', actions: ['startAdding', 'emitAdd'] },
        'xstate.done.actor.*': {
          actions: [
            { type: 'setOutcome', params: ({ event }: { event: EventObject }) => (event as DoneActorEvent<AddDone>).output },
            { type: 'emitOutcome', params: ({ event }: { event: EventObject }) => (event as DoneActorEvent<AddDone>).output },
          ],
        },
        // A store adapter never rejects; one that throws anyway counts as a failed add.
        'xstate.error.actor.*': {
          actions: [
            { type: 'setOutcome', params: ({ event }: { event: EventObject }) => ({ variantId: variantOfActorEvent(event), outcome: 'failed' as const }) },
            { type: 'emitOutcome', params: ({ event }: { event: EventObject }) => ({ variantId: variantOfActorEvent(event), outcome: 'failed' as const }) },
          ],
        },
      },
    },
    empty: { type: 'final', entry: 'emitEmpty' },
    failed: {
      type: 'final',
      entry: [{ type: 'log', params: ({ context }) => STORE_LOG.FETCH_FAILED[context.platform] }, 'emitFailed'],
    },
  },
});
