/**
 * `kite-product-recommendations` in real Chromium (widget spec sections 3, 4 "Product
 * recommendation", 5, 7, 8 and 9): the cards of a Wix-style and a Shopify-style answer (titles
 * cut, description stripped, prices in the store currency, hidden and sold-out items left out),
 * add to cart by mouse, keyboard and touch with each outcome announced, the retry, the failed and
 * empty answers, the button actions, Hebrew, axe in each visible state.
 *
 * The network is a `fetch` stub at the page's edge: the reference server does not run in the
 * element tests, and test/e2e/recommendations.test.ts drives the same element against it. The
 * stub answers as that server does (same shapes, same status codes), and keeps a tiny cart.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import { sendKeys } from '@web/test-runner-commands';
import { click as clickAt, nameOf, spyEvents, touchDrag, waitUntil } from '../helpers.ts';
import { rendered } from '../react-helpers.ts';
import '../../../components/product-recommendations/product-recommendations.element.ts';
import type { KiteProductRecommendations } from '../../../components/product-recommendations/product-recommendations.element.ts';
import { PRODUCT_CARDS, STORE_LOG, STORE_PATH } from '../../../shared/constants/products.ts';
import { en, he } from '../../messages.ts';

const POPTIN_ID = 'recsblock0001';
const EVENTS = [
  'kite-product-recommendations-ready',
  'kite-product-recommendations-empty',
  'kite-product-recommendations-failed',
  'kite-product-recommendations-add',
  'kite-product-recommendations-added',
  'kite-product-recommendations-add-failed',
] as const;

const wixProduct = (id: string, name: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name,
  description: `<p>A <strong>kite</strong> &amp; its line</p>`,
  imageUrl: `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E`,
  productUrl: `/wix/${id}`,
  visible: true,
  inStock: true,
  hasVariants: false,
  variants: [{ id: `${id}1`, name: 'One', quantity: 5, price: 52, discountedPrice: 45, currency: 'EUR' }],
  quantity: 5,
  price: 52,
  discountedPrice: 45,
  currency: 'EUR',
  ...overrides,
});

/** As the Wix-style demo store answers: hidden and sold-out first, then three to show, then one more. */
const WIX_ANSWER = {
  success: true,
  currency: 'EUR',
  data: {
    products: [
      wixProduct('7101', 'Prototype Box Kite', { visible: false }),
      wixProduct('7102', 'Sled Kite', { inStock: false }),
      wixProduct('7103', 'Rokkaku Fighter Kite, hand-painted'),
      wixProduct('7001', 'Classic Diamond Kite'),
      wixProduct('7002', 'Delta Stunt Kite'),
      wixProduct('7003', 'Flying Line, 50 m'),
    ],
  },
};

const SHOPIFY_TITLE = 'The Extra Long Named Shopify Style Kite For Strong Coastal Winds';
const SHOPIFY_ANSWER = {
  success: true,
  currency: 'USD',
  data: {
    products: [
      {
        id: 7001,
        title: SHOPIFY_TITLE,
        handle: 'long-kite',
        body_html: '<p>x</p>',
        image: { src: `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E` },
        variants: [{ id: 41001, title: 'Red', inventory_quantity: 12, price: '29.00', compare_at_price: '35.00' }],
      },
    ],
  },
};

interface StoreStub {
  /** The display API's answer (status and body). */
  answer?: { status: number; body: unknown };
  /** Statuses the store answers adds with, in order; then 200. */
  addStatuses?: number[];
}

/** A real click on `target`, scrolled into view first (a card may sit below a small window). */
async function click(target: Element) {
  target.scrollIntoView({ block: 'center' });
  await clickAt(target);
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** Stubs fetch at the page's edge; records every store and API call. */
function stubNetwork(stub: StoreStub) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  let cartId: string | null = null;
  const original = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), location.href);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof URLSearchParams ? Object.fromEntries(init.body) : null;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname.includes('/product-recommendation/')) {
      const answer = stub.answer ?? { status: 200, body: WIX_ANSWER };
      return Response.json(answer.body, { status: answer.status });
    }
    if (url.pathname === `${STORE_PATH.WIX_CARTS}/current`) {
      return cartId === null ? Response.json({ message: 'Cart not found' }, { status: 404 }) : Response.json({ cart: { id: cartId, lineItems: [] } });
    }
    const status = stub.addStatuses?.shift() ?? 200;
    if (status === 422) return Response.json({ message: 'You can only add 1 Rokkaku to the cart.', description: 'You can only add 1 Rokkaku to the cart.' }, { status });
    if (status !== 200) return new Response('boom', { status });
    if (url.pathname === STORE_PATH.WIX_CARTS) cartId = 'cart-1';
    return Response.json({ ok: true });
  };
  cleanups.push(() => void (window.fetch = original));
  return calls;
}

/** Spies console.warn; restores it after the test. */
function spyWarnings() {
  const lines: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  cleanups.push(() => void (console.warn = original));
  return lines;
}

interface Options {
  store?: string;
  action?: string;
  lang?: string;
  category?: string;
}

async function mount(options: Options = {}, stub: StoreStub = {}) {
  const calls = stubNetwork(stub);
  const events = spyEvents(EVENTS);
  const el = await rendered(() =>
    fixture<KiteProductRecommendations>(html`
      <kite-product-recommendations
        store=${options.store ?? 'wix'}
        poptin-id=${POPTIN_ID}
        category=${options.category ?? 'product_collection'}
        count="6"
        buttons-action=${ifDefined(options.action)}
        lang=${ifDefined(options.lang)}
      ></kite-product-recommendations>
    `),
  );
  const root = el.shadowRoot!;
  const parts = (name: string) => [...root.querySelectorAll<HTMLElement>(`[part~="${name}"]`)];
  const cards = () => parts('product-card');
  const text = (card: HTMLElement, name: string) => card.querySelector(`[part~="${name}"]`)?.textContent ?? '';
  const announcement = () => parts('product-announcement')[0]?.textContent ?? '';
  return { el, root, calls, events, parts, cards, text, announcement };
}

async function mountReady(options: Options = {}, stub: StoreStub = {}) {
  const mounted = await mount(options, stub);
  await mounted.events.next('kite-product-recommendations-ready');
  await waitUntil(() => mounted.cards().length > 0, 'no cards painted');
  return mounted;
}

describe('kite-product-recommendations: Wix-style cards', () => {
  it('shows 3 cards: hidden and sold-out left out, titles cut at 18, descriptions stripped, EUR prices with the old one crossed out', async () => {
    const { cards, text, events, root, el } = await mountReady();
    expect(cards().length).to.equal(PRODUCT_CARDS.MAX);
    expect(cards().map((card) => card.dataset.productId)).to.deep.equal(['7103', '7001', '7002']);
    const first = cards()[0]!;
    const title = text(first, 'product-title');
    expect([...title].length).to.equal(PRODUCT_CARDS.WIX_TITLE_MAX_CHARS);
    expect(title.endsWith(PRODUCT_CARDS.ELLIPSIS)).to.be.true;
    expect(first.querySelector('img')!.alt).to.equal('Rokkaku Fighter Kite, hand-painted');
    expect(text(first, 'product-description')).to.equal('A kite & its line');
    expect(first.querySelector('strong'), 'markup never reaches the page').to.equal(null);
    const euro = (amount: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(amount);
    expect(text(first, 'product-price-now')).to.equal(euro(45));
    const compare = first.querySelector('[part~="product-compare-at-price"]')!;
    expect(compare.localName).to.equal('s');
    expect(compare.textContent).to.equal(`${en.productsWas} ${euro(52)}`);
    expect(text(first, 'product-stock')).to.equal(en.productsLeft.replace('{count}', '5'));
    expect(events.of('kite-product-recommendations-ready')[0]!.detail).to.deep.equal({ count: PRODUCT_CARDS.MAX, currency: 'EUR' });
    expect(root.querySelector('section')!.getAttribute('aria-label')).to.equal(en.productsLabel);
    const button = first.querySelector<HTMLElement>('[part~="product-button"]')!;
    expect(button.getBoundingClientRect().height).to.be.at.least(44);
    await expect(el).to.be.accessible();
  });

  it('adds by mouse: the first add creates the Wix cart, the next adds to it; each outcome shown and announced', async () => {
    const { cards, calls, events, text, announcement, el } = await mountReady();
    const button = () => cards()[1]!.querySelector<HTMLElement>('[part~="product-button"]')!;
    await click(button());
    const added = await events.next('kite-product-recommendations-added');
    expect(added.detail).to.deep.equal({ productId: '7001', variantId: '70011', redirect: false });
    await waitUntil(() => text(cards()[1]!, 'product-outcome') === en.productsAdded, 'no added outcome');
    expect(announcement()).to.equal(en.productsAddedNamed.replace('{name}', 'Classic Diamond Kite'));
    const created = calls.find((call) => call.method === 'POST' && call.path === STORE_PATH.WIX_CARTS)!;
    expect(created.body).to.deep.equal({
      lineItems: [{ catalogReference: { appId: STORE_PATH.WIX_STORES_APP_ID, catalogItemId: '7001', options: { variantId: '70011' } }, quantity: 1 }],
    });
    await click(button());
    await events.next('kite-product-recommendations-added', undefined, 1);
    expect(calls.some((call) => call.path === `${STORE_PATH.WIX_CARTS}/cart-1/add-to-cart`)).to.be.true;
    await expect(el).to.be.accessible();
  });

  it('adds by keyboard: Tab to a card button and Enter, with a visible focus ring', async () => {
    const { cards, events, root } = await mountReady();
    const before = document.createElement('button');
    before.textContent = 'before';
    document.body.prepend(before);
    cleanups.push(() => before.remove());
    before.focus();
    await sendKeys({ press: 'Tab' });
    const focused = root.activeElement as HTMLElement;
    expect(nameOf(focused)).to.equal('button(product-button)');
    expect(getComputedStyle(focused).outlineStyle).to.equal('solid');
    await sendKeys({ press: 'Enter' });
    const added = await events.next('kite-product-recommendations-added');
    expect(added.detail.productId).to.equal(cards()[0]!.dataset.productId);
  });

  it('adds by touch: a tap on the button', async () => {
    const { cards, events } = await mountReady();
    const button = cards()[2]!.querySelector('[part~="product-button"]')!;
    button.scrollIntoView({ block: 'center' });
    const rect = button.getBoundingClientRect();
    const point: [number, number] = [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
    await touchDrag(point, point);
    const added = await events.next('kite-product-recommendations-added');
    expect(added.detail.productId).to.equal('7002');
  });

  it('out of stock: a 422 reads as out of stock, its reason only logged', async () => {
    const { cards, events, text, announcement, el } = await mountReady({}, { addStatuses: [422] });
    const logged: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    cleanups.push(() => void (console.log = original));
    await click(cards()[0]!.querySelector('[part~="product-button"]')!);
    const failed = await events.next('kite-product-recommendations-add-failed');
    expect(failed.detail.reason).to.equal('out-of-stock');
    await waitUntil(() => text(cards()[0]!, 'product-outcome') === en.productsOutOfStock, 'no out-of-stock outcome');
    expect(announcement()).to.equal(en.productsOutOfStockNamed.replace('{name}', 'Rokkaku Fighter Kite, hand-painted'));
    expect(logged.some((line) => line.includes('You can only add 1 Rokkaku'))).to.be.true;
    await expect(el).to.be.accessible();
  });

  it('failed: logs add to cart error, the button offers a retry, and the retry adds', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
    cleanups.push(() => void (console.error = original));
    const { cards, events, text } = await mountReady({}, { addStatuses: [500] });
    const button = () => cards()[0]!.querySelector<HTMLElement>('[part~="product-button"]')!;
    await click(button());
    expect((await events.next('kite-product-recommendations-add-failed')).detail.reason).to.equal('failed');
    expect(errors.some((line) => line.startsWith(STORE_LOG.ADD_TO_CART_ERROR))).to.be.true;
    await waitUntil(() => button().textContent!.startsWith(en.productsRetry), 'no retry label');
    expect(text(cards()[0]!, 'product-outcome')).to.equal(en.productsFailed);
    await click(button());
    await events.next('kite-product-recommendations-added');
    await waitUntil(() => text(cards()[0]!, 'product-outcome') === en.productsAdded, 'the retry did not add');
  });
});

describe('kite-product-recommendations: answers', () => {
  it(`a failed fetch logs '${STORE_LOG.FETCH_FAILED.wix}', dispatches failed and shows nothing`, async () => {
    const warnings = spyWarnings();
    const { events, root } = await mount({}, { answer: { status: 404, body: { success: false } } });
    const failed = await events.next('kite-product-recommendations-failed');
    expect(failed.detail).to.deep.equal({ platform: 'wix', message: STORE_LOG.FETCH_FAILED.wix });
    expect(warnings).to.include(STORE_LOG.FETCH_FAILED.wix);
    await waitUntil(() => root.querySelector('section')?.hidden === true, 'the block shows');
  });

  it(`on a Shopify-style store it logs '${STORE_LOG.FETCH_FAILED.shopify}'`, async () => {
    const warnings = spyWarnings();
    const { events } = await mount({ store: 'shopify' }, { answer: { status: 500, body: 'x' } });
    await events.next('kite-product-recommendations-failed');
    expect(warnings).to.include(STORE_LOG.FETCH_FAILED.shopify);
  });

  it('an empty list hides the block', async () => {
    const { events, root } = await mount({}, { answer: { status: 200, body: { success: true, currency: 'EUR', data: { products: [] } } } });
    await events.next('kite-product-recommendations-empty');
    await waitUntil(() => root.querySelector('section')?.hidden === true, 'the block shows');
    expect(root.querySelectorAll('[part~="product-card"]').length).to.equal(0);
  });
});

describe('kite-product-recommendations: Shopify-style, actions, Hebrew', () => {
  it('cuts a Shopify-style title at 50 and adds through /cart/add.js', async () => {
    const { cards, text, events, calls } = await mountReady({ store: 'shopify' }, { answer: { status: 200, body: SHOPIFY_ANSWER } });
    const title = text(cards()[0]!, 'product-title');
    expect([...title].length).to.equal(PRODUCT_CARDS.SHOPIFY_TITLE_MAX_CHARS);
    expect(cards()[0]!.querySelector('[part~="product-title"]')!.getAttribute('title')).to.equal(SHOPIFY_TITLE);
    expect(text(cards()[0]!, 'product-price-now')).to.equal('$29.00');
    await click(cards()[0]!.querySelector('[part~="product-button"]')!);
    await events.next('kite-product-recommendations-added');
    expect(calls.find((call) => call.path === STORE_PATH.SHOPIFY_ADD)!.body).to.deep.equal({ items: [{ id: 41001, quantity: 1 }] });
  });

  it('redirect_blank: a link to the product in a new tab, rel noopener, named for it', async () => {
    const { cards } = await mountReady({ action: 'redirect_blank' });
    const link = cards()[0]!.querySelector<HTMLAnchorElement>('a[part~="product-button"]')!;
    expect(link.getAttribute('href')).to.equal('/wix/7103');
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.equal('noopener');
    expect(link.textContent).to.contain(en.productsNewTab);
  });

  it('redirect: a link in this tab; no_buttons: no button at all', async () => {
    const redirect = await mountReady({ action: 'redirect' });
    const link = redirect.cards()[0]!.querySelector<HTMLAnchorElement>('a[part~="product-button"]')!;
    expect(link.hasAttribute('target')).to.be.false;
    redirect.el.remove();
    const none = await mountReady({ action: 'no_buttons' });
    expect(none.parts('product-button').length).to.equal(0);
  });

  it('Hebrew: right to left, Hebrew texts and shekel-free EUR formatting for he, axe clean', async () => {
    const { root, cards, text, el } = await mountReady({ lang: 'he' });
    const section = root.querySelector('section')!;
    expect(section.dir).to.equal('rtl');
    expect(section.getAttribute('aria-label')).to.equal(he.productsLabel);
    expect(cards()[0]!.querySelector('[part~="product-button"]')!.textContent).to.contain(he.productsAdd);
    expect(text(cards()[0]!, 'product-price-now')).to.equal(new Intl.NumberFormat('he', { style: 'currency', currency: 'EUR' }).format(45));
    await expect(el).to.be.accessible();
  });
});
