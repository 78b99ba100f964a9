/**
 * Bad input of every kind: nothing a client sends may crash the server or reach past the roots,
 * and every refusal is exact (status and message naming the field). Also CORS, static files, CSP.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { DEMO_CSP, SERVER } from '../../../demo/server/constants.ts';
import { parseVideoUrl, VIDEO_EMBED_ORIGINS, videoEmbedUrl } from '../../../shared/logic/video-url.ts';
import { call, displayBody, harnessPerSuite, PLAIN, postJson, rawRequest } from './helpers.ts';
import { API_ERROR_CODE } from '../../../shared/api/error-codes.ts';
import { API_LIMITS } from '../../../shared/api/schemas.ts';

const h = harnessPerSuite();

const DISPLAY = '/api/display/demo-client';

/** Every JSON endpoint with a path that exists. */
const JSON_ENDPOINTS = [
  DISPLAY,
  `/api/display/viewed/${PLAIN.poptin_id}`,
  `/api/display/conversion/${PLAIN.viewer_id}`,
  `/api/display/closed/${PLAIN.poptin_id}`,
  '/api/display/conversion-activities/demo-client',
  '/api/display/total-website-session/demo-client',
  '/api/display/wix/save-ordered-products',
  '/cart/add.js',
  '/cart/update.js',
  '/api/display/shopify/browse-abandonment',
];

describe('malformed and mistyped bodies', () => {
  for (const path of JSON_ENDPOINTS) {
    test(`${path}: malformed JSON is 400`, async () => {
      for (const text of ['{', '{"domain":', 'undefined', "{'a':1}", '', '[1,]', '\u0000']) {
        const res = await postJson(h.base, path, text);
        assert.equal(res.status, 400, `body ${JSON.stringify(text)}`);
        assert.deepEqual(res.json, { error: 'malformed JSON', code: 'invalid_request' });
      }
    });
  }

  const wrong: Array<[string, unknown, string]> = [
    ['a number for domain', displayBody({ domain: 123 }), 'domain: expected a string'],
    ['no domain', { url: 'https://x/' }, 'domain: is required'],
    ['an empty domain', displayBody({ domain: '' }), 'domain: must not be empty'],
    ['a number cookie', displayBody({ cookies: { foo: 1 } }), 'cookies.foo: expected a string'],
    ['an odd cookie name', displayBody({ cookies: { 'a b': {} } }), 'cookies["a b"]: expected a string'],
    ['cookies as a list', displayBody({ cookies: ['a'] }), 'cookies: expected an object'],
    ['a string cart total', displayBody({ cart: { total_price: '10', item_count: 1 } }), 'cart.total_price: expected a number'],
    ['a fractional item count', displayBody({ cart: { total_price: 10, item_count: 1.5 } }), 'cart.item_count: expected an integer'],
    ['a negative cart total', displayBody({ cart: { total_price: -1, item_count: 0 } }), 'cart.total_price: must be at least 0'],
    ['a visited page number', displayBody({ visited_pages: ['/a', 2] }), 'visited_pages[1]: expected a string'],
    ['converted values as one string', displayBody({ converted: 'token' }), 'converted: expected an array'],
    ['a number among the converted values', displayBody({ converted: [1] }), 'converted[0]: expected a string'],
    ['a very long preview token', displayBody({ preview_token: 'p'.repeat(5000) }), 'preview_token: must be at most 4096 characters'],
    ['a very long url', displayBody({ url: 'x'.repeat(5000) }), 'url: must be at most 4096 characters'],
    ['an array body', [displayBody()], 'body: expected an object'],
    ['a null body', null, 'body: expected an object'],
    ['a string body', 'just text', 'body: expected an object'],
  ];
  for (const [name, body, error] of wrong) {
    test(`display: ${name} is 400 "${error}"`, async () => {
      const res = await postJson(h.base, DISPLAY, JSON.stringify(body));
      assert.equal(res.status, 400);
      assert.deepEqual(res.json, { error, code: API_ERROR_CODE.INVALID_REQUEST });
    });
  }

  test('too many cookies is 400', async () => {
    const cookies = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`c${i}`, 'v']));
    const res = await postJson(h.base, DISPLAY, displayBody({ cookies }));
    assert.equal(res.status, 400);
    assert.equal(res.json.error, 'cookies: must have at most 200 keys');
  });

  test('JSON nested deeper than the limit is 400, not a stack overflow', async () => {
    const deep = '['.repeat(SERVER.BODY_MAX_BYTES / 2 - 10) + ']'.repeat(SERVER.BODY_MAX_BYTES / 2 - 10);
    const res = await postJson(h.base, DISPLAY, deep);
    assert.equal(res.status, 400);
    assert.equal(res.json.error, `JSON nested deeper than ${API_LIMITS.JSON_MAX_DEPTH} levels`);
    const nested = JSON.stringify(displayBody({ triggers: JSON.parse('['.repeat(API_LIMITS.JSON_MAX_DEPTH) + ']'.repeat(API_LIMITS.JSON_MAX_DEPTH)) }));
    assert.equal((await postJson(h.base, DISPLAY, nested)).status, 400);
  });

  test('bytes that are not UTF-8 are 400', async () => {
    const res = await call(h.base, DISPLAY, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    assert.equal(res.status, 400);
    assert.equal(res.json.error, 'body is not valid UTF-8');
  });

  test('__proto__ and constructor keys stay plain data and pollute nothing', async () => {
    const text = '{"domain":"a","url":"b","cookies":{"__proto__":"x","constructor":"y"},"__proto__":{"polluted":true}}';
    const res = await postJson(h.base, DISPLAY, text);
    assert.equal(res.status, 200);
    const bad = await postJson(h.base, DISPLAY, '{"domain":"a","url":"b","cookies":{"__proto__":{"polluted":true}}}');
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error, 'cookies.__proto__: expected a string');
    const form = await call(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, {
      method: 'POST',
      body: new URLSearchParams({ conversion_key: 'key-proto-0001', poptin_id: PLAIN.poptin_id, __proto__: 'x', constructor: 'y' }),
    });
    assert.equal(form.status, 200);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});

describe('size, content type, routes, methods', () => {
  test(`a body over ${SERVER.BODY_MAX_BYTES} bytes is 413; exactly the limit is read`, async () => {
    const over = await postJson(h.base, DISPLAY, 'x'.repeat(SERVER.BODY_MAX_BYTES + 1));
    assert.equal(over.status, 413);
    assert.equal(over.json.error, `body is larger than ${SERVER.BODY_MAX_BYTES} bytes`);
    assert.equal(over.headers.get('access-control-allow-origin'), '*');
    const base = JSON.stringify(displayBody({ pad: '' }));
    const exact = JSON.stringify(displayBody({ pad: 'p'.repeat(SERVER.BODY_MAX_BYTES - base.length) }));
    assert.equal(Buffer.byteLength(exact), SERVER.BODY_MAX_BYTES);
    assert.equal((await postJson(h.base, DISPLAY, exact)).status, 200);
  });

  test('an oversized chunked body (no Content-Length) is 413 too', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > SERVER.BODY_MAX_BYTES * 4) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const res = await call(h.base, DISPLAY, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    assert.equal(res.status, 413);
  });

  for (const [name, type] of [
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['form on a JSON-only endpoint', 'application/x-www-form-urlencoded'],
    ['none', undefined],
  ] as const) {
    test(`content type ${name} is 415`, async () => {
      const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
      const res = await call(h.base, DISPLAY, { method: 'POST', headers, body: type ? JSON.stringify(displayBody()) : new Blob([JSON.stringify(displayBody())]) });
      assert.equal(res.status, 415);
      assert.equal(res.json.error, 'content type must be application/json');
    });
  }

  test('the conversion call names both of its content types', async () => {
    const res = await call(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    assert.equal(res.status, 415);
    assert.equal(res.json.error, 'content type must be application/x-www-form-urlencoded or application/json');
  });

  test('JSON with a charset parameter is fine', async () => {
    const res = await postJson(h.base, DISPLAY, displayBody(), { 'Content-Type': 'application/json; charset=utf-8' });
    assert.equal(res.status, 200);
  });

  test('unknown API routes are 404 JSON', async () => {
    for (const path of ['/api', '/api/', '/api/nothing', '/api/display', '/api/display/demo-client/extra', '/api/display/viewed/a/b']) {
      const res = await call(h.base, path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      assert.equal(res.status, path === '/api' ? 405 : 404, path); // '/api' is a page path: static, POST not allowed
      if (path !== '/api') assert.deepEqual(res.json, { error: 'not found', code: 'not_found' }, path);
    }
  });

  test('a wrong method is 405 with Allow', async () => {
    const get = await call(h.base, DISPLAY);
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST, OPTIONS');
    assert.equal(get.json.error, 'method GET not allowed');
    const del = await call(h.base, `/api/display/click/${PLAIN.poptin_id}`, { method: 'DELETE' });
    assert.equal(del.status, 405);
    assert.equal(del.headers.get('allow'), 'GET, HEAD, OPTIONS');
    const post = await call(h.base, '/index.html', { method: 'POST', body: 'x' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
    const cart = await call(h.base, '/cart.js', { method: 'PUT', body: 'x' });
    assert.equal(cart.status, 405);
  });

  test('ids that cannot exist are 404 before anything is read', async () => {
    for (const id of ['%3Cscript%3E', '%E0%A4%A', 'a'.repeat(65), '%20', 'a%2Fb']) {
      const res = await rawRequest(h.base, `/api/display/viewed/${id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      assert.equal(res.status, 404, id);
      assert.deepEqual(JSON.parse(res.text), { error: 'unknown poptin id', code: 'unknown_poptin' });
    }
  });
});

describe('CORS', () => {
  for (const path of [DISPLAY, `/api/display/viewed/${PLAIN.poptin_id}`, `/api/display/conversion/${PLAIN.viewer_id}`, `/api/display/click/${PLAIN.poptin_id}`]) {
    test(`OPTIONS ${path} is a 204 preflight for any origin`, async () => {
      const res = await call(h.base, path, {
        method: 'OPTIONS',
        headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      });
      assert.equal(res.status, 204);
      assert.equal(res.text, '');
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.match(res.headers.get('access-control-allow-methods') ?? '', /\bPOST\b/);
      assert.match(res.headers.get('access-control-allow-headers') ?? '', /^Content-Type$/i);
      assert.equal(res.headers.get('access-control-max-age'), String(SERVER.PREFLIGHT_MAX_AGE_S));
    });
  }

  test('errors of visitor endpoints carry CORS too, so the widget can read them', async () => {
    const res = await postJson(h.base, DISPLAY, '{');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
  });

  test('the cart, pages and admin get no preflight', async () => {
    assert.equal((await call(h.base, '/cart/add.js', { method: 'OPTIONS' })).status, 405);
    assert.equal((await call(h.base, '/api/nothing', { method: 'OPTIONS' })).status, 404);
  });
});

describe('static files', () => {
  test('/kite/ serves dist with content types and CORS', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/kite/widget.js', /^text\/javascript/],
      ['/kite/widget.js.map', /^application\/json/],
      ['/kite/custom-elements.json', /^application\/json/],
      ['/kite/kite.css', /^text\/css/],
    ];
    for (const [path, type] of cases) {
      const res = await call(h.base, path);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', type, path);
      assert.equal(res.headers.get('access-control-allow-origin'), '*', path);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
    }
    assert.equal((await call(h.base, '/kite/widget.js')).text, 'console.log("widget");\n');
  });

  test('pages: / is index.html, /store is store.html, /shop is shop/index.html, with the strict CSP', async () => {
    for (const [path, title] of [['/', 'Home'], ['/index.html', 'Home'], ['/store', 'Store'], ['/store.html', 'Store'], ['/shop', 'Shop'], ['/shop/', 'Shop']]) {
      const res = await call(h.base, path!);
      assert.equal(res.status, 200, path);
      assert.match(res.text, new RegExp(`<title>${title}</title>`), path);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(res.headers.get('content-security-policy'), DEMO_CSP);
    }
    assert.equal(
      DEMO_CSP,
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
        'frame-src https://www.youtube-nocookie.com https://player.vimeo.com; ' +
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  test('CSP: no eval or inline code; frames exactly from the video players the demo pages embed', () => {
    const directives = new Map(DEMO_CSP.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
    for (const [name, sources] of directives) {
      for (const unsafe of ["'unsafe-eval'", "'unsafe-inline'", "'wasm-unsafe-eval'", '*']) assert.ok(!sources.includes(unsafe), `${name} ${unsafe}`);
    }
    // Every video the demo pages link to or play, as the lightbox and kite-player embed it.
    const pages = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? pages(join(dir, entry.name)) : entry.name.endsWith('.html') ? [join(dir, entry.name)] : [],
      );
    const embedded = new Set<string>();
    for (const file of pages('demo/public')) {
      const html = readFileSync(file, 'utf8');
      for (const [, href] of html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)) {
        const video = parseVideoUrl(href!);
        if (video) embedded.add(new URL(videoEmbedUrl(video)).origin);
      }
      if (/\sdata-youtube=/.test(html)) embedded.add(VIDEO_EMBED_ORIGINS.youtube);
    }
    assert.deepEqual([...embedded].sort(), [VIDEO_EMBED_ORIGINS.youtube, VIDEO_EMBED_ORIGINS.vimeo].sort(), 'the demo embeds both players');
    assert.deepEqual([...directives.get('frame-src')!].sort(), [...embedded].sort());
  });

  test('HEAD answers headers only', async () => {
    const res = await call(h.base, '/store', { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(res.text, '');
  });

  test('unknown files are 404 text', async () => {
    for (const path of ['/nope', '/nope.html', '/kite/nope.js', '/kite/', '/kite']) {
      const res = await call(h.base, path);
      assert.equal(res.status, 404, path);
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain/, path);
    }
  });

  const traversal = [
    '/kite/../package.json',
    '/kite/../../package.json',
    '/kite/%2e%2e/package.json',
    '/kite/%2E%2E/%2E%2E/package.json',
    '/kite/..%2fpackage.json',
    '/kite/..%2F..%2Foutside.txt',
    '/kite/..%5coutside.txt',
    '/kite/..\\outside.txt',
    '/../outside.txt',
    '/%2e%2e/outside.txt',
    '/%2e%2e%2foutside.txt',
    '/..%2f..%2f..%2fetc%2fpasswd',
    '/kite/%252e%252e/outside.txt',
    '/kite/%c0%ae%c0%ae/outside.txt',
    '/kite/widget.js%00.html',
    '/.secret',
    '/%2esecret',
    '//etc/passwd',
    '/kite//etc/passwd',
  ];
  for (const path of traversal) {
    test(`traversal ${path} is refused`, async () => {
      const res = await rawRequest(h.base, path);
      assert.ok(res.status === 404 || res.status === 400, `${path}: ${res.status}`);
      assert.doesNotMatch(res.text, /outside the roots|kite-elements|root:|hidden/);
    });
  }
});

describe('protocol garbage', () => {
  test('a request line that is not HTTP gets 400 and the server goes on', async () => {
    const { hostname, port } = new URL(h.base);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write('HELLO THERE\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    assert.match(reply, /^HTTP\/1\.1 400/);
  });

  test('an absolute-form request target is reduced to its path', async () => {
    const res = await rawRequest(h.base, 'http://elsewhere.example/store');
    assert.equal(res.status, 200);
  });
});

describe('a failing handler', () => {
  test('is a 500 JSON answer, logged, and the server goes on', async () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      await h.server.db.exec('ALTER TABLE closes RENAME TO closes_gone');
      const res = await postJson(h.base, `/api/display/closed/${PLAIN.poptin_id}`, { client_id: 'demo-client', url: 'u' });
      assert.equal(res.status, 500);
      assert.deepEqual(res.json, { error: 'internal error' });
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.equal(logged.length, 1);
    } finally {
      console.error = original;
      await h.server.db.exec('ALTER TABLE closes_gone RENAME TO closes');
    }
  });
});

describe('after all of the above', () => {
  test('the server still answers', async () => {
    const res = await postJson(h.base, DISPLAY, displayBody());
    assert.equal(res.status, 200);
    assert.equal(res.json.display, true);
    const page = await call(h.base, '/');
    assert.equal(page.status, 200);
  });
});
