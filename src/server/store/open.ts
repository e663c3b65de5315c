/**
 * Which store a process opens (docs/decisions/one-store.md): a `postgres://` (or `postgresql://`) URL opens PostgreSQL,
 * a path a SQLite file. `npm start` and `npm run subscribers` read DATABASE_URL first (a PostgreSQL URL, or they refuse
 * to start), then PROVIDER_DB.
 */
import { isAbsolute, join } from 'node:path';
import { openPostgres } from './postgres';
import { openSqlite } from './sqlite';
import type { Store } from './types';

/** True for a PostgreSQL connection URL. */
export const isPostgresUrl = (target: string): boolean => /^postgres(ql)?:\/\//i.test(target);

/** A URL's scheme and the characters that may follow it ('mysql:', 'postgress:'); a bare word or path has none. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Throws when `target` is a URL (a scheme then //) but not PostgreSQL's: a store named so is a typo (postgress://) or
 * another database (mysql://), never a SQLite file to create under that name. `name` is the setting it came from.
 */
export const checkStoreUrl = (target: string, name: string): void => {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) checkDatabaseUrl(target, name);
};

/**
 * Throws unless `url` is a PostgreSQL URL. `name` is the setting it came from. The message quotes the scheme at
 * most: the rest may hold a password (mysql://user:password@…), and a bare value may be a password pasted by mistake.
 */
export const checkDatabaseUrl = (url: string, name = 'DATABASE_URL'): void => {
  if (isPostgresUrl(url)) return;
  const scheme = SCHEME.exec(url)?.[0];
  throw Error(
    `${name} must be a PostgreSQL URL starting with postgres:// or postgresql://, ` +
      `${scheme ? `not ${scheme}…` : 'not a value without a scheme'}. ` +
      'A SQLite file is PROVIDER_DB (unset, data/provider.sqlite).',
  );
};

/**
 * `text` with the credentials of any URL in it masked (user:password@ as user:***@, password= parameters as
 * password=***): for error messages, which may quote what they were given.
 */
export const redactSecrets = (text: string): string =>
  text
    .replace(/([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:]*):[^\s/?#@]*@/gi, '$1:***@')
    .replace(/(password=)[^&\s#]*/gi, '$1***');

/** A store that could not be opened (or migrated) at start; its message holds no password (redactSecrets). */
export class StoreOpenError extends Error {}

/**
 * The message of a store that could not be opened at start, led by the setting that named it, so the owner knows
 * what to fix: `DATABASE_URL: cannot open postgres://db.example/signup: connect ECONNREFUSED …`. `shown` is the store
 * as the banner names it (no user name or password).
 */
export const openFailure = (where: StoreTarget, shown: string, e: unknown): string =>
  `${where.setting === 'default' ? 'The store' : where.setting}: cannot open ${shown}: ` +
  redactSecrets(e instanceof Error ? e.message : String(e));

/** Where a process's store is, and the setting that named it (for messages). */
export interface StoreTarget {
  /** A postgres:// URL, or a SQLite file's path. */
  target: string;
  /** DATABASE_URL, PROVIDER_DB, the default file, or `npm run subscribers -- --db`. */
  setting: 'DATABASE_URL' | 'PROVIDER_DB' | 'default' | '--db';
}

/**
 * The store of a process from its environment: DATABASE_URL when set (PostgreSQL: anything else is refused, never
 * taken for a file), else PROVIDER_DB (a SQLite file, relative to the working directory), else `fallback` (the default
 * SQLite file). Throws on a DATABASE_URL that is not a PostgreSQL URL.
 */
export const storeFromEnv = (env: NodeJS.ProcessEnv, fallback: string): StoreTarget => {
  if (env.DATABASE_URL) {
    checkDatabaseUrl(env.DATABASE_URL);
    return { target: env.DATABASE_URL, setting: 'DATABASE_URL' };
  }
  const file = env.PROVIDER_DB;
  if (file) return { target: isAbsolute(file) ? file : join(process.cwd(), file), setting: 'PROVIDER_DB' };
  return { target: fallback, setting: 'default' };
};

/**
 * Opens the store at `target` (see isPostgresUrl); `readonly` applies to a SQLite file. A URL of another scheme is
 * refused rather than created as a file of that name.
 */
export const openStore = async (target: string, opts: { readonly?: boolean } = {}): Promise<Store> => {
  checkStoreUrl(target, 'The store');
  return isPostgresUrl(target) ? openPostgres(target) : openSqlite(target, opts);
};
