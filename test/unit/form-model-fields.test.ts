/** The one reader of raw field definitions (src/form-model/fields.ts, spec 3.4). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFields, RESERVED, type Field } from '../../src/form-model/fields';
import { CONSENT, TYPES, US_PHONE } from '../../src/form-model/types';

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
    row: US_PHONE,
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
    mpId: '',
    legalRequired: 'RT',
    legalOptional: 'OT',
    smsImg: 'https://x/i.png',
  });
  assert.is(one({ name: 'X', type: 'weird' }).type, 'text');
  assert.is(one({ name: 'X', legal: 'nope', smsProgramData: 'x' }).legalRequired, '');
  // The SMS program's templates first, then the field's legal texts.
  const legal = { required: 'R', optional: 'O' };
  assert.equal([one({ name: 'X', legal }).legalRequired, one({ name: 'X', legal }).legalOptional], ['R', 'O']);
  assert.equal(
    [
      one({ name: 'X', legal, smsProgramData: [{ requiredTemplate: 'RT' }] }).legalRequired,
      one({ name: 'X', legal, smsProgramData: [{ optionalTemplate: ' ' }] }).legalOptional,
    ],
    ['RT', 'O'],
  );
  assert.is(one({ name: 'X' }).label, 'X');
  assert.is(one({ name: 'X', type: 'birthday', dateformat: 'DD/MM' }).dayFirst, true);
  assert.is(one({ name: 'X', type: 'date', dateformat: 'MM/DD/YYYY' }).dayFirst, false);
});

test('required: every way a provider says yes or no (the same `yes` as every other flag)', () => {
  const cases: [unknown, boolean][] = [
    [true, true],
    ['Y', true],
    ['y', true],
    ['yes', true],
    ['true', true],
    [1, true],
    ['1', true],
    [false, false],
    ['N', false],
    ['n', false],
    ['false', false],
    [0, false],
    ['', false],
    [null, false],
    [undefined, false],
    [{}, false],
  ];
  for (const [required, want] of cases) assert.is(one({ name: 'X', required }).required, want, String(required));
});

test('row: the type table row of each field; a US phone and a marketing preference have their own', () => {
  const cases: [Record<string, unknown>, unknown][] = [
    [{ type: 'email' }, TYPES.email],
    [{ type: 'phone' }, TYPES.phone],
    [{ type: 'phone', phoneformat: 'intl' }, TYPES.phone],
    [{ type: 'phone', phoneformat: 'us' }, TYPES.phone],
    [{ type: 'phone', phoneformat: 'US' }, US_PHONE],
    [{ type: 'image' }, TYPES.image],
    [{ type: 'weird' }, TYPES.text],
    [{}, TYPES.text],
    [{ type: 'checkbox', marketing_preference_id: 9 }, CONSENT],
    [{ type: 'email', marketing_preference_id: '9' }, CONSENT],
    [{ type: 'smsphone', marketing_preference_id: '' }, TYPES.smsphone],
  ];
  for (const [raw, want] of cases) assert.is(one({ name: 'X', ...raw }).row, want, JSON.stringify(raw));
});

test('mergeId: merge_id as text, else the name (errors are keyed by it, spec 3.6)', () => {
  const cases: [unknown, string][] = [
    [0, '0'],
    [7, '7'],
    ['12', '12'],
    [' 5 ', '5'],
    ['', 'X'],
    [undefined, 'X'],
    [null, 'X'],
    [{}, 'X'],
    [Number.NaN, 'X'],
  ];
  for (const [merge_id, want] of cases) assert.is(one({ name: 'X', merge_id }).mergeId, want, String(merge_id));
  assert.equal(RESERVED, ['u', 'id', 'f_id', 'popup', 'c']);
});

test.run();
