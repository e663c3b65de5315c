/**
 * Real e-mail (issue 15 item 4): with SMTP_URL set, the double opt-in and welcome mails go out over SMTP to a real
 * SMTP server this test starts (smtp-server on 127.0.0.1, port 0), and the outbox row is marked sent only once the
 * server accepted the message. A temporary refusal or a server that is down is retried with backoff and the message
 * then goes out once; a permanent refusal gives the row up, kept as failed. On SQLite, and on PostgreSQL in the
 * server-pg pass. Timings here are only lower bounds (the machine is shared): never "within N ms".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Mail } from '../../src/server/db/outbox';
import { startProvider } from '../../src/server/app';
import { messageIdOf } from '../../src/server/mail/message';
import { parseFrom } from '../../src/server/mail/config';
import { freshTarget, pressLink, request, startTest, subscribe, type TestProvider } from './helpers';
import { bodyOf, type Sink, startSink, until } from './smtp-sink';

/** Short timings: a failure is retried after 200 ms, 400, 800, 800 … */
const FAST = { pollMs: 25, baseMs: 200, capMs: 800, leaseMs: 4000, sendTimeoutMs: 2000 };
const FROM = '"Example News" <news@example.com>';
const PASSWORD = 'p@ss:w/rd%';

/** A provider sending to `sink`, its sender's log lines in `lines`. */
const withMail = (sink: Sink, lines: string[], extra: Record<string, unknown> = {}): Promise<TestProvider> =>
  startTest({ mail: { smtpUrl: sink.url, from: FROM, policy: FAST, log: (l) => lines.push(l) }, ...extra });

/** The outbox rows to `to`, oldest first. */
const rowsTo = (p: TestProvider, to: string): Promise<Mail[]> =>
  p.store.all<Mail>('SELECT * FROM outbox WHERE to_addr = ? ORDER BY id', [to]);

const row = async (p: TestProvider, to: string, i = 0): Promise<Mail> => {
  const r = (await rowsTo(p, to))[i];
  if (!r) throw Error(`no outbox row ${i} to ${to}`);
  return r;
};

/** No line names an address or holds the SMTP password. */
const clean = (lines: string[]) => {
  assert.ok(lines.length > 0, 'the sender logged');
  for (const l of lines) {
    assert.not.ok(l.includes('@'), l);
    assert.not.ok(l.includes(PASSWORD), l);
  }
};

test('production: the confirmation mail arrives over SMTP with the public URL, then the welcome', async () => {
  const user = 'mailer@example.com';
  const sink = await startSink({ auth: { user, pass: PASSWORD } });
  const lines: string[] = [];
  const url = `smtp://${encodeURIComponent(user)}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${sink.port}`;
  const p = await startTest({
    mode: 'production',
    publicUrl: 'https://list.example.com',
    ownerSecret: 'a-long-enough-owner-secret-for-tests',
    mail: { smtpUrl: url, from: FROM, policy: FAST, log: (l) => lines.push(l) },
  });
  try {
    const to = 'Dee.Opt+in@example.com';
    assert.is((await subscribe(p.origin, 'double-opt-in', { EMAIL: to })).data.result, 'success');
    const token = (await p.store.get<{ token: string }>(
      'SELECT token FROM confirmations c JOIN subscribers s ON s.id = c.subscriber_id WHERE s.email = ?',
      [to],
    ))!.token;
    const confirmation = await row(p, to);
    const id = messageIdOf(confirmation, parseFrom(FROM));
    await until(() => sink.withId(id).length > 0, 'the confirmation mail');
    const got = sink.withId(id)[0];
    assert.equal(got.to, [to]);
    assert.is(got.from, 'news@example.com');
    assert.is(got.user, user, 'logged in with the URL-encoded user name and password');
    assert.match(got.raw, /^From: "?Example News"? <news@example\.com>/m);
    assert.match(got.raw, /^Subject: Please confirm your subscription/m);
    assert.match(got.raw, /^Auto-Submitted: auto-generated/m);
    assert.ok(bodyOf(got.raw).includes(`https://list.example.com/subscribe/confirm?token=${token}`), got.raw);
    await until(async () => !!(await row(p, to)).sent_at, 'the row marked sent');
    const sent = await row(p, to);
    assert.is(sent.attempts, 1);
    assert.match(sent.sent_reply || '', /^250 /);
    assert.is(sent.claim, null);
    assert.is(sent.last_error, null);
    // The link, followed and its button pressed, confirms; the welcome it causes goes out the same way, its link on
    // the public URL too.
    assert.is((await pressLink(p.origin, `/subscribe/confirm?token=${token}`)).status, 200);
    await until(async () => (await rowsTo(p, to)).length === 2, 'the welcome row');
    const welcome = await row(p, to, 1);
    await until(() => sink.withId(messageIdOf(welcome, parseFrom(FROM))).length > 0, 'the welcome mail');
    const w = sink.withId(messageIdOf(welcome, parseFrom(FROM)))[0];
    assert.match(w.raw, /^Subject: Welcome to Demo Goods/m);
    assert.ok(bodyOf(w.raw).includes('https://list.example.com/?mc_eid='), w.raw);
    assert.is(sink.received.length, 2, 'each mail once');
    assert.ok(
      lines.some((l) => l.startsWith(`mail ${confirmation.id}: sent (attempt 1)`)),
      lines.join('\n'),
    );
    clean(lines);
  } finally {
    await p.cleanup();
    await sink.stop();
  }
});

test('a temporary refusal is retried with growing waits, then the mail goes out exactly once', async () => {
  const sink = await startSink();
  const lines: string[] = [];
  let refusals = 0;
  sink.refuse = (to) => (refusals++ < 2 ? { code: 451, text: `4.7.1 <${to}>: greylisted, try again later` } : 'accept');
  const p = await withMail(sink, lines);
  try {
    const to = 'grey@example.com';
    await subscribe(p.origin, 'double-opt-in', { EMAIL: to });
    // After the first refusal the row is unsent, due again later, its error kept without the address.
    await until(async () => (await row(p, to)).last_error !== null, 'the first failure recorded');
    const failed = await row(p, to);
    assert.is(failed.sent_at, null);
    assert.is(failed.failed_at, null);
    assert.match(failed.last_error || '', /451/);
    assert.not.ok((failed.last_error || '').includes('@'), failed.last_error || '');
    // The mailbox says so (or, a moment later, that the next attempt is under way).
    const box = (await request(p.origin, '/mailbox')).text;
    assert.match(
      box,
      /Not sent yet: attempt 1 failed \(\S* ?451 RCPT TO: 451 4\.7\.1 &lt;\[address\]&gt;|Sending \(attempt 2\)/,
    );
    const id = messageIdOf(failed, parseFrom(FROM));
    await until(() => sink.withId(id).length > 0, 'the mail after two refusals');
    await until(async () => !!(await row(p, to)).sent_at, 'the row marked sent');
    const t = sink.offered.map((o) => o.at);
    assert.is(t.length, 3);
    // Backoff: 200 ms after the first failure, 400 ms after the second (lower bounds only).
    assert.ok(t[1] - t[0] >= FAST.baseMs, `first wait ${t[1] - t[0]} ms`);
    assert.ok(t[2] - t[1] >= 2 * FAST.baseMs, `second wait ${t[2] - t[1]} ms`);
    assert.is((await row(p, to)).attempts, 3);
    // Several poll rounds and a whole backoff later, still one copy.
    await new Promise((r) => setTimeout(r, FAST.capMs + 10 * FAST.pollMs));
    assert.is(sink.withId(id).length, 1);
    assert.is(sink.received.length, 1);
    clean(lines);
  } finally {
    await p.cleanup();
    await sink.stop();
  }
});

test('an SMTP server that is down: the row waits, retried; once the server is up it goes out once', async () => {
  const first = await startSink();
  const port = first.port;
  await first.stop(); // nothing listens on the port now: connections are refused
  const lines: string[] = [];
  const p = await startTest({
    mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, policy: FAST, log: (l) => lines.push(l) },
  });
  let sink: Sink | null = null;
  try {
    const to = 'down@example.com';
    await subscribe(p.origin, 'double-opt-in', { EMAIL: to });
    await until(async () => (await row(p, to)).attempts >= 2, 'two refused connections');
    const waiting = await row(p, to);
    assert.is(waiting.sent_at, null);
    assert.is(waiting.failed_at, null);
    assert.match(waiting.last_error || '', /ECONNECTION|ECONNREFUSED|ESOCKET/);
    sink = await startSink({ port });
    const id = messageIdOf(waiting, parseFrom(FROM));
    const s = sink;
    await until(() => s.withId(id).length > 0, 'the mail once the server is up');
    await until(async () => !!(await row(p, to)).sent_at, 'the row marked sent');
    await new Promise((r) => setTimeout(r, FAST.capMs + 10 * FAST.pollMs));
    assert.is(s.received.length, 1);
    clean(lines);
  } finally {
    await p.cleanup();
    await sink?.stop();
  }
});

test('a permanent refusal (550) gives the row up at once, kept as failed; other mail still goes', async () => {
  const sink = await startSink();
  const lines: string[] = [];
  sink.refuse = (to) => (to.startsWith('nobody') ? { code: 550, text: '5.1.1 no such mailbox here' } : 'accept');
  const p = await withMail(sink, lines);
  try {
    await subscribe(p.origin, 'double-opt-in', { EMAIL: 'nobody@example.com' });
    await subscribe(p.origin, 'double-opt-in', { EMAIL: 'somebody@example.com' });
    await until(async () => !!(await row(p, 'nobody@example.com')).failed_at, 'the row given up');
    await until(async () => !!(await row(p, 'somebody@example.com')).sent_at, 'the other row sent');
    await new Promise((r) => setTimeout(r, FAST.capMs + 10 * FAST.pollMs));
    const gone = await row(p, 'nobody@example.com');
    assert.is(gone.attempts, 1, 'not retried');
    assert.is(gone.sent_at, null);
    assert.match(gone.last_error || '', /550/);
    assert.is(sink.offered.filter((o) => o.to.startsWith('nobody')).length, 1);
    assert.ok(
      lines.some((l) => l.startsWith(`mail ${gone.id}: attempt 1 failed, given up`)),
      lines.join('\n'),
    );
    clean(lines);
  } finally {
    await p.cleanup();
    await sink.stop();
  }
});

test("a refusal quoting john'smith@example.com: its log line and last_error keep nothing of the address", async () => {
  // Issue 32 item 3: the mask stopped at the apostrophe, leaving john'[address] in the log and in the row.
  const sink = await startSink();
  const lines: string[] = [];
  sink.refuse = (to) => ({ code: 550, text: `5.1.1 <${to}>: Recipient address rejected: User unknown` });
  const p = await withMail(sink, lines);
  try {
    const to = "john'smith@example.com";
    assert.is((await subscribe(p.origin, 'double-opt-in', { EMAIL: to })).data.result, 'success');
    await until(async () => !!(await row(p, to)).failed_at, 'the row given up');
    const error = (await row(p, to)).last_error || '';
    assert.match(error, /550 RCPT TO: 550 5\.1\.1 <\[address\]>: Recipient address rejected/);
    const logged = lines.find((l) => l.includes('given up')) || '';
    assert.match(logged, /<\[address\]>: Recipient address rejected/);
    for (const text of [error, logged])
      for (const piece of ['john', 'smith', "'", 'example.com']) assert.not.ok(text.includes(piece), text);
    clean(lines);
  } finally {
    await p.cleanup();
    await sink.stop();
  }
});

test('a row older than its link is given up unsent; a row never tried shows no status in the mailbox', async () => {
  const sink = await startSink();
  const lines: string[] = [];
  // A demo without SMTP_URL queues the mail and sends nothing: the mailbox as before.
  const demo = await startTest();
  try {
    await subscribe(demo.origin, 'double-opt-in', { EMAIL: 'old@example.com' });
    await subscribe(demo.origin, 'double-opt-in', { EMAIL: 'new@example.com' });
    const box = (await request(demo.origin, '/mailbox')).text;
    assert.ok(box.includes('old@example.com') && !/Sent over SMTP|Not sent/.test(box), box);
    assert.is((await row(demo, 'old@example.com')).attempts, 0);
    const old = new Date(Date.now() - 49 * 3600_000).toISOString();
    await demo.store.run('UPDATE outbox SET created_at = ? WHERE to_addr = ?', [old, 'old@example.com']);
  } finally {
    await demo.close();
  }
  // The same store with SMTP_URL set (and the demo's own From): the fresh row goes, the old one is given up.
  const p = await startProvider({
    ...demo.place.options,
    distDir: join(demo.dir, 'dist'),
    quiet: true,
    mail: { smtpUrl: sink.url, policy: FAST, log: (l) => lines.push(l) },
  });
  try {
    await until(
      async () => !!(await p.store.get<Mail>("SELECT * FROM outbox WHERE to_addr = 'new@example.com'"))?.sent_at,
      'sent',
    );
    await until(
      async () => !!(await p.store.get<Mail>("SELECT * FROM outbox WHERE to_addr = 'old@example.com'"))?.failed_at,
      'given up',
    );
    assert.equal(
      sink.received.map((r) => r.to),
      [['new@example.com']],
    );
    assert.is(sink.received[0].from, 'no-reply@localhost');
    const box = (await request(p.origin, '/mailbox')).text;
    assert.match(box, /Sent over SMTP <time/);
    assert.match(box, /Not sent, given up: too old/);
    clean(lines);
  } finally {
    await p.close();
    await demo.place.drop();
    rmSync(demo.dir, { recursive: true, force: true });
    await sink.stop();
  }
});

test('start: production with SMTP_URL needs SMTP_FROM; a bad SMTP_URL is refused, its password unsaid', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mail-start-'));
  const place = await freshTarget(dir);
  const base = { ...place.options, distDir: dir, quiet: true };
  try {
    const prod = {
      mode: 'production' as const,
      publicUrl: 'https://l.example.com',
      ownerSecret: 'owner-secret-for-the-tests-0123456789',
    };
    await startProvider({ ...base, ...prod, mail: { smtpUrl: 'smtp://127.0.0.1:1' } }).then(
      () => assert.unreachable('started without SMTP_FROM'),
      (e: Error) => assert.match(e.message, /SMTP_FROM/),
    );
    for (const smtpUrl of [`http://u:${PASSWORD}@h`, `smtp://u:${PASSWORD}@h/path`, `smtp://u:%E0%A4@h`])
      await startProvider({ ...base, mail: { smtpUrl } }).then(
        () => assert.unreachable(`started with ${smtpUrl}`),
        (e: Error) => {
          assert.match(e.message, /SMTP_URL/);
          assert.not.ok(e.message.includes(PASSWORD) || e.message.includes('%E0'), e.message);
        },
      );
  } finally {
    await place.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('npm start with SMTP_URL: the banner names the server, never the user or password; mail goes out', async () => {
  const sink = await startSink({ auth: { user: 'owner@example.com', pass: PASSWORD } });
  const dir = mkdtempSync(join(tmpdir(), 'mail-main-'));
  const place = await freshTarget(dir);
  const smtpUrl = `smtp://owner%40example.com:${encodeURIComponent(PASSWORD)}@127.0.0.1:${sink.port}`;
  const child = spawn(process.execPath, ['dist-node/main.mjs'], {
    env: { ...process.env, ...place.env, PORT: '0', PROVIDER_MODE: '', SMTP_URL: smtpUrl, SMTP_FROM: FROM },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((r) => child.on('exit', r));
  try {
    await until(() => /Ctrl-C/.test(out), 'the banner');
    assert.match(
      out,
      new RegExp(`Mailbox +http://\\S+/mailbox, and sent over SMTP smtp://127\\.0\\.0\\.1:${sink.port} \\(with`),
    );
    const origin = /listening on (http:\/\/\S+)/.exec(out)?.[1] || '';
    await subscribe(origin, 'double-opt-in', { EMAIL: 'banner.reader@example.com' });
    await until(() => sink.received.length === 1, 'the mail');
    await until(() => /mail \d+: sent/.test(out), 'the log line');
  } finally {
    child.kill('SIGTERM');
    assert.is(await exit, 0);
    await place.drop();
    rmSync(dir, { recursive: true, force: true });
    await sink.stop();
  }
  assert.not.ok(/@|%40|p%40ss/.test(out) || out.includes(PASSWORD), out);
});

test.run();
