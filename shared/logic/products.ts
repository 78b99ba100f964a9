/**
 * Product cards from a store's answer (widget spec sections 3 "Product recommendation settings",
 * 5 and 9): a Shopify-style or Wix-style product becomes one card, its texts cut and its prices
 * formatted. Pure: no DOM. Markup in a description is removed as text (never parsed as HTML).
 */
import { POPTIN_CART, PRODUCT_CARDS, RECOMMENDATION, WIX_ADD_TO_CART, type StorePlatform } from '../constants/products.ts';
import { decodeEntities } from './entities.ts';
import { normaliseMediaUrl } from './button-url.ts';

/** One product card, ready to render: every text is plain text. */
export interface ProductCard {
  /** The product's id, as the store writes it. */
  productId: string;
  /** The variant the button adds to the cart (the product id itself for a Wix product without variants). */
  variantId: string;
  /** The product's whole title: the image's alt text and the button's accessible name. */
  name: string;
  /** The title as shown: cut to the platform's limit with an ellipsis. */
  title: string;
  /** Wix-style only: the description without markup, cut to its limit; `null` on Shopify-style cards. */
  description: string | null;
  /** Image address (checked: http(s) or a path), or `null`. */
  image: string | null;
  /** The product page (checked), or `null`. */
  url: string | null;
  /** The price to pay, in currency units. */
  price: number;
  /** The crossed-out price ("was"), when higher than `price`; else `null`. */
  compareAtPrice: number | null;
  /** Items left in stock, when the store says; else `null`. */
  stock: number | null;
}

/** `text` cut to `max` characters, the last of them an ellipsis when it was longer. Counts code points, so an emoji is never split. */
export function cutText(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, Math.max(0, max - 1)).join('').trimEnd()}${PRODUCT_CARDS.ELLIPSIS}`;
}

/** A product title as its card shows it: 50 characters on a Shopify-style store, 18 on a Wix-style one. */
export const cardTitle = (title: string, platform: StorePlatform) =>
  cutText(title, platform === 'wix' ? PRODUCT_CARDS.WIX_TITLE_MAX_CHARS : PRODUCT_CARDS.SHOPIFY_TITLE_MAX_CHARS);

/**
 * Markup removed from `html` as text: tags (and what `<script>`/`<style>` hold) dropped, character
 * references decoded, white space collapsed. The result is shown as text, so `&lt;b&gt;` reads `<b>`.
 */
export function stripMarkup(html: string): string {
  const withoutTags = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ');
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim();
}

/** A Wix description as its card shows it: no markup, 64 characters. */
export const cardDescription = (html: string) => cutText(stripMarkup(html), PRODUCT_CARDS.WIX_DESCRIPTION_MAX_CHARS);

/** The store's ISO currency code, or USD when it names none or one `Intl` does not know. */
export function storeCurrency(code: unknown): string {
  if (typeof code !== 'string' || !/^[A-Za-z]{3}$/.test(code)) return PRODUCT_CARDS.DEFAULT_CURRENCY;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return code.toUpperCase();
  } catch {
    return PRODUCT_CARDS.DEFAULT_CURRENCY;
  }
}

/** `amount` in `currency` (an ISO code) for `lang`: `formatPrice(29, 'EUR', 'en')` is "€29.00". */
export const formatPrice = (amount: number, currency: string, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: storeCurrency(currency) }).format(amount);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const idOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.trim() !== '') ? String(value).trim() : null;
const amountOf = (value: unknown) => {
  const amount = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(amount) && amount >= 0 ? amount : null;
};
const countOf = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
/** A product address the page may link to: http(s), `//host` or a path; nothing else. */
const addressOf = normaliseMediaUrl;
/** Raster and SVG data images: an `<img>` never runs what an SVG holds. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;
/** An image address: as `addressOf`, or an inline image (`data:image/...`, as small stores embed them). */
const imageOf = (value: unknown) => (typeof value === 'string' && DATA_IMAGE.test(value.trim()) ? value.trim() : addressOf(value));
const higher = (compare: number | null, price: number) => (compare !== null && compare > price ? compare : null);

/**
 * A Shopify-style product (`id, title, handle, body_html, image.src, variants[]`) as a card, or
 * `null` when it lacks an id, a title or a priced variant. The first variant in stock is offered
 * (the first variant when none is).
 */
export function shopifyCard(raw: unknown): ProductCard | null {
  if (!isObject(raw) || !Array.isArray(raw.variants)) return null;
  const productId = idOf(raw.id);
  const name = textOf(raw.title).trim();
  const variants = raw.variants.filter(isObject).filter((v) => idOf(v.id) !== null && amountOf(v.price) !== null);
  const variant = variants.find((v) => (countOf(v.inventory_quantity) ?? 1) > 0) ?? variants[0];
  if (productId === null || name === '' || variant === undefined) return null;
  const price = amountOf(variant.price)!;
  const handle = textOf(raw.handle);
  return {
    productId,
    variantId: idOf(variant.id)!,
    name,
    title: cardTitle(name, 'shopify'),
    description: null,
    image: imageOf(isObject(raw.image) ? raw.image.src : undefined),
    url: handle ? `/products/${encodeURIComponent(handle)}` : null,
    price,
    compareAtPrice: higher(amountOf(variant.compare_at_price), price),
    stock: countOf(variant.inventory_quantity),
  };
}

/** A Wix price pair: the discounted price when lower, with the full price crossed out. */
function wixPrice(item: Json): { price: number; compareAtPrice: number | null } | null {
  const full = amountOf(item.price);
  const discounted = amountOf(item.discountedPrice);
  const price = discounted ?? full;
  return price === null ? null : { price, compareAtPrice: higher(full, price) };
}

/**
 * A Wix-style product (`id, name, description, imageUrl, productUrl, visible, inStock, variants[]`)
 * as a card, or `null`: only visible, in-stock products are shown, and of a product with variants
 * only a variant in stock (section 5).
 */
export function wixCard(raw: unknown): ProductCard | null {
  if (!isObject(raw) || raw.visible === false || raw.inStock === false) return null;
  const productId = idOf(raw.id);
  const name = textOf(raw.name).trim();
  if (productId === null || name === '') return null;
  const inStock = (item: Json) => item.inStock !== false && item.visible !== false && (countOf(item.quantity) ?? 1) > 0;
  let variantId = productId;
  let priced = wixPrice(raw);
  let stock = countOf(raw.quantity);
  if (raw.hasVariants === true || (Array.isArray(raw.variants) && raw.variants.length > 0)) {
    const variant = (Array.isArray(raw.variants) ? raw.variants : []).filter(isObject).find((v) => idOf(v.id) !== null && inStock(v) && wixPrice(v) !== null);
    if (!variant) return null;
    variantId = idOf(variant.id)!;
    priced = wixPrice(variant);
    stock = countOf(variant.quantity);
  } else if (!inStock(raw)) return null;
  if (priced === null) return null;
  return {
    productId,
    variantId,
    name,
    title: cardTitle(name, 'wix'),
    description: cardDescription(textOf(raw.description)),
    image: imageOf(raw.imageUrl),
    url: addressOf(raw.productUrl),
    ...priced,
    stock,
  };
}

/**
 * The cards of an answer's `data.products`: each product through its platform's reader, those that
 * cannot be shown skipped (`skipped` counts them, for one console warning), at most 3 kept.
 */
export function productCards(products: readonly unknown[], platform: StorePlatform): { cards: ProductCard[]; skipped: number } {
  const read = platform === 'wix' ? wixCard : shopifyCard;
  const cards = products.map(read).filter((card): card is ProductCard => card !== null);
  return { cards: cards.slice(0, PRODUCT_CARDS.MAX), skipped: products.length - cards.length };
}

/** A `manual_products` setting (a comma list or a list) as trimmed, unique ids. */
export function productIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return [...new Set(list.map(idOf).filter((id): id is string => id !== null))];
}

/** An owner's `buttons_action`, or `add_to_cart` for anything it does not know. */
export type ButtonsAction = (typeof RECOMMENDATION.BUTTONS_ACTIONS)[number];
export const buttonsAction = (value: unknown): ButtonsAction =>
  (RECOMMENDATION.BUTTONS_ACTIONS as readonly unknown[]).includes(value) ? (value as ButtonsAction) : 'add_to_cart';

/**
 * The pop-up's `wix_add_to_cart` setting (and, read the same way, `add_to_cart`):
 * `variant-or-product-id@quantity@redirect@product-id`. The fourth part is ours (the spec does not
 * say): the product a variant id belongs to, which a Wix cart line needs as its `catalogItemId`;
 * empty when the first part is the product itself (a Shopify-style add needs only the variant).
 * The redirect flag is `1`, `true` or `yes`. Returns `null` for anything without a first id.
 */
export function parseAddToCart(value: unknown): { variantId: string; productId: string; quantity: number; redirect: boolean } | null {
  if (typeof value !== 'string') return null;
  const [first = '', quantity = '', redirect = '', product = ''] = value.split(WIX_ADD_TO_CART.SEPARATOR, WIX_ADD_TO_CART.PARTS).map((part) => part.trim());
  if (first === '') return null;
  const count = Number(quantity);
  return {
    variantId: first,
    productId: product || first,
    quantity: Number.isInteger(count) && count > 0 ? count : 1,
    redirect: /^(?:1|true|yes)$/i.test(redirect),
  };
}

/** One line of a pop-up's add to cart on submit: what to add, and whether its setting asks to go to the cart afterwards. */
export interface PoptinCartLine {
  variantId: string;
  productId: string;
  quantity: number;
  redirect: boolean;
}

/** `key` or `key_N` (N a positive whole number): its order among the settings (0 for the unnumbered one), else null. */
function settingNumber(name: string, key: string): number | null {
  if (name === key) return 0;
  const number = name.startsWith(`${key}_`) ? name.slice(key.length + 1) : '';
  return /^[1-9]\d*$/.test(number) ? Number(number) : null;
}

/**
 * The lines a pop-up's submit adds to the cart (docs/poptin-record.md "Add to cart on submit"):
 * the Wix-style settings (`wix_add_to_cart`, `wix_add_to_cart_2`, ...) when the record has any,
 * else the Shopify-style ones (`add_to_cart`, `add_to_cart_2`, ...); the unnumbered one first,
 * then by number; each read by {@link parseAddToCart} (an unreadable one is left out), at most
 * `POPTIN_CART.LINES_MAX`. `null` when the record adds nothing.
 */
export function poptinCartLines(properties: Record<string, unknown>): { platform: StorePlatform; lines: PoptinCartLine[] } | null {
  const settings = (key: string) =>
    Object.keys(properties)
      .map((name) => ({ name, order: settingNumber(name, key) }))
      .filter((entry): entry is { name: string; order: number } => entry.order !== null)
      .sort((a, b) => a.order - b.order)
      .map(({ name }) => parseAddToCart(properties[name]))
      .filter((line): line is PoptinCartLine => line !== null);
  const wix = settings(POPTIN_CART.WIX_KEY);
  const lines = wix.length ? wix : settings(POPTIN_CART.SHOPIFY_KEY);
  return lines.length ? { platform: wix.length ? 'wix' : 'shopify', lines: lines.slice(0, POPTIN_CART.LINES_MAX) } : null;
}
