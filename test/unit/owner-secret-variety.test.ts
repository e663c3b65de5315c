/**
 * The owner secret's variety (issue 32 item 8): what a person types is refused, what `openssl rand` makes passes.
 */
import { randomBytes } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SECRET_MIN_DISTINCT, secretWeakness } from '../../src/server/owner/secret-variety';
import { checkMode } from '../../src/server/site';

const FEW = /only \d+ different characters? \(at least 8\)/;
const PATTERN = /a short pattern repeated/;
const RUNS = /mostly runs such as 1234, abcd or aaaa/;

test('guessable secrets are refused, each with why', () => {
  const bad: [string, RegExp][] = [
    ['aaaaaaaaaaaaaaaa', /only 1 different character \(/],
    ['1234567890123456', RUNS],
    ['0123456789abcdef', RUNS],
    ['abcdefghijklmnopqrstuvwxyz', RUNS],
    ['ZYXWVUTSRQPONMLK', RUNS],
    ['9876543210987654', RUNS],
    ['AbCdEfGhIjKlMnOp', RUNS],
    ['Password12345678', RUNS],
    ['qwertyui11111111', RUNS],
    ['abcabcabcabcabca', FEW],
    ['passwordpassword', FEW],
    ['abababababababab', /only 2 different characters/],
    ['abcdefghabcdefgh', PATTERN],
    ['Tr0ub4dor&3Tr0ub4dor&3', PATTERN],
    ['0f1e2d3c0f1e2d3c0f1e2d3c', PATTERN],
    ['12321232123212321', FEW],
  ];
  for (const [secret, why] of bad) assert.match(secretWeakness(secret) || 'passed', why, secret);
});

test('secrets with variety pass: real random hex and base64, and long typed phrases', () => {
  const good = [
    // openssl rand -hex 24
    'dd95f6cf9a414eec9263f82ea88d881d8b9605ba6a549663',
    'dc5186b37f5ab475be422cb4d59e49a82dd7407dc8e4ca23',
    '33b8ad78361753e22ebcbad131459d0b404e2b34d1901e33',
    // openssl rand -hex 8, the shortest the length rule allows
    'd09fd3dd165a4b6a',
    // openssl rand -base64 24 and 32
    'vdclgyunFgQD2Yjq4Hu2opJMWgeTBtR0',
    'P18ZI7tC1KxgCmjxIMlTLQY6LAJw7AVX',
    'zMhjaDadAT258be/2asAgF3PIQT3C+pJnb5G2ny1Bdg=',
    'correct horse battery staple',
    'owner-secret-for-the-tests-0123456789',
    'a-long-enough-owner-secret',
    // A short run inside a random secret is no weakness.
    '1234dd95f6cf9a414eec9263f8',
  ];
  for (const secret of good) assert.is(secretWeakness(secret), null, secret);
});

test('`openssl rand -hex 24` always passes: thousands of them, and of base64 ones', () => {
  // Each rule fails a random 48-digit hex secret with a chance far below one in a billion (fewer than 8 of the 16
  // digits: about 7e-14), so no run of this test can fail on a good rule.
  for (let i = 0; i < 20_000; i++) {
    const hex = randomBytes(24).toString('hex');
    assert.is(secretWeakness(hex), null, hex);
    const b64 = randomBytes(18).toString('base64');
    assert.is(secretWeakness(b64), null, b64);
  }
});

test('the distinct-character rule counts characters, not UTF-16 units; eight different ones are enough', () => {
  assert.is(SECRET_MIN_DISTINCT, 8);
  assert.match(secretWeakness('🔑🔒🔑🔒🔑🔒🔑🔒🔑🔒🔑🔒🔑🔒🔑🔒') || '', /only 2 different/);
  assert.is(secretWeakness('q7Xm2Lp9q7Xm2Lp9Z'), null, 'eight different, not a whole repeat');
  assert.match(secretWeakness('q7Xm2Lpq7Xm2Lpq7') || '', FEW);
});

test('checkMode refuses a guessable secret in production, saying how to make a good one; demo ignores it', () => {
  const prod = { mode: 'production', publicUrl: 'https://list.example.com' } as const;
  for (const ownerSecret of ['aaaaaaaaaaaaaaaa', '1234567890123456'])
    assert.throws(
      () => checkMode({ ...prod, ownerSecret }),
      (e: Error) =>
        /^PROVIDER_OWNER_SECRET is guessable: it .+\. Make one at random, e\.g\. `openssl rand -hex 24`/.test(
          e.message,
        ),
    );
  const ok = 'dd95f6cf9a414eec9263f82ea88d881d8b9605ba6a549663';
  assert.is(checkMode({ ...prod, ownerSecret: ok }).ownerSecret, ok);
  assert.is(checkMode({ ownerSecret: 'aaaaaaaaaaaaaaaa' }).ownerSecret, null);
});

test.run();
