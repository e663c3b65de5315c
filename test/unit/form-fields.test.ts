import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inputsOf, parseFields, type Field } from '../../src/popup/form/fields';
import { serialize } from '../../src/popup/form/serialize';
import { readParts } from '../../src/validate/rules';

const one = (raw: Record<string, unknown>): Field => parseFields([raw])[0];

test('parseFields: any JSON in, never throws, drops nameless and duplicate items', () => {
  for (const bad of [undefined, null, 1, 'x', {}, { length: 3 }, [null, 1, 'a', [], true]])
    assert.equal(parseFields(bad), [], String(bad));
  const f = parseFields([
    { name: 'A' },
    { name: ' ' },
    { type: 'email' },
    { name: 'A', type: 'email' },
    { name: 7 },
    { name: { x: 1 } },
    { name: 'u' },
    { name: 'id' },
    { name: 'f_id' },
    { name: 'popup' },
    { name: 'c' },
  ]);
  assert.equal(
    f.map((x) => [x.name, x.type]),
    [
      ['A', 'text'],
      ['7', 'text'],
    ],
  );
});

test('parseFields: types, flags and attributes of 3.4', () => {
  const f = one({
    name: 'PHONE',
    type: 'phone',
    label: 'Phone',
    required: 'Y',
    helper_text: '<b>help</b>',
    merge_id: 4,
    group_id: '',
    phoneformat: 'US',
    choices: [{ value: 'a', label: 'A' }, { value: '', label: 'no' }, { value: 'b' }, 'junk'],
    legal: { required: 'R', optional: 'O' },
    smsProgramData: [{ imgSrc: 'https://x/i.png', requiredTemplate: 'RT', optionalTemplate: 'OT' }],
  });
  assert.equal(f, {
    type: 'phone',
    name: 'PHONE',
    label: 'Phone',
    required: true,
    help: '<b>help</b>',
    mergeId: '4',
    groupId: '',
    choices: [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'b' },
    ],
    dayFirst: false,
    usPhone: true,
    mpId: '',
    legalRequired: 'R',
    legalOptional: 'O',
    smsImg: 'https://x/i.png',
    smsRequired: 'RT',
    smsOptional: 'OT',
  });
  assert.is(one({ name: 'X', type: 'weird' }).type, 'text');
  assert.is(one({ name: 'X', type: 'phone', phoneformat: 'intl' }).usPhone, false);
  assert.is(one({ name: 'X', required: false }).required, false);
  assert.is(one({ name: 'X', required: 'N' }).required, false);
  assert.is(one({ name: 'X', required: true }).required, true);
  assert.is(one({ name: 'X' }).label, 'X');
  assert.is(one({ name: 'X', type: 'birthday', dateformat: 'DD/MM' }).dayFirst, true);
  assert.is(one({ name: 'X', type: 'date', dateformat: 'MM/DD/YYYY' }).dayFirst, false);
  assert.is(one({ name: 'X', legal: 'nope', smsProgramData: 'x' }).legalRequired, '');
});

const names = (raw: Record<string, unknown>) => inputsOf(one(raw)).map((i) => [i.name, i.id, i.max]);

test('inputsOf: posted names and ids of every type (3.5) with 5.4 limits', () => {
  assert.equal(names({ name: 'FNAME', type: 'text' }), [['FNAME', 'mc-FNAME-0', 0]]);
  assert.equal(names({ name: 'EMAIL', type: 'email' }), [['EMAIL', 'mc-EMAIL-0', 0]]);
  assert.equal(names({ name: 'N', type: 'number' }), [['N', 'mc-N-0', 0]]);
  assert.equal(names({ name: 'U', type: 'url' }), [['U', 'mc-U-0', 0]]);
  assert.equal(names({ name: 'S', type: 'select', choices: [{ value: 'x' }] }), [['S', 'mc-S-0', 0]]);
  assert.equal(names({ name: 'D', type: 'dropdown' }), [['D', 'mc-D-0', 0]]);
  assert.equal(names({ name: 'SMS', type: 'smsphone' }), [['SMS', 'mc-SMS-0', 0]]);
  assert.equal(names({ name: 'P', type: 'phone' }), [['P', 'mc-P-0', 0]]);
  assert.equal(names({ name: 'P', type: 'phone', phoneformat: 'US' }), [
    ['P[area]', 'mc-P-0', 3],
    ['P[detail1]', 'mc-P-1', 3],
    ['P[detail2]', 'mc-P-2', 4],
  ]);
  assert.equal(names({ name: 'B', type: 'birthday', dateformat: 'MM/DD' }), [
    ['B[month]', 'mc-B-0', 2],
    ['B[day]', 'mc-B-1', 2],
  ]);
  assert.equal(names({ name: 'B', type: 'birthday', dateformat: 'DD/MM' }), [
    ['B[day]', 'mc-B-1', 2],
    ['B[month]', 'mc-B-0', 2],
  ]);
  assert.equal(names({ name: 'T', type: 'date', dateformat: 'MM/DD/YYYY' }), [
    ['T[month]', 'mc-T-1', 2],
    ['T[day]', 'mc-T-2', 2],
    ['T[year]', 'mc-T-0', 4],
  ]);
  assert.equal(names({ name: 'T', type: 'date', dateformat: 'DD/MM/YYYY' }), [
    ['T[day]', 'mc-T-2', 2],
    ['T[month]', 'mc-T-1', 2],
    ['T[year]', 'mc-T-0', 4],
  ]);
  assert.equal(
    names({ name: 'A', type: 'address' }).map((x) => x[0]),
    ['A[addr1]', 'A[addr2]', 'A[city]', 'A[state]', 'A[zip]', 'A[country]'],
  );
  assert.equal(names({ name: 'group[5]', type: 'radio', group_id: 5, choices: [{ value: '1' }, { value: '2' }] }), [
    ['group[5]', 'mc-group[5]-5-0', 0],
    ['group[5]', 'mc-group[5]-5-1', 0],
  ]);
  assert.equal(names({ name: 'group[7]', type: 'checkbox', group_id: 7, choices: [{ value: '1' }, { value: '4' }] }), [
    ['group[7][1]', 'mc-group[7]-7-0', 0],
    ['group[7][4]', 'mc-group[7]-7-1', 0],
  ]);
  assert.equal(names({ name: 'gdpr[9]', type: 'checkbox', marketing_preference_id: 9 }), [['gdpr[9]', 'gdpr-9', 0]]);
  assert.equal(names({ name: 'I', type: 'image' }), []);
});

test('serialize: what a browser posts; readParts reads it back', () => {
  const fields = parseFields([
    { name: 'EMAIL', type: 'email' },
    { name: 'FNAME' },
    { name: 'B', type: 'birthday' },
    { name: 'R', type: 'radio', choices: [{ value: 'x' }, { value: 'y' }] },
    { name: 'C', type: 'checkbox', choices: [{ value: '1' }, { value: '2' }, { value: '4' }] },
    { name: 'gdpr[9]', type: 'checkbox', marketing_preference_id: 9 },
    { name: 'gdpr[10]', marketing_preference_id: 10 },
    { name: 'S', type: 'select', choices: [{ value: 'a' }] },
    { name: 'R2', type: 'radio', choices: [{ value: 'q' }] },
  ]);
  const q = serialize(fields, {
    EMAIL: { '': 'a@b.co' },
    B: { month: '1', day: '' },
    R: { '': 'y' },
    C: { '1': '1', '4': '4' },
    'gdpr[9]': { '': 'Y' },
  });
  assert.equal(q, {
    EMAIL: 'a@b.co',
    FNAME: '',
    'B[month]': '1',
    'B[day]': '',
    R: 'y',
    'C[1]': '1',
    'C[4]': '4',
    'gdpr[9]': 'Y',
    S: '',
  });
  assert.equal(readParts(q, 'C', fields[4], ['1', '2', '4']), { '1': '1', '4': '4' });
  assert.equal(readParts(q, 'B', fields[2]), { month: '1', day: '' });
});

test.run();
