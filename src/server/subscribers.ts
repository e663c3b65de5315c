/**
 * `npm run subscribers`: the provider's subscribers, as a table or (`--csv`) as CSV on stdout.
 *   npm run subscribers                  every list
 *   npm run subscribers -- --csv > s.csv CSV export
 *   npm run subscribers -- --list LID    one list
 *   PROVIDER_DB=path npm run subscribers another database file (or --db PATH)
 *   DATABASE_URL=postgres://… npm run subscribers   the PostgreSQL store (or --db URL)
 * Opens a SQLite file read-only: it can run while the server writes.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROVIDER_DB_PATH } from '../constants';
import { listSubscribers } from './db/subscribers';
import { checkStoreUrl, isPostgresUrl, openFailure, openStore, type StoreTarget, storeFromEnv } from './store/open';
import { redact } from './store/postgres';
import { toCsv, toTable } from './subscribers/format';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log('usage: npm run subscribers [-- --csv] [--list LID] [--db PATH-OR-POSTGRES-URL]');
  process.exit(0);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const at = args.indexOf('--db');
const given = at >= 0 ? args[at + 1] : undefined;

/** The store named by --db (a PostgreSQL URL or a file, relative to here), else by the environment as npm start's. */
const where = (): StoreTarget => {
  if (!given) return storeFromEnv(process.env, join(root, PROVIDER_DB_PATH));
  // Checked here, not only by openStore: the message names --db, and comes before the look for a file of that name.
  checkStoreUrl(given, '--db');
  return { target: isPostgresUrl(given) || isAbsolute(given) ? given : join(process.cwd(), given), setting: '--db' };
};
let place: StoreTarget = { target: '', setting: 'default' };
try {
  place = where();
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}
const target = place.target;
const listAt = args.indexOf('--list');
const list = listAt >= 0 ? args[listAt + 1] : undefined;

if (!isPostgresUrl(target) && !existsSync(target)) {
  console.error(`No database at ${target}: start the provider once (npm start) to create it.`);
  process.exit(1);
}
const store = await openStore(target, { readonly: true }).catch((e: Error) => {
  console.error(openFailure(place, isPostgresUrl(target) ? redact(target) : target, e));
  process.exit(1);
});
try {
  const rows = await listSubscribers(store, list);
  process.stdout.write(args.includes('--csv') ? toCsv(rows) : toTable(rows));
} finally {
  await store.close();
}
