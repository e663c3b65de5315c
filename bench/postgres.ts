/**
 * PostgreSQL for the load bench (issue 15): DATABASE_URL when it is set, else a throwaway cluster started here as
 * test/pg.sh starts one (initdb in a temporary folder, as the postgres user when run as root, a Unix socket in that
 * folder and no TCP port), stopped and removed afterwards. Each case gets a schema of its own.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Debian's PostgreSQL binaries, newest version first; null when none is installed. */
const pgBin = (): string | null => {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const bins = readdirSync(base)
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => join(base, v, 'bin'));
  return bins.find((b) => existsSync(join(b, 'initdb'))) || null;
};

/** A PostgreSQL server to measure on. */
export interface Postgres {
  /** Where it is, for the results. */
  label: string;
  /** A new empty schema, as a URL whose search_path is it; `drop` removes it. */
  schema(): Promise<{ url: string; drop: () => Promise<void> }>;
  /** Stops and removes the cluster this module started (nothing for DATABASE_URL). */
  stop(): void;
}

/**
 * Runs `cmd` in `cwd` as the postgres user when this process is root (PostgreSQL refuses to run as root; the postgres
 * user may not be allowed into the bench's own working directory).
 */
const asPg = (cwd: string, cmd: string, args: string[]) =>
  userInfo().uid === 0
    ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe', cwd })
    : execFileSync(cmd, args, { stdio: 'pipe', cwd });

const admin = async (url: string, sql: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};

/** DATABASE_URL, or a throwaway cluster; a string saying why not when there is neither. */
export async function postgres(): Promise<Postgres | string> {
  let url = process.env.DATABASE_URL || '';
  let stop = () => {};
  let label = 'DATABASE_URL';
  if (!url) {
    const bin = pgBin();
    if (!bin) return 'PostgreSQL is not installed (Debian: apt-get install postgresql); DATABASE_URL is not set';
    const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
    if (userInfo().uid === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
    const port = 30000 + Math.floor(Math.random() * 20000);
    try {
      asPg(dir, join(bin, 'initdb'), ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
      asPg(dir, join(bin, 'pg_ctl'), [
        ...['-D', join(dir, 'data'), '-l', join(dir, 'server.log'), '-w', '-t', '60'],
        ...['-o', `-c listen_addresses='' -k ${dir} -p ${port} -c max_connections=200`, 'start'],
      ]);
    } catch (e) {
      rmSync(dir, { recursive: true, force: true });
      return `the throwaway PostgreSQL cluster did not start: ${(e as Error).message.split('\n')[0]}`;
    }
    const version = execFileSync(join(bin, 'postgres'), ['--version']).toString().trim();
    label = `a throwaway ${version.replace(/^postgres \(PostgreSQL\) /, 'PostgreSQL ')} cluster (default settings)`;
    url = `postgres://postgres@localhost/postgres?host=${dir}&port=${port}`;
    stop = () => {
      try {
        asPg(dir, join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
  }
  let n = 0;
  return {
    label,
    stop,
    schema: async () => {
      const name = `bench_${process.pid}_${++n}`;
      await admin(url, `CREATE SCHEMA ${name}`);
      return {
        url: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${name}`)}`,
        drop: () => admin(url, `DROP SCHEMA ${name} CASCADE`),
      };
    },
  };
}
