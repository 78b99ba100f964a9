/** Server hygiene: who can read the database on disk, the admin token's length, guessing it, a port already taken. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, DATA_MODES } from '../../../demo/server/constants.ts';
import { API_ERROR_CODE } from '../../../shared/api/error-codes.ts';
import { SECOND_MS } from '../../../shared/constants/time.ts';
import { adminHeaders, baseOf, call, conversionForm, harnessPerSuite, makeDirs, PLAIN, postForm, rawRequest, startHarness, startTestServer } from './helpers.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const PERMISSION_BITS = 0o777;
const modeOf = (path: string) => statSync(path).mode & PERMISSION_BITS;
const octal = (mode: number) => mode.toString(8);

describe('database files on disk', () => {
  // The embedded engine's files, so on SQLite in either run (PostgreSQL keeps its files itself).
  test('the SQLite data directory is owner-only, and the database, its WAL and its shared memory are readable by the owner only', async () => {
    const dirs = makeDirs();
    const h = await startHarness(dirs, { databaseUrl: undefined });
    try {
      const res = await postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, 'key-perms-00001'));
      assert.equal(res.status, 200);
      assert.equal(octal(modeOf(h.dataDir)), octal(DATA_MODES.DIR), 'data directory');
      const files = readdirSync(h.dataDir);
      for (const suffix of ['', '-wal', '-shm']) assert.ok(files.some((file) => file.endsWith(`.sqlite${suffix}`)), `a .sqlite${suffix} file exists after a write`);
      for (const file of files) assert.equal(octal(modeOf(join(h.dataDir, file))), octal(DATA_MODES.FILE), file);
    } finally {
      await h.stop();
    }
  });
});

describe('admin token', () => {
  const tooShort = 'k'.repeat(ADMIN.TOKEN_MIN_LENGTH - 1);

  test(`startServer refuses a token shorter than ${ADMIN.TOKEN_MIN_LENGTH} characters, with the reason`, async () => {
    const dirs = makeDirs();
    try {
      const attempt = startTestServer({ port: 0, dataDir: dirs.dataDir, poptinsDir: dirs.poptinsDir, adminToken: tooShort, quiet: true });
      await assert.rejects(
        // Started after all: closed, so the failing test does not keep the process alive.
        attempt.then((server) => server.close()),
        new RegExp(`admin token \\(KITE_ADMIN_TOKEN\\) must be at least ${ADMIN.TOKEN_MIN_LENGTH} characters, got ${tooShort.length}`),
      );
      const exact = await startTestServer({ port: 0, dataDir: dirs.dataDir, poptinsDir: dirs.poptinsDir, adminToken: 'k'.repeat(ADMIN.TOKEN_MIN_LENGTH), quiet: true });
      await exact.close();
    } finally {
      rmSync(dirs.root, { recursive: true, force: true });
    }
  });

  test('the token generated when none is given is long enough, and works', async () => {
    const dirs = makeDirs();
    const server = await startTestServer({ port: 0, dataDir: dirs.dataDir, poptinsDir: dirs.poptinsDir, quiet: true });
    try {
      assert.ok(server.adminToken.length >= ADMIN.TOKEN_MIN_LENGTH, `${server.adminToken.length} characters`);
      assert.equal((await call(baseOf(server), '/api/admin/stats', { headers: adminHeaders(server.adminToken) })).status, 200);
    } finally {
      await server.close();
      rmSync(dirs.root, { recursive: true, force: true });
    }
  });

  test('npm start (main.ts) with a short KITE_ADMIN_TOKEN says why and exits non-zero', async () => {
    const dirs = makeDirs();
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
        cwd: REPO_ROOT,
        env: { ...process.env, KITE_ADMIN_TOKEN: tooShort, PORT: '0', DATA_DIR: dirs.dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      // Started after all: stopped, so the failing test does not wait for it forever.
      child.stdout.on('data', (chunk: Buffer) => chunk.toString('utf8').includes('Kite demo:') && child.kill());
      const [code] = (await once(child, 'exit')) as [number | null];
      assert.equal(code, 1, "a non-zero exit");
      assert.match(stderr, new RegExp(`not started: the admin token \\(KITE_ADMIN_TOKEN\\) must be at least ${ADMIN.TOKEN_MIN_LENGTH} characters`));
    } finally {
      rmSync(dirs.root, { recursive: true, force: true });
    }
  });
});

describe('npm start on a port that is taken', () => {
  test('says so in one line with the remedy, and exits non-zero', async () => {
    const dirs = makeDirs();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
        cwd: REPO_ROOT,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dirs.dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.stdout.on('data', (chunk: Buffer) => chunk.toString('utf8').includes('Kite demo:') && child.kill());
      const [code] = (await once(child, 'exit')) as [number | null];
      assert.equal(code, 1);
      assert.equal(stderr.trim().split('\n').length, 1, stderr);
      assert.match(stderr, new RegExp(`not started: port ${port} on 127\\.0\\.0\\.1 is already in use .*PORT=\\d+ npm start`));
    } finally {
      holder.close();
      rmSync(dirs.root, { recursive: true, force: true });
    }
  });
});

describe('wrong admin guesses are throttled', () => {
  let clock = 0;
  const h = harnessPerSuite(undefined, { now: () => clock });

  /** An admin call from `address` (every 127.x.y.z reaches the server on 127.0.0.1). */
  const stats = (address: string, headers: Record<string, string>) =>
    rawRequest(h.base, '/api/admin/stats', { headers, localAddress: address }).then((res) => ({ ...res, json: JSON.parse(res.text) }));
  const WINDOW_S = ADMIN.GUESS_WINDOW_MS / SECOND_MS;

  test(`after ${ADMIN.GUESSES_MAX} wrong tokens an address gets 429 with Retry-After, even with the right token, until the window passes`, async () => {
    const guesser = '127.0.0.2';
    for (let i = 0; i < ADMIN.GUESSES_MAX; i += 1) {
      const wrong = await stats(guesser, adminHeaders(`wrong-guess-${i}`));
      assert.equal(wrong.status, 401, `guess ${i + 1}`);
    }
    const right = await stats(guesser, adminHeaders());
    assert.equal(right.status, 429);
    assert.equal(right.json.code, API_ERROR_CODE.RATE_LIMITED);
    assert.match(right.json.error, /too many wrong admin tokens/);
    assert.equal(right.headers['retry-after'], String(WINDOW_S));
    assert.equal((await stats(guesser, {})).status, 429, 'without a token too');

    assert.equal((await stats('127.0.0.3', adminHeaders())).status, 200, 'another address is not held back');

    clock += ADMIN.GUESS_WINDOW_MS - 1;
    const last = await stats(guesser, adminHeaders());
    assert.equal(last.status, 429);
    assert.equal(last.headers['retry-after'], '1');
    clock += 1;
    assert.equal((await stats(guesser, adminHeaders())).status, 200, 'the window has passed');
  });

  test('a request without a token is not a guess', async () => {
    const address = '127.0.0.4';
    for (let i = 0; i <= ADMIN.GUESSES_MAX; i += 1) assert.equal((await stats(address, {})).status, 401);
    assert.equal((await stats(address, adminHeaders())).status, 200);
  });
});
