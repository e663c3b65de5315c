/**
 * Issue 32 item 2 over real HTTP, on SQLite and (server-pg) PostgreSQL: one client rotating `victim+N@` across lists
 * queued a confirmation or welcome to one inbox for every signup. Now what one mailbox may be sent in a day is
 * counted across lists, forms and clients (src/server/subscribe/mailbox.ts); the signups past it are stored and
 * answered byte for byte as any other, their mail kept in the outbox given up, and the SMTP sender never sends it.
 * The mails never carry what the visitor typed, except the address they go to.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { startProvider } from '../../src/server/app';
import type { Mail } from '../../src/server/db/outbox';
import { MAILBOX_HELD, mailboxOf } from '../../src/server/subscribe/mailbox';
import { form, pressLink, request, startTest, subscribe, type Reply, type TestProvider } from './helpers';
import { startSink, until } from './smtp-sink';

/** Forms of six lists: double opt-in (a confirmation per signup), the others single opt-in (a welcome each). */
const LISTS = ['double-opt-in', 'modal', 'fixed', 'slide', 'template-1', 'template-2'];

/** Every outbox row, oldest first. */
const allMail = (p: TestProvider) => p.store.all<Mail>('SELECT * FROM outbox ORDER BY id');

/** The rows queued to `mailbox` (as the limit counts it), and of them those a sender may take. */
const toMailbox = async (p: TestProvider, mailbox: string) => {
  const rows = (await allMail(p)).filter((m) => mailboxOf(m.to_addr) === mailbox);
  return { rows, sendable: rows.filter((m) => !m.failed_at && !m.sent_at) };
};

/** A signup of `email` on demo form `key` (its required names filled), which must succeed. */
const signup = async (origin: string, key: string, email: string, names: Record<string, string> = {}) => {
  const r = await subscribe(origin, key, { EMAIL: email, FNAME: 'V', LNAME: 'V', ...names });
  assert.is(r.data.result, 'success', `${email} on ${key}: ${JSON.stringify(r.data)}`);
  return r;
};

/** What a client sees of an answer: the status, the headers but the date, the body's bytes. */
const seen = (r: Reply) => {
  const { date: _date, ...headers } = r.headers;
  return { status: r.status, headers, body: r.body.toString('hex') };
};

test('one client rotating victim+N@ over six lists: 3 mails queued, every signup stored, answered alike', async () => {
  const max = 3;
  // The per-client and per-address limits as in production: victim+N is a new address to them.
  const p = await startTest({ mailboxDailyMax: max, rateLimit: undefined });
  // The same store, the limit lifted: the answer any signup gets when its mail goes.
  const free = await startProvider({
    ...p.place.options,
    distDir: join(p.dir, 'dist'),
    quiet: true,
    rateLimit: false,
    mailboxDailyMax: 0,
  });
  try {
    const sent: { key: string; email: string; reply: Reply }[] = [];
    for (let i = 1; i <= 12; i++) {
      const key = LISTS[i % LISTS.length];
      // Case and tags change; the mailbox stays.
      const email = `${i % 2 ? 'Victim' : 'victim'}+${i}@${i % 3 ? 'example.com' : 'EXAMPLE.com'}`;
      const r = await signup(p.origin, key, email);
      sent.push({ key, email, reply: r.reply });
    }
    const { rows, sendable } = await toMailbox(p, 'victim@example.com');
    assert.is(rows.length, 12, 'every signup queued its mail');
    assert.is(sendable.length, max, 'no more than the limit to send');
    // The first ones go; the rest are kept, given up at once with the reason, never tried.
    assert.equal(
      rows.map((m) => m.failed_at === null),
      rows.map((_, i) => i < max),
    );
    for (const m of rows.slice(max)) {
      assert.is(m.last_error, MAILBOX_HELD);
      assert.is(m.attempts, 0);
      assert.is(m.claim, null);
    }
    // Every signup is stored: as a pending subscriber under double opt-in, subscribed on the other lists.
    for (const s of sent) {
      const row = await p.store.get<{ status: string }>(
        'SELECT status FROM subscribers WHERE list_id = ? AND email = ?',
        [form(s.key).lid, s.email],
      );
      assert.is(row?.status, s.key === 'double-opt-in' ? 'pending' : 'subscribed', s.email);
    }
    // The same signups where the mail goes: the same bytes (the answer never depends on the store's state, issue 13).
    for (const s of sent) {
      const again = await signup(free.origin, s.key, s.email);
      assert.equal(seen(s.reply), seen(again.reply), s.email);
    }
    // The demo's mailbox says why the held ones were not sent.
    const box = (await request(p.origin, '/mailbox')).text;
    assert.ok(box.includes(`Not sent, given up: ${MAILBOX_HELD}`), box);
  } finally {
    await free.close();
    await p.cleanup();
  }
});

test("Gmail's dots and googlemail.com are one mailbox; another is counted apart; 0 lifts the limit", async () => {
  const p = await startTest({ mailboxDailyMax: 2 });
  try {
    for (const email of ['j.smith@gmail.com', 'JSmith+a@googlemail.com', 'j.s.m.i.t.h+b@gmail.com'])
      await signup(p.origin, 'double-opt-in', email);
    // Dots matter elsewhere: two mailboxes at example.com.
    for (const email of ['j.smith@example.com', 'jsmith@example.com']) await signup(p.origin, 'double-opt-in', email);
    const gmail = await toMailbox(p, 'jsmith@gmail.com');
    assert.is(gmail.rows.length, 3);
    assert.is(gmail.sendable.length, 2);
    for (const m of ['j.smith@example.com', 'jsmith@example.com'])
      assert.is((await toMailbox(p, m)).sendable.length, 1, m);
  } finally {
    await p.cleanup();
  }
  const lifted = await startTest({ mailboxDailyMax: 0 });
  try {
    for (let i = 1; i <= 8; i++) await signup(lifted.origin, 'double-opt-in', `many+${i}@example.com`);
    assert.is((await toMailbox(lifted, 'many@example.com')).sendable.length, 8);
  } finally {
    await lifted.cleanup();
  }
});

test('the welcome after a confirmation counts too; the default limit is 5 a day', async () => {
  const p = await startTest();
  try {
    const email = 'confirmer@example.com';
    for (const key of ['double-opt-in', 'modal', 'fixed', 'slide']) await signup(p.origin, key, email);
    // A confirmation and three welcomes: one left; following the link queues the fifth, a welcome.
    const confirm = (await toMailbox(p, email)).rows[0];
    assert.is((await pressLink(p.origin, confirm.link)).status, 200);
    let box = await toMailbox(p, email);
    assert.equal([box.rows.length, box.sendable.length], [5, 5]);
    await signup(p.origin, 'template-1', 'Confirmer+more@example.com');
    box = await toMailbox(p, email);
    assert.equal([box.rows.length, box.sendable.length], [6, 5]);
  } finally {
    await p.cleanup();
  }
});

test('the SMTP sender never sends a held mail: the sink gets those within the limit; later mail goes on', async () => {
  const sink = await startSink();
  const lines: string[] = [];
  const p = await startTest({
    mailboxDailyMax: 2,
    mail: { smtpUrl: sink.url, policy: { pollMs: 25 }, log: (l) => lines.push(l) },
  });
  try {
    for (let i = 1; i <= 6; i++) await signup(p.origin, 'double-opt-in', `target+${i}@example.com`);
    // A mail queued after the held ones: once it is sent, the sender has passed over them (it takes rows in order).
    await signup(p.origin, 'double-opt-in', 'bystander@example.com');
    const last = (await allMail(p)).at(-1) as Mail;
    await until(
      async () => !!(await p.store.get<Mail>('SELECT * FROM outbox WHERE id = ?', [last.id]))?.sent_at,
      'the later mail',
    );
    assert.equal(
      sink.offered.map((o) => o.to),
      ['target+1@example.com', 'target+2@example.com', 'bystander@example.com'],
    );
    const { rows } = await toMailbox(p, 'target@example.com');
    assert.equal(
      rows.map((m) => [m.sent_at !== null, m.failed_at !== null, m.attempts]),
      [[true, false, 1], [true, false, 1], ...Array(4).fill([false, true, 0])],
    );
  } finally {
    await p.cleanup();
    await sink.stop();
  }
});

test('the mails carry nothing the visitor typed but the address; the change link page shows it', async () => {
  const p = await startTest();
  try {
    const email = 'typed.fields@example.com';
    const typed = { FNAME: 'QxjFirst <b>Click http://evil.example/</b>', LNAME: 'QxjLast' };
    // A double opt-in signup (confirmation), a single opt-in one (welcome), then both again for the person now on
    // the lists (member-change confirmations), each with the distinctive text in every field the form has.
    for (const round of [1, 2])
      for (const key of ['double-opt-in', 'template-1'])
        await signup(p.origin, key, email, { FNAME: `${typed.FNAME} ${round}`, LNAME: typed.LNAME });
    const mails = await allMail(p);
    assert.is(mails.length, 4);
    for (const m of mails) {
      assert.is(m.to_addr, email);
      for (const text of [m.subject, m.body, m.link]) assert.not.ok(/qxj|evil/i.test(text), text);
    }
    // The text was kept, shown only on the page the member's own link opens.
    const change = mails.at(-1) as Mail;
    assert.match(change.subject, /confirm the change/);
    const page = (await request(p.origin, new URL(change.link).pathname + new URL(change.link).search)).text;
    assert.ok(page.includes('QxjLast'), page);
  } finally {
    await p.cleanup();
  }
});

test.run();
