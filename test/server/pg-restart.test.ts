/**
 * PostgreSQL restarting or stopping under a running provider (issue 32 items 1 and 4), on a throwaway cluster of this
 * file's own (test/pg-cluster.ts): the shared DATABASE_URL's server cannot be restarted under the other tests. The
 * built provider (dist-node/main.mjs) on one process and on two takes `pg_ctl restart -m fast` in the middle of a
 * stream of concurrent signups: no process dies, signups succeed again within seconds, and every signup answered
 * with success is stored. A stopped server costs each request a 503 with Retry-After and the log one line, not a
 * stack per request; its return one line more, and the mail sender goes on. Runs in the server-pg layer (PostgreSQL
 * installed); in the SQLite layer it reports itself skipped.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import { listSubscribers } from '../../src/server/db/subscribers';
import { openStore } from '../../src/server/store/open';
import { type Cluster, startCluster } from '../pg-cluster';
import { form, PG_URL, request } from './helpers';
import { alive, type RunningMain, startMain, subscribeFresh } from './processes';
import { startSink, until } from './smtp-sink';

/** How soon after PostgreSQL accepts again a signup must succeed: a few seconds, not a pool that never recovers. */
const RECOVERY_MS = 5000;

let cluster: Cluster | null = null;
test.before(async () => {
  if (!PG_URL) return;
  const c = await startCluster();
  if (typeof c === 'string') throw Error(c);
  cluster = c;
});
test.after(() => cluster?.remove());

let schemas = 0;
/** A new schema on the cluster, as the URL whose search_path is it (as test/server/helpers.ts freshTarget does). */
const freshSchema = async (c: Cluster): Promise<string> => {
  const name = `r${++schemas}`;
  const admin = new pg.Client({ connectionString: c.url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${name}`).finally(() => admin.end());
  return `${c.url}&options=${encodeURIComponent(`-c search_path=${name}`)}`;
};

/** The provider's environment on `url`: everything a developer's shell may hold that changes it, blanked. */
const envOn = (url: string, more: Record<string, string> = {}): Record<string, string> => ({
  DATABASE_URL: url,
  PROVIDER_DB: '',
  PORT: '0',
  HOST: '',
  PROVIDER_WORKERS: '',
  PROVIDER_RATE_LIMIT: 'off',
  PROVIDER_MODE: '',
  SMTP_URL: '',
  SMTP_FROM: '',
  ...more,
});

/** What the provider printed, without its request log: for a failing assertion's message. */
const printed = (m: RunningMain): string =>
  m
    .out()
    .split('\n')
    .filter((l) => !/^\S+Z (GET|POST|HEAD) /.test(l))
    .join('\n');

/** Lines of `out` that match `re`. */
const count = (out: string, re: RegExp): number => out.split('\n').filter((l) => re.test(l)).length;

/** Concurrent signups, each on a fresh connection, until stopped: which were acknowledged, and when. */
interface Stream {
  /** Addresses answered with result success. */
  acked: string[];
  /** When each acknowledged signup was sent (ms), in the order of `acked`. */
  sentAt: number[];
  /** Answered otherwise, refused or timed out. */
  failed: number;
  /** Resolves true once `n` signups sent at `since` or later were acknowledged; false after `ms`. */
  ackedSince(since: number, n: number, ms: number): Promise<boolean>;
  stop(): Promise<void>;
}

const stream = (origin: string, prefix: string, lanes = 4): Stream => {
  let stopped = false;
  let next = 0;
  const lane = async () => {
    while (!stopped) {
      const email = `${prefix}.${next++}@example.com`;
      const t = Date.now();
      const r = await subscribeFresh(origin, email, 15_000).catch(() => null);
      if (r?.result === 'success') {
        s.acked.push(email);
        s.sentAt.push(t);
      } else {
        s.failed++;
        // A refused connection answers at once: no busy loop while nothing listens.
        await new Promise((ok) => setTimeout(ok, 20));
      }
    }
  };
  const s: Stream = {
    acked: [],
    sentAt: [],
    failed: 0,
    ackedSince: async (since, n, ms) => {
      for (const end = Date.now() + ms; Date.now() < end; await new Promise((ok) => setTimeout(ok, 20)))
        if (s.sentAt.filter((t) => t >= since).length >= n) return true;
      return false;
    },
    stop: async () => {
      stopped = true;
      await Promise.all(running);
    },
  };
  const running = Array.from({ length: lanes }, lane);
  return s;
};

/** The provider processes' pids: the one process, or the workers the banner names. */
const pidsOf = async (m: RunningMain, workers: number): Promise<number[]> =>
  workers === 1
    ? [m.child.pid as number]
    : (await m.until(/Processes +\d+ \(pids ([\d ]+)\)/, 'no process list'))[1].split(' ').map(Number);

/**
 * Starts the built provider with `workers` processes on a new schema of the cluster, streams signups, restarts
 * PostgreSQL with `pg_ctl restart -m fast` once some went through, then checks that every process lived through it,
 * that signups succeed again within RECOVERY_MS, and that every acknowledged one is stored.
 */
const restartUnderLoad = async (workers: number) => {
  const c = cluster as Cluster;
  const url = await freshSchema(c);
  const m = startMain(envOn(url, { PROVIDER_WORKERS: String(workers) }));
  let pids: number[] = [];
  try {
    const origin = (await m.until(/listening on (http:\/\/127\.0\.0\.1:\d+)/, 'no address'))[1];
    pids = await pidsOf(m, workers);
    const s = stream(origin, `restart${workers}`);
    try {
      assert.ok(await s.ackedSince(0, 20, 20_000), `signups before the restart: ${printed(m)}`);
      await c.restart();
      const back = Date.now();
      const recovered = await s.ackedSince(back, 1, RECOVERY_MS);
      assert.is(m.child.exitCode, null, `the provider exited (code ${m.child.exitCode}): ${printed(m)}`);
      assert.ok(recovered, `no signup succeeded within ${RECOVERY_MS} ms of the restart: ${printed(m)}`);
      assert.ok(await s.ackedSince(back, 20, 20_000), `signups after the restart: ${printed(m)}`);
    } finally {
      await s.stop();
    }
    assert.ok(pids.every(alive), `a provider process died: ${printed(m)}`);
    assert.not.match(m.out(), /provider process \d+ (exited|replaces it)/, 'a worker was replaced');
    assert.not.match(m.out(), /\n\s+at /, `a stack in the log: ${printed(m)}`);
    const store = await openStore(url);
    try {
      const stored = new Set((await listSubscribers(store, form('modal').lid)).map((r) => r.email));
      const lost = s.acked.filter((e) => !stored.has(e));
      assert.equal(lost, [], `${lost.length} of ${s.acked.length} acknowledged signups are not stored`);
    } finally {
      await store.close();
    }
    m.child.kill('SIGTERM');
    assert.is(await m.exit, 0, printed(m));
  } finally {
    if (m.child.exitCode === null) m.child.kill('SIGKILL');
    for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
};

/** Many requests at once while PostgreSQL is down, as visitors come: signups and settings calls, each a 503. */
const whileDown = async (origin: string) => {
  const settings = new URLSearchParams({ u: 'x', id: 'y', c: 'cb' });
  const signups = Array.from({ length: 12 }, (_, i) =>
    subscribeFresh(origin, `down.${i}@example.com`, 15_000).then(
      (r) => `answered ${JSON.stringify(r)}`,
      (e: Error) => e.message,
    ),
  );
  const calls = Array.from({ length: 12 }, () => request(origin, `/subscribe/form-settings?${settings}`));
  for (const a of await Promise.all(signups)) assert.match(a, /^HTTP 503 /, 'a signup while PostgreSQL is down');
  for (const a of await Promise.all(calls)) {
    assert.is(a.status, 503, 'a settings call while PostgreSQL is down');
    assert.ok(Number(a.headers['retry-after']) > 0, 'Retry-After');
  }
};

if (PG_URL) {
  test('pg_ctl restart -m fast under concurrent signups: one process lives, recovers, stores every ack', () =>
    restartUnderLoad(1));

  test('pg_ctl restart -m fast under concurrent signups: two workers live (none replaced), every ack stored', () =>
    restartUnderLoad(2));

  test('PostgreSQL stopped: 503s, Retry-After, one log line (no stack), one on its return; mail resumes', async () => {
    const c = cluster as Cluster;
    const url = await freshSchema(c);
    const sink = await startSink();
    const m = startMain(envOn(url, { SMTP_URL: sink.url, SMTP_FROM: 'news@example.com' }));
    try {
      const origin = (await m.until(/listening on (http:\/\/127\.0\.0\.1:\d+)/, 'no address'))[1];
      await m.until(/Ctrl-C/, 'no banner');
      assert.is((await subscribeFresh(origin, 'before@example.com')).result, 'success');
      await until(() => sink.received.some((r) => r.to.includes('before@example.com')), 'the first mail');
      await c.stop();
      await whileDown(origin);
      await whileDown(origin);
      assert.is(m.child.exitCode, null, printed(m));
      assert.is(count(m.out(), /store unavailable: /), 1, printed(m));
      assert.not.match(m.out(), /\n\s+at /, `a stack in the log: ${printed(m)}`);
      assert.not.match(m.out(), /down\.\d+@/, 'an address in the log');
      await c.start();
      let ok = false;
      for (const end = Date.now() + RECOVERY_MS; !ok && Date.now() < end; )
        ok = (await subscribeFresh(origin, `back.${Date.now()}@example.com`).catch(() => null))?.result === 'success';
      assert.ok(ok, `no signup succeeded within ${RECOVERY_MS} ms of PostgreSQL's return: ${printed(m)}`);
      await m.until(/store available again/, 'no line on the return');
      // The mail sender polled through the outage without a line per round, and sends again.
      await until(() => sink.received.some((r) => r.to.some((t) => t.startsWith('back.'))), 'mail after the return');
      assert.is(count(m.out(), /store unavailable: /), 1, printed(m));
      assert.is(count(m.out(), /store available again/), 1, printed(m));
      assert.not.match(m.out(), /mail queue:/, 'a line per mail round');
      m.child.kill('SIGTERM');
      assert.is(await m.exit, 0, printed(m));
    } finally {
      if (m.child.exitCode === null) m.child.kill('SIGKILL');
      await sink.stop();
    }
  });
} else {
  // uvu's test.skip counts the test as skipped: test/run.mjs adds it to the layer's 'skipped' column.
  test.skip('PostgreSQL restarts and outages (server-pg layer only: DATABASE_URL is not set)');
  console.log('SKIPPED: pg-restart runs in the server-pg layer (test/pg.sh), on a PostgreSQL cluster of its own');
}

test.run();
