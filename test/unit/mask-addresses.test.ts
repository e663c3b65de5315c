/**
 * The one address masker of logs and stored errors (issue 32 item 3, src/server/mask.ts): every shape the e-mail rule
 * accepts (src/form-model/rules.ts) is masked whole wherever a log or an SMTP reply quotes it, and so are quoted local
 * parts, domain literals and percent-encoded at signs. An SMTP refusal quoting john'smith@… logged john'[address].
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isEmail } from '../../src/form-model/rules';
import { logPath } from '../../src/server/http/log';
import { scrubAddresses } from '../../src/server/mail/config';
import { ADDRESS_MASK, maskAddresses } from '../../src/server/mask';

/** Every character the rule's local part takes besides letters and digits. */
const LOCAL_SPECIALS = [...".!#$%&'*+/=?^_`{|}~-"];

/** Ways text quotes an address: before and after it, and the masked text expected. */
const FRAMES: [string, string][] = [
  ['', ''],
  ['550 5.1.1 <', '>: Recipient address rejected'],
  ['RCPT TO:<', '> refused'],
  ['Message failed for recipient ', ''],
  ['to ', ', and to nobody else'],
  ['(', ')'],
  ['"', '"'],
  ['[', ']'],
  ['recipient ', ' unknown\r\nsecond line'],
];

/** Addresses the rule accepts: each special character at the start, inside and at the end of a local part. */
const ruleShapes = (): string[] => {
  const out = ['john@example.com', 'J.Smith+News@Mail.Example.co.uk', 'x@y', '1@2.3', 'a_b@a-b.example'];
  for (const c of LOCAL_SPECIALS) {
    // A '.' may not start or end a dot-atom by RFC 5322, yet the rule takes it: masked all the same.
    out.push(`${c}john@example.com`, `john${c}smith@example.com`, `john${c}@example.com`);
  }
  out.push(`${LOCAL_SPECIALS.join('')}@example.com`);
  return out;
};

test('the shapes used below are addresses to the e-mail rule', () => {
  for (const a of ruleShapes()) assert.ok(isEmail(a), a);
});

test('every shape the e-mail rule accepts is masked whole, in every frame', () => {
  for (const a of ruleShapes())
    for (const [before, after] of FRAMES) {
      const text = `${before}${a}${after}`;
      const want = `${before}${ADDRESS_MASK}${after}`;
      assert.is(maskAddresses(text), want, JSON.stringify(text));
      // The SMTP replies' scrub (logs and outbox.last_error) masks through it: one line, the same mask.
      assert.is(scrubAddresses(text), want.replace(/[\r\n]+/g, ' ').trim(), JSON.stringify(text));
    }
});

test("the issue's case: an SMTP refusal quoting john'smith@example.com keeps nothing of it", () => {
  const reply = "550 5.1.1 <john'smith@example.com>: Recipient address rejected: User unknown";
  assert.is(maskAddresses(reply), '550 5.1.1 <[address]>: Recipient address rejected: User unknown');
  // As a stored last_error and a log line (one line, capped).
  assert.is(scrubAddresses(reply), '550 5.1.1 <[address]>: Recipient address rejected: User unknown');
});

test('beyond the rule: quoted local parts, domain literals, non-ASCII, encoded at signs, several at signs', () => {
  const cases: [string, string][] = [
    ['<"john smith"@example.com>', '<[address]>'],
    ['"john smith"@example.com refused', '[address] refused'],
    ['<"a\\"b c"@example.com>', '<[address]>'],
    ['<"john@home"@example.com>', '<"[address]"[address]>'],
    ['to john.smith@[192.0.2.1] refused', 'to [address] refused'],
    ['to "x y"@[IPv6:2001:db8::1]', 'to [address]'],
    ['jöhn.smíth@exämple.com', '[address]'],
    ['mail/john%40example.com/x', '[address]'],
    ['JOHN%2540EXAMPLE.COM', '[address]'],
    ['a@b@c', '[address][address]'],
    ['john@example.com,bob@example.org;eve@example.net', '[address],[address];[address]'],
    ["'john@example.com'", '[address]'],
    ['at sign alone: @ here', 'at sign alone: [address] here'],
    ['no address at all 100% sure', 'no address at all 100% sure'],
    ['', ''],
  ];
  for (const [text, want] of cases) assert.is(maskAddresses(text), want, JSON.stringify(text));
});

test('no frame of any shape leaves an at sign or a piece of the local part', () => {
  // Pieces no frame holds ('zq'), joined by each special character, and one local part holding all of them.
  const locals = [...LOCAL_SPECIALS.map((c) => `zqa${c}zqb`), `zqa${LOCAL_SPECIALS.join('zq')}zqb`];
  for (const l of locals)
    for (const [before, after] of FRAMES) {
      const out = maskAddresses(`${before}${l}@example.com${after}`);
      assert.not.ok(out.includes('@') || out.includes('zq') || out.includes('example'), out);
    }
});

test('log paths mask addresses segment by segment, with the same masker', () => {
  const cases: [string, string][] = [
    ["/u/john'smith@example.com/x", '/u/[address]/x'],
    ['/u/john%27smith%40example.com', '/u/[address]'],
    ['/u/%22john%20smith%22%40example.com/y?q', '/u/[address]/y'],
    ['/u/name:john@example.com', '/u/name:[address]'],
  ];
  for (const [raw, want] of cases) assert.is(logPath(raw), want, raw);
});

test('a long text without an address comes back as it is; one long address is masked whole', () => {
  const long = 'x'.repeat(100_000);
  assert.is(maskAddresses(long), long);
  assert.is(maskAddresses(`${long}@${long}`), ADDRESS_MASK);
  assert.is(maskAddresses(`${long}%`.repeat(3)), `${long}%`.repeat(3));
});

test.run();
