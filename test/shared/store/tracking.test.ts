// The store integration's memory of the shopper (issue 18 item 4), each writer with its name,
// limit and lifetime, against a cookie jar that records every write as the browser gets it.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  accountCustomer,
  browsedProducts,
  keepBrowsedProduct,
  rememberCartProducts,
  saveBrowsedProducts,
} from '../../../shared/store/tracking.ts';
import { readRecentProductIds, rememberRecentProduct, withRecent } from '../../../shared/store/recent-products.ts';
import { BROWSE_ABANDONMENT_SOURCE, STORE_LIMITS, STORE_STORAGE } from '../../../shared/constants/store.ts';
import { COOKIE } from '../../../shared/constants/widget.ts';
import { safeStorage } from '../../../shared/storage/storage.ts';

/** Every `document.cookie` write, as written; reads answer the jar. */
const writes: string[] = [];
const jar = new Map<string, string>();
const globals = globalThis as unknown as { document?: unknown; location?: unknown };
before(() => {
  globals.location = new URL('https://shop.example/products/kite');
  globals.document = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(text: string) {
      writes.push(text);
      const [pair, ...attributes] = text.split('; ');
      const [name, value] = pair!.split('=') as [string, string];
      if (attributes.includes('Max-Age=0')) jar.delete(name);
      else jar.set(name, value);
    },
  };
});
after(() => {
  delete globals.document;
  delete globals.location;
});
beforeEach(() => {
  writes.length = 0;
  jar.clear();
  for (const key of Object.values(STORE_STORAGE)) safeStorage.remove(key);
});

const maxAgeOf = (name: string) => Number(/Max-Age=(\d+)/.exec(writes.findLast((write) => write.startsWith(`${name}=`)) ?? '')?.[1]);
const DAY_S = COOKIE.SECONDS_PER_DAY;

describe('recent products', () => {
  it('withRecent puts the id first, once, and keeps RECENT_PRODUCTS_MAX', () => {
    assert.equal(withRecent(null, '1'), '1');
    assert.equal(withRecent('1', '2'), '2,1');
    assert.equal(withRecent('2,1', '1'), '1,2');
    const full = Array.from({ length: STORE_LIMITS.RECENT_PRODUCTS_MAX }, (_, index) => String(index + 1)).join(',');
    assert.equal(withRecent(full, '9').split(',').length, STORE_LIMITS.RECENT_PRODUCTS_MAX);
    assert.equal(withRecent(full, '9').split(',')[0], '9');
  });

  it('the Shopify-style variants go to the recent-products cookie, newest first, with its lifetime', () => {
    for (const id of ['41001', '41002', '41003', '41004']) rememberRecentProduct('shopify', id);
    assert.equal(decodeURIComponent(jar.get(STORE_STORAGE.RECENT_SHOPIFY_COOKIE)!), '41004,41003,41002');
    // The last_visited reader reads what the writer wrote, the newest kept.
    assert.deepEqual(readRecentProductIds('shopify'), ['41004', '41003', '41002']);
    assert.equal(maxAgeOf(STORE_STORAGE.RECENT_SHOPIFY_COOKIE), STORE_LIMITS.PRODUCT_COOKIE_DAYS * DAY_S);
  });

  it('the Wix-style products go to local storage, not to a cookie', () => {
    for (const id of ['a', 'b', 'c', 'd']) rememberRecentProduct('wix', id);
    assert.equal(safeStorage.get(STORE_STORAGE.RECENT_WIX_KEY), 'd,c,b');
    assert.deepEqual(readRecentProductIds('wix'), ['d', 'c', 'b']);
    assert.deepEqual(writes, []);
  });
});

describe('cart products', () => {
  it('the settled cart\'s variants go to the cart-product cookie; an empty cart removes it', () => {
    rememberCartProducts({ items: [{ variant_id: '41001', product_id: '7001', quantity: 2, line_price: 5800 }, { variant_id: '41004', product_id: '7003', quantity: 1, line_price: 900 }], item_count: 3, total_price: 6700 });
    assert.equal(decodeURIComponent(jar.get(STORE_STORAGE.CART_PRODUCT_COOKIE)!), '41001,41004');
    assert.equal(maxAgeOf(STORE_STORAGE.CART_PRODUCT_COOKIE), STORE_LIMITS.PRODUCT_COOKIE_DAYS * DAY_S);
    rememberCartProducts({ items: [], item_count: 0, total_price: 0 });
    assert.equal(jar.has(STORE_STORAGE.CART_PRODUCT_COOKIE), false);
  });
});

describe('account session', () => {
  it('a customer the page names is kept ACCOUNT_SESSION_DAYS; a page that names none reads the kept one', () => {
    assert.equal(accountCustomer(null), null);
    assert.deepEqual(writes, [], 'nothing written for a guest');
    assert.equal(accountCustomer('77'), '77');
    assert.equal(maxAgeOf(STORE_STORAGE.ACCOUNT_SESSION_COOKIE), COOKIE.ACCOUNT_SESSION_DAYS * DAY_S);
    assert.equal(accountCustomer(null), '77');
  });
});

describe('browse abandonment', () => {
  let server: Server;
  let api = '';
  /** What the next save answers, and the bodies saved. */
  const answer = { status: 200 };
  const saved: unknown[] = [];
  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk));
      req.on('end', () => {
        if (answer.status === 200) saved.push(JSON.parse(body));
        res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ success: answer.status === 200 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const kite = (id: string) => ({ product_id: id, product_name: `Kite ${id}`, category: 'Kites' });

  it('keeps each product once, the newest last, at most BROWSED_PRODUCTS_MAX; a damaged list reads as empty', () => {
    keepBrowsedProduct(kite('1'));
    keepBrowsedProduct(kite('2'));
    keepBrowsedProduct(kite('1'));
    assert.deepEqual(browsedProducts().map((product) => product.product_id), ['2', '1']);
    for (let id = 0; id < STORE_LIMITS.BROWSED_PRODUCTS_MAX + 5; id += 1) keepBrowsedProduct(kite(`p${id}`));
    assert.equal(browsedProducts().length, STORE_LIMITS.BROWSED_PRODUCTS_MAX);
    keepBrowsedProduct({ ...kite('long'), product_name: 'x'.repeat(STORE_LIMITS.PRODUCT_TEXT_MAX_CHARS * 2) });
    assert.equal(browsedProducts().at(-1)!.product_name.length, STORE_LIMITS.PRODUCT_TEXT_MAX_CHARS);
    safeStorage.set(STORE_STORAGE.BROWSE_ABANDONMENT_KEY, '{ not json');
    assert.deepEqual(browsedProducts(), []);
  });

  it('saves them with client_id, customer_id, products and source_table, then forgets them', async () => {
    saved.length = 0;
    answer.status = 200;
    keepBrowsedProduct(kite('1'));
    assert.equal(await saveBrowsedProducts(api, 'demo-client', '77'), true);
    assert.deepEqual(saved, [{ client_id: 'demo-client', customer_id: '77', products: [kite('1')], source_table: BROWSE_ABANDONMENT_SOURCE }]);
    assert.deepEqual(browsedProducts(), []);
    assert.equal(await saveBrowsedProducts(api, 'demo-client', null), true, 'nothing to save');
    assert.equal(saved.length, 1, 'and nothing sent');
  });

  it('a failed save keeps them for the next one: none is dropped', async () => {
    saved.length = 0;
    keepBrowsedProduct(kite('1'));
    answer.status = 500;
    assert.equal(await saveBrowsedProducts(api, 'demo-client', null), false);
    assert.deepEqual(browsedProducts(), [kite('1')]);
    assert.equal(await saveBrowsedProducts('http://127.0.0.1:1', 'demo-client', null), false, 'a network failure');
    assert.deepEqual(browsedProducts(), [kite('1')]);
    answer.status = 200;
    assert.equal(await saveBrowsedProducts(api, 'demo-client', null), true);
    assert.deepEqual(saved, [{ client_id: 'demo-client', products: [kite('1')], source_table: BROWSE_ABANDONMENT_SOURCE }]);
    assert.deepEqual(browsedProducts(), []);
  });
});
