/**
 * The pop-up's own add to cart on submit (docs/poptin-record.md "Add to cart on submit"): once the
 * lead went through, the record's lines are added in turn (poptin-cart.machine.ts) and the visitor
 * reads, and hears, one outcome under the content: added, out of stock, or failed with a retry.
 * Loaded only by a pop-up whose record has such a setting; the machine decides, this only renders.
 */
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { poptinMachine } from '../../machines/poptin/poptin.machine.ts';
import { isCartBusy, poptinCartMachine } from '../../machines/poptin-cart/poptin-cart.machine.ts';
import type { DesignProperties } from '../../shared/schema/poptin-record.ts';
import { poptinCartLines, type PoptinCartLine } from '../../shared/logic/products.ts';
import type { StorePlatform } from '../../shared/constants/products.ts';
import { storeCart } from '../../shared/store/store-cart.ts';
import { redirect } from '../../shared/widget/redirect.ts';
import { t } from '../../shared/i18n/products.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { cartStyles } from './poptin.cart.styles.ts';

/** What the visitor reads in each state (the recommendation cards' words). */
const OUTCOME_TEXT = { adding: 'productsAdding', added: 'productsAdded', outOfStock: 'productsOutOfStock', failed: 'productsFailed' } as const;

export interface PoptinCartProps {
  /** The pop-up's actor: its submit starts the add, and its close after the submit waits while the cart is busy. */
  actor: ActorRefFrom<typeof poptinMachine>;
  properties: DesignProperties;
  lang: string;
  /** The pop-up's shadow root, for the styles. */
  root?: ShadowRoot;
}

export function PoptinCart({ properties, ...props }: PoptinCartProps) {
  const found = useMemo(() => poptinCartLines(properties as Record<string, unknown>), [properties]);
  // The record's own redirect after the submit wins over a line's redirect to the cart.
  return found && <CartOutcome {...props} {...found} redirectsItself={properties.poptin_design_redirect === true} />;
}

function CartOutcome({
  actor,
  lang,
  root,
  platform,
  lines,
  redirectsItself,
}: Omit<PoptinCartProps, 'properties'> & { platform: StorePlatform; lines: PoptinCartLine[]; redirectsItself: boolean }) {
  const store = useMemo(() => storeCart(platform), [platform]);
  const cart = useActorRef(poptinCartMachine.provide({ actors: { addLine: fromPromise(({ input }) => store.add(input)) } }), {
    input: { lines, cartPage: redirectsItself ? null : store.cartPage },
  });
  const submitted = useSelector(actor, (snapshot) => snapshot.context.submitted);
  const busy = useSelector(cart, isCartBusy);
  const state = useSelector(cart, (snapshot) => (snapshot.matches('idle') || snapshot.matches('settling') ? null : (snapshot.value as keyof typeof OUTCOME_TEXT)));
  const retrying = useSelector(cart, (snapshot) => snapshot.context.attempts > 1);
  const outcome = useRef<HTMLParagraphElement>(null);

  useLayoutEffect(() => root && adoptStyles(root, cartStyles), [root]);
  useEffect(() => {
    if (submitted) cart.send({ type: 'CART.ADD' });
  }, [submitted, cart]);
  useEffect(() => {
    if (submitted) actor.send({ type: 'CART.BUSY', busy });
  }, [submitted, busy, actor]);
  useEffect(() => {
    const subscription = cart.on('redirect', ({ url }) => void redirect(url));
    return () => subscription.unsubscribe();
  }, [cart]);

  const showRetry = state === 'failed' || (state === 'adding' && retrying);
  // The retry button goes once a retry succeeds or is refused: focus moves to the outcome it led to.
  useEffect(() => {
    if (!showRetry && retrying && root?.activeElement === null) outcome.current?.focus();
  }, [showRetry, retrying, root]);

  return (
    <div part="cart" data-state={state ?? 'idle'}>
      <p ref={outcome} part="cart-outcome" role="status" tabIndex={-1}>
        {state && t(lang, OUTCOME_TEXT[state])}
      </p>
      {showRetry && (
        <button part="button cart-retry" type="button" aria-disabled={state === 'adding' || undefined} onClick={() => state === 'failed' && cart.send({ type: 'CART.RETRY' })}>
          {t(lang, 'productsRetry')}
        </button>
      )}
    </div>
  );
}
