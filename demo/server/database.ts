/**
 * The store interface the server talks to, one for both engines: SQLite (embedded, the default)
 * and PostgreSQL (`DATABASE_URL=postgres://...`, postgres.ts). Every call is async and every value
 * travels as a bound parameter. Statements are written once with SQLite's placeholders, `?` or
 * `@name` (a name used twice is one value); `numberedPlaceholders` is the one place they become
 * PostgreSQL's `$1, $2...`. The few statements whose SQL differs pick theirs with `byDialect`.
 * PostgreSQL infers a parameter's type from where it stands, and `? IS NULL` says nothing: such a
 * test is written `CAST(? AS TEXT) IS NULL`, which both engines read alike.
 */
import BetterSqlite3 from 'better-sqlite3';

export type Dialect = 'sqlite' | 'postgres';

/** Positional values (`?`) or named ones (`@name`). */
export type Params = readonly unknown[] | Readonly<Record<string, unknown>>;

export interface Queryable {
  readonly dialect: Dialect;
  /** Every row the statement answers. */
  all<Row>(sql: string, params?: Params): Promise<Row[]>;
  /** The first row, or undefined. */
  one<Row>(sql: string, params?: Params): Promise<Row | undefined>;
  /** A statement that answers no rows; `changes` is the number of rows it wrote. */
  run(sql: string, params?: Params): Promise<{ changes: number }>;
  /** Runs a script of statements without parameters (migrations, the tests' schema changes). */
  exec(script: string): Promise<void>;
}

export interface Database extends Queryable {
  /**
   * Runs `work` in one transaction on one connection (`tx`): committed when it resolves, rolled
   * back when it throws. Other calls wait for it on SQLite (one connection); on PostgreSQL they use
   * other connections of the pool.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while no other server on the same database runs its own (the migrations): a
   * PostgreSQL advisory lock; on SQLite, whose file one process serves, `work` simply runs.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Answers once the database answers a trivial query (the health check); throws when it cannot. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The statement of `dialect` from a pair written for both. */
export const byDialect = (dialect: Dialect, forms: Record<Dialect, string>): string => forms[dialect];

/** Quoted text, quoted identifiers and comments, which hold no placeholders. */
const SKIPPED = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*/y;
const PLACEHOLDER = /\?|@([A-Za-z_][A-Za-z0-9_]*)/y;

interface Numbered {
  text: string;
  /** Per `$n`, the value's position (`?`) or name (`@name`). */
  sources: Array<number | string>;
}

const numberedCache = new Map<string, Numbered>();

/** `sql` with `?` and `@name` turned into `$1, $2...` (cached per statement). */
function numbered(sql: string): Numbered {
  const cached = numberedCache.get(sql);
  if (cached) return cached;
  const sources: Array<number | string> = [];
  let text = '';
  let positional = 0;
  for (let at = 0; at < sql.length; ) {
    SKIPPED.lastIndex = at;
    PLACEHOLDER.lastIndex = at;
    const skipped = SKIPPED.exec(sql);
    const placeholder = skipped ? null : PLACEHOLDER.exec(sql);
    if (skipped) {
      text += skipped[0];
      at += skipped[0].length;
    } else if (placeholder) {
      const source = placeholder[1] ?? positional++;
      const known = typeof source === 'string' ? sources.indexOf(source) : -1;
      if (known >= 0) text += `$${known + 1}`;
      else text += `$${sources.push(source)}`;
      at += placeholder[0].length;
    } else {
      text += sql[at];
      at += 1;
    }
  }
  const result = { text, sources };
  numberedCache.set(sql, result);
  return result;
}

/** PostgreSQL's form of a statement and its values: `$n` placeholders and one value per `$n`. */
export function numberedPlaceholders(sql: string, params: Params = []): { text: string; values: unknown[] } {
  const { text, sources } = numbered(sql);
  const values = sources.map((source) => {
    const value = Array.isArray(params) ? params[source as number] : (params as Record<string, unknown>)[source];
    if (value === undefined) throw new Error(`No value for placeholder ${typeof source === 'number' ? `#${source + 1}` : `@${source}`}`);
    return value;
  });
  return { text, values };
}

/**
 * SQLite through better-sqlite3: statements prepared once and cached. The engine is synchronous
 * and has one connection, so a transaction holds it: calls made meanwhile from elsewhere wait
 * until it ends instead of landing inside it.
 */
export function sqliteDatabase(db: BetterSqlite3.Database): Database {
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const bind = (params: Params = []) => (Array.isArray(params) ? params : [params]) as unknown[];
  const direct: Queryable = {
    dialect: 'sqlite',
    all: async <Row>(sql: string, params?: Params) => prepared(sql).all(...bind(params)) as Row[],
    one: async <Row>(sql: string, params?: Params) => prepared(sql).get(...bind(params)) as Row | undefined,
    run: async (sql: string, params?: Params) => ({ changes: prepared(sql).run(...bind(params)).changes }),
    exec: async (script: string) => void db.exec(script),
  };
  /** The open transaction, which other calls wait for. */
  let open: Promise<unknown> | null = null;
  /**
   * Runs `call` once no transaction is open. The check and the call's start are one synchronous
   * step, so no transaction can begin between them.
   */
  const outside = async <T>(call: () => Promise<T>): Promise<T> => {
    while (open) await open.catch(() => undefined);
    return call();
  };
  return {
    dialect: 'sqlite',
    all: (sql, params) => outside(() => direct.all(sql, params)),
    one: (sql, params) => outside(() => direct.one(sql, params)),
    run: (sql, params) => outside(() => direct.run(sql, params)),
    exec: (script) => outside(() => direct.exec(script)),
    transaction: (work) =>
      outside(async () => {
        const running = (async () => {
          db.exec('BEGIN IMMEDIATE');
          try {
            const result = await work(direct);
            db.exec('COMMIT');
            return result;
          } catch (error) {
            db.exec('ROLLBACK');
            throw error;
          }
        })();
        open = running;
        try {
          return await running;
        } finally {
          open = null;
        }
      }),
    exclusive: (work) => work(),
    async ping() {
      await this.one('SELECT 1');
    },
    close: async () => void db.close(),
  };
}

/** A statement written once, run on the database or inside a transaction (`on`). */
export interface Statement<Args extends unknown[], Row> {
  all(on: Queryable, ...args: Args): Promise<Row[]>;
  get(on: Queryable, ...args: Args): Promise<Row | undefined>;
  run(on: Queryable, ...args: Args): Promise<{ changes: number }>;
}

/** One plain object is a statement's named values (`@name`); anything else, its positional ones (`?`). */
const paramsOf = (args: unknown[]): Params =>
  args.length === 1 && args[0] !== null && Object.getPrototypeOf(args[0]) === Object.prototype ? (args[0] as Record<string, unknown>) : args;

/** A typed statement: `Args` are its values (one object for `@name` placeholders), `Row` what it answers. */
export function statement<Args extends unknown[] = [object], Row = never>(sql: string): Statement<Args, Row> {
  return {
    all: (on, ...args) => on.all<Row>(sql, paramsOf(args)),
    get: (on, ...args) => on.one<Row>(sql, paramsOf(args)),
    run: (on, ...args) => on.run(sql, paramsOf(args)),
  };
}
