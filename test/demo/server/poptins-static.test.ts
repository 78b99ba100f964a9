// The demo's pop-up records served read-only at /poptins/ for the gallery pages: the files
// themselves as JSON, nothing else from the disk, and no way to change them over HTTP.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { call, harnessPerSuite, PLAIN, rawRequest } from './helpers.ts';

// A link inside the records folder that leads out of it.
const h = harnessPerSuite(undefined, {}, ({ root, poptinsDir }) => symlinkSync(join(root, 'outside.txt'), join(poptinsDir, 'escape.json')));

describe('/poptins/', () => {
  test('GET answers a record file as JSON, byte for byte', async () => {
    const res = await call(h.base, `/poptins/${PLAIN.poptin_id}.json`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.text, readFileSync(join(h.poptinsDir, `${PLAIN.poptin_id}.json`), 'utf8'));
    assert.equal(res.json.poptin_id, PLAIN.poptin_id);
  });

  test('HEAD answers the headers without a body', async () => {
    const res = await call(h.base, `/poptins/${PLAIN.poptin_id}.json`, { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(res.text, '');
    assert.ok(Number(res.headers.get('content-length')) > 0);
  });

  test('files the seeding skips are still only files: a broken one is served as it is, not parsed', async () => {
    const res = await call(h.base, '/poptins/broken.json');
    assert.equal(res.status, 200);
    assert.equal(res.text, '{ not json');
  });

  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    test(`${method} is refused with 405 and the file is unchanged`, async () => {
      const before = readFileSync(join(h.poptinsDir, `${PLAIN.poptin_id}.json`), 'utf8');
      const res = await call(h.base, `/poptins/${PLAIN.poptin_id}.json`, { method, body: '{}', headers: { 'Content-Type': 'application/json' } });
      assert.equal(res.status, 405);
      assert.equal(res.headers.get('allow'), 'GET, HEAD');
      assert.equal(readFileSync(join(h.poptinsDir, `${PLAIN.poptin_id}.json`), 'utf8'), before);
    });
  }

  test('a missing file, the folder itself and a sub-path answer 404 (no listing)', async () => {
    for (const path of ['/poptins/nosuchpoptin1.json', '/poptins/', `/poptins/${PLAIN.poptin_id}.json/x`]) {
      assert.equal((await call(h.base, path)).status, 404, path);
    }
  });

  const traversal = [
    '/poptins/../outside.txt',
    '/poptins/%2e%2e/outside.txt',
    '/poptins/%2E%2E/%2E%2E/package.json',
    '/poptins/%2e%2e%2foutside.txt',
    '/poptins/..%5coutside.txt',
    '/poptins/%2e%2e/data/kite.sqlite',
    '/poptins/%2e%2e/public/index.html',
    '/poptins/.hidden.json',
    '/poptins/%00.json',
    '/poptins/%zz.json',
  ];
  for (const path of traversal) {
    test(`traversal ${path} is refused`, async () => {
      const res = await rawRequest(h.base, path);
      assert.equal(res.status, 404, `${path} answered ${res.status}: ${res.text.slice(0, 80)}`);
      assert.ok(!res.text.includes('outside the roots'));
    });
  }

  test('a symlink out of the folder is refused', async () => {
    const res = await call(h.base, '/poptins/escape.json');
    assert.equal(res.status, 404);
    assert.ok(!res.text.includes('outside the roots'));
  });

  test('the pages and the library stay where they were', async () => {
    assert.equal((await call(h.base, '/')).status, 200);
    assert.equal((await call(h.base, '/kite/widget.js')).status, 200);
  });
});
