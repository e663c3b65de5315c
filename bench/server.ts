/**
 * A provider build running as `npm start` runs it (its own `dist-node/main.mjs`, its own process, a fresh SQLite file,
 * rate limits off): the load bench, the page costs and Lighthouse run against it, this build and the reference alike.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running provider process. */
export interface Server {
  /** 'http://127.0.0.1:PORT' */
  origin: string;
  child: ChildProcess;
  /** Stops the process and removes its database. */
  stop(): Promise<void>;
}

/** Starts `script` (a build's dist-node/main.mjs) on 127.0.0.1 and an ephemeral port; resolves once it listens. */
export async function startServer(script: string): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, PORT: '0', PROVIDER_DB: join(dir, 'bench.db'), PROVIDER_RATE_LIMIT: 'off' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      const t = setTimeout(() => reject(new Error(`${script} did not start within 15 s`)), 15000);
      child.on('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
      child.stdout!.on('data', (d: Buffer) => {
        out += d;
        const m = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
        if (m) {
          clearTimeout(t);
          resolve(m[1]);
        }
      });
    });
    return { origin, child, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
