/**
 * The Wix-style demo store's cart on the demo origin (widget spec section 7, "Wix-style
 * ecommerce"): `GET /_api/ecom/v1/carts/current` (404 without a cart), `POST /_api/ecom/v1/carts`
 * (a new cart with its lines) and `POST /_api/ecom/v1/carts/{id}/add-to-cart`. The cart is named by
 * the `wix_cart` cookie and kept in SQLite with the Shopify-style carts; products come from the
 * Wix-style catalogue. Hidden products are not sold; a quantity above the stock is refused with
 * 422. Same-origin only: no CORS.
 */
import { API_LIMITS, wixCartLinesRequestSchema, type WixCartLinesRequest } from '../../../shared/api/schemas.ts';
import { STORE_PATH } from '../../../shared/constants/products.ts';
import { findWixProduct, money, WIX_CURRENCY } from '../catalogue.ts';
import { SERVER } from '../constants.ts';
import { HttpError, readValid } from '../http.ts';
import type { Context, Reply, Route } from '../router.ts';
import { existingCart, isCartToken, newCart } from './cart.ts';

/** Wix's error shape: a message and an application error code. */
const wixError = (status: number, code: string, message: string) =>
  new HttpError(status, message, { body: { message, details: { applicationError: { code, description: message } } } });

/** The Wix-style variant of a line (the product's first when the line names none), checked against the catalogue. */
function variantOf(line: WixCartLinesRequest['lineItems'][number]) {
  const product = findWixProduct(Number(line.catalogReference.catalogItemId));
  if (!product || product.product_id !== Number(line.catalogReference.catalogItemId)) {
    throw wixError(400, 'PRODUCT_NOT_FOUND', `No product ${line.catalogReference.catalogItemId} in this store`);
  }
  if (!product.visible) throw wixError(400, 'PRODUCT_NOT_VISIBLE', `${product.title} is not for sale`);
  const wanted = line.catalogReference.options?.variantId;
  const variant = wanted === undefined ? product.variants[0]! : product.variants.find((v) => v.variant_id === Number(wanted));
  if (!variant) throw wixError(400, 'VARIANT_NOT_FOUND', `${product.title} has no variant ${wanted}`);
  return { product, variant };
}

/** The cart as the Wix-style store answers it: `{ cart: { id, currency, lineItems, subtotal } }`, prices in units. */
async function cartJson(ctx: Context, token: string) {
  // Summed in cents, as the catalogue keeps prices, and turned into units once (no float sum of rounded strings).
  let subtotalCents = 0;
  const lineItems = (await ctx.store.cartLines(token)).flatMap((line) => {
    const product = findWixProduct(line.variant_id);
    const variant = product?.variants.find((v) => v.variant_id === line.variant_id);
    if (!product || !variant) return []; // a variant that left the catalogue
    subtotalCents += variant.price * line.quantity;
    return [
      {
        id: String(variant.variant_id),
        quantity: line.quantity,
        catalogReference: { appId: STORE_PATH.WIX_STORES_APP_ID, catalogItemId: String(product.product_id), options: { variantId: String(variant.variant_id) } },
        productName: { original: product.title },
        descriptionLines: [{ name: { original: 'Variant' }, plainText: { original: variant.title } }],
        image: product.image,
        price: { amount: money(variant.price) },
      },
    ];
  });
  return { cart: { id: token, currency: WIX_CURRENCY, lineItems, subtotal: { amount: money(subtotalCents) } } };
}

/** The lines to add to `token`'s cart (`null`: a cart not made yet), every one checked first, stock included. */
async function checkedLines(ctx: Context, token: string | null, body: WixCartLinesRequest): Promise<{ variant_id: number; quantity: number }[]> {
  // Each variant once, with what variantOf found: the stock check does not look the product up again.
  const wanted = new Map<number, ReturnType<typeof variantOf> & { quantity: number }>();
  for (const line of body.lineItems) {
    const found = variantOf(line);
    const quantity = (wanted.get(found.variant.variant_id)?.quantity ?? 0) + line.quantity;
    wanted.set(found.variant.variant_id, { ...found, quantity });
  }
  const current = new Map((token === null ? [] : await ctx.store.cartLines(token)).map((line) => [line.variant_id, line.quantity]));
  for (const [id, { product, variant, quantity }] of wanted) {
    if ((current.get(id) ?? 0) + quantity > variant.inventory_quantity) {
      throw wixError(422, 'INSUFFICIENT_INVENTORY', `You can only add ${variant.inventory_quantity} ${product.title} (${variant.title}) to the cart.`);
    }
  }
  return [...wanted].map(([variant_id, { quantity }]) => ({ variant_id, quantity }));
}

/**
 * The display answer's `wix_cart_details` on a Wix-style store's page (docs/display-api.md): the visitor's
 * cart as `carts/current` answers it, `{ cart: null }` without one, so the widget's cart watch
 * starts from it instead of reading the cart (and hearing a 404) on every page.
 */
export async function wixCartDetails(ctx: Context): Promise<{ cart: Awaited<ReturnType<typeof cartJson>>['cart'] | null }> {
  const token = await existingCart(ctx, SERVER.WIX_CART_COOKIE);
  return { cart: token === null ? null : (await cartJson(ctx, token)).cart };
}

/** GET carts/current: the visitor's cart, or 404 when there is none (reading creates nothing). */
async function currentCart(ctx: Context): Promise<Reply> {
  const token = await existingCart(ctx, SERVER.WIX_CART_COOKIE);
  if (token === null) throw wixError(404, 'OWNED_CART_NOT_FOUND', 'Cart not found');
  return { body: await cartJson(ctx, token) };
}

/** POST carts: a new cart holding the lines, named by a new cookie. Nothing is created when a line is refused. */
async function createCart(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, wixCartLinesRequestSchema);
  const lines = await checkedLines(ctx, null, body);
  const { token, headers } = await newCart(ctx, SERVER.WIX_CART_COOKIE);
  await ctx.store.addToCart(token, lines, API_LIMITS.CART_QUANTITY_MAX);
  return { body: await cartJson(ctx, token), headers };
}

/** POST carts/{id}/add-to-cart: the lines added to that cart. */
async function addToCart(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, wixCartLinesRequestSchema);
  const token = ctx.params.id!;
  if (!isCartToken(token) || !await ctx.store.cartExists(token)) throw wixError(404, 'CART_NOT_FOUND', 'Cart not found');
  await ctx.store.addToCart(token, await checkedLines(ctx, token, body), API_LIMITS.CART_QUANTITY_MAX);
  return { body: await cartJson(ctx, token) };
}

export const wixCartRoutes: Route[] = [
  { method: 'GET', path: `${STORE_PATH.WIX_CARTS}/current`, handler: currentCart },
  { method: 'POST', path: STORE_PATH.WIX_CARTS, handler: createCart, rateLimited: true },
  { method: 'POST', path: `${STORE_PATH.WIX_CARTS}/:id/add-to-cart`, handler: addToCart, rateLimited: true },
];
