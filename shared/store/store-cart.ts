/**
 * The store's cart on the page's own origin, one adapter per platform behind one interface
 * (widget spec sections 7 and 8): read the product ids in the cart, add a line. Fetched on demand
 * with the recommendations chunk, never by the widget's start code.
 *
 * - Shopify-style: `GET /cart.js`; `POST /cart/add.js` with `{ items: [{ id, quantity }] }`. A 422
 *   (the store refuses the quantity) is logged with its reason only and reads as out of stock;
 *   anything else logs 'add to cart error'. A cart that cannot be read logs 'Cart Error' and reads
 *   as empty ("nothing else").
 * - Wix-style: `GET carts/current` (404: no cart yet); the first add creates the cart with
 *   `POST carts` (`lineItems` of `catalogReference` and `quantity`), later adds go to
 *   `POST carts/{id}/add-to-cart`. A 422 is out of stock as above. A current cart that cannot be
 *   read is logged ('Cart Error') and thrown.
 */
import type { AddToCartOutcome, CartLineRequest } from '../../machines/product-recommendations/product-recommendations.types.ts';
import { STORE_LOG, STORE_PATH, type StorePlatform } from '../constants/products.ts';
import { CART_READ_ERROR } from '../constants/store.ts';

/** HTTP status of a store that refuses a line: not enough stock (Shopify's, used by our Wix-style store too). */
const UNPROCESSABLE = 422;
/** `GET carts/current` without a cart. */
const NOT_FOUND = 404;

export interface StoreCart {
  readonly platform: StorePlatform;
  /** Where `add_to_cart_redirect` sends the visitor. */
  readonly cartPage: string;
  /** The product ids in the visitor's cart (empty without a cart). */
  productIds(): Promise<string[]>;
  /** Adds one line; never rejects. */
  add(line: CartLineRequest): Promise<AddToCartOutcome>;
}

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const idText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/** A refused add: its reason logged (only logged, section 8), out of stock for the visitor. */
async function outOfStock(response: Response): Promise<AddToCartOutcome> {
  const answer: unknown = await response.json().catch(() => null);
  const reason = isObject(answer) ? (answer.description ?? answer.message) : null;
  console.log(`Kite: ${typeof reason === 'string' ? reason : 'the store refused the quantity'}`);
  return 'out-of-stock';
}

/** Any other failure of an add. */
function addFailed(detail: string): AddToCartOutcome {
  console.error(STORE_LOG.ADD_TO_CART_ERROR, detail);
  return 'failed';
}

/** An add's answer read into its outcome; a network error is a failure too. */
async function addOutcome(request: Promise<Response>): Promise<AddToCartOutcome> {
  try {
    const response = await request;
    if (response.ok) return 'added';
    return response.status === UNPROCESSABLE ? outOfStock(response) : addFailed(`HTTP ${response.status}`);
  } catch (error) {
    return addFailed((error as Error).message);
  }
}

const post = (origin: string, path: string, body: unknown) =>
  fetch(`${origin}${path}`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body), credentials: 'same-origin' });

function shopifyCart(origin: string): StoreCart {
  return {
    platform: 'shopify',
    cartPage: STORE_PATH.SHOPIFY_CART_PAGE,
    async productIds() {
      try {
        const response = await fetch(`${origin}${STORE_PATH.SHOPIFY_CART}`, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const cart: unknown = await response.json();
        const items = isObject(cart) && Array.isArray(cart.items) ? cart.items : [];
        return items.map((item) => (isObject(item) ? idText(item.product_id) : null)).filter((id): id is string => id !== null);
      } catch (error) {
        console.warn(CART_READ_ERROR, (error as Error).message);
        return [];
      }
    },
    add: (line) => addOutcome(post(origin, STORE_PATH.SHOPIFY_ADD, { items: [{ id: Number(line.variantId), quantity: line.quantity }] })),
  };
}

/** A Wix cart line: the Wix Stores catalogue item, with the variant as its option when it is one. */
const wixLineItems = (line: CartLineRequest) => [
  {
    catalogReference: {
      appId: STORE_PATH.WIX_STORES_APP_ID,
      catalogItemId: line.productId,
      ...(line.variantId !== line.productId ? { options: { variantId: line.variantId } } : {}),
    },
    quantity: line.quantity,
  },
];

function wixCart(origin: string): StoreCart {
  /** The current cart (`null`: the visitor has none); throws, after logging, when it cannot be read. */
  async function current(): Promise<{ id: string; productIds: string[] } | null> {
    try {
      const response = await fetch(`${origin}${STORE_PATH.WIX_CARTS}/current`, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      if (response.status === NOT_FOUND) return null;
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const answer: unknown = await response.json();
      const cart = isObject(answer) && isObject(answer.cart) ? answer.cart : null;
      const id = cart ? idText(cart.id) : null;
      if (cart === null || id === null) throw new Error('no cart in the answer');
      const lines = Array.isArray(cart.lineItems) ? cart.lineItems : [];
      const productIds = lines
        .map((line) => (isObject(line) && isObject(line.catalogReference) ? idText(line.catalogReference.catalogItemId) : null))
        .filter((lineId): lineId is string => lineId !== null);
      return { id, productIds };
    } catch (error) {
      console.warn(CART_READ_ERROR, (error as Error).message);
      throw error;
    }
  }
  return {
    platform: 'wix',
    cartPage: STORE_PATH.WIX_CART_PAGE,
    productIds: async () => (await current())?.productIds ?? [],
    async add(line) {
      let cart: Awaited<ReturnType<typeof current>>;
      try {
        cart = await current();
      } catch (error) {
        return addFailed((error as Error).message);
      }
      const lineItems = wixLineItems(line);
      return addOutcome(
        cart === null
          ? post(origin, STORE_PATH.WIX_CARTS, { lineItems })
          : post(origin, `${STORE_PATH.WIX_CARTS}/${encodeURIComponent(cart.id)}/add-to-cart`, { lineItems }),
      );
    },
  };
}

/** The cart adapter of `platform`, calling the store at `origin` (the page's own, by default). */
export const storeCart = (platform: StorePlatform, origin = ''): StoreCart => (platform === 'wix' ? wixCart(origin) : shopifyCart(origin));
