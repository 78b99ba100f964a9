/** Versioned migrations and seeding: a restart keeps data and owner edits, and runs nothing twice. */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { MIGRATIONS_DIR, connectDatabase, migrate, readMigrations } from '../../../demo/server/db.ts';
import { seedSummary } from '../../../demo/server/server.ts';
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
  startTestServer,
  tableNames,
  testDatabaseUrl,
} from './helpers.ts';
import type { Database } from '../../../demo/server/database.ts';

const cleanup: string[] = [];
after(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kite-migrations-'));
  cleanup.push(dir);
  return dir;
}

const run = promisify(execFile);
/** Server processes migrating one database at once. */
const STARTING_TOGETHER = 3;

const shipped = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;

describe('starting twice on the same DATA_DIR', () => {
  test('keeps leads and owner edits, seeds only new records, applies no migration twice', async () => {
    const dirs = makeDirs();
    cleanup.push(dirs.root);
    const first = await startTestServer(serverOptions(dirs));
    const base1 = baseOf(first);
    const versions1 = await first.db.all('SELECT version, name, applied_at FROM schema_migrations ORDER BY version');
    assert.equal(versions1.length, shipped);
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

    const second = await startTestServer(serverOptions(dirs));
    try {
      const base2 = baseOf(second);
      const versions2 = await second.db.all('SELECT version, name, applied_at FROM schema_migrations ORDER BY version');
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

  test('an edited record file takes effect on restart, unless the owner changed that pop-up; the start says which it kept, and KITE_RESEED takes the files', async () => {
    const dirs = makeDirs();
    cleanup.push(dirs.root);
    const untouched = fixtureRecord('seedfile00001');
    const owned = fixtureRecord('seedfile00002');
    for (const record of [untouched, owned]) writeFileSync(join(dirs.poptinsDir, `${record.poptin_id}.json`), JSON.stringify(record));
    const name = async (base: string, id: string) => (await call(base, `/api/admin/poptins/${id}`, { headers: adminHeaders() })).json.record.poptin_name;

    const first = await startTestServer(serverOptions(dirs));
    assert.deepEqual(first.seedReport.updated, []);
    const put = await call(baseOf(first), `/api/admin/poptins/${owned.poptin_id}`, {
      method: 'PUT',
      headers: { ...adminHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ record: { ...owned, poptin_name: 'Edited by the owner' } }),
    });
    assert.equal(put.status, 200);
    await first.close();

    // Between runs both files change.
    for (const record of [untouched, owned]) writeFileSync(join(dirs.poptinsDir, `${record.poptin_id}.json`), JSON.stringify({ ...record, poptin_name: 'Changed in the file' }));
    const second = await startTestServer(serverOptions(dirs));
    try {
      assert.equal(await name(baseOf(second), untouched.poptin_id), 'Changed in the file', 'the file wins where the owner changed nothing');
      assert.equal(await name(baseOf(second), owned.poptin_id), 'Edited by the owner', "the owner's edit wins");
      assert.deepEqual(second.seedReport.updated, [untouched.poptin_id]);
      assert.deepEqual(second.seedReport.kept, [owned.poptin_id]);
      const summary = seedSummary(second.seedReport, 'demo/poptins').join('\n');
      assert.match(summary, new RegExp(`updated from their changed files in demo/poptins: ${untouched.poptin_id}`));
      assert.match(summary, new RegExp(`kept the owner's version of ${owned.poptin_id} .*KITE_RESEED=1 npm start`));
    } finally {
      await second.close();
    }

    const third = await startTestServer(serverOptions(dirs));
    try {
      assert.deepEqual([third.seedReport.updated, third.seedReport.kept], [[], [owned.poptin_id]], 'an unchanged file is left alone; the kept one is said again');
    } finally {
      await third.close();
    }

    const reseeded = await startTestServer(serverOptions(dirs, { reseed: true }));
    try {
      assert.equal(await name(baseOf(reseeded), owned.poptin_id), 'Changed in the file', 'KITE_RESEED: the file wins');
      assert.deepEqual(reseeded.seedReport.updated, [owned.poptin_id]);
    } finally {
      await reseeded.close();
    }
    const after = await startTestServer(serverOptions(dirs));
    try {
      assert.deepEqual([after.seedReport.updated, after.seedReport.kept], [[], []], 'back to as seeded: nothing to keep');
    } finally {
      await after.close();
    }
  });

  test('a port in use is an error, and the database is closed again', async () => {
    const dirs = makeDirs([]);
    cleanup.push(dirs.root);
    const first = await startTestServer({ port: 0, dataDir: dirs.dataDir, poptinsDir: dirs.poptinsDir, quiet: true });
    try {
      await assert.rejects(startTestServer({ port: first.port, dataDir: join(dirs.root, 'other'), poptinsDir: dirs.poptinsDir, quiet: true }), /EADDRINUSE/);
    } finally {
      await first.close();
    }
  });

  test('close() can be called twice', async () => {
    const dirs = makeDirs([]);
    cleanup.push(dirs.root);
    const server = await startTestServer({ port: 0, dataDir: dirs.dataDir, poptinsDir: dirs.poptinsDir, quiet: true });
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
  // SQL both engines read (typed columns), as the shipped migrations' shared files are.
  const LOG = 'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT);';
  const versions = async (db: Database) => (await db.all<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).map((row) => row.version);

  /** A new empty database on the engine under test (a temp SQLite file, or a schema of its own). */
  async function emptyDatabase(): Promise<Database> {
    const dataDir = join(tempDir(), 'data');
    return connectDatabase(dataDir, await testDatabaseUrl(dataDir));
  }

  test('applies only the new ones, in order, and records each', async () => {
    const db = await emptyDatabase();
    const dir = migrationsDir({ '001_start.sql': `${LOG} CREATE TABLE a (x INTEGER);` });
    assert.deepEqual(await migrate(db, dir), [1]);
    assert.deepEqual(await migrate(db, dir), []);
    writeFileSync(join(dir, '002_more.sql'), 'CREATE TABLE b (y INTEGER); INSERT INTO a VALUES (1);');
    assert.deepEqual(await migrate(db, dir), [2]);
    assert.deepEqual(await db.all('SELECT version, name FROM schema_migrations ORDER BY version'), [
      { version: 1, name: 'start' },
      { version: 2, name: 'more' },
    ]);
    await db.close();
  });

  test('a failing migration changes nothing (transaction) and stops the rest', async () => {
    const db = await emptyDatabase();
    const dir = migrationsDir({
      '001_start.sql': `${LOG} CREATE TABLE a (x INTEGER);`,
      '002_broken.sql': 'CREATE TABLE half (z INTEGER); INSERT INTO nowhere VALUES (1);',
      '003_never.sql': 'CREATE TABLE never (z INTEGER);',
    });
    await assert.rejects(migrate(db, dir), /nowhere/);
    assert.deepEqual(await versions(db), [1]);
    assert.deepEqual(await tableNames(db), ['a', 'schema_migrations']);
    await db.close();
  });

  test('servers starting together on one database apply each migration once', async () => {
    const dataDir = join(tempDir(), 'data');
    const url = await testDatabaseUrl(dataDir);
    const dir = migrationsDir({
      '001_start.sql': `${LOG} CREATE TABLE a (x INTEGER);`,
      '002_more.sql': 'CREATE TABLE b (y INTEGER); INSERT INTO a VALUES (1);',
    });
    // Separate processes, as separate instances are: each migrates on its own connection.
    const script = fileURLToPath(new URL('./migrate-process.ts', import.meta.url));
    const runs = await Promise.all(
      Array.from({ length: STARTING_TOGETHER }, () => run(process.execPath, ['--import', 'tsx', script, dataDir, dir, ...(url ? [url] : [])])),
    );
    const applied = runs.map(({ stdout }) => JSON.parse(stdout) as number[]);
    assert.deepEqual(applied.flat().sort(), [1, 2], 'each version applied by one of them');
    const db = connectDatabase(dataDir, url);
    assert.deepEqual(await db.all('SELECT x FROM a'), [{ x: 1 }], 'the data migration ran once');
    await db.close();
  });

  test('refuses gaps, bad names and a database newer than the server', async () => {
    assert.throws(() => readMigrations(migrationsDir({ '001_a.sql': LOG, '003_c.sql': '' })), /without gaps/);
    assert.throws(() => readMigrations(migrationsDir({ '1_a.sql': LOG })), /NNN_name\.sql/);
    const db = await emptyDatabase();
    const later = migrationsDir(Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`00${i + 1}_step.sql`, i === 0 ? LOG : 'SELECT 1;'])));
    await migrate(db, later);
    await assert.rejects(migrate(db, migrationsDir({ '001_a.sql': LOG })), /newer than this server/);
    await db.close();
  });

  test('the shipped migrations are numbered from 001 without gaps', () => {
    const migrations = readMigrations();
    assert.deepEqual(migrations.map((m) => m.version), Array.from({ length: shipped }, (_, i) => i + 1));
  });
});
