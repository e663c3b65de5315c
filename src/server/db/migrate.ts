/**
 * Brings a store's schema up to date (src/server/db/migrations.ts): each transaction applies the next missing
 * migration and records it, so a database from any earlier version of the provider is migrated on start, and
 * processes starting together on one store (N provider processes) apply each migration exactly once: SQLite's write
 * lock (BEGIN IMMEDIATE) or a PostgreSQL advisory lock orders them, and each re-reads the version under it.
 */
import type { Queryable, Store } from '../store/types';
import { MIGRATIONS } from './migrations';

/** The version the store is at, read under the transaction's lock (PostgreSQL: creating its table on first use). */
const versionOf = async (q: Queryable): Promise<number> => {
  if (q.dialect === 'sqlite') return (await q.get<{ user_version: number }>('PRAGMA user_version'))?.user_version ?? 0;
  // Per schema, so stores in different schemas of one database (the tests') do not wait on each other.
  await q.exec(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.schema_migrations'))`);
  await q.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  return (await q.get<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations'))?.v ?? 0;
};

/** Records that migration `n` ran, in its transaction. */
const record = (q: Queryable, n: number): Promise<unknown> =>
  q.dialect === 'sqlite'
    ? q.exec(`PRAGMA user_version = ${n}`)
    : q.run('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)', [n, new Date().toISOString()]);

/** Runs the migrations `store` has not had yet; returns the schema version it is at afterwards. */
export const migrate = async (store: Store): Promise<number> => {
  for (let done = false; !done; )
    done = await store.tx(async (q) => {
      const at = await versionOf(q);
      if (at > MIGRATIONS.length)
        throw Error(`database schema ${at} is newer than this provider (${MIGRATIONS.length})`);
      if (at === MIGRATIONS.length) return true;
      const m = MIGRATIONS[at];
      await q.exec(q.dialect === 'sqlite' ? m.sqlite : m.postgres);
      await record(q, at + 1);
      return false;
    });
  return MIGRATIONS.length;
};
