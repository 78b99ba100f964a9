/** Versioned migrations and seeding: a restart keeps data and owner edits, and runs nothing twice. */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { MIGRATIONS_DIR, migrate, readMigrations } from '../../../demo/server/db.ts';
import { startServer } from '../../../demo/server/server.ts';
import {
  PLAIN,
  adminHeaders,
  baseOf,
  call,
  conversionForm,
  displayBody,
  fixtureRecord,
  makeDirs,
  postForm,
  postJson,
  serverOptions,
} from './helpers.ts';

const cleanup: string[] = [];
after(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kite-migrations-'));
  cleanup.push(dir);
  return dir;
}

const shipped = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;

describe('starting twice on the same DATA_DIR', () => {
  test('keeps leads and owner edits, seeds only new records, applies no migration twice', async () => {
    const dirs = makeDirs();
    cleanup.push(dirs.root);
    const first = await startServer(serverOptions(dirs));
    const base1 = baseOf(first);
    const versions1 = first.db.prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all();
    assert.equal(versions1.length, shipped);
    assert.equal(first.db.pragma('user_version', { simple: true }), shipped);
    const lead = await postForm(base1, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, 'key-restart-01'));
    assert.equal(lead.status, 200);
    const renamed = { ...PLAIN, poptin_name: 'Edited by the owner' };
    const put = await call(base1, `/api/admin/poptins/${PLAIN.poptin_id}`, {
      method: 'PUT',
      headers: { ...adminHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ record: renamed, active: false }),
    });
    assert.equal(put.status, 200);
    await first.close();

    // Between runs: the seed file of PLAIN changes, and a new record appears.
    writeFileSync(join(dirs.poptinsDir, `${PLAIN.poptin_id}.json`), JSON.stringify({ ...PLAIN, poptin_name: 'Seed changed' }));
    const added = fixtureRecord('addedlater001');
    writeFileSync(join(dirs.poptinsDir, 'added.json'), JSON.stringify(added));

    const second = await startServer(serverOptions(dirs));
    try {
      const base2 = baseOf(second);
      const versions2 = second.db.prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all();
      assert.deepEqual(versions2, versions1, 'no migration ran again');
      const leads = await call(base2, '/api/admin/leads', { headers: adminHeaders() });
      assert.deepEqual(leads.json.leads.map((l: { conversion_id: string }) => l.conversion_id), [lead.json.conversion_id]);
      const record = await call(base2, `/api/admin/poptins/${PLAIN.poptin_id}`, { headers: adminHeaders() });
      assert.equal(record.json.record.poptin_name, 'Edited by the owner');
      assert.equal(record.json.active, false);
      const shown = await postJson(base2, '/api/display/demo-client', displayBody());
      const ids = shown.json.poptins.map((p: { poptin_id: string }) => p.poptin_id);
      assert.ok(ids.includes(added.poptin_id), 'the new record is seeded');
      assert.ok(!ids.includes(PLAIN.poptin_id), 'the owner turned it off');
      const repeat = await postForm(base2, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, 'key-restart-01'));
      assert.equal(repeat.json.conversion_id, lead.json.conversion_id, 'idempotency survives a restart');
    } finally {
      await second.close();
    }
  });

  test('a port in use is an error, and the database is closed again', async () => {
    const dirs = makeDirs([]);
    cleanup.push(dirs.root);
    const first = await startServer({ port: 0, dataDir: dirs.dataDir, poptinsDir: dirs.poptinsDir, quiet: true });
    try {
      await assert.rejects(startServer({ port: first.port, dataDir: join(dirs.root, 'other'), poptinsDir: dirs.poptinsDir, quiet: true }), /EADDRINUSE/);
    } finally {
      await first.close();
    }
  });

  test('close() can be called twice', async () => {
    const dirs = makeDirs([]);
    cleanup.push(dirs.root);
    const server = await startServer({ port: 0, dataDir: dirs.dataDir, poptinsDir: dirs.poptinsDir, quiet: true });
    await Promise.all([server.close(), server.close()]);
    await server.close();
  });
});

describe('migrate()', () => {
  function migrationsDir(files: Record<string, string>): string {
    const dir = tempDir();
    for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
    return dir;
  }
  const LOG = 'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT);';

  test('applies only the new ones, in order, and records each', () => {
    const db = new BetterSqlite3(':memory:');
    const dir = migrationsDir({ '001_start.sql': `${LOG} CREATE TABLE a (x);` });
    assert.deepEqual(migrate(db, dir), [1]);
    assert.deepEqual(migrate(db, dir), []);
    writeFileSync(join(dir, '002_more.sql'), 'CREATE TABLE b (y); INSERT INTO a VALUES (1);');
    assert.deepEqual(migrate(db, dir), [2]);
    assert.equal(db.pragma('user_version', { simple: true }), 2);
    assert.deepEqual(db.prepare('SELECT version, name FROM schema_migrations').all().map((r) => ({ ...(r as object) })), [
      { version: 1, name: 'start' },
      { version: 2, name: 'more' },
    ]);
    db.close();
  });

  test('a failing migration changes nothing (transaction) and stops the rest', () => {
    const db = new BetterSqlite3(':memory:');
    const dir = migrationsDir({
      '001_start.sql': `${LOG} CREATE TABLE a (x);`,
      '002_broken.sql': 'CREATE TABLE half (z); INSERT INTO nowhere VALUES (1);',
      '003_never.sql': 'CREATE TABLE never (z);',
    });
    assert.throws(() => migrate(db, dir), /nowhere/);
    assert.equal(db.pragma('user_version', { simple: true }), 1);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all().map((r) => (r as { name: string }).name);
    assert.deepEqual(tables, ['a', 'schema_migrations']);
    db.close();
  });

  test('refuses gaps, bad names and a database newer than the server', () => {
    assert.throws(() => readMigrations(migrationsDir({ '001_a.sql': LOG, '003_c.sql': '' })), /without gaps/);
    assert.throws(() => readMigrations(migrationsDir({ '1_a.sql': LOG })), /NNN_name\.sql/);
    const db = new BetterSqlite3(':memory:');
    db.pragma('user_version = 9');
    assert.throws(() => migrate(db, migrationsDir({ '001_a.sql': LOG })), /newer than this server/);
    db.close();
  });

  test('the shipped migrations are numbered from 001 without gaps', () => {
    const migrations = readMigrations();
    assert.deepEqual(migrations.map((m) => m.version), Array.from({ length: shipped }, (_, i) => i + 1));
  });
});
