import { isCartCall } from '../../shared/logic/cart.ts';

/**
 * Notices the page's own cart calls (widget spec section 4 "Cart watching"): `fetch` and
 * `XMLHttpRequest` POSTs to the Shopify-style cart/add, change, update and clear (shared/logic/cart.ts
 * `isCartCall`), as themes make them. `onCall` runs once such a call has completed (answered or
 * failed), when the store's cart already holds its change. Costs one URL check per request of the
 * page and nothing else: no timer, no listener but on cart calls. Returns what stops it.
 *
 * A script that kept its own reference to `fetch` before the widget loaded is not seen; a form
 * posted to /cart/add leaves the page, and the next page reads the cart at start.
 */
export function watchCartCalls(onCall: () => void): () => void {
  let active = true;
  const notice = () => active && onCall();
  const pageFetch = window.fetch;
  const watchedFetch: typeof fetch = (input, init) => {
    const request = pageFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (isCartCall(url, method, location.href)) void request.then(notice, notice);
    return request;
  };
  window.fetch = watchedFetch;

  const xhr = XMLHttpRequest.prototype;
  const { open, send } = xhr;
  const cartRequests = new WeakSet<XMLHttpRequest>();
  const watchedOpen = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    cartRequests[isCartCall(String(url), method, location.href) ? 'add' : 'delete'](this);
    return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
  } as typeof xhr.open;
  const watchedSend = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    if (cartRequests.has(this)) this.addEventListener('loadend', notice, { once: true });
    return send.call(this, body);
  };
  xhr.open = watchedOpen;
  xhr.send = watchedSend;

  return () => {
    active = false;
    // Put back only what is still ours: a script that wrapped them after us keeps its wrapper (which now passes through).
    if (window.fetch === watchedFetch) window.fetch = pageFetch;
    if (xhr.open === watchedOpen) xhr.open = open;
    if (xhr.send === watchedSend) xhr.send = send;
  };
}
