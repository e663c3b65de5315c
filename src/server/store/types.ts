/**
 * The provider's store (docs/decisions/one-store.md): one asynchronous interface over SQLite (better-sqlite3, the
 * embedded default) and PostgreSQL (pg, with DATABASE_URL). Queries are written once in portable SQL with `?`
 * placeholders; each store translates what its dialect needs (PostgreSQL's $1, $2 …). Dialect-specific SQL (migrations,
 * a pragma) asks `dialect` and keeps both texts side by side.
 */

/** A value bound to a `?` placeholder. Booleans are stored as 0/1 integers in both dialects. */
export type Param = string | number | null;

/** What a write statement did. */
export interface RunResult {
  /** Rows inserted, updated or deleted by the statement itself (not by triggers). */
  changes: number;
}

/** The SQL dialects a store speaks. */
export type Dialect = 'sqlite' | 'postgres';

/** Statements against a store, or inside one of its transactions. */
export interface Queryable {
  readonly dialect: Dialect;
  /** Every row of a query. */
  all<T>(sql: string, params?: readonly Param[]): Promise<T[]>;
  /** The first row of a query, or undefined. Writes with RETURNING come here too. */
  get<T>(sql: string, params?: readonly Param[]): Promise<T | undefined>;
  /** A write without rows to return. */
  run(sql: string, params?: readonly Param[]): Promise<RunResult>;
  /** A script of several statements without parameters (migrations, test set-up). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in one transaction: committed when its promise resolves, rolled back when it rejects. `fn` must do its
   * work through the handle it is given, and only store work: on SQLite the transaction holds the file's write lock,
   * so it must not wait on anything else (a timer, a socket). A transaction inside a transaction joins the outer one.
   * PostgreSQL may run `fn` again after a serialization failure, a deadlock or a unique-key race lost to another
   * process: its effects outside the store must be repeatable.
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
}

/** An open store. */
export interface Store extends Queryable {
  /**
   * Writes committed through this handle so far (statements and transactions). A cache of rows read from the store
   * compares it to know, without a query, that this process changed something (src/server/db/forms.ts).
   */
  readonly writes: number;
  /** Where the store is, for the start banner: the file, or the PostgreSQL URL without its password. */
  readonly where: string;
  /** True once close() was called. */
  readonly closed: boolean;
  /** Closes the store: the SQLite file (its WAL checkpointed), or every PostgreSQL connection. Safe to call twice. */
  close(): Promise<void>;
}
