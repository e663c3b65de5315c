/** The type table (src/form-model/types.ts): a row per type of spec 3.4, each column checked against the spec. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { URL_PLACEHOLDER } from '../../src/constants';
import { RULES } from '../../src/form-model/rules';
import {
  CONSENT,
  fieldType,
  NAME_AUTO,
  PART_AUTO,
  PART_PH,
  partAuto,
  TYPES,
  US_PHONE,
  type FieldType,
  type TypeRow,
} from '../../src/form-model/types';
import { FIELD_TYPES } from '../field-types';

const ALL = FIELD_TYPES;

test('fieldType: every type of 3.4 kept, anything else is text', () => {
  for (const t of ALL) assert.is(fieldType(t), t);
  assert.equal(Object.keys(TYPES).sort(), [...ALL].sort(), 'one row per type, no other');
  for (const t of ['EMAIL', 'imageurl', '', undefined, null, 3, {}, ['email'], 'toString', '__proto__', 'constructor'])
    assert.is(fieldType(t), 'text', String(t));
});

/** A row's columns as one comparable line. */
const line = (r: TypeRow) => [
  r.posts || '',
  r.ui || '',
  r.input || 'text',
  r.auto || '',
  r.ph || '',
  !!r.numeric,
  r.rule || '',
  !!r.extras,
  r.role || '',
];

test('columns: inputs, component, input type, autocomplete, placeholder, rule, form-extras.js, role', () => {
  const cases: [string, TypeRow, ReturnType<typeof line>][] = [
    ['text', TYPES.text, ['one', 'Single', 'text', '', '', false, '', false, '']],
    ['email', TYPES.email, ['one', 'Single', 'email', 'email', '', false, 'email', false, 'email']],
    ['number', TYPES.number, ['one', 'Single', 'text', '', '', true, 'number', false, '']],
    ['url', TYPES.url, ['one', 'Single', 'url', '', URL_PLACEHOLDER, false, 'url', false, '']],
    ['phone (plain)', TYPES.phone, ['one', 'Single', 'tel', 'tel', '', false, '', false, '']],
    ['phone (US)', US_PHONE, ['parts', 'Split', 'text', '', '', false, 'phone', true, '']],
    ['smsphone', TYPES.smsphone, ['one', 'Single', 'tel', 'tel', '', false, '', true, 'sms']],
    ['birthday', TYPES.birthday, ['parts', 'Split', 'text', '', '', false, 'birthday', true, '']],
    ['date', TYPES.date, ['parts', 'Split', 'text', '', '', false, 'date', true, '']],
    ['address', TYPES.address, ['parts', 'Address', 'text', '', '', false, 'address', true, '']],
    ['select', TYPES.select, ['select', 'Select', 'text', '', '', false, '', true, '']],
    ['dropdown', TYPES.dropdown, ['select', 'Select', 'text', '', '', false, '', true, '']],
    ['radio', TYPES.radio, ['radio', 'Choices', 'text', '', '', false, '', true, '']],
    ['checkbox', TYPES.checkbox, ['each', 'Choices', 'text', '', '', false, '', true, '']],
    ['image', TYPES.image, ['', '', 'text', '', '', false, '', false, '']],
    ['GDPR consent', CONSENT, ['consent', 'Consent', 'text', '', '', false, '', true, '']],
  ];
  for (const [name, row, want] of cases) assert.equal(line(row), want, name);
  assert.equal(NAME_AUTO, { FNAME: 'given-name', LNAME: 'family-name' });
});

test('parts: posted keys in order, the 5.4 limits, 3.5 placeholders, autocomplete tokens, stored joins', () => {
  const cases: [FieldType, TypeRow, (string | number)[][], string | undefined][] = [
    [
      'birthday',
      TYPES.birthday,
      [
        ['month', 2, 'MM', 'bday-month'],
        ['day', 2, 'DD', 'bday-day'],
      ],
      '/',
    ],
    [
      'date',
      TYPES.date,
      [
        ['year', 4, 'YYYY', ''],
        ['month', 2, 'MM', ''],
        ['day', 2, 'DD', ''],
      ],
      '-',
    ],
    [
      'phone',
      US_PHONE,
      [
        ['area', 3, '', 'tel-area-code'],
        ['detail1', 3, '', 'tel-local-prefix'],
        ['detail2', 4, '', 'tel-local-suffix'],
      ],
      '-',
    ],
    [
      'address',
      TYPES.address,
      [
        ['addr1', 0, '', 'address-line1'],
        ['addr2', 0, '', 'address-line2'],
        ['city', 0, '', 'address-level2'],
        ['state', 0, '', 'address-level1'],
        ['zip', 0, '', 'postal-code'],
        ['country', 0, '', 'country-name'],
      ],
      undefined,
    ],
  ];
  for (const [type, row, parts, join] of cases) {
    assert.equal(
      (row.parts || []).map(([k, max]) => [k, max, PART_PH[k] || '', partAuto(type, k) || '']),
      parts,
      type,
    );
    assert.is(row.join, join, type + ' join');
  }
  // Every key of the two tables is some part's: none left over.
  const keys = new Set(cases.flatMap(([, row]) => (row.parts || []).map(([k]) => k)));
  for (const k of [...Object.keys(PART_PH), ...Object.keys(PART_AUTO)]) assert.ok(keys.has(k), k);
  for (const t of ALL) if (TYPES[t].posts !== 'parts') assert.is(TYPES[t].parts, undefined, t + ' has no parts');
});

test('rules: each row checks what spec 5.2 says of its type, on the value or the parts', () => {
  const ok = (r: TypeRow, v: string, p: Record<string, string> = { '': v }) => RULES[r.rule!](p, v);
  assert.ok(ok(TYPES.email, 'a@b.co'));
  assert.not.ok(ok(TYPES.email, 'a@'));
  assert.ok(ok(TYPES.url, 'https://x.example'));
  assert.not.ok(ok(TYPES.url, 'x.example'));
  assert.ok(ok(TYPES.number, '42'));
  assert.not.ok(ok(TYPES.number, '4.2'));
  assert.ok(ok(US_PHONE, '', { area: '555', detail1: '123', detail2: '4567' }));
  assert.not.ok(ok(US_PHONE, '', { area: '55', detail1: '123', detail2: '4567' }));
  assert.ok(ok(TYPES.birthday, '', { month: '12', day: '31' }));
  assert.not.ok(ok(TYPES.birthday, '', { month: '13', day: '1' }));
  assert.ok(ok(TYPES.date, '', { year: '2024', month: '2', day: '29' }));
  assert.not.ok(ok(TYPES.date, '', { year: '0', month: '1', day: '1' }));
  const full = { addr1: 'a', addr2: '', city: 'c', state: 's', zip: 'z', country: '164' };
  assert.ok(ok(TYPES.address, '', full));
  assert.not.ok(ok(TYPES.address, '', { ...full, city: '' }));
  // Types spec 5.2 says always pass have no rule: text, SMS phone, choices, plain phone, image, consent.
  for (const r of [TYPES.text, TYPES.smsphone, TYPES.phone, TYPES.select, TYPES.radio, TYPES.checkbox, CONSENT])
    assert.is(r.rule, undefined);
});

test.run();
