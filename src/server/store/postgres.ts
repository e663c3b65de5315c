/**
 * The PostgreSQL store (pg), used when DATABASE_URL is set (issue 15): a pool of connections, every query a named
 * prepared statement (parsed once per connection), `?` placeholders numbered for PostgreSQL. Each connection sets
 * synchronous_commit on, whatever the server's default: a commit, and so an acknowledged subscribe, is on the
 * server's disk before the provider answers. Transactions run on one pooled connection and are retried, a few
 * times, when PostgreSQL ends one for a reason another attempt resolves (serialization failure, deadlock, a unique
 * key taken by another process in the meantime).
 */
import pg from 'pg';
import { toNumbered } from './placeholders';
import type { Param, Queryable, RunResult, Store } from './types';

/** SQLSTATEs after which the whole transaction is run again: serialization_failure, deadlock_detected, unique. */
const RETRY = new Set(['40001', '40P01', '23505']);
/** Attempts of one transaction. */
const ATTEMPTS = 4;

/** Options of openPostgres. */
export interface PostgresOptions {
  /** Connections in the pool (default 10, or PGPOOL_MAX). */
  max?: number;
}

/** Statement names by SQL text: pg prepares a named statement once per connection. */
const names = new Map<string, string>();
const nameOf = (sql: string): string => {
  let n = names.get(sql);
  if (!n) names.set(sql, (n = `s${names.size + 1}`));
  return n;
};

/** BIGINT (ids, count(*)) as numbers: every value the provider counts is far below 2^53. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? Number
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

type Client = pg.Pool | pg.PoolClient;

const query = <T>(c: Client, sql: string, params?: readonly Param[]): Promise<pg.QueryResult & { rows: T[] }> =>
  c.query({ text: toNumbered(sql), values: (params || []) as Param[], name: nameOf(sql) });

/**
 * The URL without its credentials, for the start banner: no user name or password before the host, no password
 * parameter (and no `@`, which the request log never holds either).
 */
export const redact = (url: string): string =>
  url
    .replace(/^(postgres(?:ql)?:\/\/)[^/?#]*@/i, '$1')
    .replace(/([?&])password=[^&#]*&?/gi, '$1')
    .replace(/[?&]$/, '');

class PostgresStore implements Store {
  readonly dialect = 'postgres';
  writes = 0;
  closed = false;

  constructor(
    private readonly pool: pg.Pool,
    readonly where: string,
  ) {}

  /** `r`, counted in `writes` when its statement wrote (an INSERT … RETURNING read through all or get). */
  private counted<R extends pg.QueryResult>(r: R): R {
    if (r.command !== 'SELECT') this.writes++;
    return r;
  }

  /** Statements on `c`, a connection inside a transaction (or the pool outside one). */
  private on(c: Client, inTx: boolean): Queryable {
    const self: Queryable = {
      dialect: 'postgres',
      all: async <T>(sql: string, params?: readonly Param[]) => this.counted(await query<T>(c, sql, params)).rows,
      get: async <T>(sql: string, params?: readonly Param[]) =>
        this.counted(await query<T>(c, sql, params)).rows[0] as T,
      run: async (sql, params): Promise<RunResult> => {
        const r = await query(c, sql, params);
        this.writes++;
        return { changes: r.rowCount ?? 0 };
      },
      exec: async (sql) => void (await c.query(sql)),
      tx: inTx ? (fn) => fn(self) : (fn) => this.tx(fn),
    };
    return self;
  }

  private readonly outside = this.on(this.pool, false);
  readonly all = this.outside.all;
  readonly get = this.outside.get;
  readonly run = this.outside.run;
  readonly exec = this.outside.exec;

  async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const r = await fn(this.on(client, true));
        await client.query('COMMIT');
        this.writes++;
        return r;
      } catch (e) {
        // After a failed statement, BEGIN or COMMIT; a connection that cannot even roll back is not reused.
        await client.query('ROLLBACK').catch((x: Error) => (broken = x));
        const code = (e as { code?: string }).code;
        if (!(attempt < ATTEMPTS && code && RETRY.has(code))) throw e;
      } finally {
        client.release(broken);
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}

/** The default number of connections in each process's pool. */
const POOL_DEFAULT = 10;

/** Connections in each process's pool: PGPOOL_MAX when a whole number above 0, else 10. */
export const poolSize = (env: NodeJS.ProcessEnv = process.env): number => {
  const n = Number(env.PGPOOL_MAX);
  return Number.isInteger(n) && n > 0 ? n : POOL_DEFAULT;
};

/**
 * A warning when `processes` pools of `pool` connections each may need more connections than the server at `url`
 * accepts: its max_connections less the slots kept for superusers (superuser_reserved_connections, and on
 * PostgreSQL 16 reserved_connections). Past that, under load, a pool's new connection is refused and the request it
 * serves (a signup) fails with a 500. Asked once, at start, on a connection of its own. Null when they fit, or when the
 * server cannot be asked (opening the store then says why).
 */
export const connectionBudgetWarning = async (
  url: string,
  processes: number,
  pool = poolSize(),
): Promise<string | null> => {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  let settings: Record<string, number>;
  try {
    await c.connect();
    const { rows } = await c.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings
        WHERE name IN ('max_connections', 'superuser_reserved_connections', 'reserved_connections')`,
    );
    settings = Object.fromEntries(rows.map((r) => [r.name, Number(r.setting)]));
  } catch {
    return null;
  } finally {
    await c.end().catch(() => {});
  }
  const max = settings.max_connections;
  const reserved = (settings.superuser_reserved_connections || 0) + (settings.reserved_connections || 0);
  const need = processes * pool;
  if (!max || need <= max - reserved) return null;
  return (
    `warning: ${processes} provider process${processes === 1 ? '' : 'es'} × ${pool} connections each (PGPOOL_MAX) ` +
    `= ${need}, more than PostgreSQL accepts: max_connections ${max} less ${reserved} reserved = ${max - reserved}. ` +
    'Under load, signups will fail with 500s. Lower PGPOOL_MAX or PROVIDER_WORKERS, or raise max_connections ' +
    '(README, "PostgreSQL and several processes").'
  );
};

/** Opens a pool on the PostgreSQL database at `url` (postgres://user:password@host:port/database?…). */
export const openPostgres = async (url: string, opts: PostgresOptions = {}): Promise<Store> => {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? poolSize(),
    types,
    // Awaited before a new connection serves any query. A SET, not the URL's `options`: a URL that has its own
    // options parameter would replace ours.
    onConnect: async (c) => void (await c.query('SET synchronous_commit TO on')),
  });
  // An idle connection the server dropped: the pool discards it and opens another on demand.
  pool.on('error', (e) => console.error(`PostgreSQL connection lost: ${e.message}`));
  const store = new PostgresStore(pool, redact(url));
  // Fail at start, not on the first visitor, when the server is unreachable, or when the URL's search_path names no
  // schema that exists: PostgreSQL skips those, and the first CREATE TABLE would say only "no schema has been
  // selected to create in". The schema is not created here: a misspelt name would start an empty store unnoticed.
  const where = await store.get<{ s: string | null }>('SELECT current_schema() AS s').catch(async (e) => {
    await pool.end().catch(() => {});
    throw e;
  });
  if (!where?.s) {
    await pool.end().catch(() => {});
    throw Error(
      'the search_path names no schema that exists: create it first (CREATE SCHEMA popup;, as the owner of the ' +
        'database or with its CREATE privilege), or check its spelling in the options parameter.',
    );
  }
  return store;
};
