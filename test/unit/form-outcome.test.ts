import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SUBMIT_FAILED_MSG } from '../../src/constants';
import { parseFields } from '../../src/form-model/fields';
import { outcome } from '../../src/popup/form/outcome';

const F = parseFields([
  { name: 'EMAIL', type: 'email', merge_id: 0 },
  { name: 'FNAME', merge_id: 1 },
  { name: 'NOID' },
  { name: 'SMS', type: 'smsphone', merge_id: 5 },
  { name: 'gdpr[1]', marketing_preference_id: 1 },
  { name: 'IMG', type: 'image' },
]);

test('outcome: success types, message fallbacks, cookie value (spec 4.5)', () => {
  const cases: [unknown, Partial<ReturnType<typeof outcome>>][] = [
    [
      { result: 'success', msg: 'Yay' },
      { ok: true, msg: 'Yay', custom: false, close: true, cookie: '' },
    ],
    [
      { result: 'success', msg: '<b>Yay</b>', type: 'custom' },
      { ok: true, msg: '<b>Yay</b>', custom: true, close: true },
    ],
    [
      { result: 'success', msg: 'Check mail', type: 'confirmation' },
      { ok: true, close: false },
    ],
    [
      { result: 'ok', webEngagementCookieValue: 'abc' },
      { ok: true, msg: 'From settings', cookie: 'abc' },
    ],
    [{}, { ok: true, msg: 'From settings' }],
  ];
  for (const [r, want] of cases) {
    const got = outcome(r, F, true, 'From settings', SUBMIT_FAILED_MSG);
    for (const k of Object.keys(want) as (keyof typeof want)[])
      assert.equal(got[k], want[k], JSON.stringify(r) + ' ' + k);
  }
  // The texts the answer leaves to the popup are the form's (src/form-model/texts.ts successText, its translations).
  assert.is(outcome({ result: 'success' }, F, true, 'Merci !', SUBMIT_FAILED_MSG).msg, 'Merci !');
  assert.is(outcome(undefined, F, true, 'Merci !', 'Pas de réponse.').msg, 'Pas de réponse.');
});

test('outcome: failures, gdpr_error, errors by merge_id (spec 8)', () => {
  for (const r of [null, undefined, 'x', 3])
    assert.equal(outcome(r, F, true, '', SUBMIT_FAILED_MSG), {
      ok: false,
      msg: SUBMIT_FAILED_MSG,
      custom: false,
      close: false,
      cookie: '',
      gdpr: '',
      marks: null,
    });
  assert.equal(outcome({ result: 'error', msg: 'Too many' }, F, true, '', SUBMIT_FAILED_MSG).marks, null);
  assert.equal(outcome({ result: 'error', msg: 'm', errors: {} }, F, true, '', SUBMIT_FAILED_MSG).marks, null);
  // An error that names neither a message nor a field still says the signup did not go through.
  for (const r of [{ result: 'error' }, { result: 'error', msg: '', errors: {} }, { result: 'error', errors: null }])
    assert.is(outcome(r, F, true, '', SUBMIT_FAILED_MSG).msg, SUBMIT_FAILED_MSG, JSON.stringify(r));
  const g = outcome(
    { result: 'error', msg: 'm', type: 'gdpr_error', errors: { msg: 'Pick one' } },
    F,
    true,
    '',
    SUBMIT_FAILED_MSG,
  );
  assert.equal([g.ok, g.msg, g.gdpr, g.marks], [false, 'm', 'Pick one', null]);
  // GDPR off: a gdpr_error falls through to the field marks.
  const off = outcome(
    { result: 'error', type: 'gdpr_error', errors: { msg: 'Pick one' } },
    F,
    false,
    '',
    SUBMIT_FAILED_MSG,
  );
  assert.is(off.gdpr, '');
  assert.equal(off.marks, { EMAIL: true, FNAME: true, NOID: true, SMS: true, 'gdpr[1]': true, IMG: true });
  const e = outcome(
    { result: 'error', msg: 'Fix', errors: { 0: 'Bad e-mail', 5: 'Bad phone', 9: 'nobody' } },
    F,
    true,
    '',
    SUBMIT_FAILED_MSG,
  );
  assert.equal(e.marks, { EMAIL: 'Bad e-mail', FNAME: true, NOID: true, SMS: 'Bad phone', 'gdpr[1]': true, IMG: true });
  // A field without a merge_id is keyed by its name, as the provider keys it (src/form-model/fields.ts).
  const n = outcome({ result: 'error', msg: 'Fix', errors: { NOID: 'Too long' } }, F, true, '', SUBMIT_FAILED_MSG);
  assert.is(n.marks!.NOID, 'Too long');
  assert.is(e.msg, 'Fix');
});

test.run();
