/** What the provider stores of a valid field (src/form-model/store.ts), read off the type table. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFields } from '../../src/form-model/fields';
import type { Parts } from '../../src/form-model/parts';
import { storedValue, type MergeValue } from '../../src/form-model/store';

const F = (raw: Record<string, unknown>) => parseFields([{ name: 'X', ...raw }])[0];

test('storedValue: every row of the type table', () => {
  const cases: [Record<string, unknown>, Parts, MergeValue | null][] = [
    [{ type: 'text' }, { '': '  Ann ' }, 'Ann'],
    [{ type: 'text' }, { '': '   ' }, null],
    [{ type: 'email' }, { '': ' a@b.co ' }, 'a@b.co'],
    [{ type: 'number' }, { '': '42' }, '42'],
    [{ type: 'url' }, { '': 'https://x.example' }, 'https://x.example'],
    [{ type: 'phone' }, { '': ' +1 555 ' }, '+1 555'],
    [{ type: 'smsphone' }, { '': '+15551234567' }, '+15551234567'],
    [{ type: 'phone', phoneformat: 'US' }, { area: '555', detail1: '123', detail2: '4567' }, '555-123-4567'],
    [{ type: 'birthday' }, { month: '3', day: '9' }, '03/09'],
    [{ type: 'birthday', dateformat: 'DD/MM' }, { month: '12', day: '31' }, '12/31'],
    [{ type: 'date' }, { year: '24', month: '2', day: '29' }, '0024-02-29'],
    [{ type: 'date' }, { year: ' 2024', month: '02 ', day: '1' }, '2024-02-01'],
    [
      { type: 'address' },
      { addr1: ' 1 Main St ', addr2: '', city: 'Town', state: 'GA', zip: '30301', country: '164' },
      { addr1: '1 Main St', city: 'Town', state: 'GA', zip: '30301', country: '164' },
    ],
    [{ type: 'address' }, { addr1: '', addr2: '', city: '', state: '', zip: '', country: '' }, null],
    [{ type: 'select', choices: [{ value: 'a' }] }, { '': 'a' }, 'a'],
    [{ type: 'dropdown' }, { '': '' }, null],
    [{ type: 'radio', choices: [{ value: 'x' }] }, { '': 'x' }, 'x'],
    [
      { type: 'checkbox', choices: [{ value: '1' }, { value: '2' }, { value: '4' }] },
      { '1': '1', '4': '4' },
      ['1', '4'],
    ],
    [{ type: 'checkbox' }, {}, null],
  ];
  for (const [raw, p, want] of cases) assert.equal(storedValue(F(raw), p), want, JSON.stringify([raw, p]));
});

test.run();
