/**
 * The pop-up's own add to cart on submit (poptin-cart.machine.ts; widget spec section 3
 * "design_properties": add_to_cart and numbered variants, wix_add_to_cart), and the pop-up's
 * close after the submit waiting for it (poptinMachine's CART.BUSY). The lines are added in turn,
 * one outcome sums them up, a failed one is retried without adding the others twice.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, fromPromise } from 'xstate';
import { isCartBusy, poptinCartMachine } from '../../../machines/poptin-cart/poptin-cart.machine.ts';
import type { PoptinCartEmitted, PoptinCartInput } from '../../../machines/poptin-cart/poptin-cart.types.ts';
import type { AddToCartOutcome } from '../../../machines/product-recommendations/product-recommendations.types.ts';
import type { PoptinCartLine } from '../../../shared/logic/products.ts';
import { THANK_YOU } from '../../../shared/constants/widget.ts';
import { flush, start as startPoptin } from '../poptin/poptin.harness.ts';

const line = (variantId: string, redirect = false): PoptinCartLine => ({ variantId, productId: `p-${variantId}`, quantity: 1, redirect });
const CART_PAGE = '/cart';

/** A started cart whose store answers each add from `answers` (by variant, in order), every add and emitted event recorded. */
function start(input: Partial<PoptinCartInput>, answers: Record<string, Array<AddToCartOutcome | Error>> = {}) {
  const adds: string[] = [];
  const emitted: PoptinCartEmitted[] = [];
  const machine = poptinCartMachine.provide({
    actors: {
      addLine: fromPromise<AddToCartOutcome, PoptinCartLine>(async ({ input: added }) => {
        adds.push(added.variantId);
        const answer = answers[added.variantId]?.shift() ?? 'added';
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { input: { lines: [line('a')], cartPage: CART_PAGE, ...input } });
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
  return { actor, adds, emitted, state: () => actor.getSnapshot().value };
}

describe('poptinCartMachine', () => {
  it('waits in idle for the submit; CART.ADD adds every line in turn and ends added', async () => {
    const { actor, adds, state } = start({ lines: [line('a'), line('b'), line('c')] });
    assert.equal(state(), 'idle');
    assert.deepEqual(adds, []);
    actor.send({ type: 'CART.ADD' });
    assert.equal(state(), 'adding');
    assert.equal(isCartBusy(actor.getSnapshot()), true);
    await flush();
    assert.deepEqual(adds, ['a', 'b', 'c']);
    assert.equal(state(), 'added');
    assert.equal(isCartBusy(actor.getSnapshot()), false);
  });

  it('one refused line (out of stock) makes the outcome outOfStock, with nothing to retry', async () => {
    const { actor, state } = start({ lines: [line('a'), line('b')] }, { b: ['out-of-stock'] });
    actor.send({ type: 'CART.ADD' });
    await flush();
    assert.equal(state(), 'outOfStock');
    assert.equal(isCartBusy(actor.getSnapshot()), false);
    actor.send({ type: 'CART.RETRY' });
    assert.equal(state(), 'outOfStock');
  });

  it('a failed line (or an adapter that throws) makes it failed, busy; CART.RETRY adds only the failed ones again', async () => {
    const { actor, adds, state } = start({ lines: [line('a'), line('b'), line('c')] }, { b: ['failed'], c: [new Error('network')] });
    actor.send({ type: 'CART.ADD' });
    await flush();
    assert.equal(state(), 'failed');
    assert.equal(isCartBusy(actor.getSnapshot()), true);
    assert.equal(actor.getSnapshot().context.attempts, 1);
    actor.send({ type: 'CART.RETRY' });
    assert.equal(actor.getSnapshot().context.attempts, 2);
    await flush();
    assert.deepEqual(adds, ['a', 'b', 'c', 'b', 'c'], 'a is not added twice');
    assert.equal(state(), 'added');
  });

  it('a failure wins over a refusal in the one outcome', async () => {
    const { actor, state } = start({ lines: [line('a'), line('b')] }, { a: ['out-of-stock'], b: ['failed'] });
    actor.send({ type: 'CART.ADD' });
    await flush();
    assert.equal(state(), 'failed');
  });

  it('emits redirect to the cart page once every line is added, when a line asks for it', async () => {
    const asked = start({ lines: [line('a'), line('b', true)] });
    asked.actor.send({ type: 'CART.ADD' });
    await flush();
    assert.deepEqual(asked.emitted, [{ type: 'redirect', url: CART_PAGE }]);

    const notAsked = start({ lines: [line('a')] });
    notAsked.actor.send({ type: 'CART.ADD' });
    await flush();
    assert.deepEqual(notAsked.emitted, []);
  });

  it('no redirect when the pop-up redirects itself (cartPage null), nor when a line was refused', async () => {
    const itself = start({ lines: [line('a', true)], cartPage: null });
    itself.actor.send({ type: 'CART.ADD' });
    await flush();
    assert.equal(itself.state(), 'added');
    assert.deepEqual(itself.emitted, []);

    const refused = start({ lines: [line('a', true)] }, { a: ['out-of-stock'] });
    refused.actor.send({ type: 'CART.ADD' });
    await flush();
    assert.deepEqual(refused.emitted, []);
  });
});

describe('poptinMachine: the close after the submit waits for the cart (CART.BUSY)', () => {
  it('held while busy, however long; counted again from the outcome', async () => {
    const { actor, clock, state } = startPoptin({ thankYou: true, thankYouAutoCloseMs: THANK_YOU.AUTO_CLOSE_DEFAULT_MS });
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    actor.send({ type: 'SUBMIT', values: { email: 'ada@example.com' } });
    await flush();
    assert.ok(actor.getSnapshot().matches('submitted'));
    actor.send({ type: 'CART.BUSY', busy: true });
    clock.increment(THANK_YOU.FALLBACK_CLOSE_ALREADY_SHOWN_MS);
    assert.ok(actor.getSnapshot().matches('submitted'), 'held while the cart adds or failed');
    actor.send({ type: 'CART.BUSY', busy: false });
    clock.increment(THANK_YOU.AUTO_CLOSE_DEFAULT_MS - 1);
    assert.ok(actor.getSnapshot().matches('submitted'));
    clock.increment(1);
    assert.equal(state(), 'closing');
  });

  it('the visitor can still close it while the cart is busy', async () => {
    const { actor, state } = startPoptin({ thankYou: true });
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    actor.send({ type: 'SUBMIT', values: { email: 'ada@example.com' } });
    await flush();
    actor.send({ type: 'CART.BUSY', busy: true });
    actor.send({ type: 'CLOSE', closeTrigger: 'x_click' });
    assert.equal(state(), 'closing');
  });

  it('before the submit CART.BUSY changes nothing', () => {
    const { actor, state } = startPoptin();
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    actor.send({ type: 'CART.BUSY', busy: true });
    assert.equal(state(), 'form');
    assert.equal(actor.getSnapshot().context.cartBusy, undefined);
  });
});
