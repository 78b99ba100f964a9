import type { ActorRefFrom } from 'xstate';
import type { widgetMachine } from '../../machines/widget/widget.machine.ts';
import type { StorePlatform } from '../../shared/constants/products.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import type { KiteWidget } from './widget.element.ts';
import type { DisplayContext } from '../../shared/api/display-call.ts';
import { accountCustomer, keepBrowsedProduct, rememberCartProducts, saveBrowsedProducts } from '../../shared/store/tracking.ts';
import { rememberRecentProduct } from '../../shared/store/recent-products.ts';
import { EMPTY_CART, parseCart, parseWixCart, type CartSnapshot } from '../../shared/logic/cart.ts';
import { watchCart } from './cart-watch.ts';

/** What the page says about the product it shows; null on a page that is no product page. */
export interface PageProduct {
  productId: string;
  /** The variant shown (Shopify-style); empty when the page names none. */
  variantId: string;
  name: string;
  category: string;
}

interface ShopifyAnalyticsMeta {
  product?: { id?: number | string; type?: string; variants?: Array<{ id?: number | string; name?: string }> };
  selectedVariantId?: number | string;
  page?: { customerId?: number | string | null };
}

const analyticsMeta = (): ShopifyAnalyticsMeta | undefined => (window as { ShopifyAnalytics?: { meta?: ShopifyAnalyticsMeta } }).ShopifyAnalytics?.meta;
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * The product of this page (docs/poptin-record.md "Store pages"): a Shopify theme's
 * `ShopifyAnalytics.meta.product` (and `selectedVariantId`), else the element carrying
 * `data-kite-product-id` (with `data-kite-variant-id`, `data-kite-product-name` and
 * `data-kite-product-category`), which any theme can write.
 */
export function pageProduct(): PageProduct | null {
  const meta = analyticsMeta();
  if (meta?.product?.id) {
    const variant = text(meta.selectedVariantId ?? meta.product.variants?.[0]?.id);
    return { productId: text(meta.product.id), variantId: variant, name: text(meta.product.variants?.[0]?.name ?? document.title), category: text(meta.product.type) };
  }
  const marked = document.querySelector<HTMLElement>('[data-kite-product-id]');
  if (!marked?.dataset.kiteProductId) return null;
  const { kiteProductId, kiteVariantId, kiteProductName, kiteProductCategory } = marked.dataset;
  return { productId: kiteProductId, variantId: text(kiteVariantId), name: kiteProductName ?? document.title, category: text(kiteProductCategory) };
}

/**
 * The store's signed-in customer as the page says it: a Shopify theme's
 * `ShopifyAnalytics.meta.page.customerId`, else `data-kite-customer-id` on any element; null when
 * the page says none (a guest, or a page that does not tell).
 */
export function pageCustomerId(): string | null {
  const fromMeta = text(analyticsMeta()?.page?.customerId);
  return fromMeta || document.querySelector<HTMLElement>('[data-kite-customer-id]')?.dataset.kiteCustomerId || null;
}

/**
 * The cart a Wix-style display answer reports (`wix_cart_details`: `{ cart }` as `carts/current`
 * answers it, `{ cart: null }` without a cart); undefined when it reports none or not one we can read.
 */
export function knownWixCart(details: unknown): CartSnapshot | undefined {
  if (!details || typeof details !== 'object' || !('cart' in details)) return undefined;
  return details.cart === null ? EMPTY_CART : (parseWixCart(details) ?? undefined);
}

/**
 * The store's signed-in customer (the page's, else the account-session cookie's), put in the run's
 * context, whose calls (viewed, closed, conversion) carry it; null for a guest.
 */
export function storeCustomer(context: DisplayContext): string | null {
  const customerId = accountCustomer(pageCustomerId());
  if (customerId) context.store_integration_customer_id = customerId;
  return customerId;
}

export interface StoreRun {
  actor: Pick<ActorRefFrom<typeof widgetMachine>, 'send'>;
  records: Map<string, PoptinRecord>;
  defer: (cleanup: () => void) => void;
}

/**
 * The store integration of a widget run (issue 18 items 3 to 5), loaded only when the widget runs
 * with a store: product tracking (recent products, browse abandonment), the signed-in customer for
 * the calls' store fields, and the cart watch with its cart triggers (on a Wix-style store too).
 * A widget run starts after consent, so nothing here is written before it.
 */
export function runStore({ actor, records, defer }: StoreRun): void {
  const widget = document.querySelector('kite-widget') as KiteWidget | null;
  // The platform as the start read it (shared/widget/start.ts: the page's `data-store`, or a Shopify page's own global).
  const context = widget?.started?.context;
  // The start let only a known platform name through.
  const platform = context?.store_integration as StorePlatform | undefined;
  if (!widget || !context || !platform) return;
  const customerId = storeCustomer(context);
  const product = pageProduct();
  if (product) {
    if (platform === 'wix') rememberRecentProduct('wix', product.productId);
    else if (product.variantId) rememberRecentProduct('shopify', product.variantId);
    keepBrowsedProduct({ product_id: product.productId, product_name: product.name, category: product.category });
  } else {
    // Off the product pages: the products browsed so far are saved (a failed save waits for the next page).
    void saveBrowsedProducts(widget.getAttribute('api') || location.origin, widget.getAttribute('client-id') ?? '', customerId);
  }
  // Each platform's watch starts from the cart the start already knows, when it does. The cart-product
  // cookie is Shopify's (widget spec section 9); a Wix-style cart is watched for its triggers only,
  // from the cart the display answer reports (`wix_cart_details`).
  if (platform === 'shopify') {
    // From the cart the start read for the display call: the page reads /cart.js once.
    const known = parseCart(widget.started?.cartAnswer) ?? undefined;
    watchCart({ platform, actor, records, defer, known, onSettled: (_before, after) => rememberCartProducts(after) });
  }
  else watchCart({ platform, actor, records, defer, known: knownWixCart(widget.started?.response.wix_cart_details) });
}
