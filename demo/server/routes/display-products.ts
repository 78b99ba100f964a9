/**
 * The product calls of the display API (widget spec section 3 "Product recommendation settings"):
 * which catalogue products a recommendation asks for, shaped as a Shopify-style or a Wix-style
 * store answers them, and the browse-abandonment products a Wix-style store saves.
 */
import { productRecommendationRequestSchema, saveOrderedProductsRequestSchema } from '../../../shared/api/schemas.ts';
import { CATALOGUE, CURRENCY, findProduct, findWixProduct, money, WIX_CATALOGUE, WIX_CURRENCY, type CatalogueProduct, type WixCatalogueProduct } from '../catalogue.ts';
import { SERVER } from '../constants.ts';
import { parseCookies, readValid } from '../http.ts';
import type { Context, Reply } from '../router.ts';
import { given, requireClient, requirePoptin } from './display-request.ts';

/** Shopify-style product JSON (widget spec section 3 "Product recommendation settings"). */
export const shopifyProduct = (product: CatalogueProduct) => ({
  id: product.product_id,
  title: product.title,
  handle: product.handle,
  body_html: `<p>${product.description}</p>`,
  image: { src: product.image },
  variants: product.variants.map((variant) => ({
    id: variant.variant_id,
    title: variant.title,
    inventory_quantity: variant.inventory_quantity,
    price: money(variant.price),
    compare_at_price: variant.compare_at_price === null ? null : money(variant.compare_at_price),
    presentment_prices: [
      {
        price: { amount: money(variant.price), currency_code: CURRENCY },
        compare_at_price: variant.compare_at_price === null ? null : { amount: money(variant.compare_at_price), currency_code: CURRENCY },
      },
    ],
  })),
});

/** Wix-style product JSON (same section), hidden and sold-out products included as the store lists them. Prices in currency units. */
export const wixProduct = (product: WixCatalogueProduct) => {
  const first = product.variants[0]!;
  const quantity = product.variants.reduce((sum, v) => sum + v.inventory_quantity, 0);
  const units = (cents: number) => cents / 100;
  return {
    id: String(product.product_id),
    name: product.title,
    description: `<p>${product.description}</p>`,
    imageUrl: product.image,
    productUrl: `/products/${product.handle}`,
    visible: product.visible,
    inStock: quantity > 0,
    hasVariants: product.variants.length > 1,
    variants: product.variants.map((variant) => ({
      id: String(variant.variant_id),
      name: variant.title,
      imageUrl: product.image,
      quantity: variant.inventory_quantity,
      price: units(variant.compare_at_price ?? variant.price),
      discountedPrice: units(variant.price),
      currency: WIX_CURRENCY,
    })),
    quantity,
    price: units(first.compare_at_price ?? first.price),
    discountedPrice: units(first.price),
    currency: WIX_CURRENCY,
  };
};

/** One store's products, how to find one by product or variant id, and the cookie naming its cart. */
interface Shelf<Product> {
  all: readonly Product[];
  find: (id: number) => Product | undefined;
  cartCookie: string;
}
const SHOPIFY_SHELF: Shelf<CatalogueProduct> = { all: CATALOGUE, find: findProduct, cartCookie: SERVER.CART_COOKIE };
const WIX_SHELF: Shelf<WixCatalogueProduct> = { all: WIX_CATALOGUE, find: findWixProduct, cartCookie: SERVER.WIX_CART_COOKIE };

/**
 * The catalogue products a recommendation asks for. `product_in_cart` takes the cart's ids the
 * widget sends in `manual_products` (it read the store's cart); without them, this origin's cart cookie.
 */
async function recommend<Product>(ctx: Context, shelf: Shelf<Product>, category: string | undefined, manual: string | (string | number)[] | undefined): Promise<Product[]> {
  const ids = (list: (string | number)[]) =>
    list
      .map((id) => Number(String(id).trim()))
      .filter((id) => Number.isInteger(id))
      .map(shelf.find)
      .filter((p): p is Product => p !== undefined);
  const given = manual === undefined ? [] : typeof manual === 'string' ? manual.split(',') : manual;
  if (category === 'manual' || category === 'last_visited') return [...new Set(ids(given))];
  if (category === 'product_in_cart') {
    if (given.length > 0) return [...new Set(ids(given))];
    const token = parseCookies(ctx.req.headers.cookie).get(shelf.cartCookie);
    const lines = token ? await ctx.store.cartLines(token) : [];
    return [...new Set(ids(lines.map((line) => line.variant_id)))];
  }
  return [...shelf.all];
}

/** POST /api/display/{shopify|wix}/product-recommendation/{poptin_id}: the products, as that store answers them. */
export function productRecommendation(platform: 'shopify' | 'wix') {
  return async (ctx: Context): Promise<Reply> => {
    const body = await readValid(ctx.req, productRecommendationRequestSchema, ['form', 'json']);
    await requirePoptin(ctx, ctx.params.poptin_id!);
    const count = (all: readonly unknown[]) => body.count ?? all.length;
    const products =
      platform === 'shopify'
        ? (await recommend(ctx, SHOPIFY_SHELF, body.category, body.manual_products)).slice(0, count(CATALOGUE)).map(shopifyProduct)
        : (await recommend(ctx, WIX_SHELF, body.category, body.manual_products)).slice(0, count(WIX_CATALOGUE)).map(wixProduct);
    return { body: { success: true, currency: platform === 'shopify' ? CURRENCY : WIX_CURRENCY, data: { products } } };
  };
}

/** POST /api/display/wix/save-ordered-products: browse-abandonment products. */
export async function saveOrderedProducts(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, saveOrderedProductsRequestSchema);
  const client = await requireClient(ctx, body.client_id);
  await ctx.limitClient(client.id);
  await ctx.store.saveOrderedProducts(
    body.products.map((product) => ({
      client_id: client.id,
      customer_id: given(body.customer_id),
      product_id: String(product.product_id),
      product_name: given(product.product_name),
      category: given(product.category),
      source_table: given(body.source_table),
    })),
  );
  return { body: { success: true } };
}
