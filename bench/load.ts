/**
 * Load on the reference provider (issue 8): autocannon on loopback against form-settings and form-post-json, the
 * server running as `npm start` runs it (dist-node/main.mjs, its own process, a fresh SQLite file, request log on).
 * Targets on 2 cores: 5,000 settings requests per second, 1,000 subscribes per second, zero errors.
 *
 * The server runs with PROVIDER_RATE_LIMIT=off: autocannon is one client sending thousands of submits a second, which
 * the per-client limit (src/constants.ts RATE_CLIENT_MAX) would rightly answer with errors after the first 20.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_UUID, demoForm } from '../src/server/seed/forms';

/** One load case's figures. */
export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p99ms: number;
  errors: number;
  non2xx: number;
  total: number;
}

/** Runs the load cases for `seconds` each against a fresh provider process. */
export async function providerLoad(seconds = 10): Promise<LoadResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'load-'));
  const child = spawn(process.execPath, ['dist-node/main.mjs'], {
    env: { ...process.env, PORT: '0', PROVIDER_DB: join(dir, 'load.db'), PROVIDER_RATE_LIMIT: 'off' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      const t = setTimeout(() => reject(new Error('provider did not start')), 15000);
      child.stdout!.on('data', (d: Buffer) => {
        out += d;
        const m = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
        if (m) {
          clearTimeout(t);
          resolve(m[1]);
        }
      });
    });
    const form = demoForm('modal')!;
    const base = { u: DEMO_UUID, id: form.lid, f_id: form.fId };
    const settingsPath = `/subscribe/form-settings?${new URLSearchParams({ ...base, c: 'cb' })}`;
    let n = 0;
    const cases: [string, autocannon.Options][] = [
      ['form-settings', { url: origin + settingsPath }],
      [
        'form-post-json (a new address each request)',
        {
          url: origin,
          requests: [
            {
              method: 'GET',
              setupRequest: (req) => ({
                ...req,
                path: `/subscribe/form-post-json?${new URLSearchParams({ ...base, popup: 'true', EMAIL: `load.${process.pid}.${++n}@example.com`, c: 'cb' })}`,
              }),
            },
          ],
        },
      ],
    ];
    const out: LoadResult[] = [];
    for (const [name, opts] of cases) {
      const r = await autocannon({ connections: 50, pipelining: 1, duration: seconds, ...opts });
      out.push({
        name,
        requestsPerSecond: Math.round(r.requests.average),
        p99ms: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        total: r.requests.total,
      });
    }
    return out;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}
