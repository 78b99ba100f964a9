// The user documentation served read-only at /docs/, so the demo's home and gallery pages can link
// it: each Markdown file as text, nothing else from the disk.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULTS } from '../../../demo/server/constants.ts';
import { call, harnessPerSuite } from './helpers.ts';

const h = harnessPerSuite(undefined, { publicDir: resolve(DEFAULTS.PUBLIC_DIR) });

/** The /docs/ addresses the demo's pages link to. */
const linkedDocs = (page: string) => [...readFileSync(resolve(DEFAULTS.PUBLIC_DIR, page), 'utf8').matchAll(/href="(\/docs\/[^"#]+)/g)].map(([, href]) => href);

describe('/docs/', () => {
  test('a document is answered as text, byte for byte', async () => {
    const res = await call(h.base, '/docs/poptin-record.md');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(res.text, readFileSync(resolve(DEFAULTS.DOCS_DIR, 'poptin-record.md'), 'utf8'));
  });

  test('every document the home pages (English and Hebrew) and the gallery link to is there', async () => {
    const links = [...linkedDocs('index.html'), ...linkedDocs('index-he.html'), ...linkedDocs('types.html')];
    assert.ok(links.length > 0, 'the pages link the docs');
    for (const href of links) assert.equal((await call(h.base, href)).status, 200, href);
  });

  test('nothing outside the folder, and no listing', async () => {
    for (const path of ['/docs/', '/docs/../package.json', '/docs/%2e%2e/package.json', '/docs/nosuch.md']) {
      assert.equal((await call(h.base, path)).status, 404, path);
    }
  });
});
