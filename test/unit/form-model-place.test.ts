/** Placement and steps (src/form-model/place.ts, spec 2.2, 4.4, 5.5), and whether form-extras.js is needed. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFields, type Field } from '../../src/form-model/fields';
import { carried, firstStep, needsExtras, place, sent } from '../../src/form-model/place';

const F = parseFields([
  { name: 'EMAIL', type: 'email', merge_id: 0 },
  { name: 'FNAME', merge_id: 1 },
  { name: 'NOID' },
  { name: 'SMS', type: 'smsphone', merge_id: 5 },
  { name: 'gdpr[1]', marketing_preference_id: 1 },
  { name: 'IMG', type: 'image' },
]);
const names = (x: { name: string }[]) => x.map((f) => f.name);
const p = (fields: Field[] = F, emailStep = true, gdpr = true, gdprPlaced = true) =>
  place({ fields, emailStep, gdpr, gdprPlaced });

test('place and firstStep: spec 5.5 and 4.4', () => {
  let pl = p();
  assert.equal(
    [names(pl.main), pl.sms?.name, names(pl.gdpr), pl.gdprOn, firstStep(pl)],
    [['EMAIL', 'FNAME', 'NOID'], 'SMS', ['gdpr[1]'], true, 'email'],
  );
  pl = p(F, false);
  assert.equal([names(pl.main), pl.sms?.name, names(pl.gdpr), pl.gdprOn, firstStep(pl)], [[], 'SMS', [], false, 'sms']);
  pl = p(F, true, false);
  assert.equal([names(pl.gdpr), pl.gdprOn], [[], false]);
  pl = p(F, true, true, false);
  assert.equal([names(pl.gdpr), pl.gdprOn], [[], false]);
  const noSms = F.filter((f) => f.type !== 'smsphone');
  pl = p(noSms, false);
  assert.equal([names(pl.main), pl.sms, pl.gdprOn, firstStep(pl)], [['EMAIL', 'FNAME', 'NOID'], null, true, 'email']);
  pl = p(F.filter((f) => f.type !== 'email'));
  assert.equal([pl.gdprOn, names(pl.gdpr)], [false, []]);
});

test('place: images, a second SMS phone and marketing preferences of any type are never main fields', () => {
  const fields = parseFields([
    { name: 'IMG', type: 'image', required: true },
    { name: 'S1', type: 'smsphone' },
    { name: 'S2', type: 'smsphone' },
    { name: 'E', type: 'email' },
    { name: 'G', type: 'email', marketing_preference_id: 3 },
    { name: 'H', type: 'smsphone', marketing_preference_id: 4 },
  ]);
  const pl = p(fields);
  assert.equal([names(pl.main), pl.sms?.name, names(pl.gdpr)], [['E'], 'S1', ['G', 'H']]);
});

test('ack: a required SMS field adds the acknowledgement (and hides the opt-out), an optional one does not', () => {
  const cases: [unknown, boolean][] = [
    [true, true],
    ['Y', true],
    [false, false],
    ['N', false],
    [undefined, false],
  ];
  for (const [required, want] of cases)
    assert.is(p(parseFields([{ name: 'S', type: 'smsphone', required }])).ack, want, String(required));
  assert.is(p(parseFields([{ name: 'E', type: 'email', required: true }])).ack, false, 'no SMS field');
});

test('sent and carried: the opt-out sends the e-mail step without the SMS phone; the provider reads them all', () => {
  const pl = p();
  assert.equal(names(sent(pl, true)), ['EMAIL', 'FNAME', 'NOID', 'gdpr[1]', 'SMS']);
  assert.equal(names(sent(pl, false)), ['EMAIL', 'FNAME', 'NOID', 'gdpr[1]']);
  assert.equal(names(carried(pl)), names(sent(pl, true)));
  assert.equal(names(sent(p(F.filter((f) => f.type !== 'smsphone')), true)), ['EMAIL', 'FNAME', 'NOID', 'gdpr[1]']);
});

test('needsExtras: anything placed beyond single inputs, the SMS step, or the GDPR block', () => {
  const cases: [string, Record<string, unknown>[], boolean, boolean][] = [
    // [case, fields, gdpr, needs form-extras.js]
    ['single inputs', [{ type: 'email' }, { type: 'text' }, { type: 'number' }, { type: 'url' }], false, false],
    ['plain phone', [{ type: 'phone' }], false, false],
    ['image only', [{ type: 'image' }, { type: 'email' }], false, false],
    ['US phone', [{ type: 'phone', phoneformat: 'US' }], false, true],
    ['birthday', [{ type: 'birthday' }], false, true],
    ['date', [{ type: 'date' }], false, true],
    ['address', [{ type: 'address' }], false, true],
    ['select', [{ type: 'select' }], false, true],
    ['dropdown', [{ type: 'dropdown' }], false, true],
    ['radio', [{ type: 'radio' }], false, true],
    ['checkbox', [{ type: 'checkbox' }], false, true],
    ['SMS step', [{ type: 'smsphone' }], false, true],
    ['GDPR block', [{ type: 'email' }], true, true],
    ['GDPR without e-mail: no block', [{ type: 'text' }], true, false],
    [
      'a preference without GDPR: not placed',
      [{ type: 'email' }, { type: 'select', marketing_preference_id: 1 }],
      false,
      false,
    ],
  ];
  for (const [name, raw, gdpr, want] of cases) {
    const fields = parseFields(raw.map((f, i) => ({ name: 'F' + i, ...f })));
    assert.is(needsExtras(place({ fields, emailStep: true, gdpr, gdprPlaced: true })), want, name);
  }
});

test.run();
