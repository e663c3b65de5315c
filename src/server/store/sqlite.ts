/**
 * The SQLite store (better-sqlite3), the embedded default: `npm install && npm start` needs nothing else. Statements
 * run synchronously underneath and are compiled once per connection. Transactions are BEGIN IMMEDIATE (the write
 * lock is taken first, so two processes on one file never fail a transaction half-way on a stale snapshot), and they
 * are asynchronous only in shape: they hold the lock across `await`s, so while one is open every other statement of
 * this process on the same file waits for it here, in a queue, instead of blocking the event loop on the file lock
 * (busy_timeout) that the open transaction can then never release.
 */
import Database from 'better-sqlite3';
import { mkdirSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Availability, type StoreUnavailable, unavailable, unreachable } from './availability';
import type { Param, Queryable, RunResult, Store } from './types';

/** The transaction open on a file in this process, and the work waiting for it to end. */
interface Gate {
  held: boolean;
  waiting: (() => void)[];
}

/** One gate per database file per process: two stores opened on the same file (two providers in a test) share it. */
const gates = new Map<string, { gate: Gate; users: number }>();

/** Options of openSqlite. */
export interface SqliteOptions {
  /** Read only, the file must exist (`npm run subscribers` beside a running server). */
  readonly?: boolean;
}

class SqliteStore implements Store {
  readonly dialect = 'sqlite';
  writes = 0;
  closed = false;
  private readonly statements = new Map<string, Database.Statement>();
  /** The handle a transaction's function is given: it runs at once, the gate being held by that transaction. */
  private readonly inTx: Queryable;

  constructor(
    private readonly db: Database.Database,
    private readonly gate: Gate,
    private readonly gateKey: string,
    readonly where: string,
    private readonly health: Availability,
  ) {
    this.inTx = {
      dialect: 'sqlite',
      all: <T>(sql: string, params?: readonly Param[]) => settle(() => this.allNow(sql, params) as T[]),
      get: <T>(sql: string, params?: readonly Param[]) => settle(() => this.getNow(sql, params) as T | undefined),
      run: (sql, params) => settle(() => this.runNow(sql, params)),
      exec: (sql) => settle(() => void this.db.exec(sql)),
      tx: (fn) => fn(this.inTx),
    };
  }

  /** The compiled statement of `sql` (kept: only the code's fixed SQL texts come here). */
  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  /** Rows of `sql`; a write with RETURNING counts as a write. */
  private allNow(sql: string, params?: readonly Param[]): unknown[] {
    const s = this.stmt(sql);
    const rows = s.all(...(params || []));
    if (!s.readonly) this.writes++;
    return rows;
  }

  private getNow(sql: string, params?: readonly Param[]): unknown {
    const s = this.stmt(sql);
    const row = s.get(...(params || []));
    if (!s.readonly) this.writes++;
    return row;
  }

  private runNow(sql: string, params?: readonly Param[]): RunResult {
    const r = this.stmt(sql).run(...(params || []));
    this.writes++;
    return { changes: r.changes };
  }

  /** `e` as a StoreUnavailable, the outage noted (its first failure prints the line). */
  private failure(e: unknown, write: boolean): StoreUnavailable {
    const u = unavailable(e);
    this.health.failed(u, write);
    return u;
  }

  /**
   * `work`, statement `sql` outside a transaction, run now. A file locked past the busy timeout, or that cannot be read
   * or written, fails it with StoreUnavailable (docs/decisions/store-outages.md); one that works again ends the outage.
   */
  private guarded<T>(sql: string | null, work: () => T): T {
    const epoch = this.health.epoch;
    const writes = this.writes;
    try {
      const r = work();
      this.health.worked(epoch, this.writes !== writes);
      return r;
    } catch (e) {
      if (!unreachable(e, 'sqlite')) throw e;
      throw this.failure(e, sql === null || !this.statements.get(sql)?.readonly);
    }
  }

  /** Runs `work` on `sql` now when no transaction holds the file, else once the queue reaches it. */
  private when<T>(sql: string | null, work: () => T): Promise<T> {
    if (this.closed) return Promise.reject(Error('the store is closed'));
    if (!this.gate.held) return settle(() => this.guarded(sql, work));
    return new Promise<T>((ok, fail) =>
      this.gate.waiting.push(() => {
        try {
          ok(this.guarded(sql, work));
        } catch (e) {
          fail(e);
        }
      }),
    );
  }

  all<T>(sql: string, params?: readonly Param[]): Promise<T[]> {
    return this.when(sql, () => this.allNow(sql, params) as T[]);
  }

  get<T>(sql: string, params?: readonly Param[]): Promise<T | undefined> {
    return this.when(sql, () => this.getNow(sql, params) as T | undefined);
  }

  run(sql: string, params?: readonly Param[]): Promise<RunResult> {
    return this.when(sql, () => this.runNow(sql, params));
  }

  exec(sql: string): Promise<void> {
    return this.when(null, () => void this.db.exec(sql));
  }

  /** Takes the gate: at once when free, else after the transactions and statements queued before. */
  private acquire(): Promise<void> {
    if (this.closed) return Promise.reject(Error('the store is closed'));
    if (!this.gate.held) {
      this.gate.held = true;
      return Promise.resolve();
    }
    return new Promise<void>((ok) =>
      this.gate.waiting.push(() => {
        this.gate.held = true;
        ok();
      }),
    );
  }

  /** Lets the queue run: statements in order, until one of them is a transaction that takes the gate again. */
  private release(): void {
    this.gate.held = false;
    while (!this.gate.held && this.gate.waiting.length) (this.gate.waiting.shift() as () => void)();
  }

  async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    await this.acquire();
    const epoch = this.health.epoch;
    try {
      this.stmt('BEGIN IMMEDIATE').run();
      try {
        const r = await fn(this.inTx);
        this.stmt('COMMIT').run();
        this.writes++;
        this.health.worked(epoch, true);
        return r;
      } catch (e) {
        if (this.db.inTransaction) this.stmt('ROLLBACK').run();
        throw e;
      }
    } catch (e) {
      // The write lock held by another process past the busy timeout, the file unwritable: an outage, not a bug.
      throw unreachable(e, 'sqlite') ? this.failure(e, true) : e;
    } finally {
      this.release();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.db.open) this.db.close();
    const g = gates.get(this.gateKey);
    if (g && --g.users === 0) gates.delete(this.gateKey);
  }
}

/** The result of `work` as a promise, its exception as a rejection. */
const settle = <T>(work: () => T): Promise<T> => {
  try {
    return Promise.resolve(work());
  } catch (e) {
    return Promise.reject(e);
  }
};

/**
 * Puts the file in WAL mode. Two processes opening one new file together (PROVIDER_WORKERS=2) can find each other
 * holding the lock the switch needs, and SQLite answers that at once with SQLITE_BUSY, without waiting out the busy
 * timeout: so it is tried again, 20 ms apart, for up to 5 s (the workers test failed on "database is locked").
 */
const walMode = (db: Database.Database) => {
  for (let tries = 0; ; tries++)
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== 'SQLITE_BUSY' || tries >= 250) throw e;
      // better-sqlite3 is synchronous, and so is opening the store: a blocking wait is all there is here.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
};

/**
 * Opens (creating it and its folder if needed, unless read-only) the SQLite file at `path`: WAL, so that readers
 * never wait on the writer; synchronous NORMAL, so a commit is in the WAL file before it is acknowledged and
 * survives the process being killed; foreign keys on; a busy timeout for another process writing the same file.
 */
export const openSqlite = (path: string, opts: SqliteOptions = {}): Store => {
  const memory = path === ':memory:';
  if (!memory && !opts.readonly) mkdirSync(dirname(resolve(path)), { recursive: true });
  const db = new Database(path, opts.readonly ? { readonly: true, fileMustExist: true } : {});
  if (!opts.readonly) {
    walMode(db);
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // An in-memory database is its own: no other store can open it.
  const key = memory ? `:memory:${Math.random()}` : realpathSync(path);
  let g = gates.get(key);
  if (!g) gates.set(key, (g = { gate: { held: false, waiting: [] }, users: 0 }));
  g.users++;
  return new SqliteStore(db, g.gate, key, path, new Availability());
};
