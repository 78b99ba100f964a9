/**
 * The Shopify-style store helper calls (widget spec section 7 "GET Shopify client-id,
 * price-rules, browse-abandonment save"; issue 18 item 7), under /api/display/shopify/, and the
 * storefront's /products.json that the demo store's theme lists its catalogue from. The
 * browse-abandonment save writes, so it is a POST (as limitLogs: a GET must not write).
 */
import { shopifyClientIdQuerySchema } from '../../../shared/api/schemas.ts';
import { validate } from '../../../shared/schema/validate.ts';
import { CATALOGUE, money } from '../catalogue.ts';
import { HttpError } from '../http.ts';
import type { Context, Reply, Route } from '../router.ts';
import { requireClient } from './display-request.ts';
import { saveOrderedProducts, shopifyProduct } from './display-products.ts';

/** GET /api/display/shopify/client-id?shop={domain}: `{ client_id }` of the shop on that host name; 404 for a host that is no shop. */
async function clientId(ctx: Context): Promise<Reply> {
  const query = validate(shopifyClientIdQuerySchema, Object.fromEntries(ctx.query), 'query');
  if (!query.ok) throw new HttpError(400, query.error);
  const shop = await ctx.store.shop(query.value.shop);
  if (!shop || shop.platform !== 'shopify') throw new HttpError(404, 'shop: no Shopify-style shop on this domain');
  return { body: { client_id: shop.client_id } };
}

/**
 * GET /api/display/shopify/price-rules/{clientId}: the client's active price rules, shaped as
 * Shopify's PriceRule (a percentage off the cart, from a subtotal on); /cart.js applies them.
 */
async function priceRules(ctx: Context): Promise<Reply> {
  const client = await requireClient(ctx, ctx.params.clientId!);
  return {
    body: {
      price_rules: (await ctx.store.priceRules(client.id)).map((rule) => ({
        id: rule.id,
        title: rule.title,
        value_type: 'percentage',
        value: (-rule.percent_off).toFixed(1),
        target_type: 'line_item',
        target_selection: 'all',
        allocation_method: 'across',
        prerequisite_subtotal_range: { greater_than_or_equal_to: money(rule.min_subtotal_cents) },
      })),
    },
  };
}

/** GET /products.json: the store's catalogue as a Shopify storefront lists it (the demo store's theme reads it). */
const products = (): Reply => ({ body: { products: CATALOGUE.map(shopifyProduct) } });

export const shopifyRoutes: Route[] = [
  { method: 'GET', path: '/products.json', handler: products },
  { method: 'GET', path: '/api/display/shopify/client-id', handler: clientId, cors: true },
  { method: 'GET', path: '/api/display/shopify/price-rules/:clientId', handler: priceRules, cors: true },
  // The same save as the Wix-style save-ordered-products (client_id, customer_id, products, source_table).
  { method: 'POST', path: '/api/display/shopify/browse-abandonment', handler: saveOrderedProducts, cors: true, rateLimited: true },
];
