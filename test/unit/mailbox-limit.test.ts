/**
 * The mailbox limit's pure parts (issue 32 item 2, src/server/subscribe/mailbox.ts): which addresses are one mailbox,
 * and the setting PROVIDER_MAILBOX_DAILY_MAX (startProvider's mailboxDailyMax) as people spell it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  MAILBOX_DAILY_MAX,
  MAILBOX_WINDOW_MS,
  mailboxLimitOf,
  mailboxMaxFromEnv,
  mailboxOf,
} from '../../src/server/subscribe/mailbox';

test('mailboxOf: case folded, +tags dropped; the dots of gmail.com ignored, googlemail.com is gmail.com', () => {
  const cases: [string, string][] = [
    ['victim@example.com', 'victim@example.com'],
    ['Victim+1@Example.COM', 'victim@example.com'],
    ['victim+a+b@example.com', 'victim@example.com'],
    ['  victim+x@example.com ', 'victim@example.com'],
    ['+only-a-tag@example.com', '@example.com'],
    // Elsewhere a dot is part of the mailbox's name.
    ['j.smith@example.com', 'j.smith@example.com'],
    ['J.Smith+news@Gmail.com', 'jsmith@gmail.com'],
    ['j.s.m.i.t.h@googlemail.com', 'jsmith@gmail.com'],
    ['JSmith@GoogleMail.com', 'jsmith@gmail.com'],
    // The last '@' parts the domain (a quoted local part may hold one).
    ['"a@b"@example.com', '"a@b"@example.com'],
    ['no-at-sign', 'no-at-sign'],
  ];
  for (const [address, mailbox] of cases) assert.is(mailboxOf(address), mailbox, address);
});

test('PROVIDER_MAILBOX_DAILY_MAX: unset is the default, 0 or off lifts, a number sets; anything else stops', () => {
  const cases: [string | undefined, number | undefined][] = [
    [undefined, undefined],
    ['', undefined],
    ['  ', undefined],
    ['0', 0],
    ['off', 0],
    [' OFF ', 0],
    ['1', 1],
    ['5', 5],
    ['1000', 1000],
  ];
  for (const [v, want] of cases) assert.is(mailboxMaxFromEnv({ PROVIDER_MAILBOX_DAILY_MAX: v }), want, String(v));
  for (const v of ['-1', '1.5', '1e3', '1001', 'five', 'no', 'false', '0x10', '5 a day'])
    assert.throws(
      () => mailboxMaxFromEnv({ PROVIDER_MAILBOX_DAILY_MAX: v }),
      (e: Error) =>
        e.message ===
        'PROVIDER_MAILBOX_DAILY_MAX must be a number of mails a day to one mailbox from 1 to 1000, ' +
          `or 0 or off to lift the limit, not ${JSON.stringify(v)}.`,
      v,
    );
});

test('mailboxLimitOf: the option before the environment, the default 5 a day, null when lifted', () => {
  const day = MAILBOX_WINDOW_MS;
  assert.is(day, 24 * 3600_000);
  assert.equal(mailboxLimitOf(undefined, {}), { max: MAILBOX_DAILY_MAX, windowMs: day });
  assert.is(MAILBOX_DAILY_MAX, 5);
  assert.equal(mailboxLimitOf(undefined, { PROVIDER_MAILBOX_DAILY_MAX: '2' }), { max: 2, windowMs: day });
  assert.equal(mailboxLimitOf(3, { PROVIDER_MAILBOX_DAILY_MAX: 'off' }), { max: 3, windowMs: day });
  assert.is(mailboxLimitOf(0, { PROVIDER_MAILBOX_DAILY_MAX: '2' }), null);
  assert.is(mailboxLimitOf(undefined, { PROVIDER_MAILBOX_DAILY_MAX: 'off' }), null);
  // The option is checked too, and a wrong environment value stops the start whatever the option says.
  for (const bad of [-1, 2.5, Number.NaN, 1001])
    assert.throws(() => mailboxLimitOf(bad, {}), /mailboxDailyMax must be/);
  for (const max of [undefined, 3])
    assert.throws(() => mailboxLimitOf(max, { PROVIDER_MAILBOX_DAILY_MAX: 'x' }), /PROVIDER_MAILBOX_DAILY_MAX must/);
});

test.run();
