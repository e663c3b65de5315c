/**
 * Which store a process opens (issue 15): a `postgres://` (or `postgresql://`) URL opens PostgreSQL, anything else is
 * a SQLite file. `npm start` and `npm run subscribers` read DATABASE_URL first, then PROVIDER_DB.
 */
import { isAbsolute, join } from 'node:path';
import { openPostgres } from './postgres';
import { openSqlite } from './sqlite';
import type { Store } from './types';

/** True for a PostgreSQL connection URL. */
export const isPostgresUrl = (target: string): boolean => /^postgres(ql)?:\/\//i.test(target);

/**
 * The store of a process from its environment: DATABASE_URL when set (PostgreSQL), else PROVIDER_DB (a SQLite file,
 * relative to the working directory), else `fallback` (the default SQLite file).
 */
export const storeTarget = (env: NodeJS.ProcessEnv, fallback: string): string => {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const file = env.PROVIDER_DB;
  return file ? (isAbsolute(file) ? file : join(process.cwd(), file)) : fallback;
};

/** Opens the store at `target` (see isPostgresUrl); `readonly` applies to a SQLite file. */
export const openStore = (target: string, opts: { readonly?: boolean } = {}): Promise<Store> =>
  isPostgresUrl(target) ? openPostgres(target) : Promise.resolve(openSqlite(target, opts));
