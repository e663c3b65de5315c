/**
 * Issue 13 item 3 over real HTTP, on SQLite and (server-pg) PostgreSQL: an anonymous submit for an address already
 * on the list changes nothing stored, confirmed or not, answers exactly as for a new address with one e-mail queued
 * as for a new address, and the change it proposes is applied only from the link mailed to the stored address.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Mail } from '../../src/server/db/outbox';
import { contactKey, recordSignup, type Signup } from '../../src/server/db/subscribers';
import type { Queryable } from '../../src/server/store/types';
import {
  addTestForm,
  form,
  postForm,
  postToken,
  request,
  startTest,
  subscribe,
  type Reply,
  type TestProvider,
} from './helpers';

let p: TestProvider;
test.before(async () => {
  p = await startTest();
});
test.after(async () => {
  await p.cleanup();
});

/** Everything stored about the person of `email` on the list of form `key`: their row and their consents. */
const stored = async (key: string, email: string) => {
  const lid = form(key).lid;
  const row = await p.store.get<Record<string, unknown>>(
    'SELECT * FROM subscribers WHERE list_id = ? AND contact_key = ?',
    [lid, contactKey(email, null)],
  );
  const consents = await p.store.all<{ marketing_preference_id: string; granted: number; updated_at: string }>(
    `SELECT marketing_preference_id, granted, updated_at FROM consents WHERE subscriber_id = ?
      ORDER BY marketing_preference_id`,
    [Number(row?.id ?? 0)],
  );
  return { row, consents };
};

/** The e-mails queued since outbox id `after`, oldest first. */
const mailsAfter = (after: number) => p.store.all<Mail>('SELECT * FROM outbox WHERE id > ? ORDER BY id', [after]);
const lastMailId = async () =>
  Number((await p.store.get<{ n: number | null }>('SELECT max(id) AS n FROM outbox'))?.n ?? 0);
/** The one e-mail a submit queued (fails when it queued none or several). */
const onlyMail = async (after: number): Promise<Mail> => {
  const m = await mailsAfter(after);
  assert.is(m.length, 1, `one e-mail queued, not ${m.length}`);
  return m[0];
};
const pathOf = (link: string) => {
  const u = new URL(link);
  assert.is(u.origin, p.origin);
  return u.pathname + u.search;
};
const tokenOf = (link: string) => new URL(link).searchParams.get('token') || '';
/** Presses the button of a change page: posts its token back. */
const apply = (token: string): Promise<Reply> => postToken(p.origin, token);
/** A submit's answer with its web-engagement id masked, and that id. */
const masked = (text: string) => {
  const m = /"webEngagementCookieValue":"([\da-f]{24})"/.exec(text);
  assert.ok(m, text);
  return text.replace(m[1], 'W');
};

test(`a submit for an address on the list changes nothing stored, pending or confirmed, on double and single \
opt-in forms, SMS number and consents included; the answer is the one the address got when new`, async () => {
  const first = await subscribe(p.origin, 'double-opt-in', { EMAIL: 'alice@example.com', FNAME: 'Alice' });
  const pending = await stored('double-opt-in', 'alice@example.com');
  assert.is(pending.row?.status, 'pending');
  const attack = await subscribe(p.origin, 'double-opt-in', { EMAIL: 'ALICE@example.com', FNAME: 'Mallory' });
  assert.is(attack.reply.text, first.reply.text, 'byte for byte');
  assert.equal(await stored('double-opt-in', 'alice@example.com'), pending, 'pending row untouched');
  // Alice confirms through her own link; the stranger's second try leaves the confirmed row as it is too.
  const own = (await p.store.get<{ link: string }>(
    "SELECT link FROM outbox WHERE to_addr = ? AND subject = 'Please confirm your subscription'",
    ['alice@example.com'],
  ))!;
  assert.is((await apply(tokenOf(own.link))).status, 200);
  const confirmed = await stored('double-opt-in', 'alice@example.com');
  assert.is(confirmed.row?.status, 'subscribed');
  assert.equal(confirmed.row?.merge_fields && JSON.parse(String(confirmed.row.merge_fields)), { FNAME: 'Alice' });
  const again = await subscribe(p.origin, 'double-opt-in', { EMAIL: ' alice@EXAMPLE.com', FNAME: 'Mallory' });
  assert.is(again.reply.text, first.reply.text);
  assert.equal(await stored('double-opt-in', 'alice@example.com'), confirmed);

  // Single opt-in with an SMS number: neither the number nor its status moves.
  const ack = { 'mc-SMSPHONE-ack': 'true' };
  const smsFirst = await subscribe(p.origin, 'sms', { EMAIL: 'sam@example.com', SMSPHONE: '+1 555 555 0101', ...ack });
  const sam = await stored('sms', 'sam@example.com');
  assert.is(sam.row?.sms_phone, '+1 555 555 0101');
  const smsAttack = await subscribe(p.origin, 'sms', { EMAIL: 'SAM@example.com', SMSPHONE: '+1 555 555 0199', ...ack });
  assert.is(smsAttack.reply.text, smsFirst.reply.text);
  assert.equal(await stored('sms', 'sam@example.com'), sam);

  // GDPR: permissions granted stay granted when a stranger submits the address with others.
  const g1 = await subscribe(p.origin, 'gdpr', { EMAIL: 'gail@example.com', FNAME: 'Gail', 'gdpr[101]': 'Y' });
  const gail = await stored('gdpr', 'gail@example.com');
  assert.is(gail.consents.length, 3);
  const g2 = await subscribe(p.origin, 'gdpr', { EMAIL: 'Gail@example.com', FNAME: 'X', 'gdpr[102]': 'Y' });
  assert.is(g2.reply.text, g1.reply.text);
  assert.equal(await stored('gdpr', 'gail@example.com'), gail);
});

test(`a new and an existing address get the same answer (status, headers, body but for each address's own id) \
and one e-mail each, of the same shape; as many statements for either`, async () => {
  for (const key of ['modal', 'double-opt-in']) {
    await subscribe(p.origin, key, { EMAIL: `member.${key}@example.com`, FNAME: 'Old' });
    let at = await lastMailId();
    const known = await subscribe(p.origin, key, { EMAIL: `member.${key}@example.com`, FNAME: 'New' });
    const knownMail = await onlyMail(at);
    at = await lastMailId();
    const fresh = await subscribe(p.origin, key, { EMAIL: `fresh.${key}@example.com`, FNAME: 'New' });
    const freshMail = await onlyMail(at);
    assert.is(known.status, fresh.status);
    for (const h of ['content-type', 'content-length', 'cache-control', 'x-content-type-options'])
      assert.is(known.reply.headers[h], fresh.reply.headers[h], h);
    assert.is(masked(known.reply.text), masked(fresh.reply.text), key);
    assert.is.not(known.data.webEngagementCookieValue, fresh.data.webEngagementCookieValue);
    // One e-mail, to the address, from the same list, with a link to this provider.
    for (const [m, to] of [
      [knownMail, `member.${key}@example.com`],
      [freshMail, `fresh.${key}@example.com`],
    ] as const) {
      assert.is(m.to_addr, to);
      assert.is(m.list_id, form(key).lid);
      assert.ok(m.subject && m.body);
      pathOf(m.link);
    }
    assert.match(knownMail.link, /\/subscribe\/confirm\?token=[\da-f]{32}$/);
  }
  // Statements a double opt-in signup takes in the store: a new person (insert, token) and a known one (insert that
  // does nothing, proposal) alike. A known person's answer is no shortcut that a stopwatch could tell apart.
  let statements = 0;
  const counted =
    <A extends unknown[], R>(f: (...a: A) => R) =>
    (...a: A): R => {
      statements++;
      return f(...a);
    };
  const counting = (q: Queryable): Queryable => ({
    dialect: q.dialect,
    all: counted((sql, a) => q.all(sql, a)),
    get: counted((sql, a) => q.get(sql, a)),
    run: counted((sql, a) => q.run(sql, a)),
    exec: counted((sql) => q.exec(sql)),
    tx: (fn) => q.tx((inner) => fn(counting(inner))),
  });
  const signup = (key: string, email: string, consents: Record<string, boolean>): Signup => ({
    listId: form(key).lid,
    fId: form(key).fId,
    email,
    sms: null,
    merge: { FNAME: 'Count' },
    consents,
    doubleOptIn: !!form(key).settings.hasDoubleOptIn,
    webId: 'f'.repeat(24),
    labels: { merge: {}, sms: '', consents: {} },
  });
  const count = async (s: Signup) => {
    statements = 0;
    const r = await recordSignup(counting(p.store), s);
    return [r.kind, statements];
  };
  // Double opt-in without permissions; single opt-in with them (one statement for all of a form's permissions).
  for (const [key, consents] of [
    ['double-opt-in', {}],
    ['gdpr', { 101: true, 102: false, 103: true }],
  ] as const) {
    const asNew = await count(signup(key, 'counted@example.com', consents));
    const asKnown = await count(signup(key, 'Counted@example.com', { 101: false }));
    assert.equal([asNew[0], asKnown[0]], ['new', 'known'], key);
    assert.is(asKnown[1], asNew[1], key);
  }
});

test(`the e-mail goes to the stored address; its link shows the change and applies nothing, its button applies it \
once; a used, replaced or expired link does nothing`, async () => {
  await subscribe(p.origin, 'slide', { EMAIL: 'Carol@Example.com', FNAME: 'Carol' });
  const before = await stored('slide', 'carol@example.com');
  let at = await lastMailId();
  await subscribe(p.origin, 'slide', { EMAIL: 'CAROL@EXAMPLE.COM', FNAME: '<b>Mallory</b>' });
  const mail = await onlyMail(at);
  assert.is(mail.to_addr, 'Carol@Example.com', 'the stored address, not the typed one');
  assert.match(mail.subject, /confirm the change/i);
  assert.not.ok(mail.body.includes('Mallory'), 'the mail repeats no entered value');
  const page = await request(p.origin, pathOf(mail.link));
  assert.is(page.status, 200);
  assert.ok(page.text.includes('&lt;b&gt;Mallory&lt;/b&gt;'), 'the entered name, escaped');
  assert.not.ok(page.text.includes('<b>Mallory'));
  assert.match(String(page.headers['content-security-policy']), /form-action 'self'/);
  assert.match(page.text, new RegExp(`<input type="hidden" name="token" value="${tokenOf(mail.link)}">`));
  assert.equal(await stored('slide', 'carol@example.com'), before, 'opening the link changes nothing');
  at = await lastMailId();
  const done = await apply(tokenOf(mail.link));
  assert.is(done.status, 200);
  assert.match(done.text, /Subscription updated/);
  const after = await stored('slide', 'carol@example.com');
  assert.equal(JSON.parse(String(after.row?.merge_fields)), { FNAME: '<b>Mallory</b>' });
  assert.is(after.row?.email, 'Carol@Example.com');
  assert.is(after.row?.status, 'subscribed');
  assert.is((await mailsAfter(at)).length, 0, 'no welcome: Carol was subscribed already');

  // Used: neither the link nor the button does anything again, even after a later change.
  const newer = await lastMailId();
  await subscribe(p.origin, 'slide', { EMAIL: 'carol@example.com', FNAME: 'Carol' });
  assert.is((await apply(tokenOf((await onlyMail(newer)).link))).status, 200);
  assert.is((await request(p.origin, pathOf(mail.link))).status, 410);
  assert.is((await apply(tokenOf(mail.link))).status, 410);
  assert.equal(JSON.parse(String((await stored('slide', 'carol@example.com')).row?.merge_fields)), { FNAME: 'Carol' });

  // Replaced: of two proposals, applying the newer one retires the older, which would undo it.
  let m = await lastMailId();
  await subscribe(p.origin, 'slide', { EMAIL: 'carol@example.com', FNAME: 'One' });
  const one = tokenOf((await onlyMail(m)).link);
  m = await lastMailId();
  await subscribe(p.origin, 'slide', { EMAIL: 'carol@example.com', FNAME: 'Two' });
  const two = tokenOf((await onlyMail(m)).link);
  assert.is((await apply(two)).status, 200);
  assert.is((await apply(one)).status, 410);
  assert.equal(JSON.parse(String((await stored('slide', 'carol@example.com')).row?.merge_fields)), { FNAME: 'Two' });

  // Expired: 410 on both, nothing applied.
  m = await lastMailId();
  await subscribe(p.origin, 'slide', { EMAIL: 'carol@example.com', FNAME: 'Late' });
  const late = tokenOf((await onlyMail(m)).link);
  await p.store.run("UPDATE confirmations SET expires_at = '2000-01-01T00:00:00.000Z' WHERE token = ?", [late]);
  assert.is((await request(p.origin, `/subscribe/confirm?token=${late}`)).status, 410);
  assert.is((await apply(late)).status, 410);
  assert.equal(JSON.parse(String((await stored('slide', 'carol@example.com')).row?.merge_fields)), { FNAME: 'Two' });

  // Unknown and malformed tokens, and a post that is no form.
  assert.is((await apply('0'.repeat(32))).status, 404);
  assert.is((await apply('x')).status, 404);
  const json = await request(p.origin, '/subscribe/confirm', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: two }),
  });
  assert.is(json.status, 400);
});

test(`a change to a pending person confirms them too (with the welcome e-mail); a blank optional field keeps the \
stored value; an SMS number and permissions apply with the rest`, async () => {
  await subscribe(p.origin, 'double-opt-in', { EMAIL: 'dora@example.com', FNAME: 'Dorra' });
  let at = await lastMailId();
  await subscribe(p.origin, 'double-opt-in', { EMAIL: 'dora@example.com', FNAME: 'Dora' });
  const change = await onlyMail(at);
  at = await lastMailId();
  assert.is((await apply(tokenOf(change.link))).status, 200);
  const dora = await stored('double-opt-in', 'dora@example.com');
  assert.is(dora.row?.status, 'subscribed');
  assert.type(dora.row?.confirmed_at, 'string');
  assert.equal(JSON.parse(String(dora.row?.merge_fields)), { FNAME: 'Dora' });
  const welcome = await onlyMail(at);
  assert.match(welcome.subject, /^Welcome/);
  assert.is(welcome.to_addr, 'dora@example.com');

  at = await lastMailId();
  await subscribe(p.origin, 'double-opt-in', { EMAIL: 'dora@example.com', FNAME: '' });
  assert.is((await apply(tokenOf((await onlyMail(at)).link))).status, 200);
  assert.equal(JSON.parse(String((await stored('double-opt-in', 'dora@example.com')).row?.merge_fields)), {
    FNAME: 'Dora',
  });

  const ack = { 'mc-SMSPHONE-ack': 'true' };
  await subscribe(p.origin, 'sms', { EMAIL: 'sid@example.com', SMSPHONE: '+1 555 555 0102', ...ack });
  at = await lastMailId();
  await subscribe(p.origin, 'sms', { EMAIL: 'sid@example.com', SMSPHONE: '+1 555 555 0103', ...ack });
  const smsLink = (await onlyMail(at)).link;
  const page = await request(p.origin, pathOf(smsLink));
  assert.ok(page.text.includes('+1 555 555 0103'));
  assert.is((await apply(tokenOf(smsLink))).status, 200);
  const sid = await stored('sms', 'sid@example.com');
  assert.is(sid.row?.sms_phone, '+1 555 555 0103');
  assert.is(sid.row?.sms_status, 'subscribed');

  await subscribe(p.origin, 'gdpr', { EMAIL: 'gus@example.com', FNAME: 'Gus', 'gdpr[101]': 'Y' });
  at = await lastMailId();
  await subscribe(p.origin, 'gdpr', { EMAIL: 'gus@example.com', FNAME: 'Gus', 'gdpr[102]': 'Y' });
  const gdprLink = (await onlyMail(at)).link;
  assert.match((await request(p.origin, pathOf(gdprLink))).text, /<dd>Yes<\/dd>/);
  assert.is((await apply(tokenOf(gdprLink))).status, 200);
  const gus = await stored('gdpr', 'gus@example.com');
  assert.equal(
    gus.consents.map((c) => [c.marketing_preference_id, c.granted]),
    [
      ['101', 0],
      ['102', 1],
      ['103', 0],
    ],
  );
});

test(`the page of a change shows what the visitor chose as the form showed it: choice labels, the country's name, \
dates in their format's order; the owner's labels escaped`, async () => {
  const choices = (...c: [string, string][]) => c.map(([value, label]) => ({ value, label }));
  const lid = await addTestForm(p.store, {
    fields: [
      { type: 'email', name: 'EMAIL', label: 'Email', required: true, merge_id: 0 },
      {
        type: 'dropdown',
        name: 'PLAN',
        label: 'Plan <b>tier</b>',
        merge_id: 1,
        choices: choices(['g', '<i>Gold</i>']),
      },
      {
        type: 'radio',
        name: 'FREQ',
        label: 'How often?',
        merge_id: 2,
        choices: choices(['w', 'Weekly'], ['m', 'Monthly']),
      },
      {
        type: 'checkbox',
        name: 'TOPICS',
        label: 'Topics',
        merge_id: 3,
        group_id: 7,
        choices: choices(['1', 'News'], ['2', 'Offers'], ['4', 'Events']),
      },
      { type: 'address', name: 'ADDRESS', label: 'Address', merge_id: 4 },
      { type: 'birthday', name: 'BDAY', label: 'Birthday', merge_id: 5, dateformat: 'DD/MM' },
      { type: 'date', name: 'US', label: 'Start', merge_id: 6, dateformat: 'MM/DD/YYYY' },
      { type: 'date', name: 'EU', label: 'End', merge_id: 7, dateformat: 'DD/MM/YYYY' },
      { type: 'phone', name: 'PHONE', label: 'Phone', merge_id: 8, phoneformat: 'US' },
    ],
  });
  const fields = {
    EMAIL: 'shown@example.com',
    PLAN: 'g',
    FREQ: 'w',
    'TOPICS[1]': '1',
    'TOPICS[4]': '4',
    'ADDRESS[addr1]': '1 Main St',
    'ADDRESS[addr2]': '',
    'ADDRESS[city]': 'Ottawa',
    'ADDRESS[state]': 'ON',
    'ADDRESS[zip]': 'K1A 0B1',
    'ADDRESS[country]': '30',
    'BDAY[month]': '12',
    'BDAY[day]': '31',
    'US[year]': '2024',
    'US[month]': '2',
    'US[day]': '29',
    'EU[year]': '2025',
    'EU[month]': '3',
    'EU[day]': '1',
    'PHONE[area]': '555',
    'PHONE[detail1]': '123',
    'PHONE[detail2]': '4567',
  };
  assert.is((await postForm(p.origin, lid, fields)).result, 'success');
  const at = await lastMailId();
  assert.is((await postForm(p.origin, lid, fields)).result, 'success');
  const link = (await onlyMail(at)).link;
  const page = await request(p.origin, pathOf(link));
  assert.is(page.status, 200);
  const rows = Object.fromEntries([...page.text.matchAll(/<dt>(.*?)<\/dt><dd>(.*?)<\/dd>/g)].map((m) => [m[1], m[2]]));
  assert.equal(rows, {
    'Plan &lt;b&gt;tier&lt;/b&gt;': '&lt;i&gt;Gold&lt;/i&gt;',
    'How often?': 'Weekly',
    Topics: 'News, Events',
    Address: '1 Main St, Ottawa, ON, K1A 0B1, Canada',
    Birthday: '31/12',
    Start: '02/29/2024',
    End: '01/03/2025',
    Phone: '555-123-4567',
  });
  // A change proposed before the values were kept as shown (no labels.shown) shows the stored values.
  const older = await lastMailId();
  assert.is((await postForm(p.origin, lid, fields)).result, 'success');
  const oldToken = tokenOf((await onlyMail(older)).link);
  const kept = await p.store.get<{ changes: string }>('SELECT changes FROM confirmations WHERE token = ?', [oldToken]);
  const change = JSON.parse(String(kept?.changes));
  delete change.labels.shown;
  await p.store.run('UPDATE confirmations SET changes = ? WHERE token = ?', [JSON.stringify(change), oldToken]);
  const before = await request(p.origin, `/subscribe/confirm?token=${oldToken}`);
  assert.match(before.text, /<dt>How often\?<\/dt><dd>w<\/dd>/);
  assert.match(before.text, /<dt>Start<\/dt><dd>2024-02-29<\/dd>/);
  // What is stored, and applied, stays the values themselves.
  assert.is((await apply(tokenOf(link))).status, 200);
  const row = await p.store.get<{ merge_fields: string }>('SELECT merge_fields FROM subscribers WHERE list_id = ?', [
    lid,
  ]);
  assert.equal(JSON.parse(String(row?.merge_fields)), {
    PLAN: 'g',
    FREQ: 'w',
    TOPICS: ['1', '4'],
    ADDRESS: { addr1: '1 Main St', city: 'Ottawa', state: 'ON', zip: 'K1A 0B1', country: '30' },
    BDAY: '12/31',
    US: '2024-02-29',
    EU: '2025-03-01',
    PHONE: '555-123-4567',
  });
});

test.run();
