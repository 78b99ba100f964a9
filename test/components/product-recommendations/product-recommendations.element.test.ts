/**
 * `kite-product-recommendations` in real Chromium (widget spec sections 3, 4 "Product
 * recommendation", 5, 7, 8 and 9): the cards of a Wix-style and a Shopify-style answer (titles
 * cut, description stripped, prices in the store currency, hidden and sold-out items left out),
 * add to cart by mouse, keyboard and touch with each outcome announced, the retry, the failed and
 * empty answers, the button actions, Hebrew, axe in each visible state.
 *
 * Every call reaches the real reference server (web-test-runner.config.mjs starts it and proxies
 * the display API and the store routes): the demo's own recommendation pop-ups, its Wix-style and
 * Shopify-style catalogues (demo/server/catalogue.ts) and carts, each test a new visitor with no
 * cart. Only the failed add is a stand-in: the store cannot be made to fail cheaply.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import { sendKeys } from '@web/test-runner-commands';
import { click as clickAt, nameOf, newVisitor, spyEvents, touchDrag, waitUntil } from '../helpers.ts';
import { rendered } from '../react-helpers.ts';
import '../../../components/product-recommendations/product-recommendations.element.ts';
import type { KiteProductRecommendations } from '../../../components/product-recommendations/product-recommendations.element.ts';
import { PRODUCT_CARDS, STORE_LOG, STORE_PATH } from '../../../shared/constants/products.ts';
import { en, he } from '../../messages.ts';

const EVENTS = [
  'kite-product-recommendations-ready',
  'kite-product-recommendations-empty',
  'kite-product-recommendations-failed',
  'kite-product-recommendations-add',
  'kite-product-recommendations-added',
  'kite-product-recommendations-add-failed',
] as const;

/** The demo's recommendation pop-ups, by store, as the server seeds them (demo/poptins, served at /poptins/). */
const POPTINS = { wix: '', shopify: '' };
before(async () => {
  for (const [store, file] of [['wix', 'wix-recommendations'], ['shopify', 'shop-recommendations']] as const) {
    POPTINS[store] = ((await (await fetch(`/poptins/${file}.json`)).json()) as { poptin_id: string }).poptin_id;
  }
});

/** The Wix-style catalogue's products by id (demo/server/catalogue.ts): hidden, sold out, one left of two variants, then the three of the Shopify-style store. */
const HIDDEN = '7101';
const SOLD_OUT = '7102';
const ROKKAKU = { id: '7103', name: 'Rokkaku Fighter Kite, hand-painted', left: 1 };
const CLASSIC = { id: '7001', variantId: '41001', name: 'Classic Diamond Kite' };
const DELTA = '7002';

/** A real click on `target`, scrolled into view first (a card may sit below a small window). */
async function click(target: Element) {
  target.scrollIntoView({ block: 'center' });
  await clickAt(target);
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

interface Call {
  method: string;
  path: string;
  body: unknown;
  /** The server's answer as JSON (null when a stand-in answered, or it was no JSON). */
  answer: Promise<unknown>;
}

/**
 * Records every display API and store call until the test ends; each reaches the reference server
 * unless `standIn` answers it (returning nothing lets the call through).
 */
function watchNetwork(standIn: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  const original = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), location.href);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof URLSearchParams ? Object.fromEntries(init.body) : null;
    let answered!: (value: unknown) => void;
    const call: Call = { method, path: url.pathname, body, answer: new Promise((resolve) => (answered = resolve)) };
    calls.push(call);
    const stood = standIn(call);
    if (stood) {
      answered(null);
      return stood;
    }
    const response = await original.call(window, input, init);
    answered(await response.clone().json().catch(() => null));
    return response;
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
  cartUrl?: string;
  /** A pop-up id other than the demo's for the store. */
  poptinId?: string;
  standIn?: (call: Call) => Response | undefined;
}

async function mount(options: Options = {}) {
  await newVisitor();
  const calls = watchNetwork(options.standIn);
  const events = spyEvents(EVENTS);
  const store = (options.store ?? 'wix') as keyof typeof POPTINS;
  const el = await rendered(() =>
    fixture<KiteProductRecommendations>(html`
      <kite-product-recommendations
        store=${store}
        poptin-id=${options.poptinId ?? POPTINS[store]}
        category=${options.category ?? 'product_collection'}
        count="6"
        buttons-action=${ifDefined(options.action)}
        cart-url=${ifDefined(options.cartUrl)}
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

async function mountReady(options: Options = {}) {
  const mounted = await mount(options);
  await mounted.events.next('kite-product-recommendations-ready');
  await waitUntil(() => mounted.cards().length > 0, 'no cards painted');
  return mounted;
}

describe('kite-product-recommendations: Wix-style cards', () => {
  it('shows 3 cards: hidden and sold-out left out, titles cut at 18, descriptions stripped, EUR prices with the old one crossed out', async () => {
    const { cards, text, events, root, el, calls } = await mountReady();
    const listed = ((await calls[0]!.answer) as { data: { products: Array<{ id: string; description: string }> } }).data.products;
    expect(listed.map((product) => product.id).slice(0, 2), 'the store lists the hidden and the sold-out first').to.deep.equal([HIDDEN, SOLD_OUT]);
    expect(cards().length).to.equal(PRODUCT_CARDS.MAX);
    expect(cards().map((card) => card.dataset.productId)).to.deep.equal([ROKKAKU.id, CLASSIC.id, DELTA]);
    const first = cards()[0]!;
    const title = text(first, 'product-title');
    expect([...title].length).to.equal(PRODUCT_CARDS.WIX_TITLE_MAX_CHARS);
    expect(title.endsWith(PRODUCT_CARDS.ELLIPSIS)).to.be.true;
    expect(first.querySelector('[part~="product-title"]')!.getAttribute('title'), 'the whole title, as the cut one was').to.equal(ROKKAKU.name);
    expect(first.querySelector('img')!.alt).to.equal(ROKKAKU.name);
    const description = listed.find((product) => product.id === ROKKAKU.id)!.description;
    expect(description, 'the store sends markup').to.contain('<strong>');
    expect(text(first, 'product-description')).to.equal(new DOMParser().parseFromString(description, 'text/html').body.textContent);
    expect(nameOf(first.querySelector('[part~="product-description"] *')), 'markup never reaches the page').to.equal('nothing');
    const euro = (amount: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(amount);
    expect(text(first, 'product-price-now')).to.equal(euro(45));
    const compare = first.querySelector('[part~="product-compare-at-price"]')!;
    expect(compare.localName).to.equal('s');
    expect(compare.textContent).to.equal(`${en.productsWas} ${euro(52)}`);
    expect(text(first, 'product-stock')).to.equal(en.productsLeft.replace('{count}', String(ROKKAKU.left)));
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
    expect(added.detail).to.deep.equal({ productId: CLASSIC.id, variantId: CLASSIC.variantId, redirect: false });
    await waitUntil(() => text(cards()[1]!, 'product-outcome') === en.productsAdded, 'no added outcome');
    expect(announcement()).to.equal(en.productsAddedNamed.replace('{name}', CLASSIC.name));
    const created = calls.find((call) => call.method === 'POST' && call.path === STORE_PATH.WIX_CARTS)!;
    expect(created.body).to.deep.equal({
      lineItems: [{ catalogReference: { appId: STORE_PATH.WIX_STORES_APP_ID, catalogItemId: CLASSIC.id, options: { variantId: CLASSIC.variantId } }, quantity: 1 }],
    });
    const { cart } = (await created.answer) as { cart: { id: string } };
    await click(button());
    await events.next('kite-product-recommendations-added', undefined, 1);
    expect(calls.some((call) => call.path === `${STORE_PATH.WIX_CARTS}/${cart.id}/add-to-cart`), 'added to the cart the first add created').to.be.true;
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
    expect(added.detail.productId).to.equal(DELTA);
  });

  it('out of stock: a 422 reads as out of stock, its reason only logged', async () => {
    const { cards, events, text, announcement, el, calls } = await mountReady();
    const logged: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    cleanups.push(() => void (console.log = original));
    // The one Rokkaku left is in the cart after the first add: the store refuses a second (422).
    await click(cards()[0]!.querySelector('[part~="product-button"]')!);
    await events.next('kite-product-recommendations-added');
    await click(cards()[0]!.querySelector('[part~="product-button"]')!);
    const failed = await events.next('kite-product-recommendations-add-failed');
    expect(((await calls.at(-1)!.answer) as { message: string }).message).to.contain(`You can only add ${ROKKAKU.left} Rokkaku`);
    expect(failed.detail.reason).to.equal('out-of-stock');
    await waitUntil(() => text(cards()[0]!, 'product-outcome') === en.productsOutOfStock, 'no out-of-stock outcome');
    expect(announcement()).to.equal(en.productsOutOfStockNamed.replace('{name}', ROKKAKU.name));
    expect(logged.some((line) => line.includes(`You can only add ${ROKKAKU.left} Rokkaku`))).to.be.true;
    await expect(el).to.be.accessible();
  });

  it('failed: logs add to cart error, the button offers a retry, and the retry adds', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
    cleanups.push(() => void (console.error = original));
    // A stand-in for the store's first add only (a 500 it cannot be made to give); the retry reaches it.
    let failOnce = true;
    const standIn = (call: Call) => {
      if (call.method !== 'POST' || !call.path.startsWith(STORE_PATH.WIX_CARTS) || !failOnce) return undefined;
      failOnce = false;
      return new Response('boom', { status: 500 });
    };
    const { cards, events, text } = await mountReady({ standIn });
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
    // A pop-up the server does not have: it answers 404.
    const { events, root, calls } = await mount({ poptinId: 'nosuchpoptin' });
    const failed = await events.next('kite-product-recommendations-failed');
    expect(failed.detail).to.deep.equal({ platform: 'wix', message: STORE_LOG.FETCH_FAILED.wix });
    expect(await calls[0]!.answer, 'the server said why').to.have.property('error');
    expect(warnings).to.include(STORE_LOG.FETCH_FAILED.wix);
    await waitUntil(() => root.querySelector('section')?.hidden === true, 'the block shows');
  });

  it(`on a Shopify-style store it logs '${STORE_LOG.FETCH_FAILED.shopify}'`, async () => {
    const warnings = spyWarnings();
    const { events } = await mount({ store: 'shopify', poptinId: 'nosuchpoptin' });
    await events.next('kite-product-recommendations-failed');
    expect(warnings).to.include(STORE_LOG.FETCH_FAILED.shopify);
  });

  it('an empty list hides the block', async () => {
    // Hand-picked products, none picked: the server answers an empty list.
    const { events, root, calls } = await mount({ category: 'manual' });
    await events.next('kite-product-recommendations-empty');
    expect(await calls[0]!.answer).to.deep.include({ success: true });
    await waitUntil(() => root.querySelector('section')?.hidden === true, 'the block shows');
    expect(root.querySelectorAll('[part~="product-card"]').length).to.equal(0);
  });
});

describe('kite-product-recommendations: Shopify-style, actions, Hebrew', () => {
  it('cuts a Shopify-style title at 50, not 18, and adds through /cart/add.js', async () => {
    const { cards, text, events, calls } = await mountReady({ store: 'shopify' });
    // Longer than a Wix-style card's 18, within a Shopify-style one's 50 (the cut itself: test/shared/logic/products.test.ts).
    expect([...CLASSIC.name].length).to.be.within(PRODUCT_CARDS.WIX_TITLE_MAX_CHARS + 1, PRODUCT_CARDS.SHOPIFY_TITLE_MAX_CHARS);
    expect(text(cards()[0]!, 'product-title')).to.equal(CLASSIC.name);
    expect(cards()[0]!.querySelector('[part~="product-title"]')!.hasAttribute('title'), 'nothing cut, no full title to show').to.equal(false);
    expect(text(cards()[0]!, 'product-price-now')).to.equal('$29.00');
    await click(cards()[0]!.querySelector('[part~="product-button"]')!);
    await events.next('kite-product-recommendations-added');
    const add = calls.find((call) => call.path === STORE_PATH.SHOPIFY_ADD)!;
    expect(add.body).to.deep.equal({ items: [{ id: Number(CLASSIC.variantId), quantity: 1 }] });
    expect(await add.answer, 'the store took the line').to.have.property('items');
  });

  it('add_to_cart_redirect: once the line is added, this tab goes to the cart page (cart-url)', async () => {
    const { cards, events } = await mountReady({ store: 'shopify', action: 'add_to_cart_redirect', cartUrl: '#kite-cart' });
    cleanups.push(() => history.replaceState(null, '', location.pathname + location.search));
    await click(cards()[0]!.querySelector('[part~="product-button"]')!);
    const added = await events.next('kite-product-recommendations-added');
    expect(added.detail.redirect).to.equal(true);
    await waitUntil(() => location.hash === '#kite-cart', 'no redirect to the cart page');
  });

  it('redirect_blank: a link to the product in a new tab, rel noopener, named for it', async () => {
    const { cards, calls } = await mountReady({ action: 'redirect_blank' });
    const listed = ((await calls[0]!.answer) as { data: { products: Array<{ id: string; productUrl: string }> } }).data.products;
    const link = cards()[0]!.querySelector<HTMLAnchorElement>('a[part~="product-button"]')!;
    expect(link.getAttribute('href')).to.equal(listed.find((product) => product.id === ROKKAKU.id)!.productUrl);
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
