import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { popupUrl, providerUrl, safeVersion } from '../../src/browser/urls';
import { PARAMS } from '../params';

const P = { ...PARAMS, uuid: 'abc', lid: 'def' };

test('providerUrl: protocol-relative, u and id, f_id only when given, extras encoded', () => {
  assert.is(providerUrl(P, 'form-settings'), '//list.example.com/subscribe/form-settings?u=abc&id=def');
  assert.is(
    providerUrl({ ...P, fId: 'f1' }, 'form-settings'),
    '//list.example.com/subscribe/form-settings?u=abc&id=def&f_id=f1',
  );
  assert.is(
    providerUrl(P, 'is-email-subscribed', { mc_eid: 'e 1&x', mc_cid: 'c/2' }),
    '//list.example.com/subscribe/is-email-subscribed?u=abc&id=def&mc_eid=e+1%26x&mc_cid=c%2F2',
  );
  assert.is(providerUrl({ ...P, uuid: 'a&b=c' }, 'x'), '//list.example.com/subscribe/x?u=a%26b%3Dc&id=def');
});

test('safeVersion: dotted digits with a dot pass, anything else is 1.0', () => {
  const cases: [unknown, string][] = [
    ['1.0', '1.0'],
    ['1.1', '1.1'],
    [1.1, '1.1'],
    // JSON's 1.0 is the number 1, and "1" names no folder: both read as the default.
    [1.0, '1.0'],
    [1, '1.0'],
    ['1', '1.0'],
    [2, '1.0'],
    [2.5, '2.5'],
    ['10.2.3', '10.2.3'],
    [undefined, '1.0'],
    [null, '1.0'],
    ['', '1.0'],
    ['../../evil', '1.0'],
    ['1.0/../x', '1.0'],
    ['1.0?x', '1.0'],
    [{}, '1.0'],
    [['1.1'], '1.1'],
    ['1.', '1.0'],
    ['v1', '1.0'],
  ];
  for (const [input, want] of cases) assert.is(safeVersion(input), want, JSON.stringify(input));
});

test('popupUrl: versioned, under unique-methods/ when asked', () => {
  assert.is(popupUrl(P, '1.0'), 'https://cdn.example.com/js/signup-forms/popup/1.0/popup.js');
  assert.is(
    popupUrl({ ...P, uniqueMethods: true }, '1.1'),
    'https://cdn.example.com/js/signup-forms/popup/unique-methods/1.1/popup.js',
  );
  assert.is(popupUrl(P, 'evil/x'), 'https://cdn.example.com/js/signup-forms/popup/1.0/popup.js');
});

test.run();
