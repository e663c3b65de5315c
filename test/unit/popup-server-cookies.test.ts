/** Server-provided cookies (src/popup/server-cookies.ts; spec 3.8). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serverCookies } from '../../src/popup/server-cookies';

test(`server cookies (spec 3.8): token names, plain values, absolute paths, days or a date; \
ours and bad ones dropped`, () => {
  const now = Date.parse('2026-11-23T00:00:00Z');
  const DAY = 864e5;
  const cases: [unknown, { name: string; value: string; ms: number; path: string }[]][] = [
    [undefined, []],
    ['promo=1', []],
    [
      [{ name: 'promo', value: 'spring', expires: 2, path: '/shop' }],
      [{ name: 'promo', value: 'spring', ms: 2 * DAY, path: '/shop' }],
    ],
    [[{ name: 'n', value: 7, expires: '2026-11-24T00:00:00Z' }], [{ name: 'n', value: '7', ms: DAY, path: '/' }]],
    [[{ name: 'session', value: 'x' }], [{ name: 'session', value: 'x', ms: 0, path: '/' }]],
    [[{ name: 'old', value: 'x', expires: '2020-01-01' }], []],
    [[{ name: 'neg', value: 'x', expires: -1 }], []],
    [
      [
        { name: 'MCPopupClosed', value: '1' },
        { name: 'MCPopupSubscribed', value: '1' },
        { name: 'mcListMember', value: '1' },
      ],
      [],
    ],
    [
      [
        { name: 'a b', value: 'x' },
        { name: 'a;b', value: 'x' },
        { name: '', value: 'x' },
        { name: 'x'.repeat(65), value: 'x' },
      ],
      [],
    ],
    [
      [
        { name: 'v', value: 'x; Domain=evil.example' },
        { name: 'w', value: 'a\nb' },
        { name: 'o', value: { a: 1 } },
      ],
      [],
    ],
    [
      [
        { name: 'p', value: 'x', path: 'shop' },
        { name: 'q', value: 'x', path: '/a;Domain=x' },
      ],
      [],
    ],
    [[null, 3, 'x', []], []],
  ];
  for (const [input, want] of cases) assert.equal(serverCookies(input, now), want, JSON.stringify(input));
});

test.run();
