/**
 * What the provider stores of a valid field (src/form-model/store.ts), read off the type table, and how a stored value
 * reads back as the form showed it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFields } from '../../src/form-model/fields';
import type { Parts } from '../../src/form-model/parts';
import { countryName, shownValue, storedValue, type MergeValue } from '../../src/form-model/store';

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

const TOPICS = [
  { value: '1', label: 'News' },
  { value: '2', label: 'Offers' },
  { value: '4', label: 'Events & <b>more</b>' },
];

test('shownValue: what the visitor chose, as the form showed it, from the value stored', () => {
  const cases: [Record<string, unknown>, Parts, string][] = [
    [{ type: 'text' }, { '': ' Ann ' }, 'Ann'],
    // A text field's value is never read as a choice, whatever the settings carry.
    [{ type: 'text', choices: [{ value: 'a', label: 'Alpha' }] }, { '': 'a' }, 'a'],
    [{ type: 'phone', phoneformat: 'US' }, { area: '555', detail1: '123', detail2: '4567' }, '555-123-4567'],
    // Birthday and date parts in the order of the field's format, the year last (spec 3.4).
    [{ type: 'birthday', dateformat: 'MM/DD' }, { month: '3', day: '9' }, '03/09'],
    [{ type: 'birthday', dateformat: 'DD/MM' }, { month: '12', day: '31' }, '31/12'],
    [{ type: 'birthday' }, { month: '12', day: '31' }, '12/31'],
    [{ type: 'date', dateformat: 'MM/DD/YYYY' }, { year: '2024', month: '2', day: '29' }, '02/29/2024'],
    [{ type: 'date', dateformat: 'DD/MM/YYYY' }, { year: '2024', month: '2', day: '29' }, '29/02/2024'],
    // Choices by their label (select, dropdown, radio; a checkbox group's checked ones in the order stored).
    [{ type: 'select', choices: [{ value: 'g', label: 'Gold' }] }, { '': 'g' }, 'Gold'],
    [{ type: 'dropdown', choices: [{ value: 'p', label: 'Premium' }] }, { '': 'p' }, 'Premium'],
    [{ type: 'radio', choices: [{ value: 'w', label: 'Weekly' }] }, { '': 'w' }, 'Weekly'],
    [{ type: 'radio', choices: [{ value: 'w' }] }, { '': 'w' }, 'w'],
    [{ type: 'checkbox', choices: TOPICS }, { '1': '1', '4': '4' }, 'News, Events & <b>more</b>'],
    // The country by its name; a country typed as text (countries.js did not load) as typed.
    [
      { type: 'address' },
      { addr1: '1 Main St', addr2: '', city: 'Ottawa', state: 'ON', zip: 'K1A', country: '30' },
      '1 Main St, Ottawa, ON, K1A, Canada',
    ],
    [
      { type: 'address' },
      { addr1: 'a', addr2: 'b', city: 'c', state: 'd', zip: 'e', country: '164' },
      'a, b, c, d, e, USA',
    ],
    [
      { type: 'address' },
      { addr1: 'a', addr2: '', city: 'c', state: 'd', zip: 'e', country: 'Narnia' },
      'a, c, d, e, Narnia',
    ],
  ];
  for (const [raw, p, want] of cases) {
    const f = F(raw);
    assert.is(shownValue(f, storedValue(f, p)!), want, JSON.stringify([raw, p]));
  }
});

test('countryName: the names of spec 3.5, anything else as it is', () => {
  const cases: [string, string][] = [
    ['164', 'USA'],
    ['274', 'Afghanistan'],
    ['2', 'Albania'],
    ['30', 'Canada'],
    ['262', 'United Kingdom'],
    ['0', '0'],
    ['', ''],
    ['Narnia', 'Narnia'],
  ];
  for (const [id, want] of cases) assert.is(countryName(id), want, id);
});

test.run();
