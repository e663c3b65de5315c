/**
 * `npm run subscribers`: the provider's subscribers, as a table or (`--csv`) as CSV on stdout.
 *   npm run subscribers                  every list
 *   npm run subscribers -- --csv > s.csv CSV export
 *   npm run subscribers -- --list LID    one list
 *   PROVIDER_DB=path npm run subscribers another database file
 * Opens the database read-only: it can run while the server writes.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROVIDER_DB_PATH } from '../constants';
import { listSubscribers } from './db/subscribers';
import { toCsv, toTable } from './subscribers/format';

const args = process.argv.slice(2);
const root = fileURLToPath(new URL('..', import.meta.url));
const dbEnv = process.env.PROVIDER_DB;
const at = args.indexOf('--db');
const given = at >= 0 ? args[at + 1] : dbEnv;
const dbPath = given ? (isAbsolute(given) ? given : join(process.cwd(), given)) : join(root, PROVIDER_DB_PATH);
const listAt = args.indexOf('--list');
const list = listAt >= 0 ? args[listAt + 1] : undefined;

if (args.includes('--help') || args.includes('-h')) {
  console.log('usage: npm run subscribers [-- --csv] [--list LID] [--db PATH]');
  process.exit(0);
}
if (!existsSync(dbPath)) {
  console.error(`No database at ${dbPath}: start the provider once (npm start) to create it.`);
  process.exit(1);
}
const db = new Database(dbPath, { readonly: true, fileMustExist: true });
try {
  const rows = listSubscribers(db, list);
  process.stdout.write(args.includes('--csv') ? toCsv(rows) : toTable(rows));
} finally {
  db.close();
}
