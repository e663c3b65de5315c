/**
 * A list's subscribers through the owner API (issue 33 item 7), over real HTTP on both stores: pages of 50, newest
 * first; a search by any part of the address whatever its case (wildcards taken literally); the CSV export with the
 * cells of `npm run subscribers -- --csv`, formula-safe; and the erasure of a person, after which no table holds
 * anything of them and the log names their row id, never their address.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listSubscribers } from '../../src/server/db/subscribers';
import { toCsv } from '../../src/server/subscribers/format';
import { addTestForm, DIALECT, form, postForm, pressLink, startTest, type TestProvider } from './helpers';
import { api, obj } from './studio-helpers';

let p: TestProvider;
/** The request log: no line may hold an address. */
const logged: string[] = [];
test.before(async () => {
  p = await startTest({ quiet: false, logWrite: (chunk) => logged.push(chunk) });
});
test.after(async () => {
  await p.cleanup();
});

const now = () => new Date().toISOString();
let eids = 0;
/** Adds a subscriber row to list `lid` directly (faster than a signup each, for the paging tests). */
const addRow = (lid: string, email: string | null, merge: Record<string, string> = {}, sms: string | null = null) =>
  p.store.run(
    `INSERT INTO subscribers (list_id, contact_key, email, eid, web_id, status, merge_fields, sms_phone, sms_status,
      form_id, created_at, updated_at, confirmed_at) VALUES (?, ?, ?, ?, ?, 'subscribed', ?, ?, ?, 'f', ?, ?, ?)`,
    [
      lid,
      email ? `e:${email.toLowerCase()}` : `s:${(sms || '').replace(/\D/g, '')}`,
      email,
      `e${++eids}`,
      '1',
      JSON.stringify(merge),
      sms,
      sms ? 'subscribed' : null,
      now(),
      now(),
      now(),
    ],
  );

/** A page of list `lid`'s subscribers: its answer, parsed. */
const pageOf = async (lid: string, query: string) => {
  const r = await api(p.origin, 'GET', `lists/${lid}/subscribers${query}`);
  assert.is(r.status, 200, r.text);
  return obj(r.json) as { total: number; page: number; pageSize: number; rows: Record<string, unknown>[] };
};

test('pages of 50, newest first, each row as the studio shows it; refused page numbers; unknown lists', async () => {
  const lid = await addTestForm(p.store, form('modal').settings);
  for (let i = 0; i < 120; i++)
    await addRow(lid, `reader${String(i).padStart(3, '0')}@example.com`, { FNAME: `R${i}` });
  const first = await pageOf(lid, '');
  assert.equal([first.total, first.page, first.pageSize, first.rows.length], [120, 1, 50, 50]);
  assert.is(first.rows[0].email, 'reader119@example.com');
  const row = first.rows[0];
  assert.equal(Object.keys(row).sort(), [
    'confirmedAt',
    'createdAt',
    'email',
    'fields',
    'formId',
    'id',
    'sms',
    'status',
  ]);
  assert.equal([row.status, row.formId, row.sms, row.fields], ['subscribed', 'f', null, { FNAME: 'R119' }]);
  assert.type(row.id, 'number');
  const third = await pageOf(lid, '?page=3');
  assert.equal([third.page, third.rows.length, third.rows[19].email], [3, 20, 'reader000@example.com']);
  assert.equal((await pageOf(lid, '?page=4')).rows, []);
  for (const q of ['?page=0', '?page=-1', '?page=two', '?page=1.5', `?q=${'x'.repeat(255)}`])
    assert.is((await api(p.origin, 'GET', `lists/${lid}/subscribers${q}`)).status, 400, q);
  assert.is((await api(p.origin, 'GET', 'lists/nosuchlist/subscribers')).status, 404);
  assert.is((await api(p.origin, 'GET', 'lists/nosuchlist/subscribers.csv')).status, 404);
});

test(`search: any part of the address, whatever its case; % and _ are letters; SMS-only people show without a \
search`, async () => {
  const lid = await addTestForm(p.store, form('modal').settings);
  await addRow(lid, 'Alice.Smith@Example.com');
  await addRow(lid, 'bob_jones@example.org');
  await addRow(lid, 'bobXjones@example.org');
  await addRow(lid, 'carol%20@example.net');
  await addRow(lid, null, {}, '+1 415 555 0100');
  const found = async (q: string) => (await pageOf(lid, `?q=${encodeURIComponent(q)}`)).rows.map((r) => r.email).sort();
  assert.equal(await found('alice'), ['Alice.Smith@Example.com']);
  assert.equal(await found('SMITH@EXAMPLE'), ['Alice.Smith@Example.com']);
  assert.equal(await found('  example.org '), ['bobXjones@example.org', 'bob_jones@example.org']);
  assert.equal(await found('b_j'), ['bob_jones@example.org']);
  assert.equal(await found('%'), ['carol%20@example.net']);
  assert.equal(await found('\\'), []);
  assert.equal(await found('nobody'), []);
  const all = await pageOf(lid, '?q=');
  assert.is(all.total, 5);
  assert.equal(all.rows[0], { ...all.rows[0], email: null, sms: '+1 415 555 0100' });
  assert.is((await pageOf(lid, '?q=example')).total, 4);
});

test(`CSV: the cells of npm run subscribers -- --csv for the list, formula-safe, as a download never \
cached`, async () => {
  const lid = await addTestForm(p.store, form('modal').settings);
  await addRow(lid, 'sheet@example.com', { FNAME: '=HYPERLINK("http://evil.example","click")' });
  await addRow(lid, 'plain@example.com', { FNAME: 'Ann, "the" reader' });
  const r = await api(p.origin, 'GET', `lists/${lid}/subscribers.csv`);
  assert.is(r.status, 200);
  assert.is(r.headers['content-type'], 'text/csv; charset=utf-8');
  assert.is(r.headers['content-disposition'], `attachment; filename="subscribers-${lid}.csv"`);
  assert.is(r.headers['cache-control'], 'no-store');
  assert.is(r.text, toCsv(await listSubscribers(p.store, lid)));
  const lines = r.text.split('\r\n');
  assert.is(lines[0], 'email,status,list,form,sms_phone,sms_status,consents,created_at,confirmed_at,FNAME');
  assert.ok(lines[1].startsWith(`sheet@example.com,subscribed,${lid},f,`), lines[1]);
  assert.ok(lines[1].endsWith(`,"'=HYPERLINK(""http://evil.example"",""click"")"`), lines[1]);
  assert.ok(lines[2].endsWith(',"Ann, ""the"" reader"'), lines[2]);
  assert.is(lines.length, 4);
});

/** Every row of every table of the store, as text, lower-cased: where a trace of an address would show. */
async function everything(): Promise<string> {
  const tables =
    DIALECT === 'sqlite'
      ? await p.store.all<{ t: string }>("SELECT name AS t FROM sqlite_master WHERE type = 'table'")
      : await p.store.all<{ t: string }>(
          `SELECT table_name AS t FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
        );
  assert.ok(tables.length > 10, 'every table');
  const out: string[] = [];
  for (const { t } of tables) out.push(t, JSON.stringify(await p.store.all(`SELECT * FROM "${t}"`)));
  return out.join('\n').toLowerCase();
}

test(`erase: the person's row, consents, confirmations (used and pending) and outbox mail on the list are gone, in \
every table; others stay; the log names the row id only`, async () => {
  const lid = await addTestForm(p.store, { ...form('gdpr').settings, hasDoubleOptIn: true }, true);
  const other = await addTestForm(p.store, { ...form('gdpr').settings, hasDoubleOptIn: true }, true);
  const who = 'Erase.Me@Example.com';
  const sign = (list: string, email: string, extra: Record<string, string> = {}) =>
    postForm(p.origin, list, { EMAIL: email, FNAME: 'Eve', 'gdpr[101]': 'Y', ...extra });
  assert.is((await sign(lid, who)).result, 'success');
  // Confirmed (a used token and a welcome mail), then a change proposed (a pending token and its mail).
  const mail = await p.store.get<{ link: string }>(
    'SELECT link FROM outbox WHERE list_id = ? ORDER BY id DESC LIMIT 1',
    [lid],
  );
  assert.is((await pressLink(p.origin, String(mail?.link))).status, 200);
  assert.is((await sign(lid, 'erase.me@example.com', { FNAME: 'Changed', 'gdpr[102]': 'Y' })).result, 'success');
  await sign(lid, 'keep@example.com');
  await sign(other, 'keep@example.com');
  const id = (await p.store.get<{ id: number }>('SELECT id FROM subscribers WHERE email = ?', [who]))?.id;
  const count = async (sql: string) => (await p.store.get<{ n: number }>(sql, [id as number]))?.n;
  assert.is(await count('SELECT count(*) AS n FROM consents WHERE subscriber_id = ?'), 3);
  assert.is(await count('SELECT count(*) AS n FROM confirmations WHERE subscriber_id = ?'), 2);
  assert.ok((await everything()).includes('erase.me@example.com'), 'traces before');
  const before = await everything();

  const lines: string[] = [];
  const was = console.log;
  console.log = (...a: unknown[]) => lines.push(a.join(' '));
  let r: Awaited<ReturnType<typeof api>>;
  try {
    // Any case of the address names the person.
    r = await api(p.origin, 'DELETE', `lists/${lid}/subscribers/${encodeURIComponent('ERASE.me@example.COM')}`);
  } finally {
    console.log = was;
  }
  assert.is(r.status, 204, r.text);
  assert.equal(lines, [`erased subscriber ${id} on list ${lid}`]);
  const after = await everything();
  assert.not.ok(after.includes('erase.me'), 'no trace of the address in any table');
  for (const sql of [
    'SELECT count(*) AS n FROM subscribers WHERE id = ?',
    'SELECT count(*) AS n FROM consents WHERE subscriber_id = ?',
    'SELECT count(*) AS n FROM confirmations WHERE subscriber_id = ?',
  ])
    assert.is(await count(sql), 0, sql);
  // The others are as they were: the same person on another list, another person on this one, their mail.
  const kept = await p.store.all<{ list_id: string }>(
    "SELECT list_id FROM subscribers WHERE email = 'keep@example.com' ORDER BY list_id",
  );
  assert.equal(kept.map((k) => k.list_id).sort(), [lid, other].sort());
  assert.is((before.match(/keep@example\.com/g) || []).length, (after.match(/keep@example\.com/g) || []).length);
  // Gone is gone; an unknown list, or something that is no address nor number, names nobody.
  assert.is((await api(p.origin, 'DELETE', `lists/${lid}/subscribers/${encodeURIComponent(who)}`)).status, 404);
  assert.is((await api(p.origin, 'DELETE', `lists/nosuchlist/subscribers/keep%40example.com`)).status, 404);
  assert.is((await api(p.origin, 'DELETE', `lists/${lid}/subscribers/nobody`)).status, 404);
  await new Promise((r) => setImmediate(r));
  const log = logged.join('');
  assert.ok(log.includes(`DELETE /owner/api/lists/${lid}/subscribers/[address] 204`), log.slice(-400));
  assert.not.ok(/erase\.me|keep@/i.test(log), 'no address in the request log');
});

test('erase an SMS-only person by their number', async () => {
  const lid = await addTestForm(p.store, form('sms').settings);
  await addRow(lid, null, {}, '+1 (415) 555-0199');
  const r = await api(p.origin, 'DELETE', `lists/${lid}/subscribers/${encodeURIComponent('+14155550199')}`);
  assert.is(r.status, 204);
  assert.is((await pageOf(lid, '')).total, 0);
});

test.run();
