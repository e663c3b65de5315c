/**
 * The kill -9 check of issue 15 item 3: two provider processes (PROVIDER_WORKERS=2) on one PostgreSQL database,
 * subscribes streaming in over 32 keep-alive connections, one process killed with SIGKILL mid-stream (the primary
 * starts another), the stream going on; then every subscribe that was answered with success must be in the store.
 * Requests cut off by the kill fail without an answer: they are counted, and need not be stored.
 */
import { Agent, request } from 'node:http';
import { DEMO_UUID, demoForm } from '../src/server/seed/forms';
import { openStore } from '../src/server/store/open';
import { startServer } from './server';

/** What the kill check found. */
export interface KillResult {
  processes: number;
  /** Seconds of streaming, before and after the kill together. */
  seconds: number;
  /** Subscribes answered with success. */
  acknowledged: number;
  /** Of those, how many the store holds afterwards (must be all). */
  found: number;
  /** Requests that got no answer: in flight on the killed process, or sent to it as it died. */
  cut: number;
  /** Answers other than a success (must be none). */
  refused: number;
  /** Acknowledged subscribes per second over the whole stream, the kill included. */
  perSecond: number;
  /** Whether the primary started a process in place of the killed one. */
  replaced: boolean;
}

const CONNECTIONS = 32;

/** One subscribe; resolves to whether it was answered with success, rejects when no answer came. */
const subscribe = (agent: Agent, origin: string, email: string): Promise<boolean> => {
  const f = demoForm('modal')!;
  const q = new URLSearchParams({ u: DEMO_UUID, id: f.lid, f_id: f.fId, popup: 'true', EMAIL: email, c: 'cb' });
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/subscribe/form-post-json?${q}`, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve(res.statusCode === 200 && res.complete && /"result":"success"/.test(body)));
      res.on('error', reject);
    });
    req.on('error', reject);
    // A connection the cluster's primary handed to the process as it was killed can stay open with no answer and no
    // error: after 5 s it counts as cut, or the stream would never end.
    req.setTimeout(5000, () => req.destroy(new Error('no answer')));
    req.end();
  });
};

/** Streams subscribes for `before` s, kills one of two processes, streams `after` s more, then checks the store. */
export async function killCheck(
  databaseUrl: string,
  server = 'dist-node/main.mjs',
  before = 3,
  after = 3,
): Promise<KillResult> {
  const s = await startServer(server, { DATABASE_URL: databaseUrl, PROVIDER_WORKERS: '2' });
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const acknowledged: string[] = [];
  let cut = 0;
  let refused = 0;
  let stop = false;
  const t0 = performance.now();
  try {
    const loop = async (c: number) => {
      for (let i = 0; !stop; i++) {
        const email = `kill.${c}.${i}@example.com`;
        try {
          if (await subscribe(agent, s.origin, email)) acknowledged.push(email);
          else refused++;
        } catch {
          cut++;
        }
      }
    };
    const loops = Array.from({ length: CONNECTIONS }, (_, c) => loop(c));
    await new Promise((r) => setTimeout(r, before * 1000));
    process.kill(s.pids[0], 'SIGKILL');
    await new Promise((r) => setTimeout(r, after * 1000));
    stop = true;
    await Promise.all(loops);
  } finally {
    agent.destroy();
    await s.stop();
  }
  const seconds = (performance.now() - t0) / 1000;
  const store = await openStore(databaseUrl);
  let found = 0;
  try {
    const stored = new Set(
      (await store.all<{ email: string }>("SELECT email FROM subscribers WHERE email LIKE 'kill.%'")).map(
        (r) => r.email,
      ),
    );
    found = acknowledged.filter((e) => stored.has(e)).length;
  } finally {
    await store.close();
  }
  return {
    processes: 2,
    seconds: Math.round(seconds * 10) / 10,
    acknowledged: acknowledged.length,
    found,
    cut,
    refused,
    perSecond: Math.round(acknowledged.length / seconds),
    replaced: /provider process \d+ replaces it/.test(s.output()),
  };
}
