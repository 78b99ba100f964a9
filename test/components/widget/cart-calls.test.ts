/**
 * The cart-call watch of a store page (components/widget/cart-calls.ts) in real Chromium: the
 * page's own fetch and XMLHttpRequest POSTs to the Shopify-style cart routes are noticed once each
 * has completed; reads and other requests are not; stopping puts the page's fetch and
 * XMLHttpRequest back. The test server answers these paths 404: a completed call all the same.
 */
import { expect } from '@open-wc/testing';
import { watchCartCalls } from '../../../components/widget/cart-calls.ts';
import { waitUntil } from '../helpers.ts';

const post = (path: string) => fetch(path, { method: 'POST', body: '{}' }).then((response) => response.status);
const xhr = (method: string, path: string) =>
  new Promise<void>((resolve) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.addEventListener('loadend', () => resolve());
    request.send();
  });

describe('watchCartCalls', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    stop = null;
  });

  it('notices a fetch POST to cart/add.js, change.js, update.js and clear.js once each has completed, the page still getting its answer', async () => {
    let calls = 0;
    stop = watchCartCalls(() => (calls += 1));
    const pending = post('/cart/add.js');
    expect(calls).to.equal(0, 'not before the answer');
    expect(await pending).to.be.a('number');
    await waitUntil(() => calls === 1, 'the add noticed');
    for (const path of ['/cart/change.js', '/cart/update.js', '/cart/clear', '/fr/cart/add.js']) await post(path);
    await waitUntil(() => calls === 5, 'each call noticed');
    await fetch(new Request('/cart/add.js', { method: 'POST', body: '{}' }));
    await waitUntil(() => calls === 6, 'a Request object too');
  });

  it('notices an XMLHttpRequest POST to a cart route, as older themes send it', async () => {
    let calls = 0;
    stop = watchCartCalls(() => (calls += 1));
    await xhr('POST', '/cart/clear.js');
    await waitUntil(() => calls === 1, 'the XHR noticed');
  });

  it('ignores the cart read, GETs, other paths and other origins', async () => {
    let calls = 0;
    stop = watchCartCalls(() => (calls += 1));
    await fetch('/cart.js');
    await fetch('/cart/add.js');
    await post('/api/cart/add.js');
    await xhr('GET', '/cart/add.js');
    await xhr('POST', '/cart.js');
    await fetch('http://127.0.0.1:9/cart/add.js', { method: 'POST' }).catch(() => undefined);
    // A last cart call, so the ones before had every chance to be noticed.
    await post('/cart/add.js');
    await waitUntil(() => calls > 0, 'the last call');
    expect(calls).to.equal(1);
  });

  it('puts fetch and XMLHttpRequest back when stopped, and notices nothing after', async () => {
    const pageFetch = window.fetch;
    const { open, send } = XMLHttpRequest.prototype;
    let calls = 0;
    const stopWatching = watchCartCalls(() => (calls += 1));
    expect(window.fetch).not.to.equal(pageFetch);
    stopWatching();
    expect(window.fetch).to.equal(pageFetch);
    expect(XMLHttpRequest.prototype.open).to.equal(open);
    expect(XMLHttpRequest.prototype.send).to.equal(send);
    await post('/cart/add.js');
    await xhr('POST', '/cart/add.js');
    expect(calls).to.equal(0);
  });

  it("leaves a wrapper another script put on XMLHttpRequest after it, as it leaves one on fetch", () => {
    const { open, send } = XMLHttpRequest.prototype;
    const stopWatching = watchCartCalls(() => {});
    const watchedSend = XMLHttpRequest.prototype.send;
    const theirs = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      return watchedSend.call(this, body);
    };
    XMLHttpRequest.prototype.send = theirs;
    try {
      stopWatching();
      expect(XMLHttpRequest.prototype.send).to.equal(theirs);
      expect(XMLHttpRequest.prototype.open).to.equal(open);
    } finally {
      XMLHttpRequest.prototype.send = send;
    }
  });
});
