import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer } from './helpers.ts';
import { byteRange } from '../../../demo/server/static.ts';

describe('byte ranges on static files (media seeking)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let dir: string;
  const bytes = Buffer.from(Array.from({ length: 100 }, (_, i) => i));

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kite-range-'));
    mkdirSync(join(dir, 'public', 'media'), { recursive: true });
    mkdirSync(join(dir, 'poptins'));
    writeFileSync(join(dir, 'public', 'media', 'clip.webm'), bytes);
    server = await startTestServer({ port: 0, dataDir: join(dir, 'data'), publicDir: join(dir, 'public'), poptinsDir: join(dir, 'poptins'), quiet: true });
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (range?: string) => fetch(new URL('media/clip.webm', server.url), { headers: range ? { Range: range } : {} });

  it('answers the whole file with Accept-Ranges', async () => {
    const response = await get();
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('accept-ranges'), 'bytes');
    assert.equal(response.headers.get('content-type'), 'video/webm');
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), bytes);
  });

  it('answers a range with 206 and Content-Range', async () => {
    const response = await get('bytes=10-19');
    assert.equal(response.status, 206);
    assert.equal(response.headers.get('content-range'), 'bytes 10-19/100');
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), bytes.subarray(10, 20));
    const tail = await get('bytes=-5');
    assert.equal(tail.headers.get('content-range'), 'bytes 95-99/100');
    const open = await get('bytes=90-');
    assert.equal((await open.arrayBuffer()).byteLength, 10);
  });

  it('refuses a range past the end with 416', async () => {
    const response = await get('bytes=200-300');
    assert.equal(response.status, 416);
    assert.equal(response.headers.get('content-range'), 'bytes */100');
  });

  it('parses ranges strictly', () => {
    assert.equal(byteRange(undefined, 10), null);
    assert.equal(byteRange('bytes=0-1,3-4', 10), null);
    assert.equal(byteRange('items=0-1', 10), null);
    assert.deepEqual(byteRange('bytes=5-100', 10), { start: 5, end: 9 });
    assert.equal(byteRange('bytes=7-3', 10), 'unsatisfiable');
  });
});
