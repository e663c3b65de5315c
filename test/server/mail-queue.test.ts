/**
 * The outbox as a queue shared by provider processes (issue 15 item 4): a provider stopped mid-queue finishes the
 * send in flight and records it; a new provider on the same store sends what is left and never resends what was
 * sent; a row claimed by a process that died is not sent by another before its lease ends; two providers on one
 * store and one SMTP server deliver each row once; of two claims of one row at the same moment exactly one wins.
 * On SQLite and, in the server-pg pass, PostgreSQL. Timings are lower bounds only.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProvider, type Provider, type ProviderOptions } from '../../src/server/app';
import { openDb } from '../../src/server/db/open';
import { claimMail, type Mail, queueMail } from '../../src/server/db/outbox';
import { parseFrom } from '../../src/server/mail/config';
import { messageIdOf } from '../../src/server/mail/message';
import { freshTarget, subscribe, type TestTarget } from './helpers';
import { type Sink, startSink, until } from './smtp-sink';

const FAST = { pollMs: 20, baseMs: 200, capMs: 800, leaseMs: 4000, sendTimeoutMs: 2000 };
const FROM = parseFrom('news@example.com');

let dir = '';
let place: TestTarget;
let sink: Sink;
const open: Provider[] = [];
test.before.each(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mail-queue-'));
  place = await freshTarget(dir);
  sink = await startSink();
});
test.after.each(async () => {
  for (const p of open.splice(0)) await p.close();
  await place.drop();
  rmSync(dir, { recursive: true, force: true });
  await sink.stop();
});

/** A provider on the test's store sending to the sink; its sender's lines go to `lines`. */
const provider = async (lines: string[] = [], o: Partial<ProviderOptions> = {}): Promise<Provider> => {
  const p = await startProvider({
    ...place.options,
    distDir: join(dir, 'dist'),
    quiet: true,
    rateLimit: false,
    mail: { smtpUrl: sink.url, from: 'news@example.com', policy: FAST, log: (l) => lines.push(l) },
    ...o,
  });
  open.push(p);
  return p;
};

const allRows = (p: Provider): Promise<Mail[]> => p.store.all<Mail>('SELECT * FROM outbox ORDER BY id');

/** Each row's Message-ID was received exactly once, and nothing else was. */
const eachOnce = (rows: Mail[]) => {
  for (const r of rows) assert.is(sink.withId(messageIdOf(r, FROM)).length, 1, `row ${r.id}`);
  assert.is(sink.received.length, rows.length);
};

test('stopped mid-queue: the send in flight is finished and recorded; a new provider sends the rest once', async () => {
  sink.delayMs = 400;
  const a = await provider();
  let dataSeen = false;
  sink.onData = () => {
    dataSeen = true;
  };
  for (let i = 0; i < 4; i++) await subscribe(a.origin, 'double-opt-in', { EMAIL: `queue.${i}@example.com` });
  await until(() => dataSeen, 'the first message under way');
  await a.close();
  // close() waited for the send under way: it was accepted and is marked sent; no row is left claimed.
  const after = await (async () => {
    const s = await openDb(place.target);
    try {
      return await s.all<Mail>('SELECT * FROM outbox ORDER BY id');
    } finally {
      await s.close();
    }
  })();
  const sent = after.filter((r) => r.sent_at);
  assert.ok(sent.length >= 1 && sent.length < 4, `${sent.length} sent before the stop`);
  assert.is(sink.received.length, sent.length);
  assert.ok(
    after.every((r) => r.claim === null),
    'no claim left',
  );
  // A process that died while sending one of the rest left its claim: the new provider must wait for its lease.
  const dead = after.find((r) => !r.sent_at) as Mail;
  const leaseEnd = Date.now() + 1500;
  const s = await openDb(place.target);
  await s.run('UPDATE outbox SET claim = ?, claimed_until = ?, attempts = attempts + 1 WHERE id = ?', [
    'dead-process',
    leaseEnd,
    dead.id,
  ]);
  await s.close();
  sink.delayMs = 0;
  const b = await provider();
  await until(async () => (await allRows(b)).every((r) => r.sent_at), 'every row sent');
  const deadCopy = sink.withId(messageIdOf(dead, FROM))[0];
  assert.ok(deadCopy.at >= leaseEnd, `sent ${leaseEnd - deadCopy.at} ms before the dead claim's lease ended`);
  assert.is((await allRows(b)).find((r) => r.id === dead.id)?.attempts, 2);
  await new Promise((r) => setTimeout(r, FAST.capMs + 10 * FAST.pollMs));
  eachOnce(await allRows(b));
});

test('two providers on one store and one SMTP server: every row delivered once', async () => {
  sink.delayMs = 15;
  const la: string[] = [];
  const lb: string[] = [];
  const a = await provider(la);
  const b = await provider(lb);
  const n = 16;
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      subscribe((i % 2 ? a : b).origin, 'double-opt-in', { EMAIL: `pair.${i}@example.com` }),
    ),
  );
  await until(async () => {
    const rows = await allRows(a);
    return rows.length === n && rows.every((r) => r.sent_at);
  }, 'every row sent');
  await new Promise((r) => setTimeout(r, FAST.capMs + 10 * FAST.pollMs));
  const rows = await allRows(b);
  eachOnce(rows);
  assert.ok(
    rows.every((r) => r.attempts === 1),
    'one attempt each',
  );
  // Every row was sent by one of the two; none twice.
  const sentLines = [...la, ...lb].filter((l) => / sent \(attempt/.test(l));
  assert.is(sentLines.length, n);
  assert.not.ok([...la, ...lb].some((l) => l.includes('sent again')));
});

test('two claims of one row at the same moment: exactly one wins, and none while a lease runs', async () => {
  const s1 = await openDb(place.target);
  const s2 = await openDb(place.target);
  try {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++)
      ids.push(await queueMail(s1, { list_id: 'l', to_addr: `c${i}@example.com`, subject: 's', body: 'b', link: 'x' }));
    const now = Date.now();
    const wins = await Promise.all(
      ids.map(async (id) => {
        const [x, y] = await Promise.all([
          claimMail(s1, id, 'one', now, now + 60_000),
          claimMail(s2, id, 'two', now, now + 60_000),
        ]);
        return Number(!!x) + Number(!!y);
      }),
    );
    assert.equal(
      wins,
      ids.map(() => 1),
    );
    // Under the lease, nobody claims it again, however due it is.
    assert.is(await claimMail(s2, ids[0], 'three', now + 59_000, now + 120_000), undefined);
    // After it, one may: the row's attempt count says how many claims it had.
    const again = await claimMail(s2, ids[0], 'three', now + 61_000, now + 120_000);
    assert.is(again?.attempts, 2);
    assert.is(again?.claim, 'three');
  } finally {
    await s1.close();
    await s2.close();
  }
});

test.run();
