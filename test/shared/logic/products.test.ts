/**
 * Product cards (widget spec sections 3, 5 and 9): titles cut per platform, Wix descriptions
 * stripped and cut, prices in the store's currency, only visible in-stock Wix products and
 * variants, at most 3 cards; the `wix_add_to_cart` parser. Then fast-check properties.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { POPTIN_CART, PRODUCT_CARDS, RECOMMENDATION, WIX_ADD_TO_CART } from '../../../shared/constants/products.ts';
import { STORE_LIMITS } from '../../../shared/constants/store.ts';
import {
  buttonsAction,
  cardDescription,
  cardTitle,
  cutText,
  formatPrice,
  parseAddToCart,
  poptinCartLines,
  productCards,
  productIds,
  shopifyCard,
  storeCurrency,
  stripMarkup,
  wixCard,
} from '../../../shared/logic/products.ts';
import { recentProductIds } from '../../../shared/store/recent-products.ts';

const letters = (count: number) => 'abcdefghijklmnopqrstuvwxyz'.repeat(10).slice(0, count);

const shopify = (overrides: Record<string, unknown> = {}) => ({
  id: 7001,
  title: 'Classic Diamond Kite',
  handle: 'classic-diamond-kite',
  body_html: '<p>x</p>',
  image: { src: '/img/kite.svg' },
  variants: [{ id: 41001, title: 'Red', inventory_quantity: 12, price: '29.00', compare_at_price: '35.00' }],
  ...overrides,
});

const wix = (overrides: Record<string, unknown> = {}) => ({
  id: '7001',
  name: 'Classic Diamond Kite',
  description: '<p>A <b>steady</b> kite &amp; more</p>',
  imageUrl: '/img/kite.svg',
  productUrl: '/wix/products/classic',
  visible: true,
  inStock: true,
  hasVariants: false,
  variants: [],
  quantity: 4,
  price: 35,
  discountedPrice: 29,
  currency: 'EUR',
  ...overrides,
});

describe('cutText and the card texts', () => {
  it('keeps a title at the limit whole; one character more is cut, the ellipsis counted in the limit', () => {
    const atLimit = letters(PRODUCT_CARDS.SHOPIFY_TITLE_MAX_CHARS);
    assert.equal(cardTitle(atLimit, 'shopify'), atLimit);
    const over = cardTitle(letters(PRODUCT_CARDS.SHOPIFY_TITLE_MAX_CHARS + 1), 'shopify');
    assert.equal([...over].length, PRODUCT_CARDS.SHOPIFY_TITLE_MAX_CHARS);
    assert.ok(over.endsWith(PRODUCT_CARDS.ELLIPSIS));
  });

  it('cuts Wix-style titles at their own, shorter limit', () => {
    const atLimit = letters(PRODUCT_CARDS.WIX_TITLE_MAX_CHARS);
    assert.equal(cardTitle(atLimit, 'wix'), atLimit);
    const over = cardTitle(letters(PRODUCT_CARDS.WIX_TITLE_MAX_CHARS + 1), 'wix');
    assert.equal([...over].length, PRODUCT_CARDS.WIX_TITLE_MAX_CHARS);
    assert.ok(over.endsWith(PRODUCT_CARDS.ELLIPSIS));
  });

  it('never splits an emoji', () => {
    const cut = cutText('😀'.repeat(5), 3);
    assert.equal(cut, `😀😀${PRODUCT_CARDS.ELLIPSIS}`);
  });

  it('strips a Wix description of its markup as text, decoding references once into text', () => {
    assert.equal(stripMarkup('<p>A <b>steady</b> kite &amp; more</p>'), 'A steady kite & more');
    assert.equal(stripMarkup('<script>alert(1)</script>Safe<style>p{}</style>'), 'Safe');
    // An encoded tag stays text: it is shown, never parsed.
    assert.equal(stripMarkup('&lt;img src=x onerror=alert(1)&gt;'), '<img src=x onerror=alert(1)>');
    const long = `<p>${letters(PRODUCT_CARDS.WIX_DESCRIPTION_MAX_CHARS + 10)}</p>`;
    assert.equal([...cardDescription(long)].length, PRODUCT_CARDS.WIX_DESCRIPTION_MAX_CHARS);
    assert.equal(cardDescription(`<i>${letters(PRODUCT_CARDS.WIX_DESCRIPTION_MAX_CHARS)}</i>`), letters(PRODUCT_CARDS.WIX_DESCRIPTION_MAX_CHARS));
  });
});

describe('prices', () => {
  it('formats in the store ISO currency with Intl.NumberFormat, USD by default', () => {
    assert.equal(formatPrice(29, 'EUR', 'en'), new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(29));
    assert.equal(storeCurrency(undefined), PRODUCT_CARDS.DEFAULT_CURRENCY);
    assert.equal(storeCurrency('not a code'), PRODUCT_CARDS.DEFAULT_CURRENCY);
    assert.equal(storeCurrency('ils'), 'ILS');
    assert.equal(formatPrice(9, 'XX1', 'en'), formatPrice(9, PRODUCT_CARDS.DEFAULT_CURRENCY, 'en'));
    assert.match(formatPrice(29, 'ILS', 'he'), /₪/);
  });
});

describe('shopifyCard', () => {
  it('reads the first variant in stock, its compare-at price only when higher, the product URL from the handle', () => {
    const card = shopifyCard(shopify())!;
    assert.deepEqual(card, {
      productId: '7001',
      variantId: '41001',
      name: 'Classic Diamond Kite',
      title: 'Classic Diamond Kite',
      description: null,
      image: '/img/kite.svg',
      url: '/products/classic-diamond-kite',
      price: 29,
      compareAtPrice: 35,
      stock: 12,
    });
    const twoVariants = shopifyCard(
      shopify({ variants: [{ id: 1, price: '5.00', inventory_quantity: 0, compare_at_price: '4.00' }, { id: 2, price: '6.00', inventory_quantity: 3, compare_at_price: null }] }),
    )!;
    assert.equal(twoVariants.variantId, '2');
    assert.equal(twoVariants.compareAtPrice, null);
  });

  it('skips a product without id, title or priced variant, and refuses script addresses', () => {
    assert.equal(shopifyCard(shopify({ id: null })), null);
    assert.equal(shopifyCard(shopify({ title: '' })), null);
    assert.equal(shopifyCard(shopify({ variants: [{ id: 1, price: 'free' }] })), null);
    assert.equal(shopifyCard('nonsense'), null);
    assert.equal(shopifyCard(shopify({ image: { src: 'javascript:alert(1)' } }))!.image, null);
    assert.equal(shopifyCard(shopify({ image: { src: 'data:text/html,<script>alert(1)</script>' } }))!.image, null);
    const inline = 'data:image/svg+xml,%3Csvg%2F%3E';
    assert.equal(shopifyCard(shopify({ image: { src: inline } }))!.image, inline);
  });
});

describe('wixCard', () => {
  it('reads a product without variants: discounted price, full price crossed out, stock, description stripped', () => {
    const card = wixCard(wix())!;
    assert.equal(card.variantId, '7001');
    assert.equal(card.price, 29);
    assert.equal(card.compareAtPrice, 35);
    assert.equal(card.stock, 4);
    assert.equal(card.description, 'A steady kite & more');
  });

  it('shows only visible, in-stock products, and of a product with variants only a variant in stock', () => {
    assert.equal(wixCard(wix({ visible: false })), null);
    assert.equal(wixCard(wix({ inStock: false })), null);
    assert.equal(wixCard(wix({ quantity: 0 })), null);
    const variants = [
      { id: 'v-out', quantity: 0, price: 10, discountedPrice: 10 },
      { id: 'v-in', quantity: 2, price: 12, discountedPrice: 11 },
    ];
    const card = wixCard(wix({ hasVariants: true, variants }))!;
    assert.equal(card.variantId, 'v-in');
    assert.equal(card.price, 11);
    assert.equal(card.stock, 2);
    assert.equal(wixCard(wix({ hasVariants: true, variants: [variants[0]] })), null);
    // A hidden product stays hidden whatever its variants say.
    assert.equal(wixCard(wix({ visible: false, hasVariants: true, variants })), null);
  });
});

describe('productCards', () => {
  it('keeps at most 3 cards and counts the products skipped', () => {
    const products = [wix({ visible: false }), wix({ id: 'a' }), wix({ id: 'b' }), wix({ id: 'c' }), wix({ id: 'd' })];
    const { cards, skipped } = productCards(products, 'wix');
    assert.equal(cards.length, PRODUCT_CARDS.MAX);
    assert.deepEqual(cards.map((c) => c.productId), ['a', 'b', 'c']);
    assert.equal(skipped, 1);
  });
});

describe('settings', () => {
  it('reads manual ids and recent ids (the newest 3)', () => {
    assert.deepEqual(productIds(' 1, 2,2,, 3'), ['1', '2', '3']);
    assert.deepEqual(productIds([4, '5']), ['4', '5']);
    const many = Array.from({ length: STORE_LIMITS.RECENT_PRODUCTS_MAX + 2 }, (_, i) => String(i)).join(',');
    assert.equal(recentProductIds(many).length, STORE_LIMITS.RECENT_PRODUCTS_MAX);
    // Newest first, as the product pages write the list: the first ids are the newest.
    assert.deepEqual(recentProductIds(many), many.split(',').slice(0, STORE_LIMITS.RECENT_PRODUCTS_MAX));
    assert.deepEqual(recentProductIds(null), []);
  });

  it('reads buttons_action, add_to_cart for unknown values', () => {
    for (const action of RECOMMENDATION.BUTTONS_ACTIONS) assert.equal(buttonsAction(action), action);
    assert.equal(buttonsAction('explode'), 'add_to_cart');
  });

  it('parses wix_add_to_cart: four parts joined by @', () => {
    const s = WIX_ADD_TO_CART.SEPARATOR;
    assert.deepEqual(parseAddToCart(['v-1', '2', '1', 'p-1'].join(s)), { variantId: 'v-1', productId: 'p-1', quantity: 2, redirect: true });
    assert.deepEqual(parseAddToCart(['p-1', '', '0', ''].join(s)), { variantId: 'p-1', productId: 'p-1', quantity: 1, redirect: false });
    assert.equal(parseAddToCart(''), null);
    assert.equal(parseAddToCart(undefined), null);
  });

  it('poptinCartLines reads add_to_cart, then add_to_cart_2, add_to_cart_3 ... in number order; an unreadable one is left out', () => {
    const s = WIX_ADD_TO_CART.SEPARATOR;
    const { SHOPIFY_KEY: key } = POPTIN_CART;
    const found = poptinCartLines({ [`${key}_10`]: `v10${s}1`, [`${key}_2`]: `v2${s}2${s}1`, [key]: 'v1', [`${key}_3`]: '', [`${key}_x`]: 'vx', [`${key}_02`]: 'v02' });
    assert.equal(found?.platform, 'shopify');
    assert.deepEqual(found?.lines.map((line) => [line.variantId, line.quantity, line.redirect]), [['v1', 1, false], ['v2', 2, true], ['v10', 1, false]]);
    assert.deepEqual(poptinCartLines({ [`${key}_2`]: 'v2' })?.lines.map((line) => line.variantId), ['v2'], 'a numbered one alone');
    assert.equal(poptinCartLines({ poptin_design_redirect: true }), null);
    assert.equal(poptinCartLines({ [key]: '' }), null);
  });

  it('poptinCartLines: the Wix-style settings win when the record has any; at most POPTIN_CART.LINES_MAX lines', () => {
    const s = WIX_ADD_TO_CART.SEPARATOR;
    const found = poptinCartLines({ [POPTIN_CART.SHOPIFY_KEY]: 'shopify-v', [`${POPTIN_CART.WIX_KEY}_2`]: ['w2', '1', '0', 'wp2'].join(s), [POPTIN_CART.WIX_KEY]: 'w1' });
    assert.equal(found?.platform, 'wix');
    assert.deepEqual(found?.lines.map((line) => [line.variantId, line.productId]), [['w1', 'w1'], ['w2', 'wp2']]);
    const many = Object.fromEntries(Array.from({ length: POPTIN_CART.LINES_MAX + 2 }, (_, index) => [`${POPTIN_CART.SHOPIFY_KEY}_${index + 1}`, `v${index + 1}`]));
    assert.equal(poptinCartLines(many)?.lines.length, POPTIN_CART.LINES_MAX);
  });
});

describe('properties', () => {
  it('cutText never exceeds its limit and cutting twice changes nothing', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 80 }), (text, max) => {
        const cut = cutText(text, max);
        assert.ok([...cut].length <= max);
        assert.equal(cutText(cut, max), cut);
      }),
    );
  });

  it('stripMarkup never throws, leaves no tag of text without references, and stripping twice changes nothing there', () => {
    fc.assert(
      fc.property(fc.string().filter((text) => !text.includes('&')), (text) => {
        const stripped = stripMarkup(`<b>${text}</b>`);
        assert.doesNotMatch(stripped, /<\/?b>/);
        assert.equal(stripMarkup(stripped), stripped);
      }),
    );
  });

  it('the card readers never throw on any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        shopifyCard(value);
        wixCard(value);
        parseAddToCart(value);
      }),
    );
  });
});
