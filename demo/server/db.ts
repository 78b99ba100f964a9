/**
 * The database (SQLite by default, PostgreSQL when a `postgres://` URL is given) and its versioned
 * migrations. Migrations are `migrations/NNN_name.sql`, applied in order, each in its own
 * transaction; `migrations/postgres/NNN_name.sql` is PostgreSQL's form of a migration whose SQL
 * differs between the engines. SQLite's `PRAGMA user_version` holds the last applied number
 * (PostgreSQL: the newest `schema_migrations` row), so a restart applies only the new ones.
 * `schema_migrations` (created by 001) keeps a readable log of when each was applied.
 */
import BetterSqlite3 from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA_MODES, DEFAULTS, POSTGRES } from './constants.ts';
import { sqliteDatabase, type Database, type Dialect, type Queryable } from './database.ts';
import { postgresDatabase } from './postgres.ts';

export type { Database } from './database.ts';

/** The migrations that ship with the server. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const MIGRATION_FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/;
/** The folder of PostgreSQL's forms, inside the migrations folder. */
const DIALECT_DIR = 'postgres';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The `.sql` files of `dir`, parsed, in no particular order. */
function migrationFiles(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = MIGRATION_FILE.exec(file);
      if (!match) throw new Error(`Migration file name ${file} is not NNN_name.sql`);
      return { version: Number(match[1]), name: match[2]!, sql: readFileSync(join(dir, file), 'utf8') };
    });
}

/**
 * Reads `dir`'s migrations in order, for `dialect`: a PostgreSQL form in `dir/postgres/` replaces
 * the file of its number. Numbers must run 1, 2, 3... without gaps or repeats.
 */
export function readMigrations(dir: string = MIGRATIONS_DIR, dialect: Dialect = 'sqlite'): Migration[] {
  const forms = join(dir, DIALECT_DIR);
  const own = dialect === 'postgres' && existsSync(forms) ? migrationFiles(forms) : [];
  const shared = migrationFiles(dir);
  for (const form of own) {
    if (!shared.some((file) => file.version === form.version && file.name === form.name)) {
      throw new Error(`PostgreSQL migration ${form.version} (${form.name}) has no file of the same name in ${dir}`);
    }
  }
  const migrations = shared
    .map((file) => own.find((form) => form.version === file.version) ?? file)
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migrations must be numbered 001, 002, ... without gaps: found ${migration.version} at position ${index + 1}`);
    }
  });
  return migrations;
}

/**
 * Applies the migrations newer than the database's version, each in a transaction (a failing one
 * leaves the database as it was before it). Returns the versions applied. On PostgreSQL, several
 * instances may start together: one holds an advisory lock while it migrates, the others wait for
 * it and then find nothing left to apply.
 */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<number[]> {
  const migrations = readMigrations(dir, db.dialect);
  return db.exclusive(async () => {
    const current = await schemaVersion(db);
    if (current > migrations.length) {
      throw new Error(`Database schema version ${current} is newer than this server (${migrations.length} migrations)`);
    }
    const applied: number[] = [];
    for (const migration of migrations.slice(current)) {
      const ran = await db.transaction(async (tx) => {
        // Read again under the transaction's write lock: another server on the same SQLite file may
        // have applied it meanwhile (on PostgreSQL the advisory lock already keeps them apart).
        if ((await schemaVersion(tx)) >= migration.version) return false;
        await tx.exec(migration.sql);
        await tx.run('INSERT INTO schema_migrations (version, name) VALUES (?, ?)', [migration.version, migration.name]);
        // PRAGMA takes no bound parameters; the version is an integer parsed from our own file name.
        if (db.dialect === 'sqlite') await tx.exec(`PRAGMA user_version = ${Math.trunc(migration.version)}`);
        return true;
      });
      if (ran) applied.push(migration.version);
    }
    return applied;
  });
}

/** The last migration applied: SQLite's user_version, PostgreSQL's newest schema_migrations row (0 before the first). */
async function schemaVersion(db: Queryable): Promise<number> {
  if (db.dialect === 'sqlite') return (await db.one<{ user_version: number }>('PRAGMA user_version'))!.user_version;
  const log = await db.one<{ found: string | null }>("SELECT to_regclass('schema_migrations')::text AS found");
  if (!log?.found) return 0;
  return (await db.one<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations'))?.version ?? 0;
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

/** True when `url` names a PostgreSQL database (`postgres://` or `postgresql://`). */
export const isPostgresUrl = (url: string | undefined): url is string =>
  url !== undefined && POSTGRES.URL_SCHEMES.some((scheme) => url.startsWith(`${scheme}//`));

/**
 * Opens the database and migrates it: PostgreSQL at `databaseUrl` when it is a `postgres://` URL,
 * otherwise the SQLite file in `dataDir` (created when needed, owner-only).
 */
export async function openDatabase(dataDir: string, databaseUrl?: string, migrationsDir: string = MIGRATIONS_DIR): Promise<Database> {
  const db = connectDatabase(dataDir, databaseUrl);
  try {
    await migrate(db, migrationsDir);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** The database as openDatabase picks it, not migrated. */
export const connectDatabase = (dataDir: string, databaseUrl?: string): Database =>
  isPostgresUrl(databaseUrl) ? postgresDatabase(databaseUrl) : openSqlite(dataDir);

function openSqlite(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true, mode: DATA_MODES.DIR });
  const file = join(dataDir, DEFAULTS.DB_FILE);
  restrictDatabaseFiles(file);
  const db = new BetterSqlite3(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
  } catch (error) {
    db.close();
    throw error;
  }
  return sqliteDatabase(db);
}
