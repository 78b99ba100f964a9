/**
 * The product recommendations machine (widget spec sections 3, 4 "Product recommendation", 5, 7
 * and 8): the category resolved (last_visited, the cart categories and their fallback), the
 * fetch's three ends (ready, empty, failed with the spec's log line), and each card's add to cart
 * (adding, then added, out of stock or failed, and the retry). No timings: none in the spec here.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { productRecommendationsMachine } from '../../../machines/product-recommendations/product-recommendations.machine.ts';
import type {
  AddToCartOutcome,
  CartLineRequest,
  ProductRecommendationsEmitted,
  ProductRecommendationsInput,
  RecommendationAnswer,
  RecommendationRequest,
} from '../../../machines/product-recommendations/product-recommendations.types.ts';
import { PRODUCT_CARDS, STORE_LOG } from '../../../shared/constants/products.ts';
import { wixProduct } from '../../fixtures/wix-product.ts';

/** Lets promise actors settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

interface Setup {
  cart?: string[] | Error;
  answer?: RecommendationAnswer | Error;
}

/** A started actor whose store answers are the test's; every request, add and emitted event recorded. */
function start(input: Partial<ProductRecommendationsInput>, setup: Setup = {}) {
  const requests: RecommendationRequest[] = [];
  const adds: CartLineRequest[] = [];
  const logs: string[] = [];
  const cartReads: number[] = [];
  const pendingAdds: Array<(outcome: AddToCartOutcome | Error) => void> = [];
  const answer = setup.answer ?? { currency: 'EUR', products: ['a', 'b', 'c', 'd'].map((id) => wixProduct(id)) };
  const machine = productRecommendationsMachine.provide({
    actions: { log: (_, message: string) => void (message && logs.push(message)) },
    actors: {
      readCart: fromPromise<string[]>(async () => {
        cartReads.push(1);
        if (setup.cart instanceof Error) throw setup.cart;
        return setup.cart ?? [];
      }),
      fetchProducts: fromPromise<RecommendationAnswer, RecommendationRequest>(async ({ input: request }) => {
        requests.push(request);
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      addToCart: fromPromise<{ variantId: string; outcome: AddToCartOutcome }, CartLineRequest>(({ input: line }) => {
        adds.push(line);
        return new Promise((resolve, reject) =>
          pendingAdds.push((outcome) => (outcome instanceof Error ? reject(outcome) : resolve({ variantId: line.variantId, outcome }))),
        );
      }),
    },
  });
  const actor = createActor(machine, {
    clock: new SimulatedClock(),
    input: { platform: 'wix', category: 'product_collection', count: 5, buttonsAction: 'add_to_cart', ...input },
  });
  const emitted: ProductRecommendationsEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  /** Answers the oldest pending add. */
  const answerAdd = async (outcome: AddToCartOutcome | Error) => {
    pendingAdds.shift()!(outcome);
    await settle();
  };
  return { actor, requests, adds, logs, cartReads, emitted, answerAdd, types: () => emitted.map((e) => e.type) };
}

describe('productRecommendationsMachine: the category', () => {
  it('asks manual and product_collection as they are, with the manual ids and the count', async () => {
    const manual = start({ category: 'manual', manualProducts: ['1', '2'] });
    await settle();
    assert.deepEqual(manual.requests, [{ category: 'manual', manualProducts: ['1', '2'], count: 5 }]);
    const collection = start({ category: 'algorithm_id_best_sellers' });
    await settle();
    assert.equal(collection.requests[0]!.category, 'algorithm_id_best_sellers');
  });

  it('turns last_visited into manual with the recent ids', async () => {
    const { requests } = start({ category: 'last_visited', recentProductIds: ['41001', '41002'], manualProducts: ['9'] });
    await settle();
    assert.deepEqual(requests, [{ category: 'manual', manualProducts: ['41001', '41002'], count: 5 }]);
  });

  it('last_visited without recent ids is empty at once: nothing asked', async () => {
    const { actor, requests, types } = start({ category: 'last_visited', recentProductIds: [] });
    await settle();
    assert.equal(actor.getSnapshot().value, 'empty');
    assert.deepEqual(requests, []);
    assert.deepEqual(types(), ['empty']);
  });

  it('product_in_cart reads the cart and asks for its ids', async () => {
    const { actor, requests, cartReads } = start({ category: 'product_in_cart' }, { cart: ['7001', '7002'] });
    assert.equal(actor.getSnapshot().value, 'readingCart');
    await settle();
    assert.equal(cartReads.length, 1);
    assert.deepEqual(requests, [{ category: 'product_in_cart', manualProducts: ['7001', '7002'], count: 5 }]);
  });

  it('an empty cart with teasers on falls back to product_collection', async () => {
    const { requests } = start({ category: 'product_in_cart', teasersOn: true }, { cart: [] });
    await settle();
    assert.deepEqual(requests, [{ category: 'product_collection', manualProducts: [], count: 5 }]);
  });

  it('an empty cart with teasers off is empty: nothing asked', async () => {
    const { actor, requests } = start({ category: 'product_in_cart', teasersOn: false }, { cart: [] });
    await settle();
    assert.equal(actor.getSnapshot().value, 'empty');
    assert.deepEqual(requests, []);
  });

  it('a cart that cannot be read fails like the fetch (the Wix-style cart read throws)', async () => {
    const { actor, logs, emitted } = start({ category: 'product_in_cart' }, { cart: new Error('500') });
    await settle();
    assert.equal(actor.getSnapshot().value, 'failed');
    assert.deepEqual(logs, [STORE_LOG.FETCH_FAILED.wix]);
    assert.deepEqual(emitted, [{ type: 'failed', platform: 'wix', message: STORE_LOG.FETCH_FAILED.wix }]);
  });
});

describe('productRecommendationsMachine: the fetch', () => {
  it('ready: at most 3 cards, hidden and sold-out products skipped with one log line, the store currency', async () => {
    const products = [wixProduct('hidden', { visible: false }), wixProduct('out', { inStock: false }), ...['a', 'b', 'c', 'd'].map((id) => wixProduct(id))];
    const { actor, emitted, logs } = start({}, { answer: { currency: 'EUR', products } });
    assert.equal(actor.getSnapshot().value, 'fetching');
    await settle();
    const snapshot = actor.getSnapshot();
    assert.equal(snapshot.value, 'ready');
    assert.equal(snapshot.context.cards.length, PRODUCT_CARDS.MAX);
    assert.deepEqual(snapshot.context.cards.map((card) => card.productId), ['a', 'b', 'c']);
    assert.deepEqual(emitted, [{ type: 'ready', count: PRODUCT_CARDS.MAX, currency: 'EUR' }]);
    assert.equal(logs.length, 1);
    assert.match(logs[0]!, /^Kite: 2 recommended product\(s\) skipped/);
  });

  it('USD when the answer names no currency', async () => {
    const { actor } = start({}, { answer: { currency: undefined, products: [wixProduct('a')] } });
    await settle();
    assert.equal(actor.getSnapshot().context.currency, PRODUCT_CARDS.DEFAULT_CURRENCY);
  });

  it('empty: an answer without a product to show hides the block (not a failure)', async () => {
    const { actor, emitted, logs } = start({}, { answer: { currency: 'EUR', products: [] } });
    await settle();
    assert.equal(actor.getSnapshot().value, 'empty');
    assert.deepEqual(emitted, [{ type: 'empty' }]);
    assert.deepEqual(logs, []);
  });

  for (const platform of ['shopify', 'wix'] as const) {
    it(`failed (${platform}): logs '${STORE_LOG.FETCH_FAILED[platform]}' and emits failed`, async () => {
      const { actor, emitted, logs } = start({ platform }, { answer: new Error('404') });
      await settle();
      assert.equal(actor.getSnapshot().value, 'failed');
      assert.equal(actor.getSnapshot().status, 'done');
      assert.deepEqual(logs, [STORE_LOG.FETCH_FAILED[platform]]);
      assert.deepEqual(emitted, [{ type: 'failed', platform, message: STORE_LOG.FETCH_FAILED[platform] }]);
    });
  }
});

describe('productRecommendationsMachine: add to cart per card', () => {
  async function ready(input: Partial<ProductRecommendationsInput> = {}) {
    const run = start(input);
    await settle();
    assert.equal(run.actor.getSnapshot().value, 'ready');
    run.emitted.length = 0;
    return run;
  }

  it('adding, then added: the line is the card variant, product and one item', async () => {
    const { actor, adds, emitted, answerAdd } = await ready();
    actor.send({ type: 'CART.ADD', variantId: 'a' });
    assert.equal(actor.getSnapshot().context.cart.a, 'adding');
    assert.deepEqual(adds, [{ variantId: 'a', productId: 'a', quantity: 1 }]);
    await answerAdd('added');
    assert.equal(actor.getSnapshot().context.cart.a, 'added');
    assert.deepEqual(emitted, [
      { type: 'add', productId: 'a', variantId: 'a' },
      { type: 'added', productId: 'a', variantId: 'a', redirect: false },
    ]);
  });

  it('a second press while adding is ignored; another card adds at the same time', async () => {
    const { actor, adds, answerAdd } = await ready();
    actor.send({ type: 'CART.ADD', variantId: 'a' });
    actor.send({ type: 'CART.ADD', variantId: 'a' });
    actor.send({ type: 'CART.ADD', variantId: 'b' });
    assert.deepEqual(adds.map((line) => line.variantId), ['a', 'b']);
    await answerAdd('added');
    await answerAdd('out-of-stock');
    assert.deepEqual(actor.getSnapshot().context.cart, { a: 'added', b: 'out-of-stock' });
  });

  it('an unknown variant is ignored', async () => {
    const { actor, adds } = await ready();
    actor.send({ type: 'CART.ADD', variantId: 'nope' });
    assert.deepEqual(adds, []);
    assert.deepEqual(actor.getSnapshot().context.cart, {});
  });

  it('out of stock and failed are reported, and a new press retries', async () => {
    const { actor, adds, emitted, answerAdd } = await ready();
    actor.send({ type: 'CART.ADD', variantId: 'a' });
    await answerAdd('out-of-stock');
    assert.deepEqual(emitted.at(-1), { type: 'add-failed', productId: 'a', variantId: 'a', reason: 'out-of-stock' });
    actor.send({ type: 'CART.ADD', variantId: 'a' });
    await answerAdd('failed');
    assert.deepEqual(emitted.at(-1), { type: 'add-failed', productId: 'a', variantId: 'a', reason: 'failed' });
    actor.send({ type: 'CART.ADD', variantId: 'a' });
    assert.equal(actor.getSnapshot().context.cart.a, 'adding');
    await answerAdd('added');
    assert.equal(actor.getSnapshot().context.cart.a, 'added');
    assert.equal(adds.length, 3);
  });

  it('an adapter that throws counts as failed', async () => {
    const { actor, emitted, answerAdd } = await ready();
    actor.send({ type: 'CART.ADD', variantId: 'b' });
    await answerAdd(new Error('boom'));
    assert.equal(actor.getSnapshot().context.cart.b, 'failed');
    assert.deepEqual(emitted.at(-1), { type: 'add-failed', productId: 'b', variantId: 'b', reason: 'failed' });
  });

  it('add_to_cart_redirect: added says redirect', async () => {
    const { actor, emitted, answerAdd } = await ready({ buttonsAction: 'add_to_cart_redirect' });
    actor.send({ type: 'CART.ADD', variantId: 'c' });
    await answerAdd('added');
    assert.deepEqual(emitted.at(-1), { type: 'added', productId: 'c', variantId: 'c', redirect: true });
  });
});
