import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCountries } from '../../src/form-model/countries';
import { COUNTRY_DATA } from '../../src/form-model/countries-data';

const countries = () => parseCountries(COUNTRY_DATA);

test('countries: the provider list of 234 id/name pairs, USA first, ids unique (spec 3.5)', () => {
  const list = countries();
  assert.is(list.length, 234);
  assert.equal(list[0], ['164', 'USA']);
  assert.is(new Set(list.map((c) => c[0])).size, 234, 'ids unique');
  assert.is(new Set(list.map((c) => c[1])).size, 234, 'names unique');
  assert.ok(
    list.every(([id, name]) => /^[1-9]\d{0,2}$/.test(id) && name.trim() === name && name.length > 2),
    'well formed',
  );
  assert.equal(countries(), list, 'parsing is pure');
});

test('countries: ids of the spec and across the runs of the encoding', () => {
  const by = new Map(countries().map(([id, name]) => [name, id]));
  const cases: [string, string][] = [
    ['Afghanistan', '274'],
    ['Albania', '2'],
    ['Canada', '30'],
    ['United Kingdom', '262'],
    ['USA', '164'],
    ['Aaland Islands', '286'],
    ['Algeria', '3'],
    ['American Samoa', '178'],
    ['Andorra', '4'],
    ['Bonaire, Saint Eustatius and Saba', '325'],
    ['Bosnia and Herzegovina', '22'],
    ['Croatia', '40'],
    ['Guinea', '63'],
    ['Guyana', '65'],
    ['Ireland', '74'],
    ['Japan', '78'],
    ['Liechtenstein', '90'],
    ['Qatar', '126'],
    ['Samoa (Independent)', '132'],
    ['Taiwan', '152'],
    ['Uruguay', '163'],
    ['Uzbekistan', '165'],
    ['Yemen', '170'],
    ['Zambia', '173'],
    ['Zimbabwe', '174'],
    ["Cote D'Ivoire", '275'],
    ["Lao People's Democratic Republic", '84'],
    ['Turks & Caicos Islands', '287'],
    ['Serbia', '326'],
  ];
  for (const [name, id] of cases) assert.is(by.get(name), id, name);
});

test.run();
