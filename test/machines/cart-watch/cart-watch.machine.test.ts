import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { cartWatchMachine } from '../../../machines/cart-watch/cart-watch.machine.ts';
import type { ArmedCartTrigger, CartWatchEmitted } from '../../../machines/cart-watch/cart-watch.types.ts';
import { CART_WATCH, STORE_LIMITS } from '../../../shared/constants/store.ts';
import type { CartSnapshot } from '../../../shared/logic/cart.ts';
import type { CartTrigger } from '../../../shared/logic/cart-trigger.ts';

const EMPTY: CartSnapshot = { items: [], item_count: 0, total_price: 0 };
/** A cart of `quantity` of one variant at `unitCents`. */
const cartOf = (quantity: number, unitCents = 2 * STORE_LIMITS.CENTS_PER_UNIT): CartSnapshot => ({
  items: [{ variant_id: '1', product_id: '10', quantity, line_price: quantity * unitCents }],
  item_count: quantity,
  total_price: quantity * unitCents,
});

/** Lets the read actor's promise settle. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** A started watch on a simulated clock; `store.cart` is what the next read answers (`null`: the read fails). */
function start(triggers: ArmedCartTrigger[] = [], first: CartSnapshot | null = EMPTY, known?: CartSnapshot) {
  const clock = new SimulatedClock();
  const store = { cart: first, reads: 0 };
  const machine = cartWatchMachine.provide({
    actors: {
      readCart: fromPromise(async () => {
        store.reads += 1;
        if (!store.cart) throw new Error('HTTP 500');
        return store.cart;
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { triggers, known } });
  const emitted: CartWatchEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  /** Advances the clock by `ms` and lets the read it started answer. */
  const advance = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  return { actor, clock, store, emitted, advance };
}

const fired = (emitted: CartWatchEmitted[]) => emitted.flatMap((event) => (event.type === 'fire' ? event.poptinIds : []));
const valueTrigger = (value: number): CartTrigger => ({ action: 'cart_value', products: 'any_product', filter: 'greater_than', value });

describe('cartWatchMachine', () => {
  it('takes a cart it is given as the first read: no request, its state triggers fire on it, and the next call is measured from it', async () => {
    const { actor, store, emitted, advance } = start([{ poptinId: 'over', trigger: valueTrigger(50) }], cartOf(1), cartOf(30));
    await flush();
    assert.equal(store.reads, 0);
    assert.ok(actor.getSnapshot().matches('idle'));
    assert.deepEqual(emitted, [{ type: 'settled', before: null, after: cartOf(30) }, { type: 'fire', poptinIds: ['over'] }]);
    actor.send({ type: 'CART.CALLED' });
    for (let read = 0; read < CART_WATCH.SETTLED_READS; read++) await advance(CART_WATCH.POLL_MS);
    assert.equal(store.reads, CART_WATCH.SETTLED_READS);
    assert.deepEqual(emitted.at(-1), { type: 'settled', before: cartOf(30), after: cartOf(1) });
  });

  it('reads the cart once at start, then makes no read and keeps no timer while the page makes no cart call', async () => {
    const { actor, store, emitted, clock } = start();
    await flush();
    assert.equal(store.reads, 1);
    assert.ok(actor.getSnapshot().matches('idle'));
    assert.deepEqual(emitted, [{ type: 'settled', before: null, after: EMPTY }]);
    // Whatever time passes, nothing is scheduled: a simulated clock runs only timers it was given.
    clock.increment(CART_WATCH.POLL_MS * CART_WATCH.MAX_READS * 10);
    await flush();
    assert.equal(store.reads, 1);
    assert.equal((clock as unknown as { timeouts: Map<unknown, unknown> }).timeouts.size, 0);
  });

  it('after a cart call, reads 1 ms before the poll time nothing, at it the cart', async () => {
    const { actor, store, advance } = start();
    await flush();
    actor.send({ type: 'CART.CALLED' });
    await advance(CART_WATCH.POLL_MS - 1);
    assert.equal(store.reads, 1);
    await advance(1);
    assert.equal(store.reads, 2);
  });

  it('polls until SETTLED_READS reads in a row answer the same cart, emits the change once, and goes idle', async () => {
    const { actor, store, emitted, advance } = start();
    await flush();
    emitted.length = 0;
    store.cart = cartOf(1);
    actor.send({ type: 'CART.CALLED' });
    for (let read = 1; read < CART_WATCH.SETTLED_READS; read += 1) await advance(CART_WATCH.POLL_MS);
    assert.deepEqual(emitted, [], 'not settled before the reads agree');
    await advance(CART_WATCH.POLL_MS);
    assert.deepEqual(emitted, [{ type: 'settled', before: EMPTY, after: cartOf(1) }]);
    assert.ok(actor.getSnapshot().matches('idle'));
    const reads = store.reads;
    await advance(CART_WATCH.POLL_MS * CART_WATCH.MAX_READS);
    assert.equal(store.reads, reads, 'no read once settled');
  });

  it('a cart that changes between reads restarts the count of equal reads', async () => {
    const { actor, store, advance } = start();
    await flush();
    actor.send({ type: 'CART.CALLED' });
    await advance(CART_WATCH.POLL_MS);
    store.cart = cartOf(2);
    for (let read = 1; read < CART_WATCH.SETTLED_READS; read += 1) await advance(CART_WATCH.POLL_MS);
    assert.ok(actor.getSnapshot().matches('polling'), 'the changed read started a new run');
    await advance(CART_WATCH.POLL_MS);
    assert.ok(actor.getSnapshot().matches('idle'));
  });

  it('a cart that never settles is read MAX_READS times after the call, then the last read counts', async () => {
    const { actor, store, emitted, advance } = start();
    await flush();
    emitted.length = 0;
    actor.send({ type: 'CART.CALLED' });
    for (let read = 1; read <= CART_WATCH.MAX_READS; read += 1) {
      store.cart = cartOf(read);
      await advance(CART_WATCH.POLL_MS);
    }
    assert.equal(store.reads, 1 + CART_WATCH.MAX_READS);
    assert.ok(actor.getSnapshot().matches('idle'));
    assert.deepEqual(emitted, [{ type: 'settled', before: EMPTY, after: cartOf(CART_WATCH.MAX_READS) }]);
  });

  it('another cart call while polling starts the poll again from it', async () => {
    const { actor, store, advance } = start();
    await flush();
    actor.send({ type: 'CART.CALLED' });
    await advance(CART_WATCH.POLL_MS - 1);
    actor.send({ type: 'CART.CALLED' });
    await advance(CART_WATCH.POLL_MS - 1);
    assert.equal(store.reads, 1, 'the first wait was dropped');
    await advance(1);
    assert.equal(store.reads, 2);
  });

  it('a failed read is reported and ends the poll: no more reads until the next cart call', async () => {
    const { actor, store, emitted, advance } = start();
    await flush();
    store.cart = null;
    actor.send({ type: 'CART.CALLED' });
    await advance(CART_WATCH.POLL_MS);
    assert.deepEqual(emitted.at(-1), { type: 'read-failed' });
    assert.ok(actor.getSnapshot().matches('idle'));
    await advance(CART_WATCH.POLL_MS * CART_WATCH.MAX_READS);
    assert.equal(store.reads, 2);
  });

  it('a failed first read is reported; the next settled cart has no before', async () => {
    const { actor, store, emitted, advance } = start([], null);
    await flush();
    assert.deepEqual(emitted, [{ type: 'read-failed' }]);
    store.cart = cartOf(1);
    actor.send({ type: 'CART.CALLED' });
    for (let read = 0; read < CART_WATCH.SETTLED_READS; read += 1) await advance(CART_WATCH.POLL_MS);
    assert.deepEqual(emitted.at(-1), { type: 'settled', before: null, after: cartOf(1) });
  });

  it('fires each pop-up whose cart trigger the settled change matches, once', async () => {
    const triggers: ArmedCartTrigger[] = [
      { poptinId: 'value', trigger: valueTrigger(3) },
      { poptinId: 'added', trigger: { action: 'added_product', products: 'any_product', filter: 'greater_than_or_equal', value: null } },
      { poptinId: 'removed', trigger: { action: 'removed_product', products: 'any_product', filter: 'greater_than_or_equal', value: null } },
    ];
    const { actor, store, emitted, advance } = start(triggers);
    await flush();
    assert.deepEqual(fired(emitted), [], 'an empty cart fires none; added_product never on the first read');
    const settle = async (cart: CartSnapshot) => {
      store.cart = cart;
      actor.send({ type: 'CART.CALLED' });
      for (let read = 0; read < CART_WATCH.SETTLED_READS; read += 1) await advance(CART_WATCH.POLL_MS);
    };
    await settle(cartOf(1));
    assert.deepEqual(fired(emitted), ['added'], '$2 is not over $3');
    await settle(cartOf(2));
    assert.deepEqual(fired(emitted), ['added', 'value'], '$4 is over $3; added_product fired already');
    await settle(cartOf(1));
    await settle(cartOf(2));
    assert.deepEqual(fired(emitted), ['added', 'value', 'removed'], 'each fires once');
  });
});
