import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  afterFailure,
  DEFAULT_MAIL_POLICY,
  duration,
  giveUpBeforeSending,
  mailPolicy,
  retryDelayMs,
} from '../../src/server/mail/backoff';

const S = 1000;
const MIN = 60 * S;

test('retryDelayMs: the default schedule doubles from 30 s and stops at an hour', () => {
  const cases: [number, number][] = [
    [1, 30 * S],
    [2, MIN],
    [3, 2 * MIN],
    [4, 4 * MIN],
    [5, 8 * MIN],
    [6, 16 * MIN],
    [7, 32 * MIN],
    [8, 60 * MIN],
    [9, 60 * MIN],
    [50, 60 * MIN],
    [2000, 60 * MIN],
    // Nonsense counts (0, negative, fractional) are the first attempt's or rounded down, never below baseMs.
    [0, 30 * S],
    [-3, 30 * S],
    [2.9, MIN],
  ];
  for (const [attempt, want] of cases) assert.is(retryDelayMs(attempt, DEFAULT_MAIL_POLICY), want, String(attempt));
});

test('retryDelayMs: other bases and caps', () => {
  const cases: [number, { baseMs: number; capMs: number }, number][] = [
    [1, { baseMs: 200, capMs: 800 }, 200],
    [2, { baseMs: 200, capMs: 800 }, 400],
    [3, { baseMs: 200, capMs: 800 }, 800],
    [4, { baseMs: 200, capMs: 800 }, 800],
    [3, { baseMs: 200, capMs: 700 }, 700],
    [5, { baseMs: 1, capMs: 1 }, 1],
  ];
  for (const [attempt, p, want] of cases) assert.is(retryDelayMs(attempt, p), want, `${attempt} ${JSON.stringify(p)}`);
});

test('afterFailure: due again after the delay, or given up when permanent or at the attempt cap', () => {
  const p = { baseMs: 100, capMs: 1000, maxAttempts: 4 };
  const now = 1_000_000;
  const cases: [number, boolean, { final: boolean; nextAt: number }][] = [
    [1, false, { final: false, nextAt: now + 100 }],
    [2, false, { final: false, nextAt: now + 200 }],
    [3, false, { final: false, nextAt: now + 400 }],
    [4, false, { final: true, nextAt: now }],
    [5, false, { final: true, nextAt: now }],
    [1, true, { final: true, nextAt: now }],
  ];
  for (const [attempts, permanent, want] of cases)
    assert.equal(afterFailure(attempts, permanent, now, p), want, `${attempts} ${permanent}`);
  // The default gives up on the tenth failure, about three hours after the first.
  let waited = 0;
  for (let a = 1; !afterFailure(a, false, 0, DEFAULT_MAIL_POLICY).final; a++)
    waited += retryDelayMs(a, DEFAULT_MAIL_POLICY);
  assert.is(waited, 11_010 * S);
});

test('giveUpBeforeSending: too old, or claimed more often than the cap allows', () => {
  const p = { maxAgeMs: 48 * 3600 * S, maxAttempts: 3 };
  const now = Date.parse('2030-01-03T00:00:00Z');
  const cases: [string, number, RegExp | null][] = [
    ['2030-01-02T23:59:00Z', 1, null],
    ['2030-01-01T00:00:00.000Z', 3, null],
    ['2029-12-31T23:59:59.999Z', 1, /too old: not sent within 48 h/],
    ['not a time', 1, /too old/],
    ['2030-01-02T00:00:00Z', 4, /claimed 4 times/],
  ];
  for (const [created_at, attempts, want] of cases) {
    const r = giveUpBeforeSending({ created_at, attempts }, now, p);
    if (want) assert.match(r || '', want, created_at);
    else assert.is(r, null, created_at);
  }
});

test('mailPolicy: defaults, overrides, and no lease shorter than twice a send', () => {
  assert.equal(mailPolicy(), { ...DEFAULT_MAIL_POLICY });
  assert.is(mailPolicy({ pollMs: 5 }).pollMs, 5);
  const bad: Partial<typeof DEFAULT_MAIL_POLICY>[] = [
    { leaseMs: 1000, sendTimeoutMs: 600 },
    { pollMs: 0 },
    { baseMs: -1 },
    { capMs: Number.NaN },
    { baseMs: 2000, capMs: 1000 },
  ];
  for (const o of bad) assert.throws(() => mailPolicy(o), /mail policy/, JSON.stringify(o));
});

test('duration: for log lines', () => {
  const cases: [number, string][] = [
    [250, '250 ms'],
    [1000, '1 s'],
    [90_000, '90 s'],
    [3600_000, '1 h'],
    [48 * 3600_000, '48 h'],
    [5400_000, '1.5 h'],
  ];
  for (const [ms, want] of cases) assert.is(duration(ms), want);
});

test.run();
