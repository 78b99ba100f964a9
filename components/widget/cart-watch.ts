import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { cartWatchMachine } from '../../machines/cart-watch/cart-watch.machine.ts';
import type { ArmedCartTrigger } from '../../machines/cart-watch/cart-watch.types.ts';
import type { widgetMachine } from '../../machines/widget/widget.machine.ts';
import { CART_READ_ERROR } from '../../shared/constants/store.ts';
import { STORE_PATH, type StorePlatform } from '../../shared/constants/products.ts';
import { EMPTY_CART, parseCart, parseWixCart, type CartSnapshot } from '../../shared/logic/cart.ts';
import { cartTriggerOf, type CartTriggerFields } from '../../shared/logic/cart-trigger.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { watchCartCalls } from './cart-calls.ts';

/** `GET carts/current` without a cart: the empty cart. */
const NO_WIX_CART = 404;

/**
 * The store's cart (widget spec section 7): Shopify-style `GET /cart.js`, or Wix-style
 * `GET carts/current` (404: no cart yet, so an empty one). Throws when the answer is not a cart.
 */
export async function readCart(platform: StorePlatform): Promise<CartSnapshot> {
  const path = platform === 'wix' ? `${STORE_PATH.WIX_CARTS}/current` : STORE_PATH.SHOPIFY_CART;
  const response = await fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (platform === 'wix' && response.status === NO_WIX_CART) return EMPTY_CART;
  const cart = response.ok ? (platform === 'wix' ? parseWixCart : parseCart)(await response.json()) : null;
  if (!cart) throw new Error(`GET ${path}: ${response.ok ? 'not a cart' : `HTTP ${response.status}`}`);
  return cart;
}

/** The cart triggers of these records; a malformed one is skipped with a warning (its pop-up keeps its other triggers). */
export function cartTriggersOf(records: Iterable<PoptinRecord>): ArmedCartTrigger[] {
  const armed: ArmedCartTrigger[] = [];
  for (const record of records) {
    const result = cartTriggerOf(record as PoptinRecord & CartTriggerFields);
    if (result && 'error' in result) console.warn(`Kite: pop-up ${record.poptin_id}: cart trigger skipped: ${result.error}`);
    else if (result) armed.push({ poptinId: record.poptin_id, trigger: result.trigger });
  }
  return armed;
}

export interface CartWatch {
  /** Whose cart API to read. */
  platform: StorePlatform;
  actor: Pick<ActorRefFrom<typeof widgetMachine>, 'send'>;
  records: Map<string, PoptinRecord>;
  /** Runs `cleanup` when the widget's run ends. */
  defer: (cleanup: () => void) => void;
  /** The cart as the page already knows it: the first read, not made. */
  known?: CartSnapshot;
  /** Told of each settled cart that differs from the one before (the cart-product cookie). */
  onSettled?: (before: CartSnapshot | null, after: CartSnapshot) => void;
}

/**
 * A store page's cart watch (issue 18 items 3 and 8), on either platform: `cartWatchMachine` with the platform's cart read and the
 * page's cart calls supplied. A cart trigger that fires is reported to the widget machine as the
 * built-in triggers report theirs (`TRIGGER.FIRED`, trigger `cart`): the widget shows the pop-up if
 * it is still armed and the modal slot is free. Loaded (a lazy chunk) only on a page whose widget
 * runs with a store.
 */
export function watchCart({ platform, actor, records, defer, known, onSettled }: CartWatch): void {
  const machine = cartWatchMachine.provide({ actors: { readCart: fromPromise(() => readCart(platform)) } });
  const cartWatch = createActor(machine, { input: { triggers: cartTriggersOf(records.values()), known } });
  cartWatch.on('fire', ({ poptinIds }) => {
    for (const poptinId of poptinIds) actor.send({ type: 'TRIGGER.FIRED', poptinId, trigger: 'cart' });
  });
  // Logged word for word, nothing else (widget spec section 8).
  cartWatch.on('read-failed', () => console.warn(CART_READ_ERROR));
  if (onSettled) cartWatch.on('settled', ({ before, after }) => onSettled(before, after));
  cartWatch.start();
  const stopWatchingCalls = watchCartCalls(() => cartWatch.send({ type: 'CART.CALLED' }));
  defer(() => {
    stopWatchingCalls();
    cartWatch.stop();
  });
}
