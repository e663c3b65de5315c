/**
 * The provider reads a form with the popup's own model (issue 11), over real HTTP and SQLite: one regression test per
 * disagreement the issue lists, each a submit the popup would send that the provider used to judge by other rules.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listSubscribers } from '../../src/server/db/subscribers';
import { call, DEMO_UUID, startTest, type TestProvider } from './helpers';

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

let added = 0;
/** Adds a form with `settings` under a new list of the demo account, as the seed does; returns its list id. */
const addForm = async (settings: Record<string, unknown>, requireConsent = false): Promise<string> => {
  const lid = `m${(++added).toString().padStart(9, '0')}`;
  const now = new Date().toISOString();
  await p.store.run('INSERT INTO lists (id, uuid, name, created_at) VALUES (?, ?, ?, ?)', [lid, DEMO_UUID, lid, now]);
  await p.store.run(
    'INSERT INTO forms (list_id, f_id, demo_key, title, settings, require_consent, position) ' +
      'VALUES (?, ?, ?, ?, ?, ?, ?)',
    [lid, 'f', null, lid, JSON.stringify({ result: 'success', ...settings }), requireConsent ? 1 : 0, 100 + added],
  );
  return lid;
};

/** Submits `fields` to form-post-json of list `lid`, as the popup does (popup=true, the honeypot empty). */
const post = async (lid: string, fields: Record<string, string>) =>
  (
    await call(
      p.origin,
      'form-post-json',
      new URLSearchParams({
        u: DEMO_UUID,
        id: lid,
        f_id: 'f',
        c: 'cb',
        popup: 'true',
        [`b_${DEMO_UUID}_${lid}`]: '',
        ...fields,
      }).toString(),
    )
  ).data;

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

test.run();
