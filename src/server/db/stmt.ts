/**
 * Prepared statements, compiled once per connection. better-sqlite3 compiles SQL on every `prepare`, which was the
 * largest single cost of a form-settings request (issue 8 load targets); the calls reuse one statement per SQL text.
 * Only fixed SQL texts come here, so the cache stays as small as the code.
 */
import type Database from 'better-sqlite3';

const caches = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** The prepared statement of `sql` on `db`, compiled on first use. Never call .pluck()/.raw() on it: it is shared. */
export const stmt = (db: Database.Database, sql: string): Database.Statement => {
  let m = caches.get(db);
  if (!m) caches.set(db, (m = new Map()));
  let s = m.get(sql);
  if (!s) m.set(sql, (s = db.prepare(sql)));
  return s;
};
