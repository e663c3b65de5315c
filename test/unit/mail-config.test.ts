import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkMode } from '../../src/server/site';
import {
  checkMail,
  demoFrom,
  mailFromEnv,
  parseFrom,
  parseSmtpUrl,
  scrubAddresses,
} from '../../src/server/mail/config';
import { failureOf } from '../../src/server/mail/smtp';

const SECRET = 'Sup3r:S3cret/p@ss';
const ENC = encodeURIComponent(SECRET);

test('parseSmtpUrl: host, port, TLS and credentials; shown holds neither user nor password', () => {
  type Want = { host: string; port: number; secure: boolean; requireTLS: boolean; user: string; shown: string };
  const cases: [string, Want][] = [
    [
      'smtp://mail.example.com',
      {
        host: 'mail.example.com',
        port: 587,
        secure: false,
        requireTLS: false,
        user: '',
        shown: 'smtp://mail.example.com:587',
      },
    ],
    [
      'smtps://mail.example.com',
      {
        host: 'mail.example.com',
        port: 465,
        secure: true,
        requireTLS: false,
        user: '',
        shown: 'smtps://mail.example.com:465',
      },
    ],
    [
      `smtp://apikey:${ENC}@smtp.example.net:2525/`,
      {
        host: 'smtp.example.net',
        port: 2525,
        secure: false,
        requireTLS: true,
        user: 'apikey',
        shown: 'smtp://smtp.example.net:2525 (with credentials)',
      },
    ],
    [
      `smtps://news%40example.com:${ENC}@smtp.example.net`,
      {
        host: 'smtp.example.net',
        port: 465,
        secure: true,
        requireTLS: false,
        user: 'news@example.com',
        shown: 'smtps://smtp.example.net:465 (with credentials)',
      },
    ],
    // On this machine (a local relay) a login over plain SMTP is allowed.
    [
      `smtp://u:${ENC}@127.0.0.1:1025`,
      {
        host: '127.0.0.1',
        port: 1025,
        secure: false,
        requireTLS: false,
        user: 'u',
        shown: 'smtp://127.0.0.1:1025 (with credentials)',
      },
    ],
    [
      'smtp://[::1]:25',
      { host: '::1', port: 25, secure: false, requireTLS: false, user: '', shown: 'smtp://[::1]:25' },
    ],
    [
      '  SMTP://Relay.Example.com:25  ',
      {
        host: 'relay.example.com',
        port: 25,
        secure: false,
        requireTLS: false,
        user: '',
        shown: 'smtp://relay.example.com:25',
      },
    ],
  ];
  for (const [url, want] of cases) {
    const t = parseSmtpUrl(url);
    assert.equal(
      {
        host: t.host,
        port: t.port,
        secure: t.secure,
        requireTLS: t.requireTLS,
        user: t.auth?.user || '',
        shown: t.shown,
      },
      want,
      url,
    );
    if (t.auth) assert.is(t.auth.pass, SECRET, url);
    assert.not.ok(t.shown.includes('@') || t.shown.includes('S3cret') || t.shown.includes('apikey'), t.shown);
  }
});

test('parseSmtpUrl: what it refuses, never quoting the URL or its password', () => {
  const cases: [string, RegExp][] = [
    ['', /not a URL/],
    [`mail.example.com:${SECRET}`, /smtp:\/\/ or smtps:\/\//],
    [`http://u:${ENC}@mail.example.com`, /smtp:\/\/ or smtps:\/\//],
    [`smtp://u:${ENC}@mail.example.com/x`, /no path/],
    [`smtp://u:${ENC}@mail.example.com?secure=false`, /no path, query/],
    [`smtp://u:${ENC}@mail.example.com#x`, /no path, query or fragment/],
    [`smtp://:${ENC}@mail.example.com`, /password without a user name/],
    [`smtp://u:S3cret%E0%A4@mail.example.com`, /not valid URL encoding/],
    [`smtp://u:${ENC}@mail.example.com:99999`, /not a URL/],
  ];
  for (const [url, why] of cases) {
    let msg = '';
    try {
      parseSmtpUrl(url);
    } catch (e) {
      msg = (e as Error).message;
    }
    assert.match(msg, why, url);
    assert.match(msg, /^SMTP_URL/, url);
    assert.not.ok(msg.includes('S3cret') || msg.includes(ENC), msg);
  }
});

test('parseFrom: one address, with or without a name', () => {
  const ok: [string, { name: string; address: string; domain: string }][] = [
    ['news@example.com', { name: '', address: 'news@example.com', domain: 'example.com' }],
    ['Example News <news@Example.COM>', { name: 'Example News', address: 'news@Example.COM', domain: 'example.com' }],
    [
      '"News, Daily" <n.d+x@mail.example.org>',
      { name: 'News, Daily', address: 'n.d+x@mail.example.org', domain: 'mail.example.org' },
    ],
    ['  <solo@example.com>  ', { name: '', address: 'solo@example.com', domain: 'example.com' }],
  ];
  for (const [raw, want] of ok) assert.equal(parseFrom(raw), want, raw);
  const bad = [
    '',
    'news',
    'news@',
    '@example.com',
    'a@example.com, b@example.com',
    'News <news@example.com',
    'News <news@example.com>\r\nBcc: x@example.com',
    'news@example.com\nBcc: x@example.com',
    'two@at@example.com',
    'news@-example.com',
  ];
  for (const raw of bad) assert.throws(() => parseFrom(raw), /SMTP_FROM/, raw);
});

test('checkMail: production needs SMTP_FROM; the demo defaults to no-reply at its public host or localhost', () => {
  const prod = checkMode({
    mode: 'production',
    publicUrl: 'https://list.example.com',
    ownerSecret: 'owner-secret-for-the-tests-0123456789',
  });
  assert.throws(() => checkMail({ smtpUrl: 'smtp://h' }, prod), /SMTP_FROM/);
  assert.is(checkMail({ smtpUrl: 'smtp://h', from: 'a@example.com' }, prod).from.address, 'a@example.com');
  assert.equal(checkMail({ smtpUrl: 'smtp://h' }, checkMode({})).from, demoFrom({ publicUrl: null }));
  assert.is(demoFrom({ publicUrl: null }).address, 'no-reply@localhost');
  assert.is(demoFrom({ publicUrl: new URL('https://demo.example.com:8443') }).address, 'no-reply@demo.example.com');
  assert.is(demoFrom({ publicUrl: new URL('http://[::1]:8080') }).address, 'no-reply@localhost');
  assert.throws(() => checkMail({ smtpUrl: 'smtp://h', policy: { leaseMs: 10 } }, checkMode({})), /mail policy/);
});

test('mailFromEnv: only with SMTP_URL', () => {
  assert.is(mailFromEnv({}), undefined);
  assert.is(mailFromEnv({ SMTP_URL: '', SMTP_FROM: 'a@example.com' }), undefined);
  assert.equal(mailFromEnv({ SMTP_URL: 'smtp://h' }), { smtpUrl: 'smtp://h', from: undefined });
  assert.equal(mailFromEnv({ SMTP_URL: 'smtp://h', SMTP_FROM: 'a@example.com' }), {
    smtpUrl: 'smtp://h',
    from: 'a@example.com',
  });
});

test('scrubAddresses: no address survives, line breaks folded, length capped', () => {
  const cases: [string, string][] = [
    ['550 5.1.1 <bob@example.com>: Recipient address rejected', '550 5.1.1 <[address]>: Recipient address rejected'],
    ['Message failed for recipient bob.smith+tag@mail.example.com', 'Message failed for recipient [address]'],
    ['"quoted"@example.com and x@y', '[address] and [address]'],
    ['250 2.0.0 Ok: queued as 4Bc9\r\nline two', '250 2.0.0 Ok: queued as 4Bc9 line two'],
    ['no address here', 'no address here'],
  ];
  for (const [text, want] of cases) assert.is(scrubAddresses(text), want, text);
  assert.is(scrubAddresses('x'.repeat(1000)).length, 300);
});

test('failureOf: permanent only for a 5xx (not 503) to RCPT TO or DATA; the text without addresses', () => {
  const cases: [Record<string, unknown>, boolean, RegExp][] = [
    [
      { code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550, permanent: true, response: '550 <a@b.c> unknown' },
      true,
      /^EENVELOPE 550 RCPT TO: 550 <\[address\]> unknown$/,
    ],
    [{ code: 'EMESSAGE', command: 'DATA', responseCode: 554, permanent: true, response: '554 spam' }, true, /554 spam/],
    [
      { code: 'EENVELOPE', command: 'RCPT TO', responseCode: 451, permanent: false, response: '451 later' },
      false,
      /451/,
    ],
    [
      { code: 'EENVELOPE', command: 'RCPT TO', responseCode: 503, permanent: false, response: '503 bad sequence' },
      false,
      /503/,
    ],
    // The login or the sender refused: the provider's set-up, the same for every row: retried.
    [
      { code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535, permanent: true, response: '535 bad login' },
      false,
      /EAUTH/,
    ],
    [
      { code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 550, permanent: true, response: '550 not yours' },
      false,
      /MAIL FROM/,
    ],
    [{ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:25' }, false, /ESOCKET: connect ECONNREFUSED/],
    [{ name: 'AbortError', code: 'EABORT', message: 'This operation was aborted' }, false, /EABORT/],
  ];
  for (const [e, permanent, text] of cases) {
    const f = failureOf(e);
    assert.is(f.permanent, permanent, JSON.stringify(e));
    assert.match(f.text, text);
  }
  assert.equal(failureOf('plain string'), { permanent: false, text: 'plain string' });
});

test.run();
