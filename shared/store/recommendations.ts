/**
 * The recommendations block's actor with its effects (the display API call, the store's cart, the
 * recent products, the console), shared by `kite-product-recommendations` and the pop-up's
 * `products` block. A pop-up's block is asked for before the pop-up shows (`preflightProducts`):
 * "A product fetch failure prevents showing" (widget spec section 4); the block then renders from
 * the same actor, so the products are fetched once.
 */
import { createActor, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { productRecommendationsMachine } from '../../machines/product-recommendations/product-recommendations.machine.ts';
import type {
  AddToCartOutcome,
  CartLineRequest,
  RecommendationAnswer,
  RecommendationRequest,
} from '../../machines/product-recommendations/product-recommendations.types.ts';
import { fetchRecommendations } from '../api/recommendations.ts';
import { PRODUCT_CARDS, type StorePlatform } from '../constants/products.ts';
import { buttonsAction, type ButtonsAction } from '../logic/products.ts';
import type { ProductsBlock } from '../schema/blocks.ts';
import { readRecentProductIds } from './recent-products.ts';
import { storeCart } from './store-cart.ts';

/** What the block asks and how its buttons act, whether an element's attributes or a pop-up record gave it. */
export interface RecommendationsSettings {
  platform: StorePlatform;
  /** Base URL of the display API ('' for this origin). */
  api: string;
  poptinId: string;
  category: string;
  manualProducts: string[];
  count: number;
  buttonsAction: ButtonsAction;
  /** The pop-up's `is_teasers_on` (the empty-cart fallback). */
  teasersOn: boolean;
  /** The currency when the answer names none. */
  currency?: string;
  /** Where `add_to_cart_redirect` goes; default the platform's cart page. */
  cartUrl?: string;
}

export type RecommendationsActor = ActorRefFrom<typeof productRecommendationsMachine>;

/** A new (not started) actor for `settings`, its effects the real ones. */
export function recommendationsActor(settings: RecommendationsSettings): RecommendationsActor {
  const cart = storeCart(settings.platform);
  const machine = productRecommendationsMachine.provide({
    actions: { log: (_, message: string) => void (message && console.warn(message)) },
    actors: {
      readCart: fromPromise<string[]>(() => cart.productIds()),
      fetchProducts: fromPromise<RecommendationAnswer, RecommendationRequest>(async ({ input }) => {
        const answer = await fetchRecommendations(settings.api, settings.platform, settings.poptinId, input);
        return { ...answer, currency: answer.currency ?? settings.currency };
      }),
      addToCart: fromPromise<{ variantId: string; outcome: AddToCartOutcome }, CartLineRequest>(async ({ input }) => ({
        variantId: input.variantId,
        outcome: await cart.add(input),
      })),
    },
  });
  return createActor(machine, {
    input: {
      platform: settings.platform,
      category: settings.category,
      manualProducts: settings.manualProducts,
      recentProductIds: settings.category === 'last_visited' ? readRecentProductIds(settings.platform) : [],
      count: settings.count,
      teasersOn: settings.teasersOn,
      buttonsAction: settings.buttonsAction,
    },
  });
}

/** The settings of a pop-up's `products` block. */
export const settingsOfBlock = (block: ProductsBlock, record: { poptin_id: string; is_teasers_on?: boolean }, api: string): RecommendationsSettings => ({
  platform: block.store ?? 'shopify',
  api,
  poptinId: record.poptin_id,
  category: block.category,
  manualProducts: block.manual_products ?? [],
  count: block.count ?? PRODUCT_CARDS.MAX,
  buttonsAction: buttonsAction(block.buttons_action),
  teasersOn: record.is_teasers_on ?? false,
  currency: block.currency,
  cartUrl: block.cart_url,
});

/** Started actors of the pop-ups whose products were asked for before showing, by pop-up id. */
const preflights = new Map<string, RecommendationsActor>();

/**
 * Starts the block's actor and resolves once the products are known: `true` (cards or an empty
 * list: the pop-up may show) or `false` (the call failed: it must not). The actor is kept for the
 * pop-up's block ({@link takePreflight}); while one is kept, a second check of the same pop-up
 * (the pop-up element's own, after the widget's) is `true` at once.
 */
export async function preflightProducts(settings: RecommendationsSettings): Promise<boolean> {
  // The widget's preflight, admitted already, still waits for the pop-up it let show: not asked twice.
  if (preflights.has(settings.poptinId)) return true;
  const actor = recommendationsActor(settings);
  preflights.set(settings.poptinId, actor);
  actor.start();
  // Not xstate's `waitFor`: the widget's shared xstate chunk would grow by it for every pop-up.
  const known = await new Promise<SnapshotFrom<RecommendationsActor>>((resolve) => {
    const settle = (snapshot: SnapshotFrom<RecommendationsActor>) => {
      if (snapshot.status !== 'done' && !snapshot.matches('ready')) return false;
      resolve(snapshot);
      return true;
    };
    if (settle(actor.getSnapshot())) return;
    const subscription = actor.subscribe((snapshot) => settle(snapshot) && subscription.unsubscribe());
  });
  return !known.matches('failed');
}

/** The running actor a preflight left for pop-up `poptinId`, once (a later showing asks again). */
export function takePreflight(poptinId: string): RecommendationsActor | undefined {
  const actor = preflights.get(poptinId);
  preflights.delete(poptinId);
  return actor;
}
