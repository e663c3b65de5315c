import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cookieIn, cookieString } from '../../src/browser/cookies';

test('cookieIn finds a cookie by exact name anywhere in document.cookie', () => {
  const cases: [string, string, boolean][] = [
    ['MCPopupClosed=yes', 'MCPopupClosed', true],
    ['a=1; MCPopupClosed=yes; b=2', 'MCPopupClosed', true],
    ['a=1;MCPopupClosed=', 'MCPopupClosed', true],
    ['XMCPopupClosed=yes', 'MCPopupClosed', false],
    ['a=MCPopupClosed=yes', 'MCPopupClosed', false],
    ['MCPopupClosedX=1', 'MCPopupClosed', false],
    ['', 'MCPopupClosed', false],
    ['MCPopupSubscribed=1', 'MCPopupClosed', false],
  ];
  for (const [cookies, name, want] of cases) assert.is(cookieIn(cookies, name), want, `${cookies} / ${name}`);
});

test('cookieString: encoded value, expiry, path, SameSite=Lax, Secure only on https', () => {
  const at = new Date(Date.UTC(2027, 0, 2, 3, 4, 5));
  assert.is(
    cookieString('mcListMember', 'a b;c', at, '/', false),
    'mcListMember=a%20b%3Bc;expires=Sat, 02 Jan 2027 03:04:05 GMT;path=/;SameSite=Lax',
  );
  assert.is(
    cookieString('MCPopupClosed', 'yes', at, '/blog', true),
    'MCPopupClosed=yes;expires=Sat, 02 Jan 2027 03:04:05 GMT;path=/blog;SameSite=Lax;Secure',
  );
});

test.run();
