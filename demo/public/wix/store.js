// The Wix-style demo store's own page code (not Kite): its "Add to cart" buttons and its cart
// page, through the same ecommerce calls the widget uses (carts/current, carts,
// carts/{id}/add-to-cart on this origin). Without JavaScript the product pages still read.
const CARTS = '/_api/ecom/v1/carts';
const APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

async function currentCart() {
  const response = await fetch(`${CARTS}/current`, { headers: { Accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`cart: HTTP ${response.status}`);
  return (await response.json()).cart;
}

async function addToCart(productId, variantId) {
  const lineItems = [{ catalogReference: { appId: APP_ID, catalogItemId: productId, options: { variantId } }, quantity: 1 }];
  const cart = await currentCart();
  const response = await fetch(cart ? `${CARTS}/${encodeURIComponent(cart.id)}/add-to-cart` : CARTS, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ lineItems }),
  });
  const answer = await response.json().catch(() => ({}));
  return response.ok ? 'Added to your cart.' : answer.message || 'Could not add to your cart.';
}

for (const button of document.querySelectorAll('[data-add-to-cart]')) {
  button.addEventListener('click', async () => {
    const status = document.getElementById(button.getAttribute('aria-describedby'));
    status.textContent = await addToCart(button.dataset.product, button.dataset.variant).catch((error) => error.message);
  });
}

const cartList = document.getElementById('cart-lines');
if (cartList) {
  currentCart()
    .then((cart) => {
      const lines = cart?.lineItems ?? [];
      cartList.replaceChildren(
        ...lines.map((line) => {
          const item = document.createElement('li');
          item.textContent = `${line.productName.original} (${line.descriptionLines[0]?.plainText.original ?? ''}) × ${line.quantity}: €${line.price.amount}`;
          return item;
        }),
      );
      document.getElementById('cart-summary').textContent = lines.length ? `Subtotal: €${cart.subtotal.amount}` : 'Your cart is empty.';
    })
    .catch((error) => (document.getElementById('cart-summary').textContent = error.message));
}

// The shop's own cookie bar (a site's consent manager, not Kite). The widget waits for it
// (data-consent="required"): Kite keeps nothing, not even the products seen, before "Accept".
// The shopper's choice is the shop's to remember, for its next pages.
const COOKIE_CHOICE_KEY = 'kite-wind-shop-cookies';
const cookieBar = document.querySelector('[data-cookie-bar]');

/** Tells the widget, whether it has loaded yet or not (widget.js reads `consented` when it starts). */
function grantToWidget() {
  const kite = (window.kite ??= {});
  if (kite.consent) kite.consent(true);
  else kite.consented = true;
}

if (cookieBar) {
  const choice = localStorage.getItem(COOKIE_CHOICE_KEY);
  if (choice === 'accepted') grantToWidget();
  cookieBar.hidden = choice !== null;
  for (const button of cookieBar.querySelectorAll('[data-cookies]')) {
    button.addEventListener('click', () => {
      const accepted = button.dataset.cookies === 'accept';
      localStorage.setItem(COOKIE_CHOICE_KEY, accepted ? 'accepted' : 'declined');
      cookieBar.hidden = true;
      // The button goes with the bar: keyboard focus moves on to the page's heading, not back to <body>.
      const heading = document.querySelector('main h1');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
      if (accepted) grantToWidget();
    });
  }
}
