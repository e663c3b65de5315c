/**
 * A provider build running as `npm start` runs it (its own `dist-node/main.mjs`, its own process(es), rate limits
 * off): the load bench, the page costs and Lighthouse run against it, this build and the reference alike. By default
 * a fresh SQLite file; `env` may name a PostgreSQL database (DATABASE_URL) and PROVIDER_WORKERS (issue 15).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running provider. */
export interface Server {
  /** 'http://127.0.0.1:PORT' */
  origin: string;
  child: ChildProcess;
  /** The processes that serve requests: the worker pids with PROVIDER_WORKERS, else the one process. */
  pids: number[];
  /** Everything it printed so far. */
  output(): string;
  /** Stops the process (SIGTERM, then waits for its exit) and removes its SQLite file. */
  stop(): Promise<void>;
}

/**
 * Starts `script` (a build's dist-node/main.mjs) on 127.0.0.1 and an ephemeral port, over a fresh SQLite file unless
 * `env` sets DATABASE_URL; resolves once it listens (with PROVIDER_WORKERS, once every worker does).
 */
export async function startServer(script: string, env: Record<string, string> = {}): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      PORT: '0',
      DATABASE_URL: '',
      PROVIDER_DB: join(dir, 'bench.db'),
      PROVIDER_RATE_LIMIT: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (d: Buffer) => {
    out += d;
    process.stderr.write(d);
  });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const workers = Number(env.PROVIDER_WORKERS || 1) > 1;
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`${script} did not start within 30 s: ${out.slice(-500)}`)), 30000);
      child.on('exit', (code) => reject(new Error(`${script} exited (${code}) before listening: ${out.slice(-500)}`)));
      child.stdout!.on('data', (d: Buffer) => {
        out += d;
        const m = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
        // With workers, the banner ends with their pids.
        if (m && (!workers || /Processes +\d+ \(pids [\d ]+\)/.test(out))) {
          clearTimeout(t);
          resolve(m[1]);
        }
      });
    });
    const listed = /Processes +\d+ \(pids ([\d ]+)\)/.exec(out);
    return {
      origin,
      child,
      pids: listed ? listed[1].trim().split(' ').map(Number) : [child.pid as number],
      output: () => out,
      stop,
    };
  } catch (e) {
    child.kill('SIGKILL');
    await stop();
    throw e;
  }
}
