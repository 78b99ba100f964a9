/**
 * The SQLite database and its versioned migrations. Migrations are `migrations/NNN_name.sql`,
 * applied in order, each in its own transaction; `PRAGMA user_version` holds the last applied
 * number, so a restart applies only the new ones. `schema_migrations` (created by 001) keeps a
 * readable log of when each was applied.
 */
import BetterSqlite3 from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA_MODES, DEFAULTS } from './constants.ts';

export type Database = BetterSqlite3.Database;

/** The migrations that ship with the server. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const MIGRATION_FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Reads `dir`'s migrations in order; numbers must run 1, 2, 3... without gaps or repeats. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = MIGRATION_FILE.exec(file);
      if (!match) throw new Error(`Migration file name ${file} is not NNN_name.sql`);
      return { version: Number(match[1]), name: match[2]!, sql: readFileSync(join(dir, file), 'utf8') };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migrations must be numbered 001, 002, ... without gaps: found ${migration.version} at position ${index + 1}`);
    }
  });
  return migrations;
}

/**
 * Applies the migrations newer than the database's `user_version`, each in a transaction (a
 * failing one leaves the database as it was before it). Returns the versions applied.
 */
export function migrate(db: Database, dir: string = MIGRATIONS_DIR): number[] {
  const migrations = readMigrations(dir);
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(`Database schema version ${current} is newer than this server (${migrations.length} migrations)`);
  }
  const applied: number[] = [];
  const log = () => db.prepare('INSERT INTO schema_migrations (version, name) VALUES (?, ?)');
  for (const migration of migrations.slice(current)) {
    db.transaction(() => {
      db.exec(migration.sql);
      log().run(migration.version, migration.name);
      // PRAGMA takes no bound parameters; the version is an integer parsed from our own file name.
      db.pragma(`user_version = ${Math.trunc(migration.version)}`);
    })();
    applied.push(migration.version);
  }
  return applied;
}

/** Suffixes of the files SQLite keeps beside the database in WAL mode. */
const WAL_SUFFIXES = ['-wal', '-shm'] as const;

/**
 * Creates the database file readable by the owner only before SQLite opens it (SQLite would create
 * it world-readable, and gives its -wal and -shm files the database file's mode), and narrows the
 * files a server before this one left readable to others.
 */
function restrictDatabaseFiles(file: string): void {
  closeSync(openSync(file, 'a', DATA_MODES.FILE));
  for (const path of [file, ...WAL_SUFFIXES.map((suffix) => file + suffix)]) {
    if (existsSync(path)) chmodSync(path, DATA_MODES.FILE);
  }
}

/** Opens (creating when needed) the database file in `dataDir`, owner-only, and migrates it. */
export function openDatabase(dataDir: string, migrationsDir: string = MIGRATIONS_DIR): Database {
  mkdirSync(dataDir, { recursive: true, mode: DATA_MODES.DIR });
  const file = join(dataDir, DEFAULTS.DB_FILE);
  restrictDatabaseFiles(file);
  const db = new BetterSqlite3(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, migrationsDir);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
