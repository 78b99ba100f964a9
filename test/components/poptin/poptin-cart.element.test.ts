/**
 * `kite-poptin` whose submit also adds to the cart (docs/poptin-record.md "Add to cart on submit";
 * widget spec section 3: add_to_cart and numbered variants, wix_add_to_cart) in real Chromium:
 * the lines added in turn once the lead went through, the one outcome shown and announced (added,
 * out of stock, failed), the retry by mouse and keyboard, the close waiting for a failed add,
 * Hebrew, an accessibility check in each visible state.
 *
 * The store is a `fetch` stub at the page's edge, answering as the reference server's store does
 * (the element tests run no server; test/e2e/poptin-cart.test.ts drives the demo store for real).
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
import { click, fakeClock, waitUntil } from '../helpers.ts';
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

/** Stubs the store's add calls: each answers the next status of `statuses` (200 when none is left); every call recorded. */
function stubStore(statuses: number[] = []) {
  const calls: Array<{ path: string; body: unknown }> = [];
  const original = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), location.href);
    calls.push({ path: url.pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
    if (url.pathname === `${STORE_PATH.WIX_CARTS}/current`) return Response.json({ message: 'Cart not found' }, { status: 404 });
    const status = statuses.shift() ?? 200;
    if (status === 422) return Response.json({ description: 'You can only add 1 Rokkaku to the cart.' }, { status });
    return status === 200 ? Response.json({ ok: true }) : new Response('boom', { status });
  };
  cleanups.push(() => void (window.fetch = original));
  return calls;
}

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
    const calls = stubStore();
    const { el } = await showPoptin(record({ [POPTIN_CART.SHOPIFY_KEY]: '41001', [`${POPTIN_CART.SHOPIFY_KEY}_2`]: `41002${at}2` }));
    // Present before anything is said, so what it says is heard.
    await waitUntil(() => part(el, 'cart-outcome'), 'the live region');
    expect(part(el, 'cart-outcome')!.getAttribute('role')).to.equal('status');
    expect(calls).to.deep.equal([], 'nothing added before the submit');
    await submitEmail(el);
    await waitUntil(() => outcomeText(el) === en.productsAdded, 'the outcome');
    expect(calls).to.deep.equal([
      { path: STORE_PATH.SHOPIFY_ADD, body: { items: [{ id: 41001, quantity: 1 }] } },
      { path: STORE_PATH.SHOPIFY_ADD, body: { items: [{ id: 41002, quantity: 2 }] } },
    ]);
    expect(part(el, 'cart-retry')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('a refused line: "Out of stock", nothing to retry, and the pop-up closes as usual', async () => {
    stubStore([422]);
    const clock = fakeClock();
    const { el, events } = await showPoptin(record({ [POPTIN_CART.SHOPIFY_KEY]: '41104' }));
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
    const calls = stubStore([200, 500]);
    const clock = fakeClock();
    const { el, events } = await showPoptin(record({ [POPTIN_CART.SHOPIFY_KEY]: '41001', [`${POPTIN_CART.SHOPIFY_KEY}_2`]: '41002' }));
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
    expect(calls.map((call) => (call.body as { items: Array<{ id: number }> }).items[0]!.id)).to.deep.equal([41001, 41002, 41002]);
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'cart-outcome'), 'focus on the outcome the retry led to');
    await clock.advance(THANK_YOU.AUTO_CLOSE_DEFAULT_MS - 1);
    expect(dialogState(el)).to.equal('submitted');
    await clock.advance(1);
    expect(dialogState(el)).to.equal('closing');
    await clock.advance(CLOSE.EXIT_ANIMATION_MS);
    await events.next('kite-poptin-close');
  });

  it('wix_add_to_cart and wix_add_to_cart_2 go to the Wix-style cart, in Hebrew', async () => {
    const calls = stubStore();
    const { el } = await showPoptin(record({ [POPTIN_CART.WIX_KEY]: ['41001', '1', '0', '7001'].join(at), [`${POPTIN_CART.WIX_KEY}_2`]: ['7004', '1', '0', ''].join(at) }), { lang: 'he' });
    await submitEmail(el);
    await waitUntil(() => outcomeText(el) === he.productsAdded, 'the Hebrew outcome');
    const adds = calls.filter((call) => call.path === STORE_PATH.WIX_CARTS);
    expect(adds.map((call) => (call.body as { lineItems: Array<{ catalogReference: { catalogItemId: string } }> }).lineItems[0]!.catalogReference.catalogItemId)).to.deep.equal(['7001', '7004']);
    expect(el.shadowRoot!.querySelector('[role="dialog"]')!.getAttribute('dir')).to.equal('rtl');
    await expect(el).to.be.accessible();
  });
});
