/**
 * `kite-poptin` whose submit also adds to the cart (docs/poptin-record.md "Add to cart on submit";
 * widget spec section 3: add_to_cart and numbered variants, wix_add_to_cart) in real Chromium:
 * the lines added in turn once the lead went through, the one outcome shown and announced (added,
 * out of stock, failed), the retry by mouse and keyboard, the close waiting for a failed add,
 * Hebrew, an accessibility check in each visible state.
 *
 * The store is the real reference server's (web-test-runner.config.mjs starts it and proxies the
 * store routes): the demo catalogue (demo/server/catalogue.ts) and its carts, each test a new
 * visitor with no cart. Only a failed add is a stand-in: the store cannot be made to fail cheaply.
 * The pop-ups have no `api`: their lead is taken without a conversion call.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../components/poptin/poptin.element.ts';
import type { KitePoptin } from '../../../components/poptin/poptin.element.ts';
import type { DesignProperties, PoptinRecord } from '../../../shared/schema/poptin-record.ts';
import { POPTIN_CART, STORE_LOG, STORE_PATH, WIX_ADD_TO_CART } from '../../../shared/constants/products.ts';
import { CLOSE, THANK_YOU } from '../../../shared/constants/widget.ts';
import { en, he } from '../../messages.ts';
import { click, fakeClock, newVisitor, waitUntil } from '../helpers.ts';
import { cleanUp, cleanups, newPoptinId, showPoptin, sizedRecord, spyConsole } from './kit.ts';

const EMAIL = { name: 'poptinDesignInputTextFieldEmail', kind: 'email', label: 'Email', required: true } as const;
const at = WIX_ADD_TO_CART.SEPARATOR;

function record(properties: DesignProperties & Record<string, unknown>): PoptinRecord {
  return sizedRecord(newPoptinId('kitecart'), {
    blocks: [
      { type: 'title', text: 'Get the line too' },
      { type: 'form', fields: [EMAIL], button: { text: 'Join' } },
    ],
    design: { thank_you: [{ type: 'title', text: 'Thank you!' }] },
    properties: { poptin_design_thank_screen: true, ...properties },
  });
}

/** Variants of the demo catalogue: Classic Diamond Kite (12 left), Delta Stunt Kite in Blue (5 left) and in Green (2 left). */
const CLASSIC = 41001;
const DELTA_BLUE = 41002;
const DELTA_GREEN = { id: 41003, left: 2 };

interface StoreCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Records the store calls of a new visitor until the test ends; each reaches the reference server
 * unless `standIn` answers it (returning nothing lets it through).
 */
async function watchStore(standIn: (call: StoreCall) => Response | undefined = () => undefined) {
  await newVisitor();
  const calls: StoreCall[] = [];
  const original = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), location.href);
    const call = { method: init.method ?? 'GET', path: url.pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : null };
    calls.push(call);
    return standIn(call) ?? original.call(window, input, init);
  };
  cleanups.push(() => void (window.fetch = original));
  return calls;
}
const adds = (calls: StoreCall[]) => calls.filter((call) => call.method === 'POST');

const part = (el: Element, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const dialogState = (el: Element) => el.shadowRoot!.querySelector<HTMLElement>('[role="dialog"]')!.dataset.state;
const outcomeText = (el: Element) => part(el, 'cart-outcome')?.textContent ?? '';

async function submitEmail(el: KitePoptin): Promise<void> {
  el.shadowRoot!.querySelector<HTMLInputElement>(`[name="${EMAIL.name}"]`)!.focus();
  await sendKeys({ type: 'ada@example.com' });
  await click(part(el, 'button')!);
}

describe('kite-poptin: add to cart on submit', () => {
  afterEach(cleanUp);

  it('adds add_to_cart, then add_to_cart_2, once the lead went through; "Added to cart" shown in a live region', async () => {
    const calls = await watchStore();
    const { el } = await showPoptin(record({ [POPTIN_CART.SHOPIFY_KEY]: String(CLASSIC), [`${POPTIN_CART.SHOPIFY_KEY}_2`]: `${DELTA_BLUE}${at}2` }));
    // Present before anything is said, so what it says is heard.
    await waitUntil(() => part(el, 'cart-outcome'), 'the live region');
    expect(part(el, 'cart-outcome')!.getAttribute('role')).to.equal('status');
    expect(calls).to.deep.equal([], 'nothing added before the submit');
    await submitEmail(el);
    await waitUntil(() => outcomeText(el) === en.productsAdded, 'the outcome');
    expect(adds(calls)).to.deep.equal([
      { method: 'POST', path: STORE_PATH.SHOPIFY_ADD, body: { items: [{ id: CLASSIC, quantity: 1 }] } },
      { method: 'POST', path: STORE_PATH.SHOPIFY_ADD, body: { items: [{ id: DELTA_BLUE, quantity: 2 }] } },
    ]);
    const cart = (await (await fetch(STORE_PATH.SHOPIFY_CART)).json()) as { item_count: number };
    expect(cart.item_count, 'both lines are in the store\'s cart').to.equal(3);
    expect(part(el, 'cart-retry')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('a refused line: "Out of stock", nothing to retry, and the pop-up closes as usual', async () => {
    await watchStore();
    const clock = fakeClock();
    // One more than the store has left: it refuses the line (422).
    const { el, events } = await showPoptin(record({ [POPTIN_CART.SHOPIFY_KEY]: `${DELTA_GREEN.id}${at}${DELTA_GREEN.left + 1}` }));
    await submitEmail(el);
    await waitUntil(() => outcomeText(el) === en.productsOutOfStock, 'the outcome');
    expect(part(el, 'cart-retry')).to.equal(null);
    await expect(el).to.be.accessible();
    clock.hold();
    await clock.advance(THANK_YOU.AUTO_CLOSE_DEFAULT_MS);
    await events.next('kite-poptin-close');
  });

  it('failed: stays open past its close; the retry, pressed with Enter, adds only the failed line, then it closes', async () => {
    const errors = spyConsole('error');
    // A stand-in fails the second line's first add (a 500 the store cannot be made to give); the rest reach the store.
    let failOnce = true;
    const calls = await watchStore((call) => {
      if (call.method !== 'POST' || (call.body as { items: Array<{ id: number }> }).items[0]!.id !== DELTA_BLUE || !failOnce) return undefined;
      failOnce = false;
      return new Response('boom', { status: 500 });
    });
    const clock = fakeClock();
    const { el, events } = await showPoptin(record({ [POPTIN_CART.SHOPIFY_KEY]: String(CLASSIC), [`${POPTIN_CART.SHOPIFY_KEY}_2`]: String(DELTA_BLUE) }));
    await submitEmail(el);
    await waitUntil(() => outcomeText(el) === en.productsFailed, 'the failed outcome');
    expect(errors.some((line) => line.startsWith(STORE_LOG.ADD_TO_CART_ERROR))).to.equal(true);
    const retry = part(el, 'cart-retry')!;
    expect(retry.textContent).to.equal(en.productsRetry);
    await expect(el).to.be.accessible();

    clock.hold();
    await clock.advance(THANK_YOU.FALLBACK_CLOSE_MS);
    expect(dialogState(el)).to.equal('submitted', 'held while the add failed');

    retry.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => outcomeText(el) === en.productsAdded, 'the retried outcome');
    expect(adds(calls).map((call) => (call.body as { items: Array<{ id: number }> }).items[0]!.id)).to.deep.equal([CLASSIC, DELTA_BLUE, DELTA_BLUE]);
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'cart-outcome'), 'focus on the outcome the retry led to');
    await clock.advance(THANK_YOU.AUTO_CLOSE_DEFAULT_MS - 1);
    expect(dialogState(el)).to.equal('submitted');
    await clock.advance(1);
    expect(dialogState(el)).to.equal('closing');
    await clock.advance(CLOSE.EXIT_ANIMATION_MS);
    await events.next('kite-poptin-close');
  });

  it('wix_add_to_cart and wix_add_to_cart_2 go to the Wix-style cart, in Hebrew', async () => {
    const calls = await watchStore();
    // The second names the product alone (no product id part): the first part is the item.
    const { el } = await showPoptin(record({ [POPTIN_CART.WIX_KEY]: [String(CLASSIC), '1', '0', '7001'].join(at), [`${POPTIN_CART.WIX_KEY}_2`]: ['7003', '1', '0', ''].join(at) }), { lang: 'he' });
    await submitEmail(el);
    await waitUntil(() => outcomeText(el) === he.productsAdded, 'the Hebrew outcome');
    // The first add creates the visitor's cart, the second adds to it.
    expect(adds(calls).map((call) => call.path)).to.deep.equal([STORE_PATH.WIX_CARTS, `${STORE_PATH.WIX_CARTS}/${(await (await fetch(`${STORE_PATH.WIX_CARTS}/current`)).json()).cart.id}/add-to-cart`]);
    expect(adds(calls).map((call) => (call.body as { lineItems: Array<{ catalogReference: { catalogItemId: string } }> }).lineItems[0]!.catalogReference.catalogItemId)).to.deep.equal(['7001', '7003']);
    expect(el.shadowRoot!.querySelector('[role="dialog"]')!.getAttribute('dir')).to.equal('rtl');
    await expect(el).to.be.accessible();
  });
});
