/**
 * Retention's setting (issue 32, src/server/db/retention.ts): PROVIDER_RETENTION_DAYS and startProvider's `retention`
 * as people spell them; anything but a number of days stops the start with a message naming the setting.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  RETENTION_DAYS,
  RETENTION_EVERY_MS,
  RETENTION_FIRST_MS,
  retentionDaysFromEnv,
  retentionOf,
} from '../../src/server/db/retention';

test('PROVIDER_RETENTION_DAYS: unset is the default; whole days from 0 to 3650; anything else stops', () => {
  const cases: [string | undefined, number | undefined][] = [
    [undefined, undefined],
    ['', undefined],
    [' ', undefined],
    ['0', 0],
    ['1', 1],
    [' 30 ', 30],
    ['3650', 3650],
  ];
  for (const [v, want] of cases) assert.is(retentionDaysFromEnv({ PROVIDER_RETENTION_DAYS: v }), want, String(v));
  for (const v of ['-1', '1.5', '3651', '30d', 'off', 'forever', '1e2'])
    assert.throws(
      () => retentionDaysFromEnv({ PROVIDER_RETENTION_DAYS: v }),
      (e: Error) =>
        e.message ===
        `PROVIDER_RETENTION_DAYS must be a whole number of days from 0 to 3650 (default 30), not ${JSON.stringify(v)}.`,
      v,
    );
});

test('retentionOf: the option before the environment, 30 days by default, a sweep a minute in then hourly', () => {
  assert.is(RETENTION_DAYS, 30);
  assert.equal(retentionOf(undefined, {}), { days: 30, firstMs: RETENTION_FIRST_MS, everyMs: RETENTION_EVERY_MS });
  assert.equal([RETENTION_FIRST_MS, RETENTION_EVERY_MS], [60_000, 3_600_000]);
  assert.is(retentionOf(undefined, { PROVIDER_RETENTION_DAYS: '7' }).days, 7);
  assert.is(retentionOf({ days: 2 }, { PROVIDER_RETENTION_DAYS: '7' }).days, 2);
  assert.equal(retentionOf({ firstMs: 5, everyMs: 10 }, {}), { days: 30, firstMs: 5, everyMs: 10 });
  for (const days of [-1, 0.5, 3651, Number.NaN]) assert.throws(() => retentionOf({ days }, {}), /retention days/);
  for (const o of [{ everyMs: 0 }, { firstMs: -1 }, { everyMs: Number.POSITIVE_INFINITY }])
    assert.throws(() => retentionOf(o, {}), /firstMs and everyMs/);
  // A wrong environment value stops the start whatever the option says.
  assert.throws(() => retentionOf({ days: 2 }, { PROVIDER_RETENTION_DAYS: 'x' }), /PROVIDER_RETENTION_DAYS must/);
});

test.run();
