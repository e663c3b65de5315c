/**
 * The pure parts of the owner's numbers (issue 36 item 2): the settings key the form model reads, the beacon body's
 * reader, the days parameter, the UTC days and the CSV of the stats call, and the studio's conversion and chart bars.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readForm } from '../../src/form-model/form';
import { forVisitor } from '../../src/form-model/visitor';
import { dayOf, lastDays } from '../../src/server/db/form-counts';
import { daysOf, statsCsv } from '../../src/server/studio/api-stats';
import { readBeacon } from '../../src/server/subscribe/beacon';
import { bars, CHART, conversion, percent, totals } from '../../src/studio/conversion';

const day = (date: string, shown: number, subscribed: number, closed = 0, confirmed = 0) => ({
  date,
  shown,
  closed,
  subscribed,
  confirmed,
});

test('the form model: counts only when the settings answer says providerCounts true', () => {
  assert.is(readForm({ providerCounts: true }).counting, true);
  for (const v of [undefined, false, 'true', 'Y', 1, {}, null])
    assert.is(readForm({ providerCounts: v }).counting, false, String(v));
  // The provider's answer says it, whatever the stored settings held.
  assert.is(forVisitor({ providerCounts: false }, 'h.example').providerCounts, true);
  assert.is(readForm(forVisitor({}, 'h.example')).counting, true);
});

test('readBeacon: four strings, the ids given, shown or closed; anything else refused', () => {
  assert.equal(readBeacon('["u1","l1","f1","shown"]'), { ok: true, u: 'u1', id: 'l1', fId: 'f1', e: 'shown' });
  assert.equal(readBeacon('["u1","l1","","closed"]'), { ok: true, u: 'u1', id: 'l1', fId: '', e: 'closed' });
  for (const bad of [
    '',
    'null',
    '{}',
    '["u1","l1","f1"]',
    '["u1","l1","f1","shown","x"]',
    '["u1","l1","f1","subscribed"]',
    '["u1","l1","f1","confirmed"]',
    '["","l1","f1","shown"]',
    '["u1","","f1","shown"]',
    '["u1","l1",1,"shown"]',
    '["u1","l1","f1",["shown"]]',
    'u=u1&id=l1&f_id=f1&e=shown',
    '["u1","l1","f1","shown"',
  ])
    assert.equal(readBeacon(bad), { ok: false }, bad);
});

test('daysOf: absent is 30; one whole number 1..365; else refused', () => {
  assert.is(daysOf([]), 30);
  assert.is(daysOf(['1']), 1);
  assert.is(daysOf(['365']), 365);
  assert.is(daysOf(['007']), 7);
  for (const bad of [['0'], ['366'], ['-1'], ['1.5'], ['x'], [''], ['1e2'], ['1000'], ['7', '7']])
    assert.is(daysOf(bad), null, JSON.stringify(bad));
});

test('lastDays: n UTC days ending with the day of now, oldest first, across a month and a year', () => {
  const now = Date.UTC(2026, 0, 2, 23, 59);
  assert.is(dayOf(now), '2026-01-02');
  assert.equal(lastDays(4, now), ['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
  assert.equal(lastDays(1, Date.UTC(2024, 2, 1, 0, 0)), ['2024-03-01']);
});

test('statsCsv: a header, one row a day, the conversion to 4 decimals or empty', () => {
  assert.is(
    statsCsv([day('2026-01-01', 0, 0), day('2026-01-02', 3, 1, 2, 1)]),
    'date,shown,closed,subscribed,confirmed,conversion\r\n2026-01-01,0,0,0,0,\r\n2026-01-02,3,2,1,1,0.3333\r\n',
  );
});

test('conversion and percent: subscribed ÷ shown; none when nothing showed', () => {
  assert.is(conversion(0, 0), null);
  assert.is(conversion(0, 2), null);
  assert.is(conversion(8, 2), 0.25);
  assert.is(percent(conversion(9, 2)), '22.2%');
  assert.is(percent(conversion(4, 4)), '100.0%');
  assert.is(percent(null), 'none shown');
  assert.equal(totals([day('a', 1, 0, 1), day('b', 4, 2, 0, 1)]), { shown: 5, closed: 1, subscribed: 2, confirmed: 1 });
});

test('bars: scaled to the largest count, on the base line, left to right; all zero: no height', () => {
  const plot = CHART.height - CHART.top - CHART.bottom;
  const base = CHART.height - CHART.bottom;
  const b = bars([day('a', 4, 1), day('b', 0, 0), day('c', 2, 2)]);
  assert.is(b.max, 4);
  assert.equal(
    b.bars.map((x) => [x.shown.height, x.subscribed.height]),
    [
      [plot, plot / 4],
      [0, 0],
      [plot / 2, plot / 2],
    ],
  );
  for (const x of b.bars) assert.is(x.shown.y + x.shown.height, base);
  assert.ok(b.bars[0].x < b.bars[1].x && b.bars[2].x + b.bars[2].width <= CHART.width);
  const none = bars([day('a', 0, 0)]);
  assert.equal([none.max, none.bars[0].shown.height], [0, 0]);
});

test.run();
