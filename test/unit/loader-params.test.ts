import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ERR_MISSING_PARAMS } from '../../src/loader/constants';
import { closedName, subscribedName } from '../../src/browser/cookies';
import { cdnFrom, flag, parseParams } from '../../src/loader/params';

const SRC = 'https://cdn.example.com/js/signup-forms/popup/unique-methods/embed.js';

test('flag reads booleans, data attributes and strings', () => {
  const cases: [unknown, boolean][] = [
    [true, true],
    [false, false],
    [undefined, false],
    [null, false],
    [1, true],
    [0, false],
    ['', true],
    ['true', true],
    ['yes', true],
    ['1', true],
    ['Y', true],
    ['false', false],
    ['FALSE', false],
    ['0', false],
    ['no', false],
    ['n', false],
    ['N', false],
    ['off', false],
  ];
  for (const [input, want] of cases) assert.is(flag(input), want, `flag(${JSON.stringify(input)})`);
});

test('cdnFrom strips the script path, or keeps the directory of a renamed script', () => {
  const cases: [string, string][] = [
    [SRC, 'https://cdn.example.com/'],
    ['http://127.0.0.1:8080/js/signup-forms/popup/embed.js', 'http://127.0.0.1:8080/'],
    ['https://example.com/assets/js/signup-forms/popup/embed.js?v=2', 'https://example.com/assets/'],
    ['https://example.com/static/newsletter.js', 'https://example.com/static/'],
  ];
  for (const [src, want] of cases) assert.is(cdnFrom(src), want, src);
});

test('parseParams: the three required settings, each missing or blank, fail with the spec text', () => {
  const ok = { baseUrl: 'h.example.com', uuid: 'u1', lid: 'l1' };
  for (const key of ['baseUrl', 'uuid', 'lid'] as const) {
    for (const bad of [undefined, '', '   ', null]) {
      assert.throws(
        () => parseParams({ ...ok, [key]: bad }, SRC),
        (e: Error) => e.message === ERR_MISSING_PARAMS,
        `${key}=${bad}`,
      );
    }
  }
  assert.throws(
    () => parseParams({}, SRC),
    (e: Error) => e.message === ERR_MISSING_PARAMS,
  );
});

test('parseParams: defaults, types and normalisation', () => {
  const p = parseParams({ baseUrl: 'h.example.com', uuid: 'u1', lid: 'l1' }, SRC);
  assert.equal(p, {
    baseUrl: 'h.example.com',
    uuid: 'u1',
    lid: 'l1',
    fId: '',
    dev: false,
    uniqueMethods: false,
    ignoreCookie: false,
    isPreview: false,
    cdn: 'https://cdn.example.com/',
    cookieScope: '',
  });
});

test('parseParams: a pasted scheme or trailing slash is dropped from baseUrl; ports stay', () => {
  const cases: [string, string][] = [
    ['https://list.example.com/', 'list.example.com'],
    ['//list.example.com', 'list.example.com'],
    ['http://127.0.0.1:8080', '127.0.0.1:8080'],
    [' list.example.com ', 'list.example.com'],
  ];
  for (const [input, want] of cases) assert.is(parseParams({ baseUrl: input, uuid: 'u', lid: 'l' }, SRC).baseUrl, want);
});

test('parseParams: every option of spec 3.1, from start() and from a dataset', () => {
  const p = parseParams(
    {
      baseUrl: 'h',
      uuid: 12,
      lid: 34,
      f_id: '00e1',
      env: 'dev',
      uniqueMethods: true,
      ignoreCookie: 'true',
      isPreview: '',
      cdnUrl: 'https://c.example',
    },
    SRC,
  );
  assert.equal(p, {
    baseUrl: 'h',
    uuid: '12',
    lid: '34',
    fId: '00e1',
    dev: true,
    uniqueMethods: true,
    ignoreCookie: true,
    isPreview: true,
    cdn: 'https://c.example/',
    cookieScope: '',
  });
  // A script tag's dataset: data-f-id becomes fId, data-unique-methods="false" is off.
  const d = parseParams({ baseUrl: 'h', uuid: 'u', lid: 'l', fId: 'f9', uniqueMethods: 'false', env: 'prod' }, SRC);
  assert.is(d.fId, 'f9');
  assert.is(d.uniqueMethods, false);
  assert.is(d.dev, false);
});

test('parseParams: scopeCookies names the cookies after the list and form, in word characters (issue 14.5)', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{}, ''],
    [{ scopeCookies: false }, ''],
    [{ scopeCookies: 'false' }, ''],
    [{ scopeCookies: true }, '_l1'],
    [{ scopeCookies: '', f_id: '00a1' }, '_l1_00a1'],
    [{ scopeCookies: 1, lid: 'a-b.c', fId: 'x y' }, '_a_b_c_x_y'],
    [{ scopeCookies: 'yes', lid: 'é(1)' }, '___1_'],
  ];
  for (const [o, suffix] of cases) {
    const p = parseParams({ baseUrl: 'h', uuid: 'u', lid: 'l1', ...o }, SRC);
    // Unscoped, the scope is empty: the spec's names (3.8).
    assert.is(p.cookieScope, suffix, JSON.stringify(o));
    assert.is(closedName(p), 'MCPopupClosed' + suffix, JSON.stringify(o));
    assert.is(subscribedName(p), 'MCPopupSubscribed' + suffix, JSON.stringify(o));
    // Names stay RFC 6265 tokens that cookieIn can read as a pattern.
    assert.match(closedName(p), /^\w+$/);
  }
});

test.run();
