/**
 * The provider reads a form with the popup's own model (issue 11), over real HTTP and SQLite: one regression test per
 * disagreement the issue lists, each a submit the popup would send that the provider used to judge by other rules.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STORE_MESSAGES } from '../../src/form-model/rules';
import { listSubscribers } from '../../src/server/db/subscribers';
import { addTestForm, call, DEMO_UUID, postForm, startTest, type TestProvider } from './helpers';

let p: TestProvider;
test.before(async () => {
  p = await startTest();
});
test.after(async () => {
  await p.cleanup();
});

const EMAIL = { type: 'email', name: 'EMAIL', label: 'Email', required: true, merge_id: 0 };
const SMS = { type: 'smsphone', name: 'SMSPHONE', label: 'Phone', required: false, merge_id: 9 };
const CONSENTS = [
  { type: 'checkbox', name: 'gdpr[1]', label: 'E-mail', marketing_preference_id: 1 },
  { type: 'checkbox', name: 'gdpr[2]', label: 'Texts', marketing_preference_id: 2 },
];

/** Adds a form with `settings` under a new list of the demo account; returns its list id. */
const addForm = (settings: Record<string, unknown>, requireConsent = false) =>
  addTestForm(p.store, settings, requireConsent);
/** Submits `fields` to form-post-json of list `lid`, as the popup does. */
const post = (lid: string, fields: Record<string, string>) => postForm(p.origin, lid, fields);

test('useEmailStep: false (a boolean) skips the e-mail step: only the SMS number is posted, and accepted', async () => {
  const lid = await addForm({ fields: [EMAIL, { ...SMS, required: true }], useEmailStep: false });
  const a = await post(lid, { SMSPHONE: '+1 555 123 4567', 'mc-SMSPHONE-ack': 'true' });
  assert.is(a.result, 'success', JSON.stringify(a));
  const [row] = await listSubscribers(p.store, lid);
  assert.equal([row.email, row.sms_phone], [null, '+1 555 123 4567']);
  // The popup never shows the e-mail field here, so an e-mail posted anyway is not read.
  const b = await post(lid, { EMAIL: 'not an address', SMSPHONE: '+1 555 000 0000', 'mc-SMSPHONE-ack': 'true' });
  assert.is(b.result, 'success', JSON.stringify(b));
  // 'N' and false are the same flag; Y and true too.
  for (const useEmailStep of [true, 'Y']) {
    const on = await addForm({ fields: [EMAIL, SMS], useEmailStep });
    assert.equal((await post(on, { SMSPHONE: '5551234567' })).errors, { 0: 'This field is required.' });
  }
});

test('a required image field: nothing to post, nothing demanded', async () => {
  const lid = await addForm({
    fields: [EMAIL, { type: 'image', name: 'IMG', label: 'Logo', required: true, merge_id: 4 }],
  });
  const a = await post(lid, { EMAIL: 'img@example.com' });
  assert.is(a.result, 'success', JSON.stringify(a));
  assert.equal((await listSubscribers(p.store, lid))[0].merge_fields, {});
});

test('reserved and repeated names: the popup drops them, so the provider reads neither', async () => {
  const lid = await addForm({
    fields: [
      EMAIL,
      { type: 'text', name: 'u', label: 'U', required: true, merge_id: 1 },
      { type: 'text', name: 'c', label: 'C', required: true, merge_id: 2 },
      { type: 'number', name: 'AGE', label: 'Age', required: false, merge_id: 3 },
      { type: 'text', name: 'AGE', label: 'Age again', required: true, merge_id: 5 },
    ],
  });
  const a = await post(lid, { EMAIL: 'names@example.com', AGE: '' });
  assert.is(a.result, 'success', JSON.stringify(a));
  // The account id and the JSONP callback never become merge fields.
  assert.equal((await listSubscribers(p.store, lid))[0].merge_fields, {});
  // The first AGE is the one placed: a number field.
  assert.equal((await post(lid, { EMAIL: 'names@example.com', AGE: 'ten' })).errors, {
    3: 'Please enter a valid number.',
  });
});

test('template 5 in the modal variation hides the GDPR block: a form that requires consent does not ask', async () => {
  const settings = { fields: [EMAIL, ...CONSENTS], hasGdprEnabled: 'Y', template: 5 };
  const hidden = await addForm({ ...settings, modalVariation: 'modal' }, true);
  const a = await post(hidden, { EMAIL: 't5@example.com' });
  assert.is(a.result, 'success', JSON.stringify(a));
  // No block, no consent stored, even when a script posts one.
  await post(hidden, { EMAIL: 't5b@example.com', 'gdpr[1]': 'Y' });
  assert.equal(
    (await listSubscribers(p.store, hidden)).map((r) => r.consents),
    [{}, {}],
  );
  // The same form as a slide-in shows the block, and the consent is demanded.
  const shown = await addForm({ ...settings, modalVariation: 'slide' }, true);
  const b = await post(shown, { EMAIL: 't5@example.com' });
  assert.equal([b.result, b.type], ['error', 'gdpr_error']);
  assert.is((await post(shown, { EMAIL: 't5@example.com', 'gdpr[2]': 'Y' })).result, 'success');
  assert.equal((await listSubscribers(p.store, shown))[0].consents, { 1: false, 2: true });
});

test('required, read as the popup reads every flag: true, Y, true, 1, yes demand; N, false, no, 0 do not', async () => {
  const cases: [unknown, boolean][] = [
    [true, true],
    ['Y', true],
    ['y', true],
    ['true', true],
    [1, true],
    ['yes', true],
    ['N', false],
    [false, false],
    ['false', false],
    ['no', false],
    [0, false],
    [undefined, false],
  ];
  for (const [required, demanded] of cases) {
    const lid = await addForm({
      fields: [EMAIL, { type: 'text', name: 'FNAME', label: 'Name', required, merge_id: 1 }],
    });
    const a = await post(lid, { EMAIL: 'req@example.com', FNAME: '' });
    assert.equal(a.errors, demanded ? { 1: 'This field is required.' } : undefined, String(required));
  }
});

test('settings flags as Y/N strings: captcha and double opt-in, as the popup reads them', async () => {
  const captcha = await addForm({ fields: [EMAIL], captcha: 'Y' });
  const a = await post(captcha, { EMAIL: 'cap@example.com' });
  assert.equal([a.result, a.msg], ['error', 'Please complete the human check to subscribe.']);
  const doi = await addForm({ fields: [EMAIL], hasDoubleOptIn: 'Y' });
  const b = await post(doi, { EMAIL: 'doi@example.com' });
  assert.equal([b.result, b.type], ['success', 'confirmation']);
  assert.is((await listSubscribers(p.store, doi))[0].status, 'pending');
});

test('a field without merge_id: its error is keyed by its name, which the popup maps too', async () => {
  const lid = await addForm({ fields: [EMAIL, { type: 'number', name: 'AGE', label: 'Age' }] });
  assert.equal((await post(lid, { EMAIL: 'm@example.com', AGE: 'x' })).errors, { AGE: 'Please enter a valid number.' });
});

test('a consent box counts only when it posts Y, as the popup posts it: N, 0 and on grant nothing', async () => {
  const lid = await addForm({ fields: [EMAIL, ...CONSENTS], hasGdprEnabled: 'Y' });
  for (const [i, no] of ['N', '0', 'on', 'false'].entries())
    assert.is((await post(lid, { EMAIL: `no${i}@example.com`, 'gdpr[1]': no })).result, 'success', no);
  await post(lid, { EMAIL: 'yes@example.com', 'gdpr[1]': 'Y', 'gdpr[2]': 'N' });
  const consents = (await listSubscribers(p.store, lid)).map((r) => [r.email, r.consents]);
  assert.equal(consents, [
    ['no0@example.com', { 1: false, 2: false }],
    ['no1@example.com', { 1: false, 2: false }],
    ['no2@example.com', { 1: false, 2: false }],
    ['no3@example.com', { 1: false, 2: false }],
    ['yes@example.com', { 1: true, 2: false }],
  ]);
});

test('a checkbox choice counts only when it posts its own value', async () => {
  const TOPICS = {
    type: 'checkbox',
    name: 'TOPICS',
    label: 'Topics',
    merge_id: 3,
    choices: [{ value: 'news' }, { value: 'events' }],
  };
  const lid = await addForm({ fields: [EMAIL, TOPICS] });
  await post(lid, { EMAIL: 'c@example.com', 'TOPICS[news]': 'yes', 'TOPICS[events]': 'events' });
  assert.equal((await listSubscribers(p.store, lid))[0].merge_fields, { TOPICS: ['events'] });
});

test('a consent box marked required is demanded by the provider as by the popup, keyed by its merge_id', async () => {
  const required = [{ ...CONSENTS[0], required: true, merge_id: 21 }, CONSENTS[1]];
  const lid = await addForm({ fields: [EMAIL, ...required], hasGdprEnabled: 'Y' });
  const no = await post(lid, { EMAIL: 'r@example.com', 'gdpr[2]': 'Y' });
  assert.equal([no.result, no.errors], ['error', { 21: 'This field is required.' }]);
  assert.is((await listSubscribers(p.store, lid)).length, 0);
  assert.is((await post(lid, { EMAIL: 'r@example.com', 'gdpr[1]': 'Y' })).result, 'success');
});

test("a birthday's or a date's part longer than its input allows (spec 5.4) is refused, not stored", async () => {
  const B = { type: 'birthday', name: 'BDAY', label: 'Birthday', merge_id: 4 };
  const D = { type: 'date', name: 'DAY', label: 'Day', merge_id: 5 };
  const lid = await addForm({ fields: [EMAIL, B, D] });
  const cases: Record<string, string>[] = [
    { 'BDAY[month]': '002', 'BDAY[day]': '3' },
    { 'BDAY[month]': '2', 'BDAY[day]': '00003' },
    { 'DAY[year]': '02024', 'DAY[month]': '1', 'DAY[day]': '1' },
  ];
  for (const bad of cases) {
    const a = await post(lid, { EMAIL: 'b@example.com', ...bad });
    assert.is(a.result, 'error', JSON.stringify(bad));
    assert.equal(Object.values(a.errors as object), [STORE_MESSAGES.maxlength], JSON.stringify(bad));
  }
  assert.is((await post(lid, { EMAIL: 'b@example.com', 'BDAY[month]': '02', 'BDAY[day]': '3' })).result, 'success');
  assert.equal((await listSubscribers(p.store, lid))[0].merge_fields, { BDAY: '02/03' });
});

test('an SMS number without a digit gets the phone message: SMS-only signups are keyed by its digits', async () => {
  const lid = await addForm({ fields: [{ ...SMS, required: true }], useEmailStep: 'N' });
  const a = await post(lid, { SMSPHONE: 'hello', 'mc-SMSPHONE-ack': 'true' });
  assert.equal([a.result, a.errors], ['error', { 9: 'Please enter a valid phone number.' }]);
  assert.is((await post(lid, { SMSPHONE: '+1 555 0100', 'mc-SMSPHONE-ack': 'true' })).result, 'success');
  assert.is((await post(lid, { SMSPHONE: '+1 555 0199', 'mc-SMSPHONE-ack': 'true' })).result, 'success');
  assert.equal(
    (await listSubscribers(p.store, lid)).map((r) => r.sms_phone),
    ['+1 555 0100', '+1 555 0199'],
  );
});

test("an owner's own list: the welcome names it, and its link's campaign tells is-email-subscribed", async () => {
  const lid = await addForm({ fields: [EMAIL] });
  await p.store.run('UPDATE lists SET name = ? WHERE id = ?', ['ACME\r\nHardware  news', lid]);
  assert.is((await post(lid, { EMAIL: 'buyer@example.com' })).result, 'success');
  const mail = await p.store.get<{ subject: string; body: string; link: string }>(
    'SELECT subject, body, link FROM outbox WHERE to_addr = ?',
    ['buyer@example.com'],
  );
  assert.is(mail!.subject, 'Welcome to ACME Hardware news');
  assert.match(mail!.body, /^Thank you for subscribing to ACME Hardware news\./);
  assert.not.match(mail!.body, /Demo Goods|shop/);
  const link = new URL(mail!.link).searchParams;
  const q = (extra: Record<string, string>) => new URLSearchParams({ u: DEMO_UUID, id: lid, c: 'cb', ...extra });
  const asked = await call(
    p.origin,
    'is-email-subscribed',
    q({ mc_eid: link.get('mc_eid')!, mc_cid: link.get('mc_cid')! }).toString(),
  );
  assert.is(asked.data.isEmailSubscribed, true);
});

test.run();
