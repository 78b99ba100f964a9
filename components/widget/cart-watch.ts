import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { cartWatchMachine } from '../../machines/cart-watch/cart-watch.machine.ts';
import type { ArmedCartTrigger } from '../../machines/cart-watch/cart-watch.types.ts';
import type { widgetMachine } from '../../machines/widget/widget.machine.ts';
import { CART_READ_ERROR } from '../../shared/constants/store.ts';
import { parseCart, type CartSnapshot } from '../../shared/logic/cart.ts';
import { cartTriggerOf, type CartTriggerFields } from '../../shared/logic/cart-trigger.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { watchCartCalls } from './cart-calls.ts';

/** GET /cart.js (widget spec section 7); throws when the answer is not a cart. */
export async function readCart(): Promise<CartSnapshot> {
  const response = await fetch('/cart.js', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const cart = response.ok ? parseCart(await response.json()) : null;
  if (!cart) throw new Error(`GET /cart.js: ${response.ok ? 'not a cart' : `HTTP ${response.status}`}`);
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
  actor: Pick<ActorRefFrom<typeof widgetMachine>, 'send'>;
  records: Map<string, PoptinRecord>;
  /** Runs `cleanup` when the widget's run ends. */
  defer: (cleanup: () => void) => void;
  /** Told of each settled cart that differs from the one before (the cart-product cookie). */
  onSettled?: (before: CartSnapshot | null, after: CartSnapshot) => void;
}

/**
 * A store page's cart watch (issue 18 item 3): `cartWatchMachine` with the cart read and the
 * page's cart calls supplied. A cart trigger that fires is reported to the widget machine as the
 * built-in triggers report theirs (`TRIGGER.FIRED`, trigger `cart`): the widget shows the pop-up if
 * it is still armed and the modal slot is free. Loaded (a lazy chunk) only on a page whose widget
 * runs with a store.
 */
export function watchCart({ actor, records, defer, onSettled }: CartWatch): void {
  const machine = cartWatchMachine.provide({ actors: { readCart: fromPromise(readCart) } });
  const cartWatch = createActor(machine, { input: { triggers: cartTriggersOf(records.values()) } });
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
