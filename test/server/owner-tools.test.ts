/**
 * The owner's side of the reference provider (issue 5): the mailbox page's confirmation link confirms a double
 * opt-in subscriber, and `npm run subscribers` (the built dist-node/subscribers.mjs) lists and exports the rows as CSV
 * while the server holds the database open.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { listSubscribers } from '../../src/server/db/subscribers';
import { call, DEMO_UUID, form, pressLink, request, startTest, subscribe, type TestProvider } from './helpers';

let p: TestProvider;
test.before(async () => {
  p = await startTest();
});
test.after(async () => {
  await p.cleanup();
});

/** The hrefs of a page's links, entities decoded as a browser would. */
const links = (html: string): string[] =>
  [...html.matchAll(/<a href="([^"]*)"/g)].map((m) =>
    m[1]
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'"),
  );

test(`mailbox: the confirmation e-mail's link, followed from the page, confirms; \
the welcome link proves it`, async () => {
  const f = form('double-opt-in');
  const { data } = await subscribe(p.origin, 'double-opt-in', { EMAIL: 'Mail.Box@example.com', FNAME: 'Mia' });
  assert.is(data.type, 'confirmation');
  const pending = (await listSubscribers(p.store, f.lid)).find((r) => r.email === 'Mail.Box@example.com');
  assert.is(pending?.status, 'pending');

  const box = await request(p.origin, '/mailbox');
  assert.is(box.status, 200);
  assert.ok(box.text.includes('Please confirm your subscription') && box.text.includes('Mail.Box@example.com'));
  const confirm = links(box.text).find((h) => h.includes('/subscribe/confirm?token='));
  assert.ok(confirm, 'the mailbox shows the confirmation link');
  const u = new URL(confirm!);
  assert.is(u.origin, p.origin);
  const page = await pressLink(p.origin, confirm!);
  assert.is(page.status, 200);
  assert.match(page.text, /Subscription confirmed/);
  assert.is(
    (await listSubscribers(p.store, f.lid)).find((r) => r.email === 'Mail.Box@example.com')?.status,
    'subscribed',
  );

  // The welcome e-mail is now newest in the mailbox; its link carries the campaign ids that is-email-subscribed knows.
  const after = await request(p.origin, '/mailbox');
  const welcome = links(after.text).find((h) => h.includes('mc_eid='));
  assert.ok(welcome, 'the welcome e-mail is in the mailbox');
  assert.ok(after.text.indexOf('Welcome') < after.text.indexOf('Please confirm'), 'newest first');
  const w = new URL(welcome!).searchParams;
  const q = new URLSearchParams({
    u: DEMO_UUID,
    id: f.lid,
    mc_eid: w.get('mc_eid') || '',
    mc_cid: w.get('mc_cid') || '',
    c: 'cb',
  });
  assert.equal((await call(p.origin, 'is-email-subscribed', q.toString())).data, { isEmailSubscribed: true });
});

/** Runs the built `npm run subscribers` against this test's database. */
const cli = (...args: string[]) =>
  spawnSync(process.execPath, [join(process.cwd(), 'dist-node/subscribers.mjs'), ...args], {
    env: { ...process.env, ...p.place.env },
    encoding: 'utf8',
  });

/** A CSV text (RFC 4180, CRLF lines) as rows of cells. */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  assert.is(cell + row.join(''), '', 'the CSV ends with a line end');
  return rows;
};

test('npm run subscribers: a table of every subscriber, CSV export, one list, while the server runs', async () => {
  await subscribe(p.origin, 'template-2', { EMAIL: 'csv.one@example.com', FNAME: 'Quote "me", please' });
  await subscribe(p.origin, 'template-2', { EMAIL: 'csv.two@example.com', FNAME: '=HYPERLINK("http://evil")' });
  await subscribe(p.origin, 'gdpr', { EMAIL: 'csv.gdpr@example.com', ...Object.fromEntries(gdprGrant()) });

  const table = cli();
  assert.is(table.status, 0, table.stderr);
  for (const e of ['csv.one@example.com', 'csv.two@example.com', 'csv.gdpr@example.com', 'Mail.Box@example.com'])
    assert.ok(table.stdout.includes(e), e);
  const total = (await listSubscribers(p.store)).length;
  assert.match(table.stdout, new RegExp(`\\n${total} subscribers\\n$`));

  const csv = cli('--csv');
  assert.is(csv.status, 0, csv.stderr);
  const rows = parseCsv(csv.stdout);
  const [head, ...body] = rows;
  assert.equal(head.slice(0, 9), [
    'email',
    'status',
    'list',
    'form',
    'sms_phone',
    'sms_status',
    'consents',
    'created_at',
    'confirmed_at',
  ]);
  assert.is(body.length, total);
  const byEmail = (e: string) => Object.fromEntries(head.map((h, i) => [h, body.find((r) => r[0] === e)![i]]));
  const one = byEmail('csv.one@example.com');
  assert.is(one.FNAME, 'Quote "me", please');
  assert.is(one.status, 'subscribed');
  assert.is(one.list, form('template-2').lid);
  // A formula is shown as text in a spreadsheet, never run.
  assert.is(byEmail('csv.two@example.com').FNAME, `'=HYPERLINK("http://evil")`);
  assert.match(byEmail('csv.gdpr@example.com').consents, /=yes/);

  const one_list = cli('--csv', '--list', form('gdpr').lid);
  assert.is(one_list.status, 0);
  assert.equal(
    parseCsv(one_list.stdout)
      .slice(1)
      .map((r) => r[0]),
    ['csv.gdpr@example.com'],
  );

  const missing = spawnSync(process.execPath, ['dist-node/subscribers.mjs', '--db', join(p.dir, 'nope.sqlite')], {
    encoding: 'utf8',
  });
  assert.is(missing.status, 1);
  assert.match(missing.stderr, /No database at/);
});

/** Query fields that grant every GDPR permission of the demo GDPR form. */
function gdprGrant(): [string, string][] {
  const fields = (form('gdpr').settings.fields as { name?: string; marketing_preference_id?: string | number }[]) || [];
  return fields.filter((f) => f.marketing_preference_id !== undefined && f.name).map((f) => [f.name as string, 'Y']);
}

test.run();
