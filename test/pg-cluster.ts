/**
 * A throwaway PostgreSQL cluster, started as test/pg.sh starts one: initdb in a new temporary folder (as the postgres
 * user when this process is root: PostgreSQL refuses to run as root), listening only on a Unix socket in that folder
 * (no TCP port, so it clashes with no other server). For what the shared DATABASE_URL cannot be used for: a test that
 * restarts or stops its server (issue 32 item 1), and the load bench when DATABASE_URL is unset.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Debian's PostgreSQL binaries, newest version first; null when none is installed. */
export const pgBin = (): string | null => {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const bins = readdirSync(base)
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => join(base, v, 'bin'));
  return bins.find((b) => existsSync(join(b, 'initdb'))) || null;
};

/** A running cluster of this process's own. */
export interface Cluster {
  /** Its `postgres` database as the postgres superuser, over the socket. */
  url: string;
  /** The server's version, e.g. 'PostgreSQL 15.8'. */
  version: string;
  /** pg_ctl restart -m fast: every session is ended (57P01), then the server starts again; resolves once it accepts. */
  restart(): Promise<void>;
  /** pg_ctl stop -m fast; resolves once the server is down. */
  stop(): Promise<void>;
  /** pg_ctl start; resolves once it accepts connections. */
  start(): Promise<void>;
  /** The server's own log so far (for a failing test's message). */
  log(): string;
  /** Stops the server at once (if running) and removes its folder. Synchronous, for a finally or an exit handler. */
  remove(): void;
}

const run = promisify(execFile);

/** Starts a new cluster; a sentence saying why not when PostgreSQL is not installed or does not start. */
export async function startCluster(): Promise<Cluster | string> {
  const bin = pgBin();
  if (!bin) return 'PostgreSQL is not installed (Debian: apt-get install postgresql)';
  const dir = mkdtempSync(join(tmpdir(), 'test-pg-'));
  const root = userInfo().uid === 0;
  if (root) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  // Run from inside the folder: the postgres user may not be allowed into the caller's working directory.
  const cmd = (name: string, args: string[]): [string, string[], { cwd: string }] =>
    root
      ? ['runuser', ['-u', 'postgres', '--', join(bin, name), ...args], { cwd: dir }]
      : [join(bin, name), args, { cwd: dir }];
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const port = 30000 + Math.floor(Math.random() * 20000);
  const ctl = async (...args: string[]) => void (await run(...cmd('pg_ctl', ['-D', data, ...args])));
  const options = `-c listen_addresses='' -k ${dir} -p ${port} -c max_connections=200`;
  const remove = () => {
    try {
      const [file, args, o] = cmd('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      execFileSync(file, args, { ...o, stdio: 'ignore' });
    } catch {
      // Not running.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await run(...cmd('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']));
    await ctl('-l', logFile, '-w', '-t', '60', '-o', options, 'start');
  } catch (e) {
    remove();
    return `the throwaway PostgreSQL cluster did not start: ${(e as Error).message.split('\n')[0]}`;
  }
  const version = execFileSync(join(bin, 'postgres'), ['--version'])
    .toString()
    .trim()
    .replace(/^postgres \(PostgreSQL\) /, 'PostgreSQL ');
  return {
    url: `postgres://postgres@localhost/postgres?host=${dir}&port=${port}`,
    version,
    restart: () => ctl('-l', logFile, '-w', '-t', '60', '-m', 'fast', 'restart'),
    stop: () => ctl('-w', '-t', '60', '-m', 'fast', 'stop'),
    start: () => ctl('-l', logFile, '-w', '-t', '60', '-o', options, 'start'),
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    remove,
  };
}
