/**
 * The wire codec (src/form-model/wire.ts, spec 3.5, 7.1 reading (a)): posted names and ids of every type, what the
 * popup encodes, what the provider decodes, and the round trip through a real URL and the provider's query reader.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFields, type Field } from '../../src/form-model/fields';
import { readForm } from '../../src/form-model/form';
import { carried } from '../../src/form-model/place';
import {
  ACK_NAME,
  ACK_VALUE,
  decode,
  encode,
  honeypotName,
  screenOrder,
  type Submission,
} from '../../src/form-model/wire';
import { GDPR_VALUE, inputsOf } from '../../src/form-model/field-inputs';
import { providerUrl } from '../../src/browser/urls';
import { readQuery } from '../../src/server/http/query';
import type { LoaderParams } from '../../src/types';
import { fuzzOptions, reached } from '../fuzz';
import { rawSettings, TYPES, typesIn, valuesOf } from './form-model-arb';
import { PARAMS } from '../params';

const one = (raw: Record<string, unknown>): Field => parseFields([raw])[0];
/** The inputs of a field as rendered: screen order, with their ids and maxlength (0 for none). */
const names = (raw: Record<string, unknown>) => screenOrder(one(raw)).map((i) => [i.name, i.id, i.max || 0]);

test('the wire names of spec 3.5: honeypot, SMS acknowledgement, GDPR value', () => {
  assert.is(honeypotName('U1', 'L2'), 'b_U1_L2');
  assert.equal([ACK_NAME, ACK_VALUE, GDPR_VALUE], ['mc-SMSPHONE-ack', 'true', 'Y']);
});

test('inputsOf: posted names and ids of every type (3.5) with 5.4 limits', () => {
  const cases: [Record<string, unknown>, (string | number)[][]][] = [
    [{ name: 'FNAME', type: 'text' }, [['FNAME', 'mc-FNAME-0', 0]]],
    [{ name: 'EMAIL', type: 'email' }, [['EMAIL', 'mc-EMAIL-0', 0]]],
    [{ name: 'N', type: 'number' }, [['N', 'mc-N-0', 0]]],
    [{ name: 'U', type: 'url' }, [['U', 'mc-U-0', 0]]],
    [{ name: 'S', type: 'select', choices: [{ value: 'x' }] }, [['S', 'mc-S-0', 0]]],
    [{ name: 'D', type: 'dropdown' }, [['D', 'mc-D-0', 0]]],
    [{ name: 'SMS', type: 'smsphone' }, [['SMS', 'mc-SMS-0', 0]]],
    [{ name: 'P', type: 'phone' }, [['P', 'mc-P-0', 0]]],
    [
      { name: 'P', type: 'phone', phoneformat: 'US' },
      [
        ['P[area]', 'mc-P-0', 3],
        ['P[detail1]', 'mc-P-1', 3],
        ['P[detail2]', 'mc-P-2', 4],
      ],
    ],
    [
      { name: 'B', type: 'birthday', dateformat: 'MM/DD' },
      [
        ['B[month]', 'mc-B-0', 2],
        ['B[day]', 'mc-B-1', 2],
      ],
    ],
    [
      { name: 'B', type: 'birthday', dateformat: 'DD/MM' },
      [
        ['B[day]', 'mc-B-1', 2],
        ['B[month]', 'mc-B-0', 2],
      ],
    ],
    [
      { name: 'T', type: 'date', dateformat: 'MM/DD/YYYY' },
      [
        ['T[month]', 'mc-T-1', 2],
        ['T[day]', 'mc-T-2', 2],
        ['T[year]', 'mc-T-0', 4],
      ],
    ],
    [
      { name: 'T', type: 'date', dateformat: 'DD/MM/YYYY' },
      [
        ['T[day]', 'mc-T-2', 2],
        ['T[month]', 'mc-T-1', 2],
        ['T[year]', 'mc-T-0', 4],
      ],
    ],
    // dateformat means nothing to other types.
    [
      { name: 'P', type: 'phone', phoneformat: 'US', dateformat: 'DD/MM' },
      [
        ['P[area]', 'mc-P-0', 3],
        ['P[detail1]', 'mc-P-1', 3],
        ['P[detail2]', 'mc-P-2', 4],
      ],
    ],
    [
      { name: 'group[5]', type: 'radio', group_id: 5, choices: [{ value: '1' }, { value: '2' }] },
      [
        ['group[5]', 'mc-group[5]-5-0', 0],
        ['group[5]', 'mc-group[5]-5-1', 0],
      ],
    ],
    [
      { name: 'group[7]', type: 'checkbox', group_id: 7, choices: [{ value: '1' }, { value: '4' }] },
      [
        ['group[7][1]', 'mc-group[7]-7-0', 0],
        ['group[7][4]', 'mc-group[7]-7-1', 0],
      ],
    ],
    [{ name: 'gdpr[9]', type: 'checkbox', marketing_preference_id: 9 }, [['gdpr[9]', 'gdpr-9', 0]]],
    [{ name: 'I', type: 'image' }, []],
  ];
  for (const [raw, want] of cases) assert.equal(names(raw), want, JSON.stringify(raw));
  assert.equal(
    names({ name: 'A', type: 'address' }).map((x) => x[0]),
    ['A[addr1]', 'A[addr2]', 'A[city]', 'A[state]', 'A[zip]', 'A[country]'],
  );
  // What a checkable input posts when checked: its choice, the consent value; nothing fixed for text.
  assert.equal(
    inputsOf(one({ name: 'R', type: 'radio', choices: [{ value: 'x' }] })).map((i) => i.value),
    ['x'],
  );
  assert.equal(
    inputsOf(one({ name: 'G', marketing_preference_id: 1 })).map((i) => i.value),
    [GDPR_VALUE],
  );
  assert.equal(
    inputsOf(one({ name: 'T' })).map((i) => i.value),
    [undefined],
  );
  // Posted order is the table's; only the screen puts the year last and a DD/MM day first.
  assert.equal(
    inputsOf(one({ name: 'T', type: 'date', dateformat: 'DD/MM/YYYY' })).map((i) => i.key),
    ['year', 'month', 'day'],
  );
  assert.equal(screenOrder(one({ name: 'T', type: 'radio' })), []);
});

const FIELDS = parseFields([
  { name: 'EMAIL', type: 'email' },
  { name: 'FNAME' },
  { name: 'B', type: 'birthday' },
  { name: 'R', type: 'radio', choices: [{ value: 'x' }, { value: 'y' }] },
  { name: 'C', type: 'checkbox', choices: [{ value: '1' }, { value: '2' }, { value: '4' }] },
  { name: 'gdpr[9]', type: 'checkbox', marketing_preference_id: 9 },
  { name: 'gdpr[10]', marketing_preference_id: 10 },
  { name: 'S', type: 'select', choices: [{ value: 'a' }] },
  { name: 'R2', type: 'radio', choices: [{ value: 'q' }] },
  { name: 'IMG', type: 'image' },
]);

test('encode: what a browser posts from the inputs, with popup=true, the honeypot and the acknowledgement', () => {
  const s: Submission = {
    values: {
      EMAIL: { '': 'a@b.co' },
      B: { month: '1', day: '' },
      R: { '': 'y' },
      C: { '1': '1', '2': '', '4': '4' },
      'gdpr[9]': { '': 'Y' },
      'gdpr[10]': { '': '' },
    },
    ack: false,
    honeypot: '',
  };
  assert.equal(encode(FIELDS, s, 'U', 'L'), {
    popup: 'true',
    EMAIL: 'a@b.co',
    FNAME: '',
    'B[month]': '1',
    'B[day]': '',
    R: 'y',
    'C[1]': '1',
    'C[4]': '4',
    'gdpr[9]': 'Y',
    S: '',
    b_U_L: '',
  });
  const q = encode(FIELDS.slice(0, 1), { values: {}, ack: true, honeypot: 'bot' }, 'U', 'L');
  assert.equal(q, { popup: 'true', EMAIL: '', b_U_L: 'bot', 'mc-SMSPHONE-ack': 'true' });
});

test('decode: fields read back; missing inputs blank, unticked choices absent, a box ticked only by its value', () => {
  const q = {
    EMAIL: 'a@b.co',
    'B[month]': '1',
    'B[day]': '2',
    R: 'zzz',
    'C[1]': '1',
    // Not its own value: no tick.
    'C[2]': 'yes',
    'C[3]': '3',
    'C[4]': '',
    'gdpr[9]': 'Y',
    // A consent box posts Y when ticked: "N" is a refusal, not consent.
    'gdpr[10]': 'N',
    b_U_L: 'filled',
    'mc-SMSPHONE-ack': 'true',
  };
  assert.equal(decode(q, FIELDS, 'U', 'L'), {
    values: {
      EMAIL: { '': 'a@b.co' },
      FNAME: { '': '' },
      B: { month: '1', day: '2' },
      // Kept as posted: the provider judges a radio value that is not a choice.
      R: { '': 'zzz' },
      C: { '1': '1' },
      'gdpr[9]': { '': 'Y' },
      'gdpr[10]': { '': '' },
      S: { '': '' },
      R2: { '': '' },
      IMG: {},
    },
    ack: true,
    honeypot: 'filled',
  });
  for (const no of ['N', '0', 'on', 'false', 'y', ' Y'])
    assert.equal(decode({ 'gdpr[9]': no }, FIELDS.slice(5, 6), 'U', 'L').values, { 'gdpr[9]': { '': '' } }, no);
  const none = decode({ 'mc-SMSPHONE-ack': 'yes' }, FIELDS.slice(0, 1), 'U', 'L');
  assert.equal(none, { values: { EMAIL: { '': '' } }, ack: false, honeypot: '' });
  // Names the prototype of a plain object has read as missing.
  const proto = parseFields([{ name: 'valueOf' }, { name: 'toString', type: 'checkbox', choices: [{ value: 'a' }] }]);
  assert.equal(decode({}, proto, 'U', 'L').values, { valueOf: { '': '' }, toString: {} });
});

const P: LoaderParams = { ...PARAMS, uuid: 'acc0unt', lid: 'l1st', fId: 'f', cdn: '' };

/** A query as the provider receives it: the popup's URL (src/browser/urls.ts), parsed by the provider's reader. */
const overTheWire = (q: Record<string, string>): Record<string, string> => {
  const r = readQuery(new URL('http:' + providerUrl(P, 'form-post-json', q)).searchParams);
  if (!r.ok) throw Error('repeated parameter ' + r.repeated);
  return r.values;
};

test('round trip: decode(encode(x)) is x, through a real URL and the provider query reader (property)', () => {
  const types: string[] = [];
  const arb = rawSettings()
    .map((raw) => ({ raw, fields: carried(readForm(raw).placement) }))
    .chain(({ raw, fields }) =>
      fc.record({
        raw: fc.constant(raw),
        fields: fc.constant(fields),
        values: valuesOf(fields),
        ack: fc.boolean(),
        honeypot: fc.oneof(fc.constant(''), fc.string({ maxLength: 6 })),
      }),
    );
  fc.assert(
    fc.property(arb, ({ raw, fields, ...s }) => {
      types.push(...typesIn(raw));
      const back = decode(overTheWire(encode(fields, s, P.uuid, P.lid)), fields, P.uuid, P.lid);
      // Canonical form: an unchecked checkbox choice is absent; everything else reads back exactly.
      const want = Object.fromEntries(
        fields.map((f) => {
          const p = s.values[f.name];
          return [f.name, f.row.posts === 'each' ? Object.fromEntries(Object.entries(p).filter(([, v]) => v)) : p];
        }),
      );
      assert.equal(back, { ...s, values: want });
    }),
    fuzzOptions(400, 150),
  );
  reached(types, TYPES, 'field types');
});

test.run();
