/**
 * PostgreSQL through `pg`'s pool, behind the same interface as SQLite (database.ts). Values come
 * back as SQLite gives them, so the server's code reads one shape: 64-bit integers (counts,
 * millisecond times) as numbers, json columns as their text.
 */
import pg from 'pg';
import { numberedPlaceholders, type Database, type Params, type Queryable } from './database.ts';
import { POSTGRES } from './constants.ts';

/** Type ids of pg's catalogue (pg_type.oid). */
const TYPE_ID = { INT8: 20, JSON: 114, JSONB: 3802 } as const;

const asText = (value: string) => value;
const parsers: Record<number, (value: string) => unknown> = {
  // Counts and millisecond times stay far below 2^53.
  [TYPE_ID.INT8]: Number,
  [TYPE_ID.JSON]: asText,
  [TYPE_ID.JSONB]: asText,
};

const types = {
  getTypeParser: ((id: number, format?: 'text' | 'binary') =>
    parsers[id] ?? pg.types.getTypeParser(id, format as 'text')) as typeof pg.types.getTypeParser,
};

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  const query = async <Row>(sql: string, params?: Params) => {
    const { text, values } = numberedPlaceholders(sql, params);
    return client.query<Row & pg.QueryResultRow>(text, values);
  };
  return {
    dialect: 'postgres',
    all: async <Row>(sql: string, params?: Params) => (await query<Row>(sql, params)).rows,
    one: async <Row>(sql: string, params?: Params) => (await query<Row>(sql, params)).rows[0],
    run: async (sql: string, params?: Params) => ({ changes: (await query(sql, params)).rowCount ?? 0 }),
    // A script without values may hold several statements (the simple query protocol).
    exec: async (script: string) => void (await client.query(script)),
  };
}

/** A pool on `url` (a `postgres://` connection string). */
export function postgresDatabase(url: string): Database & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: POSTGRES.POOL_MAX, types });
  // An idle connection the server lost (a restarted database) is dropped by the pool; the error is
  // reported, not thrown at the process.
  pool.on('error', (error) => console.error('kite: PostgreSQL connection lost:', error.message));
  return {
    ...queryable(pool),
    pool,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exclusive(work) {
      // Session-level lock on a connection of its own: held across the transactions `work` runs.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [POSTGRES.MIGRATION_LOCK_KEY]);
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [POSTGRES.MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}
