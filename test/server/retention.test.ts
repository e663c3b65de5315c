/**
 * Retention (issue 32, src/server/db/retention.ts), on SQLite and (server-pg) PostgreSQL, with the sweep's clock
 * moved: expired confirmations and outbox rows sent or given up longer ago than the retention age are deleted; younger
 * ones, unexpired confirmations and outbox rows still waiting to be sent stay. One process sweeps at a time, two
 * sweeping at once delete each row once, and a provider sweeps by itself shortly after it starts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { startProvider } from '../../src/server/app';
import { counterKey } from '../../src/server/db/counters';
import { RETENTION_DAYS, type Swept, sweepRetention } from '../../src/server/db/retention';
import type { Queryable, Store } from '../../src/server/store/types';
import { form, startTest } from './helpers';
import { until } from './smtp-sink';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** The retention the sweeps below keep: the default's days, hourly. */
const R = { days: RETENTION_DAYS, everyMs: HOUR };
/** The sweeps' moved clock: a year from now, so that every row the tests make is dated against it. */
const T = Date.now() + 365 * DAY;

let people = 0;
/** A person on the double opt-in list, pending unless said, made at `made` (ms); their id. */
const person = async (q: Queryable, made = T, status = 'pending'): Promise<number> => {
  const n = ++people;
  const row = await q.get<{ id: number }>(
    `INSERT INTO subscribers (list_id, contact_key, email, eid, web_id, status, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      form('double-opt-in').lid,
      `e:kept${n}@example.com`,
      `kept${n}@example.com`,
      `eid${n}`,
      `web${n}`,
      status,
      iso(made),
      iso(made),
    ],
  );
  return Number(row?.id);
};

/** A confirmation token of person `id` expiring at `expires` (ms). */
const confirmation = (q: Queryable, id: number, token: string, expires: number) =>
  q.run('INSERT INTO confirmations (token, subscriber_id, created_at, expires_at) VALUES (?, ?, ?, ?)', [
    token,
    id,
    iso(expires - 2 * DAY),
    iso(expires),
  ]);

/** An outbox row with subject `subject`, made at `created` and sent or given up at the times given (ms). */
const mail = (q: Queryable, subject: string, created: number, o: { sent?: number; failed?: number } = {}) =>
  q.run(
    `INSERT INTO outbox (list_id, to_addr, subject, body, link, created_at, mail_key, next_attempt_at, sent_at,
      failed_at) VALUES (?, 'kept@example.com', ?, '', '', ?, ?, ?, ?, ?)`,
    [
      form('double-opt-in').lid,
      subject,
      iso(created),
      subject,
      created,
      o.sent === undefined ? null : iso(o.sent),
      o.failed === undefined ? null : iso(o.failed),
    ],
  );

const tokens = async (s: Store) =>
  (await s.all<{ token: string }>('SELECT token FROM confirmations ORDER BY token')).map((r) => r.token);
const subjects = async (s: Store) =>
  (await s.all<{ subject: string }>('SELECT subject FROM outbox ORDER BY subject')).map((r) => r.subject);
const counted = async (s: Store, key: string) =>
  !!(await s.get('SELECT 1 AS yes FROM rate_counters WHERE key = ?', [counterKey('retention-test', key)]));

test('old rows go; young, unexpired and waiting rows stay; a second sweep in the hour is left alone', async () => {
  const p = await startTest();
  try {
    const old = T - (RETENTION_DAYS + 1) * DAY;
    const young = T - (RETENTION_DAYS - 1) * DAY;
    await p.store.tx(async (q) => {
      const id = await person(q);
      await confirmation(q, id, 'c-expired-old', old);
      await confirmation(q, id, 'c-expired-young', young);
      await confirmation(q, id, 'c-valid', T + DAY);
      // Used long ago, expired long ago: it goes as any expired one.
      await confirmation(q, id, 'c-used-old', old);
      await q.run('UPDATE confirmations SET used_at = ? WHERE token = ?', [iso(old - DAY), 'c-used-old']);
      await mail(q, 'm-sent-old', old - DAY, { sent: old });
      await mail(q, 'm-failed-old', old - DAY, { failed: old });
      await mail(q, 'm-sent-young', old, { sent: young });
      await mail(q, 'm-failed-young', old, { failed: young });
      // Waiting to be sent for over a year (no SMTP_URL, the demo): never swept.
      await mail(q, 'm-waiting-ancient', T - 400 * DAY);
      await mail(q, 'm-waiting-retried', T - 400 * DAY);
      await q.run("UPDATE outbox SET attempts = 3, last_error = 'x' WHERE subject = 'm-waiting-retried'");
      // A rate-limit window that ended, and one still counting.
      await q.run('INSERT INTO rate_counters (key, window_end, hits) VALUES (?, ?, 1), (?, ?, 1)', [
        counterKey('retention-test', 'ended'),
        T - 1,
        counterKey('retention-test', 'counting'),
        T + HOUR,
      ]);
    });
    const swept = (await sweepRetention(p.store, R, T)) as Swept;
    assert.equal(
      { ...swept, counters: swept.counters >= 1 },
      { confirmations: 2, pending: 0, outbox: 2, counters: true },
    );
    assert.equal(await tokens(p.store), ['c-expired-young', 'c-valid']);
    assert.equal(await subjects(p.store), ['m-failed-young', 'm-sent-young', 'm-waiting-ancient', 'm-waiting-retried']);
    assert.equal([await counted(p.store, 'ended'), await counted(p.store, 'counting')], [false, true]);
    // The person stays (subscribers are kept until erased); so do their other tokens.
    assert.ok(await p.store.get("SELECT 1 AS yes FROM subscribers WHERE email = 'kept1@example.com'"));
    // Within the hour, the lease is the first sweep's: another does nothing; an hour on, the next sweeps, and the
    // young rows go once they are old.
    assert.is(await sweepRetention(p.store, R, T + 1), null);
    const later = T + 2 * DAY;
    assert.equal(await sweepRetention(p.store, R, later), { confirmations: 1, pending: 0, outbox: 2, counters: 1 });
    assert.equal(await tokens(p.store), ['c-valid']);
    assert.equal(await subjects(p.store), ['m-waiting-ancient', 'm-waiting-retried']);
  } finally {
    await p.cleanup();
  }
});

test('a pending person whose every link was swept, made a retention age ago, goes with their consents', async () => {
  const p = await startTest();
  try {
    const old = T - (RETENTION_DAYS + 3) * DAY;
    const ids = await p.store.tx(async (q) => {
      const gone = await person(q, old);
      await confirmation(q, gone, 'p-expired-old', old + 2 * DAY);
      await q.run(
        "INSERT INTO consents (subscriber_id, marketing_preference_id, granted, updated_at) VALUES (?, 'm1', 1, ?)",
        [gone, iso(old)],
      );
      const neverMailed = await person(q, old);
      const live = await person(q, old);
      await confirmation(q, live, 'p-live', T + DAY);
      const young = await person(q, T - DAY);
      const member = await person(q, old, 'subscribed');
      return { gone, neverMailed, live, young, member };
    });
    const swept = (await sweepRetention(p.store, R, T)) as Swept;
    assert.equal([swept.confirmations, swept.pending], [1, 2]);
    const left = (await p.store.all<{ id: number }>('SELECT id FROM subscribers ORDER BY id')).map((r) => Number(r.id));
    assert.equal(left, [ids.live, ids.young, ids.member]);
    assert.is(await p.store.get('SELECT 1 AS yes FROM consents WHERE subscriber_id = ?', [ids.gone]), undefined);
  } finally {
    await p.cleanup();
  }
});

test('two providers on one store sweeping at once: each row deleted once, no error, all gone by the next', async () => {
  const p = await startTest();
  const other = await startProvider({ ...p.place.options, distDir: join(p.dir, 'dist'), quiet: true });
  const old = T - (RETENTION_DAYS + 1) * DAY;
  // More than a batch of each, so that the sweeps' batches meet.
  const n = 700;
  try {
    await p.store.tx(async (q) => {
      const id = await person(q);
      for (let i = 0; i < n; i++) {
        await confirmation(q, id, `c${i}`, old);
        await mail(q, `m${i}`, old - DAY, i % 2 ? { sent: old } : { failed: old });
      }
      await mail(q, 'waiting', old);
    });
    const count = async (table: string) =>
      Number((await p.store.get<{ n: number | string }>(`SELECT count(*) AS n FROM ${table}`))?.n);
    // At the same moment: one takes the lease, the other leaves the sweep to it.
    const both = await Promise.all([sweepRetention(p.store, R, T), sweepRetention(other.store, R, T)]);
    assert.is(both.filter((s) => s === null).length, 1, JSON.stringify(both));
    const first = both.find((s) => s !== null) as Swept;
    assert.equal([first.confirmations, first.outbox], [n, n]);
    assert.equal([await count('confirmations'), await count('outbox')], [0, 1]);
    // A lease that ran out under a sweep: two sweep at once. Each row goes once, counted by the one that deleted it.
    await p.store.tx(async (q) => {
      const id = await person(q);
      for (let i = 0; i < n; i++) {
        await confirmation(q, id, `d${i}`, old);
        await mail(q, `n${i}`, old - DAY, { sent: old });
      }
    });
    const t2 = T + HOUR;
    // The other starts once the first has its lease and a batch done, at a time past that lease.
    let second: Promise<Swept | null> | null = null;
    const a = await sweepRetention(p.store, R, t2, () => {
      second ||= sweepRetention(other.store, R, t2 + HOUR);
      return false;
    });
    const pair = [a, await second] as Swept[];
    assert.ok(pair[0] && pair[1], 'both swept');
    const next = (await sweepRetention(p.store, R, t2 + 3 * HOUR)) as Swept;
    assert.is(pair[0].confirmations + pair[1].confirmations + next.confirmations, n);
    assert.is(pair[0].outbox + pair[1].outbox + next.outbox, n);
    assert.equal([await count('confirmations'), await count('outbox')], [0, 1]);
    assert.equal(await subjects(p.store), ['waiting']);
  } finally {
    await other.close();
    await p.cleanup();
  }
});

test('a provider sweeps by itself shortly after its start (PROVIDER_RETENTION_DAYS), and stops on close', async () => {
  const seeded = await startTest();
  const now = Date.now();
  try {
    await seeded.store.tx(async (q) => {
      const id = await person(q);
      await confirmation(q, id, 'gone', now - 3 * DAY);
      await confirmation(q, id, 'kept', now - DAY / 2);
      await mail(q, 'gone', now - 4 * DAY, { sent: now - 3 * DAY });
      await mail(q, 'kept', now - 4 * DAY, { failed: now - DAY / 2 });
      await mail(q, 'waiting', now - 4 * DAY);
    });
  } finally {
    await seeded.close();
  }
  // The setting in the environment: a day kept.
  process.env.PROVIDER_RETENTION_DAYS = '1';
  const lines: string[] = [];
  const log = console.log;
  console.log = (line: string) => lines.push(line);
  try {
    const p = await startProvider({
      ...seeded.place.options,
      distDir: join(seeded.dir, 'dist'),
      quiet: true,
      retention: { firstMs: 10 },
    });
    try {
      await until(async () => (await subjects(p.store)).length === 2, 'the sweep after the start');
      assert.equal(await subjects(p.store), ['kept', 'waiting']);
      assert.equal(await tokens(p.store), ['kept']);
    } finally {
      await p.close();
    }
  } finally {
    console.log = log;
    delete process.env.PROVIDER_RETENTION_DAYS;
    await seeded.cleanup();
  }
  assert.equal(lines, [
    'retention: deleted 1 confirmation(s), 0 never-confirmed subscriber(s) and 1 outbox row(s) expired, sent or ' +
      'given up over 1 day(s) ago',
  ]);
});

test.run();
