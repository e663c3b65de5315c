/**
 * The PostgreSQL store (pg), used when DATABASE_URL is set (docs/decisions/one-store.md): a pool of connections, every
 * query a named prepared statement (parsed once per connection), `?` placeholders numbered for PostgreSQL. Each
 * connection sets synchronous_commit on, whatever the server's default: a commit, and so an acknowledged subscribe, is
 * on the server's disk before the provider answers. Transactions run on one pooled connection and are retried, a few
 * times, when PostgreSQL ends one for a reason another attempt resolves (serialization failure, deadlock, a unique key
 * taken by another process in the meantime).
 *
 * A server that restarts or fails over (docs/decisions/store-outages.md) ends every session (57P01) and refuses
 * connections for a moment. That costs requests, never the process: every connection out of the pool has an 'error'
 * listener while it is out (an 'error' event without one ends Node), and what was cut off is tried again on a new
 * connection for up to OUTAGE_RETRY_MS when that cannot do anything twice: a connection that could not be opened, a
 * read, a transaction whose COMMIT was not sent yet. A COMMIT sent without an answer may have committed, and a lone
 * write may have been done: those fail with StoreUnavailable (a 503) rather than run again.
 */
import pg from 'pg';
import { Availability, type StoreUnavailable, unavailable, unreachable } from './availability';
import { toNumbered } from './placeholders';
import type { Param, Queryable, RunResult, Store } from './types';

/** SQLSTATEs after which the whole transaction is run again: serialization_failure, deadlock_detected, unique. */
const RETRY = new Set(['40001', '40P01', '23505']);
/** Attempts of one transaction. */
const ATTEMPTS = 4;
/**
 * How long, from its start, a statement or transaction goes on trying to reach a server that is away: about the gap
 * of a fast restart or fail-over, and well within the popup's wait for an answer (SUBMIT_TIMEOUT_MS, and
 * JSONP_TIMEOUT_MS for the settings), so that in a longer outage a request is answered (503), not left waiting.
 */
const OUTAGE_RETRY_MS = 3000;
/** The first wait before trying again; it doubles. */
const OUTAGE_FIRST_WAIT_MS = 50;
/**
 * How long opening a connection, or waiting for a free one in the pool, may take: without it pg waits for ever on a
 * server that drops packets, and so would the request.
 */
const CONNECT_TIMEOUT_MS = 5000;

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

/** Whether each SQL text only reads (a SELECT), so that running it twice changes nothing. */
const reads = new Map<string, boolean>();
const readOnly = (sql: string): boolean => {
  let r = reads.get(sql);
  if (r === undefined) reads.set(sql, (r = /^\s*SELECT\b/i.test(sql)));
  return r;
};

/** pg's answer to a query on a connection already known to be broken: the query was never sent. */
const NOT_SENT = /^Client (has encountered a connection error|was closed) and is not queryable/;
const neverSent = (e: unknown): boolean => NOT_SENT.test(String((e as { message?: unknown } | null)?.message));

/** Waits `ms` and resolves true, or at once false when that would pass `deadline`. */
const pause = (ms: number, deadline: number): Promise<boolean> =>
  Date.now() + ms > deadline ? Promise.resolve(false) : new Promise((ok) => setTimeout(() => ok(true), ms));

/** A connection out of the pool: `lost` is the error that broke it, if any, and it is given back once. */
interface Lease {
  client: pg.PoolClient;
  lost?: Error;
  release(): void;
}

/** BIGINT (ids, count(*)) as numbers: every value the provider counts is far below 2^53. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? Number
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

const query = <T>(c: pg.PoolClient, sql: string, params?: readonly Param[]): Promise<pg.QueryResult & { rows: T[] }> =>
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
    private readonly health: Availability,
  ) {}

  /** `r`, counted in `writes` when its statement wrote (an INSERT … RETURNING read through all or get). */
  private counted<R extends pg.QueryResult>(r: R): R {
    if (r.command !== 'SELECT') this.writes++;
    return r;
  }

  /** `e` as a StoreUnavailable, the outage noted (its first failure prints the line). */
  private failure(e: unknown, write: boolean): StoreUnavailable {
    const u = unavailable(e);
    this.health.failed(u, write);
    return u;
  }

  /**
   * A connection out of the pool, listened to for 'error' until it is given back (broken, when it was lost, so the
   * pool closes it rather than hand it out again). Opening one is tried again until `deadline` while the server is
   * unreachable: nothing was sent yet.
   */
  private async lease(deadline: number, write: boolean): Promise<Lease> {
    for (let wait = OUTAGE_FIRST_WAIT_MS; ; wait *= 2) {
      let client: pg.PoolClient;
      try {
        client = await this.pool.connect();
      } catch (e) {
        if (!unreachable(e, 'postgres') || this.closed) throw e;
        if (await pause(wait, deadline)) continue;
        throw this.failure(e, write);
      }
      let released = false;
      const l: Lease = {
        client,
        release: () => {
          if (released) return;
          released = true;
          client.off('error', onError);
          client.release(l.lost);
        },
      };
      // The server ending the session (57P01 on a restart) while the connection is out: noted, never thrown.
      const onError = (e: Error) => void (l.lost ||= e);
      client.on('error', onError);
      return l;
    }
  }

  /**
   * One statement outside a transaction, on a leased connection. Cut off by a lost connection, it runs again on
   * another until OUTAGE_RETRY_MS have passed when that cannot do it twice: a read, or a query never sent.
   */
  private async outside<T>(sql: string, work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const epoch = this.health.epoch;
    const read = readOnly(sql);
    const deadline = Date.now() + OUTAGE_RETRY_MS;
    for (let wait = OUTAGE_FIRST_WAIT_MS; ; wait *= 2) {
      const l = await this.lease(deadline, !read);
      try {
        const r = await work(l.client);
        l.release();
        this.health.worked(epoch, !read);
        return r;
      } catch (e) {
        if (!unreachable(e, 'postgres')) throw e;
        l.lost ||= e as Error;
        l.release();
        if (!((read || neverSent(e)) && (await pause(wait, deadline)))) throw this.failure(e, !read);
      } finally {
        l.release();
      }
    }
  }

  /** Statements on `c`, a connection inside a transaction: they fail as they fail, the transaction decides. */
  private inside(c: pg.PoolClient): Queryable {
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
      tx: (fn) => fn(self),
    };
    return self;
  }

  all<T>(sql: string, params?: readonly Param[]): Promise<T[]> {
    return this.outside(sql, async (c) => this.counted(await query<T>(c, sql, params)).rows);
  }

  get<T>(sql: string, params?: readonly Param[]): Promise<T | undefined> {
    return this.outside(sql, async (c) => this.counted(await query<T>(c, sql, params)).rows[0]);
  }

  run(sql: string, params?: readonly Param[]): Promise<RunResult> {
    return this.outside(sql, async (c) => {
      const r = await query(c, sql, params);
      this.writes++;
      return { changes: r.rowCount ?? 0 };
    });
  }

  exec(sql: string): Promise<void> {
    return this.outside(sql, async (c) => void (await c.query(sql)));
  }

  async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    const epoch = this.health.epoch;
    const deadline = Date.now() + OUTAGE_RETRY_MS;
    for (let attempt = 1, wait = OUTAGE_FIRST_WAIT_MS; ; attempt++) {
      const l = await this.lease(deadline, true);
      let committing = false;
      try {
        await l.client.query('BEGIN');
        const r = await fn(this.inside(l.client));
        committing = true;
        await l.client.query('COMMIT');
        l.release();
        this.writes++;
        this.health.worked(epoch, true);
        return r;
      } catch (e) {
        if (!unreachable(e, 'postgres')) {
          // After a failed statement, BEGIN or COMMIT; a connection that cannot even roll back is not reused.
          await l.client.query('ROLLBACK').catch((x: Error) => void (l.lost ||= x));
          const code = (e as { code?: string }).code;
          if (attempt < ATTEMPTS && code && RETRY.has(code)) continue;
          throw e;
        }
        l.lost ||= e as Error;
        l.release();
        // Before COMMIT was sent the server kept nothing of the transaction: it runs again on another connection.
        // After, it may have committed, and running it again could do it twice: the caller is told it failed.
        if ((committing && !neverSent(e)) || !(await pause(wait, deadline))) throw this.failure(e, true);
        wait *= 2;
      } finally {
        l.release();
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
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A server that ends the session before end() (a restart at that moment) emits 'error': without a listener, that
  // would end the process. The query's own failure already says what is needed: no warning.
  c.on('error', () => {});
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
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    types,
    // Awaited before a new connection serves any query. A SET, not the URL's `options`: a URL that has its own
    // options parameter would replace ours.
    onConnect: async (c) => void (await c.query('SET synchronous_commit TO on')),
  });
  const health = new Availability();
  // An idle connection the server ended: the pool discards it and opens another on demand. A restart ends them all
  // at once: one line for the outage, not one per connection.
  pool.on('error', (e) => {
    if (unreachable(e, 'postgres')) health.failed(unavailable(e), false);
    else console.error(`PostgreSQL connection lost: ${e.message}`);
  });
  const store = new PostgresStore(pool, redact(url), health);
  // Fail at start, not on the first visitor, when the server is unreachable, or when the URL's search_path names no
  // schema that exists: PostgreSQL skips those, and the first CREATE TABLE would say only "no schema has been
  // selected to create in". The schema is not created here: a misspelt name would start an empty store unnoticed.
  // Asked of the pool itself: at start, an unreachable server is a setting to fix, said at once in the driver's words.
  const where = await pool.query<{ s: string | null }>('SELECT current_schema() AS s').catch(async (e) => {
    await pool.end().catch(() => {});
    throw e;
  });
  if (!where.rows[0]?.s) {
    await pool.end().catch(() => {});
    throw Error(
      'the search_path names no schema that exists: create it first (CREATE SCHEMA popup;, as the owner of the ' +
        'database or with its CREATE privilege), or check its spelling in the options parameter.',
    );
  }
  return store;
};
