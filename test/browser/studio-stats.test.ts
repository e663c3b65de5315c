/**
 * A form's numbers in the studio (issue 36 item 2), in Chromium on a production provider: the forms list shows each
 * form's 30-day conversion and links to its numbers; that page shows the totals, a chart of 30 days of shown and
 * subscribed whose bars follow the counts, the same figures in a table, and a CSV download of them.
 */
import * as assert from 'uvu/assert';
import { countEvent, dayOf } from '../../src/server/db/form-counts';
import { demoForm } from '../../src/server/seed/forms';
import { clean, openWatched, signIn, studioProvider, studioSuite } from './studio-env';

const { T, ctx } = studioSuite("studio: a form's numbers");

const F = demoForm('modal')!;
const DAY_MS = 86_400_000;

T('the list shows the 30-day conversion; the numbers page: totals, chart, table and CSV of the same days', async () => {
  const p = await studioProvider(ctx);
  const w = await openWatched(ctx);
  const { page } = w;
  try {
    const now = Date.now();
    for (let i = 0; i < 8; i++) await countEvent(p.store, F.lid, F.fId, 'shown', now);
    for (let i = 0; i < 2; i++) await countEvent(p.store, F.lid, F.fId, 'subscribed', now);
    await countEvent(p.store, F.lid, F.fId, 'closed', now);
    await countEvent(p.store, F.lid, F.fId, 'shown', now - 2 * DAY_MS);
    await countEvent(p.store, F.lid, F.fId, 'shown', now - 40 * DAY_MS);
    await signIn(page, p);
    const link = page.getByRole('link', { name: `30 days: 22.2% conversion of form ${F.title}` });
    await link.waitFor();
    await Promise.all([page.waitForURL(`${p.origin}/studio/forms/${F.lid}/${F.fId}/stats`), link.click()]);

    await page.getByRole('heading', { name: `Numbers of ${F.title}` }).waitFor();
    const totals = await page.locator('.totals div').allInnerTexts();
    assert.equal(
      totals.map((t) => t.replace(/\s+/g, ' ')),
      ['Shown 9', 'Subscribed 2', 'Conversion 22.2%', 'Confirmed 0'],
    );
    const rows = page.locator('table.stats tbody tr');
    assert.is(await rows.count(), 30);
    const cells = async (i: number) => (await rows.nth(i).locator('th, td').allInnerTexts()).map((t) => t.trim());
    assert.equal(await cells(29), [dayOf(now), '8', '1', '2', '0', '25.0%']);
    assert.equal(await cells(27), [dayOf(now - 2 * DAY_MS), '1', '0', '0', '0', '0.0%']);
    assert.equal(await cells(0), [dayOf(now - 29 * DAY_MS), '0', '0', '0', '0', 'none shown']);

    const chart = page.getByRole('img', { name: /^Shown and subscribed per day/ });
    await chart.waitFor();
    const heights = await chart
      .locator('rect.chart-shown')
      .evaluateAll((r) => r.map((x) => Number(x.getAttribute('height'))));
    assert.is(heights.length, 30);
    // Today's shown fills the plot; two days ago an eighth of it; a day without views none.
    assert.ok(heights[29] > 0 && Math.abs(heights[27] * 8 - heights[29]) < 0.01, JSON.stringify(heights));
    assert.is(heights[0], 0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download as CSV' }).click(),
    ]);
    const csv = (await (await download.createReadStream())?.toArray())?.join('') || '';
    const lines = csv.trim().split('\r\n');
    assert.is(lines[0], 'date,shown,closed,subscribed,confirmed,conversion');
    assert.is(lines.length, 31);
    assert.is(lines[30], `${dayOf(now)},8,1,2,0,0.2500`);
    assert.is(lines[1], `${dayOf(now - 29 * DAY_MS)},0,0,0,0,`);
    clean(w, 'stats');
  } finally {
    await w.context.close();
    await p.close();
  }
});

T.run();
