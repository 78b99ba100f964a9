import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { CardCartState } from '../../machines/product-recommendations/product-recommendations.types.ts';
import { PRODUCT_CARDS } from '../../shared/constants/products.ts';
import { useKiteEvents } from '../../shared/dom/use-kite-events.ts';
import { isRightToLeft, pageLanguage } from '../../shared/i18n/index.ts';
import { t } from '../../shared/i18n/products.ts';
import { useMessages } from '../../shared/i18n/use-messages.ts';
import { buttonsAction, formatPrice, productIds, type ButtonsAction, type ProductCard } from '../../shared/logic/products.ts';
import { recommendationsActor, type RecommendationsActor, type RecommendationsSettings } from '../../shared/store/recommendations.ts';
import { storeCart } from '../../shared/store/store-cart.ts';

/** The element's props: its attributes (r2wc, camelCase) and the shadow root. */
export interface ProductRecommendationsProps {
  store?: string;
  api?: string;
  poptinId?: string;
  category?: string;
  manualProducts?: string;
  count?: number;
  buttonsAction?: string;
  teasersOn?: boolean;
  currency?: string;
  cartUrl?: string;
  lang?: string;
  container?: ShadowRoot;
}

/** The settings of an element's attributes; `null` without a pop-up id (the call's path needs it). */
export function settingsOfAttributes(props: ProductRecommendationsProps): (RecommendationsSettings & { lang: string }) | null {
  if (!props.poptinId) return null;
  return {
    platform: props.store === 'wix' ? 'wix' : 'shopify',
    api: props.api ?? '',
    poptinId: props.poptinId,
    category: props.category || 'product_collection',
    manualProducts: productIds(props.manualProducts ?? ''),
    count: Number.isInteger(props.count) && props.count! > 0 ? props.count! : PRODUCT_CARDS.MAX,
    buttonsAction: buttonsAction(props.buttonsAction),
    teasersOn: props.teasersOn === true,
    currency: props.currency,
    cartUrl: props.cartUrl,
    lang: pageLanguage(props.lang),
  };
}

/** `kite-product-recommendations`: the block, from its attributes, once its language's messages are here. */
export function ProductRecommendationsView({ container, ...props }: ProductRecommendationsProps) {
  const settled = useMessages(pageLanguage(props.lang));
  const settings = settingsOfAttributes(props);
  if (!container || !settings || !settled) return null;
  // A new store, pop-up or query starts a new block; texts and the cart address only re-render.
  const key = [settings.platform, settings.api, settings.poptinId, settings.category, settings.manualProducts.join(','), settings.count, settings.teasersOn].join(' ');
  return <RecommendationsBlock key={key} root={container} settings={settings} lang={settings.lang} />;
}

/** Each card's button label and visible outcome by its add-to-cart state. */
const OUTCOME_TEXT = { added: 'productsAdded', 'out-of-stock': 'productsOutOfStock', failed: 'productsFailed' } as const;
const ANNOUNCEMENT = { added: 'productsAddedNamed', 'out-of-stock': 'productsOutOfStockNamed', failed: 'productsFailedNamed' } as const;

/**
 * The recommendations block: up to 3 cards, their buttons, and a polite live region that says how
 * each add to cart went. The same view renders in `kite-product-recommendations` and in a pop-up;
 * `root` is the shadow root whose host dispatches the `kite-product-recommendations-*` events.
 */
export function RecommendationsBlock({
  root,
  settings,
  lang,
  running,
  inDialog = false,
}: {
  root: ShadowRoot;
  settings: RecommendationsSettings;
  lang: string;
  /** An actor already started for these settings (a pop-up's preflight); else the block makes its own. */
  running?: RecommendationsActor;
  /** Inside a pop-up the block is a group of the dialog, not a landmark of the page (a page may have both). */
  inDialog?: boolean;
}) {
  const [actor] = useState(() => running ?? recommendationsActor(settings));
  const state = useSelector(actor, (snapshot) => String(snapshot.value));
  const cards = useSelector(actor, (snapshot) => snapshot.context.cards);
  const currency = useSelector(actor, (snapshot) => snapshot.context.currency);
  const cartStates = useSelector(actor, (snapshot) => snapshot.context.cart);
  const [announcement, setAnnouncement] = useState('');

  // Declared before the start: the events of the first steps (an empty last_visited) are heard too.
  useKiteEvents(actor, root, 'product-recommendations');
  useEffect(() => {
    const subscriptions = [
      actor.on('added', ({ variantId, redirect: toCart }) => {
        const card = actor.getSnapshot().context.cards.find((c) => c.variantId === variantId);
        setAnnouncement(t(lang, ANNOUNCEMENT.added, { name: card?.name ?? '' }));
        // The redirect's code comes with the first add that needs it, not before the cards show.
        if (toCart) {
          import('../../shared/widget/redirect.ts')
            .then(({ redirect }) => redirect(settings.cartUrl || storeCart(settings.platform).cartPage))
            .catch(() => console.warn('Kite: the redirect could not load'));
        }
      }),
      actor.on('add-failed', ({ variantId, reason }) => {
        const card = actor.getSnapshot().context.cards.find((c) => c.variantId === variantId);
        setAnnouncement(t(lang, ANNOUNCEMENT[reason], { name: card?.name ?? '' }));
      }),
    ];
    // A preflight's actor runs already: starting it again does nothing.
    actor.start();
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
      actor.stop();
    };
  }, [actor, lang, settings.cartUrl, settings.platform]);

  const shown = state === 'ready';
  const Wrapper = inDialog ? 'div' : 'section';
  return (
    <Wrapper
      role={inDialog ? 'group' : undefined}
      part="products"
      data-state={state}
      aria-label={t(lang, 'productsLabel')}
      aria-busy={!shown && state !== 'empty' && state !== 'failed'}
      hidden={!shown}
      lang={lang}
      dir={isRightToLeft(lang) ? 'rtl' : 'ltr'}
    >
      {shown && (
        <ul part="product-list" role="list">
          {cards.map((card) => (
            <ProductCardView
              key={card.variantId}
              card={card}
              currency={currency}
              lang={lang}
              action={settings.buttonsAction}
              cartState={cartStates[card.variantId]}
              onAdd={() => actor.send({ type: 'CART.ADD', variantId: card.variantId })}
            />
          ))}
        </ul>
      )}
      <p part="product-announcement" className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </Wrapper>
  );
}

interface ProductCardViewProps {
  card: ProductCard;
  currency: string;
  lang: string;
  action: ButtonsAction;
  cartState: CardCartState | undefined;
  onAdd: () => void;
}

function ProductCardView({ card, currency, lang, action, cartState, onAdd }: ProductCardViewProps) {
  const adding = cartState === 'adding';
  const buttonText = adding ? t(lang, 'productsAdding') : cartState === 'failed' ? t(lang, 'productsRetry') : t(lang, 'productsAdd');
  return (
    <li part="product-card" data-product-id={card.productId}>
      {card.image !== null && <img part="product-image" src={card.image} alt={card.name} loading="lazy" decoding="async" />}
      <h3 part="product-title" title={card.title === card.name ? undefined : card.name}>
        {card.title}
      </h3>
      {card.description && <p part="product-description">{card.description}</p>}
      <p part="product-price">
        {card.compareAtPrice !== null && <span className="visually-hidden">{t(lang, 'productsNow')}</span>}
        <span part="product-price-now">{formatPrice(card.price, currency, lang)}</span>
        {card.compareAtPrice !== null && (
          <s part="product-compare-at-price">
            <span className="visually-hidden">{t(lang, 'productsWas')} </span>
            {formatPrice(card.compareAtPrice, currency, lang)}
          </s>
        )}
      </p>
      {card.stock !== null && card.stock > 0 && <p part="product-stock">{t(lang, 'productsLeft', { count: String(card.stock) })}</p>}
      {(action === 'add_to_cart' || action === 'add_to_cart_redirect') && (
        <>
          <button
            type="button"
            part="product-button"
            data-state={cartState ?? 'idle'}
            aria-disabled={adding || undefined}
            onClick={() => !adding && onAdd()}
          >
            {buttonText}
            <span className="visually-hidden">: {card.name}</span>
          </button>
          <p part="product-outcome" data-outcome={cartState ?? ''}>
            {cartState !== undefined && cartState !== 'adding' ? t(lang, OUTCOME_TEXT[cartState]) : ''}
          </p>
        </>
      )}
      {(action === 'redirect' || action === 'redirect_blank') && card.url !== null && (
        <a
          part="product-button"
          // Checked already: the card's reader took only http(s), `//host` or a path (shared/logic/products.ts).
          href={card.url}
          {...(action === 'redirect_blank' ? { target: '_blank', rel: 'noopener' } : {})}
        >
          {t(lang, 'productsView')}
          <span className="visually-hidden">
            : {card.name}
            {action === 'redirect_blank' ? ` ${t(lang, 'productsNewTab')}` : ''}
          </span>
        </a>
      )}
    </li>
  );
}
