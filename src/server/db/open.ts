import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { seed } from '../seed/seed';
import { migrate } from './migrations';

/**
 * Opens (creating it and its folder if needed) the provider's database: WAL so that reads never wait on the writer,
 * foreign keys on, a busy timeout for a second process (`npm run subscribers`) reading while the server writes; then
 * migrates and seeds the demo lists and forms.
 */
export const openDb = (path: string): Database.Database => {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  seed(db);
  return db;
};
