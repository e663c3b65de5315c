/** The readers of raw values (src/form-model/raw.ts), shared by every parser on both sides. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { num, obj, str, yes } from '../../src/form-model/raw';

test('obj: plain objects only', () => {
  const o = { a: 1 };
  assert.is(obj(o), o);
  for (const v of [null, undefined, [], [1], 'x', 3, true]) assert.equal(obj(v), {}, String(v));
});

test('str: strings and finite numbers, trimmed', () => {
  const cases: [unknown, string][] = [
    [' a ', 'a'],
    ['', ''],
    [0, '0'],
    [1.5, '1.5'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    [null, ''],
    [undefined, ''],
    [{}, ''],
    [['a'], ''],
    [true, ''],
  ];
  for (const [v, want] of cases) assert.is(str(v), want, String(v));
});

test('yes: Y/N strings, booleans, 1 and true', () => {
  const cases: [unknown, boolean][] = [
    [true, true],
    [1, true],
    ['Y', true],
    ['y', true],
    ['Yes', true],
    ['TRUE', true],
    ['1', true],
    [' Y ', true],
    [false, false],
    [0, false],
    [2, false],
    ['N', false],
    ['no', false],
    ['false', false],
    ['0', false],
    ['', false],
    ['yess', false],
    [null, false],
    [undefined, false],
    [{}, false],
  ];
  for (const [v, want] of cases) assert.is(yes(v), want, String(v));
});

test('num: a number ≥ 0 out of numbers and numeric strings, else the default', () => {
  const cases: [unknown, number][] = [
    [3, 3],
    ['768px', 768],
    ['0.5', 0.5],
    [0, 0],
    [-1, 9],
    ['x', 9],
    [null, 9],
    [undefined, 9],
    [Number.NaN, 9],
  ];
  for (const [v, want] of cases) assert.is(num(v, 9), want, String(v));
});

test.run();
