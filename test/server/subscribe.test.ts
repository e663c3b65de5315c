/** form-post-json over real HTTP and SQLite (spec 3.5, 3.6, 7.1; issue 5): answers, errors, idempotence, honeypot. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STORE_MESSAGES } from '../../src/form-model/rules';
import { listSubscribers } from '../../src/server/db/subscribers';
import {
  addTestForm,
  callQuery,
  call,
  form,
  postForm,
  pressLink,
  request,
  startTest,
  subscribe,
  DEMO_UUID,
  type TestProvider,
} from './helpers';

let p: TestProvider;
test.before(async () => {
  p = await startTest();
});
test.after(async () => {
  await p.cleanup();
});

const rows = (lid: string) => listSubscribers(p.store, lid);

test('a valid signup answers success with the form message and a cookie value, and stores one row', async () => {
  const { data, reply } = await subscribe(p.origin, 'modal', { EMAIL: 'ann@example.com', FNAME: 'Ann' });
  assert.equal(data.result, 'success');
  assert.equal(data.msg, 'Thank you for subscribing!');
  assert.equal(data.type, 'custom');
  assert.match(String(data.webEngagementCookieValue), /^[\da-f]{24}$/);
  assert.is(reply.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.is(reply.headers['x-content-type-options'], 'nosniff');
  const r = await rows(form('modal').lid);
  assert.is(r.length, 1);
  assert.is(r[0].email, 'ann@example.com');
  assert.is(r[0].status, 'subscribed');
  assert.equal(r[0].merge_fields, { FNAME: 'Ann' });
});

test('subscribing again, in another case, keeps the one row as stored and answers as the first time', async () => {
  const first = await subscribe(p.origin, 'slide', { EMAIL: 'Bob@Example.com', FNAME: 'Bob' });
  const again = await subscribe(p.origin, 'slide', { EMAIL: 'bob@EXAMPLE.COM', FNAME: 'Robert' });
  assert.is(again.reply.text, first.reply.text);
  const r = await rows(form('slide').lid);
  assert.is(r.length, 1);
  // Anyone may type an address: the new name waits for its owner's confirmation (issue 13 item 3,
  // test/server/member-changes.test.ts), and the address keeps the case it was stored in.
  assert.equal(r[0].merge_fields, { FNAME: 'Bob' });
  assert.is(r[0].email, 'Bob@Example.com');
});

test('a filled honeypot is answered as a success and stored nowhere', async () => {
  const f = form('template-1');
  const { data } = await subscribe(p.origin, 'template-1', {
    EMAIL: 'bot@example.com',
    FNAME: 'x',
    LNAME: 'y',
    [`b_${DEMO_UUID}_${f.lid}`]: 'spam',
  });
  assert.is(data.result, 'success');
  assert.is(data.msg, 'Thank you for subscribing!');
  assert.is((await rows(f.lid)).length, 0);
  assert.is(
    (await p.store.get<{ n: number }>('SELECT count(*) AS n FROM outbox WHERE to_addr = ?', ['bot@example.com']))!.n,
    0,
  );
});

test("invalid and missing fields are errors keyed by merge_id, with the form's messages", async () => {
  const { data } = await subscribe(p.origin, 'template-1', { EMAIL: 'not-an-address', FNAME: '', LNAME: '' });
  assert.is(data.result, 'error');
  assert.type(data.msg, 'string');
  assert.equal(data.errors, { 0: 'Please enter a valid email address.', 2: 'This field is required.' });
  assert.is((await rows(form('template-1').lid)).length, 0);
});

test('every field type is checked server-side with the rules of spec 5.2', async () => {
  const cases: [Record<string, string>, Record<string, string>][] = [
    [{ 'ADDRESS[state]': '', 'ADDRESS[zip]': '' }, { 3: 'Please enter a complete address.' }],
    [{ 'ADDRESS[country]': '' }, { 3: 'Please enter a complete address.' }],
    [{ 'BIRTHDAY[month]': '13', 'BIRTHDAY[day]': '1' }, { 4: 'Please enter a valid month and day.' }],
    [{ 'DATE[year]': '2024', 'DATE[month]': '2', 'DATE[day]': '32' }, { 5: 'Please enter a valid date.' }],
    [
      { 'PHONE[area]': '55', 'PHONE[detail1]': '555', 'PHONE[detail2]': '5555' },
      { 6: 'Please enter a valid phone number.' },
    ],
    [{ AGE: '4x' }, { 8: 'Please enter a valid number.' }],
    [{ WEBSITE: 'example.com' }, { 9: 'Please enter a valid URL.' }],
    [{ PLAN: '' }, { 10: 'This field is required.' }],
    [{ PLAN: 'Gold' }, { 10: 'Please choose one of the options.' }],
    [{ FREQ: 'Daily' }, { 12: 'Please choose one of the options.' }],
    [{ SIZE: 'XXL' }, { 11: 'Please choose one of the options.' }],
  ];
  const valid: Record<string, string> = {
    EMAIL: 'every@example.com',
    'ADDRESS[addr1]': '1 Main St',
    'ADDRESS[city]': 'Springfield',
    'ADDRESS[state]': 'IL',
    'ADDRESS[zip]': '62701',
    'ADDRESS[country]': '164',
    PLAN: 'Free',
    FREQ: 'Weekly',
  };
  for (const [bad, errors] of cases) {
    const { data } = await subscribe(p.origin, 'every-field', { ...valid, ...bad });
    assert.is(data.result, 'error', JSON.stringify(bad));
    assert.equal(data.errors, errors, JSON.stringify(bad));
  }
  assert.is((await rows(form('every-field').lid)).length, 0);
});

test('a complete every-field signup stores each field in its shape', async () => {
  const { data } = await subscribe(p.origin, 'every-field', {
    EMAIL: 'full@example.com',
    FNAME: 'Fay',
    'ADDRESS[addr1]': '1 Main St',
    'ADDRESS[addr2]': '',
    'ADDRESS[city]': 'Springfield',
    'ADDRESS[state]': 'IL',
    'ADDRESS[zip]': '62701',
    'ADDRESS[country]': '164',
    'BIRTHDAY[month]': '7',
    'BIRTHDAY[day]': '4',
    'DATE[year]': '2020',
    'DATE[month]': '02',
    'DATE[day]': '29',
    'PHONE[area]': '555',
    'PHONE[detail1]': '123',
    'PHONE[detail2]': '4567',
    MOBILE: '+44 20 7946 0958',
    AGE: '42',
    WEBSITE: 'https://example.com/x',
    PLAN: 'Premium',
    SIZE: 'M',
    FREQ: 'Monthly',
    'TOPICS[1]': '1',
    'TOPICS[4]': '4',
    'TOPICS[999]': 'ignored',
    COMPANY: 'Acme',
  });
  assert.is(data.result, 'success', JSON.stringify(data));
  const [r] = await rows(form('every-field').lid);
  assert.equal(r.merge_fields, {
    FNAME: 'Fay',
    ADDRESS: { addr1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: '164' },
    BIRTHDAY: '07/04',
    DATE: '2020-02-29',
    PHONE: '555-123-4567',
    MOBILE: '+44 20 7946 0958',
    AGE: '42',
    WEBSITE: 'https://example.com/x',
    PLAN: 'Premium',
    SIZE: 'M',
    FREQ: 'Monthly',
    TOPICS: ['1', '4'],
    COMPANY: 'Acme',
  });
});

test('e-mail length limits: local part over 64 and address over 254 characters are errors', async () => {
  const cases: [string, boolean][] = [
    [`${'a'.repeat(64)}@example.com`, true],
    [`${'a'.repeat(65)}@example.com`, false],
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(56)}.com`, true], // 254 characters
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.com`, false], // 255
  ];
  assert.equal(
    cases.map(([e]) => e.length),
    [76, 77, 254, 255],
  );
  for (const [email, ok] of cases) {
    const { data } = await subscribe(p.origin, 'template-2', { EMAIL: email });
    assert.is(data.result, ok ? 'success' : 'error', `${email.length}: ${JSON.stringify(data)}`);
    if (!ok) assert.equal(data.errors, { 0: 'Please enter a valid email address.' });
  }
});

test('a merge field value over 255 characters is an error, not a truncation', async () => {
  const { data } = await subscribe(p.origin, 'template-2', { EMAIL: 'long@example.com', FNAME: 'x'.repeat(256) });
  assert.equal(data.errors, { 1: STORE_MESSAGES.maxlength });
  assert.is(STORE_MESSAGES.maxlength, 'This value is too long.');
  const ok = await subscribe(p.origin, 'template-2', { EMAIL: 'long@example.com', FNAME: 'x'.repeat(255) });
  assert.is(ok.data.result, 'success');
});

test(`a value the store cannot keep (over 255 characters, a part over its input's length) is refused in the form's \
language, its translations' maxlength; in English without one`, async () => {
  const fields = [
    { type: 'email', name: 'EMAIL', label: 'E-Mail', required: true, merge_id: 0 },
    { type: 'text', name: 'FNAME', label: 'Vorname', merge_id: 1 },
    { type: 'birthday', name: 'BDAY', label: 'Geburtstag', merge_id: 4 },
  ];
  const translations = { required: 'Pflichtfeld.', maxlength: 'Dieser Wert ist zu lang.' };
  const de = await addTestForm(p.store, { fields, translations });
  const en = await addTestForm(p.store, { fields, translations: { required: 'Pflichtfeld.' } });
  const cases: [string, Record<string, string>, Record<string, string>][] = [
    [de, { FNAME: 'x'.repeat(256) }, { 1: 'Dieser Wert ist zu lang.' }],
    [de, { FNAME: 'x'.repeat(255), 'BDAY[month]': '002', 'BDAY[day]': '3' }, { 4: 'Dieser Wert ist zu lang.' }],
    [en, { FNAME: 'x'.repeat(256) }, { 1: STORE_MESSAGES.maxlength }],
  ];
  for (const [lid, extra, errors] of cases) {
    const a = await postForm(p.origin, lid, { EMAIL: 'lang@example.com', ...extra });
    assert.equal([a.result, a.errors], ['error', errors], Object.keys(extra).join());
  }
  assert.is((await postForm(p.origin, de, { EMAIL: 'lang@example.com', FNAME: 'x'.repeat(255) })).result, 'success');
});

test(`the provider's own answer texts (a choice, the flash of a refusal, GDPR consent, the captcha path) are the \
form's translations, byte-identical English without them`, async () => {
  const fields = [
    { type: 'email', name: 'EMAIL', label: 'E-Mail', required: true, merge_id: 0 },
    { type: 'dropdown', name: 'PLAN', label: 'Tarif', merge_id: 1, choices: [{ value: 'Basis' }, { value: 'Pro' }] },
    { type: 'checkbox', name: 'gdpr[1]', label: 'E-Mail', marketing_preference_id: 1 },
  ];
  const de = {
    choice: 'Bitte eine der Optionen wählen.',
    fixFields: 'Bitte die markierten Felder korrigieren.',
    gdpr: 'Bitte mindestens einen Weg wählen, auf dem wir Sie erreichen dürfen.',
    captcha: 'Bitte die Prüfung abschließen.',
  };
  // The English defaults, written out: a form without the keys answers exactly what it answered before.
  const en = {
    choice: 'Please choose one of the options.',
    fixFields: 'Please fix the highlighted fields and try again.',
    gdpr: 'Please select at least one way you would like to hear from us.',
    captcha: 'Please complete the human check to subscribe.',
  };
  // An empty translation is none (src/form-model/form.ts keeps non-empty strings only): English too.
  const blank = { choice: '', fixFields: '', gdpr: '', captcha: '' };
  for (const [translations, want] of [
    [de, de],
    [{}, en],
    [blank, en],
  ] as const) {
    const lid = await addTestForm(p.store, { fields, hasGdprEnabled: true, translations }, true);
    const choice = await postForm(p.origin, lid, { EMAIL: 'de@example.com', PLAN: 'Gold', 'gdpr[1]': 'Y' });
    assert.equal(choice, { result: 'error', msg: want.fixFields, errors: { 1: want.choice } }, JSON.stringify(choice));
    const gdpr = await postForm(p.origin, lid, { EMAIL: 'de@example.com', PLAN: 'Pro' });
    // Shown twice by the popup (spec 8 steps 2 and 3): the flash and the GDPR block, in the form's language both.
    assert.equal(gdpr, { result: 'error', msg: want.gdpr, type: 'gdpr_error', errors: { msg: want.gdpr } });
    const captchaLid = await addTestForm(p.store, { fields, captcha: true, translations });
    const captcha = await postForm(p.origin, captchaLid, { EMAIL: 'de@example.com' });
    assert.equal(captcha, { result: 'error', msg: want.captcha });
    assert.is((await rows(lid)).length + (await rows(captchaLid)).length, 0);
  }
});

test('an array where one value belongs (a repeated parameter) is an error answer, not a crash', async () => {
  const f = form('template-3');
  const q = `${callQuery(f)}&EMAIL=a@example.com&EMAIL=b@example.com&FNAME=x&LNAME=y`;
  const { data } = await call(p.origin, 'form-post-json', q);
  assert.is(data.result, 'error');
  assert.is((await rows(f.lid)).length, 0);
  const q2 = `${callQuery(f)}&u=${DEMO_UUID}x&EMAIL=a@example.com&FNAME=x&LNAME=y`;
  assert.is((await call(p.origin, 'form-post-json', q2)).data.result, 'error');
  // Bracketed names are names, never parsed into objects: PHP-style arrays are just unknown fields.
  const q3 = `${callQuery(f)}&EMAIL[]=a@example.com&FNAME=x&LNAME=y`;
  assert.equal((await call(p.origin, 'form-post-json', q3)).data.errors, { 0: 'This field is required.' });
});

test('GDPR: a signup granting no permission is a gdpr_error; granted permissions are stored', async () => {
  const f = form('gdpr');
  const none = await subscribe(p.origin, 'gdpr', { EMAIL: 'g@example.com' });
  assert.is(none.data.result, 'error');
  assert.is(none.data.type, 'gdpr_error');
  assert.type((none.data.errors as Record<string, string>).msg, 'string');
  assert.is((await rows(f.lid)).length, 0);
  const some = await subscribe(p.origin, 'gdpr', { EMAIL: 'g@example.com', 'gdpr[101]': 'Y', 'gdpr[103]': 'Y' });
  assert.is(some.data.result, 'success');
  assert.equal((await rows(f.lid))[0].consents, { 101: true, 102: false, 103: true });
  // Field errors come first: a bad address is reported as such, not as missing consent.
  const bad = await subscribe(p.origin, 'gdpr', { EMAIL: 'nope' });
  assert.equal(bad.data.errors, { 0: 'Please enter a valid email address.' });
  assert.is(bad.data.type, undefined);
});

test('GDPR fields are ignored on a form without GDPR enabled', async () => {
  const { data } = await subscribe(p.origin, 'template-4', { EMAIL: 'nogdpr@example.com', 'gdpr[101]': 'Y' });
  assert.is(data.result, 'success');
  assert.equal((await listSubscribers(p.store, form('template-4').lid))[0].consents, {});
});

/** Welcome e-mails to `to` in the outbox. */
const welcomes = async (to: string) =>
  (await p.store.get<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE to_addr = ? AND subject LIKE 'Welcome%'", [
    to,
  ]))!.n;

test('double opt-in: confirmation answer, pending row, e-mail in the outbox, its page confirms', async () => {
  const f = form('double-opt-in');
  const a = await subscribe(p.origin, 'double-opt-in', { EMAIL: 'dee@example.com', FNAME: 'Dee' });
  assert.is(a.data.result, 'success');
  assert.is(a.data.type, 'confirmation');
  assert.is(a.data.msg, f.settings.doubleOptInSuccessMessage);
  assert.is((await rows(f.lid))[0].status, 'pending');
  const mail = (await p.store.get<{ link: string; subject: string }>(
    'SELECT * FROM outbox WHERE to_addr = ? ORDER BY id DESC',
    ['dee@example.com'],
  ))!;
  assert.match(mail.subject, /confirm/i);
  const link = new URL(mail.link);
  assert.is(link.origin, p.origin);
  // Opening the link only asks: a mail scanner that opens every link subscribes no one.
  const page = await request(p.origin, link.pathname + link.search);
  assert.is(page.status, 200);
  assert.match(page.text, /Confirm my subscription/);
  assert.is((await rows(f.lid))[0].status, 'pending');
  assert.is(await welcomes('dee@example.com'), 0);
  const pressed = await pressLink(p.origin, mail.link);
  assert.is(pressed.status, 200);
  assert.match(pressed.text, /confirmed/);
  const r = (await rows(f.lid))[0];
  assert.is(r.status, 'subscribed');
  assert.type(r.confirmed_at, 'string');
  // The welcome e-mail follows confirmation; confirming again changes nothing.
  assert.is(await welcomes('dee@example.com'), 1);
  assert.is((await pressLink(p.origin, mail.link)).status, 200);
  assert.is(await welcomes('dee@example.com'), 1);
  // Subscribing again answers as the first time and keeps the confirmed subscriber subscribed.
  const b = await subscribe(p.origin, 'double-opt-in', { EMAIL: 'DEE@example.com', FNAME: 'Dee' });
  assert.equal({ ...b.data, webEngagementCookieValue: 0 }, { ...a.data, webEngagementCookieValue: 0 });
  assert.is(b.data.webEngagementCookieValue, a.data.webEngagementCookieValue);
  assert.is((await rows(f.lid))[0].status, 'subscribed');
});

test('confirm link: unknown, malformed and expired tokens do not confirm', async () => {
  assert.is((await request(p.origin, '/subscribe/confirm?token=' + '0'.repeat(32))).status, 404);
  assert.is((await request(p.origin, '/subscribe/confirm?token=x')).status, 404);
  assert.is((await request(p.origin, '/subscribe/confirm')).status, 404);
  await subscribe(p.origin, 'double-opt-in', { EMAIL: 'late@example.com' });
  const { token } = (await p.store.get<{ token: string }>(
    'SELECT c.token FROM confirmations c JOIN subscribers s ON s.id = c.subscriber_id WHERE s.email = ?',
    ['late@example.com'],
  ))!;
  await p.store.run("UPDATE confirmations SET expires_at = '2000-01-01T00:00:00.000Z' WHERE token = ?", [token]);
  assert.is((await request(p.origin, `/subscribe/confirm?token=${token}`)).status, 410);
  assert.is((await rows(form('double-opt-in').lid)).find((r) => r.email === 'late@example.com')?.status, 'pending');
});

test('SMS: a required SMS number needs the acknowledgement; with it, number and status are stored', async () => {
  const f = form('sms');
  const no = await subscribe(p.origin, 'sms', { EMAIL: 'sms@example.com', SMSPHONE: '+1 555 555 0100' });
  assert.is(no.data.result, 'error');
  // The popup's own text for a missing acknowledgement (the form's 'required'), so the two never disagree.
  assert.equal(no.data.errors, { 15: 'This field is required.' });
  const missing = await subscribe(p.origin, 'sms', { EMAIL: 'sms@example.com', 'mc-SMSPHONE-ack': 'true' });
  assert.equal(missing.data.errors, { 15: 'This field is required.' });
  const yes = await subscribe(p.origin, 'sms', {
    EMAIL: 'sms@example.com',
    SMSPHONE: '+1 555 555 0100',
    'mc-SMSPHONE-ack': 'true',
  });
  assert.is(yes.data.result, 'success');
  const [r] = await rows(f.lid);
  assert.is(r.sms_phone, '+1 555 555 0100');
  assert.is(r.sms_status, 'subscribed');
});

test('the captcha form refuses form-post-json: it must go through the human check', async () => {
  const { data } = await subscribe(p.origin, 'captcha', { EMAIL: 'c@example.com' });
  assert.is(data.result, 'error');
  assert.is((await rows(form('captcha').lid)).length, 0);
});

test('unknown account, list or form: an error answer', async () => {
  for (const q of [
    new URLSearchParams({ u: 'nobody', id: form('modal').lid, c: 'cb', EMAIL: 'x@example.com' }),
    new URLSearchParams({ u: DEMO_UUID, id: 'nolist', c: 'cb', EMAIL: 'x@example.com' }),
    new URLSearchParams({ u: DEMO_UUID, id: form('modal').lid, f_id: 'nope', c: 'cb', EMAIL: 'x@example.com' }),
    new URLSearchParams({ c: 'cb' }),
  ]) {
    const { data } = await call(p.origin, 'form-post-json', q.toString());
    assert.is(data.result, 'error', q.toString());
  }
});

test('HEAD and POST never subscribe', async () => {
  const f = form('template-5');
  const q = callQuery(f, { EMAIL: 'head@example.com', FNAME: 'h' });
  const head = await request(p.origin, `/subscribe/form-post-json?${q}`, { method: 'HEAD' });
  assert.is(head.status, 200);
  const post = await request(p.origin, `/subscribe/form-post-json?${q}`, { method: 'POST' });
  assert.is(post.status, 405);
  assert.is(post.headers.allow, 'GET, HEAD');
  assert.is((await rows(f.lid)).length, 0);
});

test.run();
