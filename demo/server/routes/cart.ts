/**
 * The demo store's Shopify-style cart on the demo origin: GET /cart.js, POST /cart/add.js,
 * /cart/change.js, /cart/update.js and /cart/clear.js. The shop's price rules (migration 008)
 * discount the totals, as Shopify's automatic discounts do. The cart is named by a `cart` cookie, set by the first add
 * (reading creates nothing), and kept in SQLite; products come from the fixed catalogue. Same-origin only: no CORS.
 */
import { randomBytes } from 'node:crypto';
import { API_LIMITS, cartAddRequestSchema, cartChangeRequestSchema, cartUpdateRequestSchema } from '../../../shared/api/schemas.ts';
import { CURRENCY, findVariant } from '../catalogue.ts';
import { SERVER } from '../constants.ts';
import { HttpError, parseCookies, readValid } from '../http.ts';
import type { Context, Reply, Route } from '../router.ts';
import type { PriceRuleRow } from '../store.ts';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A cart token we could have given out (the Wix-style cart's id in its paths too). */
export const isCartToken = (token: string) => TOKEN_PATTERN.test(token);

/** The visitor's cart token from the cookie `cookieName`, or null when it names no cart we keep. Writes nothing. */
export async function existingCart(ctx: Context, cookieName: string = SERVER.CART_COOKIE): Promise<string | null> {
  const fromCookie = parseCookies(ctx.req.headers.cookie).get(cookieName);
  return fromCookie && isCartToken(fromCookie) && (await ctx.store.cartExists(fromCookie)) ? fromCookie : null;
}

/** A new cart and the cookie `cookieName` that names it. */
export async function newCart(ctx: Context, cookieName: string = SERVER.CART_COOKIE): Promise<{ token: string; headers: Record<string, string> }> {
  const token = randomBytes(18).toString('base64url');
  await ctx.store.createCart(token);
  const cookie = `${cookieName}=${token}; Path=/; Max-Age=${SERVER.CART_COOKIE_MAX_AGE_S}; SameSite=Lax; HttpOnly`;
  return { token, headers: { 'Set-Cookie': cookie } };
}

/** The visitor's cart, created (with its cookie) on the first add: reads never create one. */
async function cartForAdding(ctx: Context): Promise<{ token: string; headers: Record<string, string> }> {
  const existing = await existingCart(ctx);
  return existing ? { token: existing, headers: {} } : newCart(ctx);
}

/** Shopify's error shape for cart calls. */
const cartError = (status: number, description: string) =>
  new HttpError(status, 'Cart Error', { body: { status, message: 'Cart Error', description } });

/** One cart line as /cart.js lists it (prices in cents). */
function lineItem(variantId: number, quantity: number) {
  const found = findVariant(variantId);
  if (!found) return undefined; // a variant that left the catalogue
  const { product, variant } = found;
  return {
    id: variant.variant_id,
    variant_id: variant.variant_id,
    product_id: product.product_id,
    title: product.variants.length > 1 ? `${product.title} - ${variant.title}` : product.title,
    product_title: product.title,
    variant_title: variant.title,
    handle: product.handle,
    url: `/products/${product.handle}?variant=${variant.variant_id}`,
    image: product.image,
    quantity,
    price: variant.price,
    line_price: variant.price * quantity,
  };
}

type LineItem = NonNullable<ReturnType<typeof lineItem>>;

/** The price rules of the shop this request came to (by its host name), none for a host that is no shop. One query: every cart read runs it. */
async function shopPriceRules(ctx: Context): Promise<PriceRuleRow[]> {
  return await ctx.store.shopPriceRules((ctx.req.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[|\]$/g, ''));
}

/** The best rule the subtotal reaches, as the cart's discount in cents (rounded down to the cent), or null. */
function discountOf(rules: PriceRuleRow[], subtotal: number): { rule: PriceRuleRow; cents: number } | null {
  let best: { rule: PriceRuleRow; cents: number } | null = null;
  for (const rule of rules) {
    if (subtotal < rule.min_subtotal_cents) continue;
    const cents = Math.floor((subtotal * rule.percent_off) / 100);
    if (!best || cents > best.cents) best = { rule, cents };
  }
  return best;
}

/** The cart as /cart.js answers it; without a cart (`token` null), the empty one. */
async function cartJson(ctx: Context, token: string | null) {
  const items = (token === null ? [] : await ctx.store.cartLines(token))
    .map((line) => lineItem(line.variant_id, line.quantity))
    .filter((item): item is LineItem => item !== undefined);
  const subtotal = items.reduce((sum, item) => sum + item.line_price, 0);
  const discount = discountOf(await shopPriceRules(ctx), subtotal);
  return {
    token,
    note: null,
    attributes: {},
    currency: CURRENCY,
    items,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    original_total_price: subtotal,
    total_discount: discount?.cents ?? 0,
    cart_level_discount_applications: discount ? [{ type: 'automatic', title: discount.rule.title, total_allocated_amount: discount.cents }] : [],
    total_price: subtotal - (discount?.cents ?? 0),
  };
}

/** Refuses a quantity above the variant's stock, as the store does. */
function checkStock(variantId: number, quantity: number): void {
  const { product, variant } = findVariant(variantId)!;
  if (quantity > variant.inventory_quantity) {
    throw cartError(422, `You can only add ${variant.inventory_quantity} ${product.title} to the cart.`);
  }
}

/** GET /cart.js: side-effect free; a visitor without a cart gets the empty cart, `token: null`. */
async function getCart(ctx: Context): Promise<Reply> {
  return { body: await cartJson(ctx, await existingCart(ctx)) };
}

/** POST /cart/add.js: `{ items: [{ id, quantity }] }` or `{ id, quantity }`; answers the added lines. */
async function addToCart(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, cartAddRequestSchema, ['json', 'form']);
  const requested = 'items' in body ? body.items : [body];
  // Merge repeated ids, then check everything before changing anything.
  const wanted = new Map<number, number>();
  for (const line of requested) wanted.set(line.id, (wanted.get(line.id) ?? 0) + (line.quantity ?? 1));
  for (const id of wanted.keys()) if (!findVariant(id)) throw cartError(422, `Cannot find variant ${id}`);
  const { token, headers } = await cartForAdding(ctx);
  const current = new Map((await ctx.store.cartLines(token)).map((line) => [line.variant_id, line.quantity]));
  for (const [id, quantity] of wanted) checkStock(id, (current.get(id) ?? 0) + quantity);
  const lines = [...wanted].map(([variant_id, quantity]) => ({ variant_id, quantity }));
  await ctx.store.addToCart(token, lines, API_LIMITS.CART_QUANTITY_MAX);
  const after = new Map((await ctx.store.cartLines(token)).map((line) => [line.variant_id, line.quantity]));
  const items = [...wanted.keys()].map((id) => lineItem(id, after.get(id) ?? 0)!);
  return { body: { items }, headers };
}

/** POST /cart/change.js: `{ id, quantity }` sets a line (0 removes it); answers the cart. */
async function changeCart(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, cartChangeRequestSchema, ['json', 'form']);
  const token = await existingCart(ctx);
  if (token === null || !(await ctx.store.cartLines(token)).some((line) => line.variant_id === body.id)) {
    throw cartError(400, 'no valid id or line parameter');
  }
  if (body.quantity > 0) checkStock(body.id, body.quantity);
  await ctx.store.setCartLine(token, body.id, body.quantity);
  return { body: await cartJson(ctx, token) };
}

/**
 * POST /cart/update.js: `{ updates: { variantId: quantity } }` sets each line (0 removes it, a
 * variant not in the cart is added, creating the cart), or `{ updates: [q1, q2] }` by line in cart
 * order; everything is checked before anything changes. Answers the cart.
 */
async function updateCart(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, cartUpdateRequestSchema, ['json', 'form']);
  const existing = await existingCart(ctx);
  const lines = existing === null ? [] : await ctx.store.cartLines(existing);
  let wanted: Array<[number, number]>;
  if (Array.isArray(body.updates)) {
    if (body.updates.length > lines.length) throw cartError(400, 'more quantities than cart lines');
    wanted = body.updates.map((quantity, index) => [lines[index]!.variant_id, quantity]);
  } else {
    wanted = Object.entries(body.updates).map(([id, quantity]) => [Number(id), quantity]);
  }
  for (const [id, quantity] of wanted) {
    if (!findVariant(id)) throw cartError(422, `Cannot find variant ${id}`);
    if (quantity > 0) checkStock(id, quantity);
  }
  // Only an update that puts something in creates a cart (and its cookie).
  const adds = wanted.some(([, quantity]) => quantity > 0);
  // The cookie was read above: a new cart directly, not cartForAdding's second read of it.
  const { token, headers } = existing !== null || !adds ? { token: existing, headers: {} } : await newCart(ctx);
  if (token !== null) {
    const held = new Set((await ctx.store.cartLines(token)).map((line) => line.variant_id));
    for (const [id, quantity] of wanted) {
      if (held.has(id)) await ctx.store.setCartLine(token, id, quantity);
      else if (quantity > 0) await ctx.store.addToCart(token, [{ variant_id: id, quantity }], API_LIMITS.CART_QUANTITY_MAX);
    }
  }
  return { body: await cartJson(ctx, token), headers };
}

/** POST /cart/clear.js: empties the cart, if there is one; answers it. */
async function clearCart(ctx: Context): Promise<Reply> {
  const token = await existingCart(ctx);
  if (token !== null) await ctx.store.clearCart(token);
  return { body: await cartJson(ctx, token) };
}

export const cartRoutes: Route[] = [
  { method: 'GET', path: '/cart.js', handler: getCart },
  { method: 'POST', path: '/cart/add.js', handler: addToCart, rateLimited: true },
  { method: 'POST', path: '/cart/change.js', handler: changeCart, rateLimited: true },
  { method: 'POST', path: '/cart/update.js', handler: updateCart, rateLimited: true },
  { method: 'POST', path: '/cart/clear.js', handler: clearCart, rateLimited: true },
];
