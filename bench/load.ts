/**
 * Load on the reference provider (issue 8): autocannon on loopback against form-settings and form-post-json, the
 * server running as `npm start` runs it (dist-node/main.mjs, its own process(es), a fresh store, request log on).
 * Targets on 2 cores: 5,000 settings requests per second, 1,000 subscribes per second, zero errors, on SQLite. The
 * same cases run on PostgreSQL, with one provider process and with two (PROVIDER_WORKERS=2, issue 15).
 *
 * Run it alone with `node build.mjs --quiet && node bench/tsrun.mjs bench/load-run.ts [seconds] [server script]`.
 * Besides requests per second, each case reports the server's CPU time per request, which depends far less on what
 * else the machine is running than requests per second do (autocannon itself takes one of the two cores).
 * bench/settings-cpu.ts measures the form-settings path in-process, without the network, for before/after comparisons.
 *
 * The server runs with PROVIDER_RATE_LIMIT=off: autocannon is one client sending thousands of submits a second, which
 * the per-client limit (src/constants.ts RATE_CLIENT_MAX) would rightly answer with errors after the first 20.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { DEMO_UUID, demoForm } from '../src/server/seed/forms';
import { startServer } from './server';

/** One load case's figures. */
export interface LoadResult {
  name: string;
  /** 'SQLite' or 'PostgreSQL'. */
  store: string;
  /** Provider processes serving the port (PROVIDER_WORKERS). */
  processes: number;
  requestsPerSecond: number;
  p99ms: number;
  errors: number;
  non2xx: number;
  total: number;
  /**
   * CPU time the provider process spent per request, in microseconds (user + system, from /proc; null elsewhere).
   * Requests per second depend on what else the machine runs; this figure much less.
   */
  cpuUsPerRequest: number | null;
}

/**
 * CPU time of processes `pids` so far, in ms (Linux /proc; clock ticks of 10 ms), or null where /proc is missing.
 */
const cpuMs = (pids: number[]): number | null => {
  let ms = 0;
  try {
    for (const pid of pids) {
      // The fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms += (Number(f[11]) + Number(f[12])) * 10;
    }
    return ms;
  } catch {
    return null;
  }
};

/** Where a load run's provider keeps its store, and how many processes serve. */
export interface LoadStore {
  /** 'SQLite' or 'PostgreSQL'. */
  store: string;
  /** DATABASE_URL for PostgreSQL; unset, a fresh SQLite file is used. */
  databaseUrl?: string;
  /** PROVIDER_WORKERS (default 1). */
  processes?: number;
}

/**
 * Runs the load cases for `seconds` each against a fresh provider; `server` is the script it runs (another build, to
 * compare before and after a change), `at` the store and the number of processes (default: one, a new SQLite file).
 */
export async function providerLoad(
  seconds = 10,
  server = 'dist-node/main.mjs',
  at: LoadStore = { store: 'SQLite' },
): Promise<LoadResult[]> {
  const processes = at.processes || 1;
  const env: Record<string, string> = at.databaseUrl ? { DATABASE_URL: at.databaseUrl } : {};
  if (processes > 1) env.PROVIDER_WORKERS = String(processes);
  const provider = await startServer(server, env);
  const { origin, pids } = provider;
  try {
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
                path:
                  '/subscribe/form-post-json?' +
                  new URLSearchParams({
                    ...base,
                    popup: 'true',
                    EMAIL: `load.${process.pid}.${++n}@example.com`,
                    c: 'cb',
                  }),
              }),
            },
          ],
        },
      ],
    ];
    const out: LoadResult[] = [];
    for (const [name, opts] of cases) {
      const cpu0 = cpuMs(pids);
      const r = await autocannon({ connections: 50, pipelining: 1, duration: seconds, ...opts });
      const cpu1 = cpuMs(pids);
      out.push({
        cpuUsPerRequest:
          cpu0 === null || cpu1 === null || !r.requests.total
            ? null
            : Math.round(((cpu1 - cpu0) * 1000) / r.requests.total),
        name,
        store: at.store,
        processes,
        requestsPerSecond: Math.round(r.requests.average),
        p99ms: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        total: r.requests.total,
      });
    }
    return out;
  } finally {
    await provider.stop();
  }
}
