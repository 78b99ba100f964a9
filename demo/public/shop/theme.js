// The demo store's theme script (issue 18 item 8): what a Shopify theme's own JavaScript does,
// written against the store's Ajax Cart API (/cart.js, /cart/add.js, /cart/change.js,
// /cart/update.js, /cart/clear.js), with fetch and, for the clear button, XMLHttpRequest as older
// jQuery themes do. The widget is not called from here: it notices these calls itself.
// Text only through textContent; no inline style (the demo pages run under a strict CSP).

const status = document.querySelector('[data-shop-status]');
const say = (text) => {
  // Emptied first, so the same message said twice is announced twice.
  status.textContent = '';
  requestAnimationFrame(() => (status.textContent = text));
};

let currency = 'USD';
const format = (cents) => new Intl.NumberFormat(document.documentElement.lang || 'en', { style: 'currency', currency }).format(cents / 100);

async function cartCall(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.description || answer.error || `HTTP ${response.status}`);
  return answer;
}

async function readCart() {
  const cart = await (await fetch('/cart.js', { headers: { Accept: 'application/json' } })).json();
  currency = cart.currency || currency;
  for (const count of document.querySelectorAll('[data-cart-count]')) count.textContent = String(cart.item_count);
  return cart;
}

const element = (name, props = {}, ...children) => {
  const node = Object.assign(document.createElement(name), props);
  node.append(...children);
  return node;
};

/** The catalogue page: the store's products, each linking to its page. */
async function showCatalogue(list) {
  const { products } = await (await fetch('/products.json')).json();
  for (const product of products) {
    const variant = product.variants[0];
    const price = element('p', { className: 'shop-price' }, format(Math.round(Number(variant.price) * 100)));
    list.append(
      element(
        'li',
        {},
        element('img', { src: product.image.src, alt: '' }),
        element('h2', {}, element('a', { href: `/shop/products/${product.handle}` }, product.title)),
        price,
      ),
    );
  }
}

/** A product page: its price, the variant it shows, and the add-to-cart form. */
async function showProduct(article) {
  const form = article.querySelector('[data-add-to-cart]');
  const select = form.querySelector('[data-variant]');
  const { products } = await (await fetch('/products.json')).json();
  const product = products.find((candidate) => String(candidate.id) === article.dataset.kiteProductId);
  const showPrice = () => {
    const variant = product.variants.find((candidate) => String(candidate.id) === select.value);
    const price = article.querySelector('[data-price]');
    price.replaceChildren(format(Math.round(Number(variant.price) * 100)));
    if (variant.compare_at_price) price.append(element('s', {}, format(Math.round(Number(variant.compare_at_price) * 100))));
    article.dataset.kiteVariantId = select.value;
  };
  select.addEventListener('change', showPrice);
  showPrice();
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button');
    button.disabled = true;
    try {
      await cartCall('/cart/add.js', { items: [{ id: Number(select.value), quantity: Number(form.elements.quantity.value) }] });
      await readCart();
      say(`Added ${product.title} to the cart.`);
    } catch (error) {
      say(`Not added: ${error.message}`);
    } finally {
      button.disabled = false;
    }
  });
}

/** The cart page: each line with buttons to change its quantity or remove it, and the totals. */
async function showCart(table) {
  const cart = await readCart();
  const lines = table.querySelector('[data-cart-lines]');
  lines.replaceChildren();
  table.hidden = cart.items.length === 0;
  document.querySelector('[data-cart-empty]').hidden = cart.items.length > 0;
  document.querySelector('[data-cart-clear]').disabled = cart.items.length === 0;
  for (const item of cart.items) {
    const change = (quantity, path) => async () => {
      try {
        // The quantity buttons use /cart/update.js, Remove uses /cart/change.js: themes use both.
        await (path === 'change' ? cartCall('/cart/change.js', { id: item.variant_id, quantity }) : cartCall('/cart/update.js', { updates: { [item.variant_id]: quantity } }));
        say(quantity === 0 ? `Removed ${item.title}.` : `${item.title}: ${quantity}.`);
      } catch (error) {
        say(`Not changed: ${error.message}`);
      }
      await showCart(table);
    };
    const button = (text, label, onClick) => {
      const node = element('button', { type: 'button' }, text);
      node.setAttribute('aria-label', label);
      node.addEventListener('click', onClick);
      return node;
    };
    lines.append(
      element(
        'tr',
        {},
        element('td', {}, element('a', { href: item.url.replace('/products/', '/shop/products/') }, item.title)),
        element(
          'td',
          {},
          element(
            'span',
            { className: 'shop-quantity' },
            button('−', `One less ${item.title}`, change(item.quantity - 1)),
            element('span', {}, String(item.quantity)),
            button('+', `One more ${item.title}`, change(item.quantity + 1)),
            button('Remove', `Remove ${item.title}`, change(0, 'change')),
          ),
        ),
        element('td', {}, format(item.line_price)),
      ),
    );
  }
  const totals = document.querySelector('[data-cart-totals]');
  totals.textContent = cart.total_discount
    ? `Subtotal ${format(cart.original_total_price)}, ${cart.cart_level_discount_applications[0].title}: −${format(cart.total_discount)}. Total ${format(cart.total_price)}.`
    : `Total ${format(cart.total_price)}.`;
}

const catalogue = document.querySelector('[data-catalogue]');
const product = document.querySelector('[data-kite-product-id]');
const cartTable = document.querySelector('[data-cart]');
if (catalogue) void showCatalogue(catalogue);
if (product) void showProduct(product);
if (cartTable) {
  void showCart(cartTable);
  document.querySelector('[data-cart-clear]').addEventListener('click', () => {
    // As an older jQuery theme empties the cart: XMLHttpRequest.
    const request = new XMLHttpRequest();
    request.open('POST', '/cart/clear.js');
    request.addEventListener('loadend', () => {
      say('The cart is empty.');
      void showCart(cartTable);
    });
    request.send();
  });
} else void readCart();
