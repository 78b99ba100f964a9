// How the server a site owner runs delivers files: text compressed (brotli, else gzip) with an
// ETag for cheap revalidation, hashed chunks cached for a year, records readable from any origin,
// media untouched so ranges keep working.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SERVER } from '../../../demo/server/constants.ts';
import { PLAIN, harnessPerSuite } from './helpers.ts';

/** A script well past the compression threshold, repetitive as minified code is. */
const SCRIPT = Buffer.from(`export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`);
const CHUNK = 'chunks/view-Ab3_x-9Z.js';
const MEDIA = Buffer.alloc(SERVER.COMPRESS_MIN_BYTES * 4, 7);
const PAGE = `<!doctype html><html lang="en"><title>Products</title>${'<p>A page of the site.</p>'.repeat(100)}</html>`;

const h = harnessPerSuite(undefined, {}, ({ root }) => {
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'chunks'), { recursive: true });
  writeFileSync(join(dist, CHUNK), SCRIPT);
  writeFileSync(join(dist, 'kite.js'), SCRIPT);
  mkdirSync(join(root, 'public', 'media'), { recursive: true });
  writeFileSync(join(root, 'public', 'media', 'clip.webm'), MEDIA);
  writeFileSync(join(root, 'public', 'products.html'), PAGE);
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET as a browser sends it, with the raw bytes of the answer (no decompression on the way). */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const { hostname, port } = new URL(h.base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static files as a site owner serves them', () => {
  test('a script goes out brotli-compressed to a browser that takes brotli, and decompresses to the file', async () => {
    const res = await get('/kite/kite.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers.vary, 'Accept-Encoding');
    assert.equal(Number(res.headers['content-length']), res.body.length);
    assert.ok(res.body.length < SCRIPT.length / 4, `${res.body.length} B compressed of ${SCRIPT.length} B`);
    assert.deepEqual(brotliDecompressSync(res.body), SCRIPT);
  });

  test('gzip when the browser takes only gzip; as it is when it takes neither, or refuses both with q=0', async () => {
    const gzip = await get('/kite/kite.js', { 'Accept-Encoding': 'gzip' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gzip.body), SCRIPT);
    for (const accepted of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/kite/kite.js', accepted ? { 'Accept-Encoding': accepted } : {});
      assert.equal(plain.headers['content-encoding'], undefined, String(accepted));
      assert.deepEqual(plain.body, SCRIPT);
    }
  });

  test('a revalidation with the ETag costs a 304 without a body', async () => {
    const first = await get('/kite/kite.js', { 'Accept-Encoding': 'br' });
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[\w-]+"$/);
    const again = await get('/kite/kite.js', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers.etag, etag);
  });

  test('a hashed chunk is cached for a year without revalidation; an entry is revalidated each time', async () => {
    const chunk = await get(`/kite/${CHUNK}`);
    assert.equal(chunk.headers['cache-control'], `public, max-age=${SERVER.IMMUTABLE_MAX_AGE_S}, immutable`);
    const entry = await get('/kite/kite.js');
    assert.equal(entry.headers['cache-control'], 'no-cache');
  });

  test('pages are compressed too; a small file goes out as it is', async () => {
    const page = await get('/products', { 'Accept-Encoding': 'br' });
    assert.equal(page.status, 200);
    assert.equal(page.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(page.body).toString('utf8'), PAGE);
    const small = await get('/', { 'Accept-Encoding': 'br' });
    assert.equal(small.headers['content-encoding'], undefined);
    assert.match(small.body.toString('utf8'), /<title>Home<\/title>/);
  });

  test('media is sent as it is, and a range still answers 206', async () => {
    const whole = await get('/media/clip.webm', { 'Accept-Encoding': 'br, gzip' });
    assert.equal(whole.headers['content-encoding'], undefined);
    assert.deepEqual(whole.body, MEDIA);
    const part = await get('/media/clip.webm', { 'Accept-Encoding': 'br, gzip', Range: 'bytes=0-9' });
    assert.equal(part.status, 206);
    assert.equal(part.body.length, 10);
  });

  test('a pop-up record under /poptins/ can be read from another origin (<kite-poptin src> on a site that is not this server)', async () => {
    const res = await get(`/poptins/${PLAIN.poptin_id}.json`, { Origin: 'https://shop.example' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['access-control-allow-origin'], '*');
  });
});
